#!/usr/bin/env bash
# Whole-process wall-clock comparison on a corpus of generated game folders (size S):
#
#   check-jsonschema  the JSON export against schemas/*.schema.json, one run per file kind
#   ajv-cli           the same, `ajv validate --spec=draft2020`, one run per file kind
#   orbat-validate    the RON originals: parsing, schema check and every rule, one run
#   parse-only        the floor: read and parse the RON files (`orbat-gen parse-only`, ron2's
#                     syntax tree; `--loader`: the validator's own parser, value + spans)
#
# Installs what it needs (hyperfine, check-jsonschema, ajv-cli in a local folder), builds the
# release binaries, generates the corpus and its JSON export, times each command with
# hyperfine, and prints the medians with their ratios. A generic checker's time is the sum of
# its per-kind medians (one process per kind, as a CI would run it).
#
# The host's speed drifts by a fifth from minute to minute, and hyperfine times one command's
# runs together, so a ratio of two medians taken minutes apart carries that drift. The last
# step therefore also times orbat-validate and ajv-cli in alternating rounds (PAIRED rounds),
# each round's ratio taken between runs seconds apart, and prints the median of those ratios.
#
# Environment: COUNT (folders, 500), RUNS (hyperfine runs of the fast commands, 10),
# SLOW_RUNS (runs of check-jsonschema, 3), PAIRED (alternating rounds, 10; 0 skips them),
# WORK (scratch folder, target/bench-compare), SKIP_SLOW=1 to leave out check-jsonschema
# (its table row then comes from the last run that timed it, and says so).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
COUNT=${COUNT:-500}
RUNS=${RUNS:-10}
SLOW_RUNS=${SLOW_RUNS:-3}
PAIRED=${PAIRED:-10}
WORK=${WORK:-$ROOT/target/bench-compare}
RON=$WORK/corpus-ron
JSON=$WORK/corpus-json
OUT=$WORK/results
mkdir -p "$WORK" "$OUT"

echo "== tools"
if ! command -v hyperfine >/dev/null; then
    apt-get update -qq && apt-get install -y -qq hyperfine
fi
if [ -z "${SKIP_SLOW:-}" ] && ! command -v check-jsonschema >/dev/null; then
    pip install -q check-jsonschema
fi
AJV=$WORK/node/node_modules/.bin/ajv
if [ ! -x "$AJV" ]; then
    npm install --silent --prefix "$WORK/node" ajv-cli@5
fi
hyperfine --version
[ -z "${SKIP_SLOW:-}" ] && check-jsonschema --version
echo "ajv-cli $(node -p "require('$WORK/node/node_modules/ajv-cli/package.json').version"), node $(node --version)"

echo "== build"
cargo build --release --locked -p orbat -p orbat-gen
VALIDATE=$ROOT/target/release/orbat-validate
GEN=$ROOT/target/release/orbat-gen

echo "== corpus: $COUNT size S folders, RON and JSON"
rm -rf "$RON" "$JSON"
"$GEN" corpus --count "$COUNT" --size S --seed 1 --json-out "$JSON" "$RON"
echo "RON:  $(find "$RON" -name '*.ron' | wc -l) files, $(du -sh "$RON" | cut -f1)"
echo "JSON: $(find "$JSON" -name '*.json' | wc -l) files, $(du -sh "$JSON" | cut -f1)"
# the corpus must be clean, or the comparison is not like for like
"$VALIDATE" "$RON" | tail -1

# file kinds: schema file and the JSON files of that kind
KINDS=(game map units cards text scenario)
files_of() {
    case $1 in
        text) echo "$JSON/*/text.*.json" ;;
        scenario) echo "$JSON/*/*.scenario.json" ;;
        *) echo "$JSON/*/$1.json" ;;
    esac
}

echo "== timing"
# results of the commands timed now; check-jsonschema's are kept when SKIP_SLOW leaves it out
rm -f "$OUT/orbat.json" "$OUT/ajv.json" "$OUT/paired.json"
# warm the page cache
cat "$RON"/*/* "$JSON"/*/* >/dev/null

hyperfine --style basic --warmup 1 --runs "$RUNS" --export-json "$OUT/orbat.json" \
    -n orbat-validate "$VALIDATE $RON" \
    -n parse-only "$GEN parse-only $RON" \
    -n parse-only-loader "$GEN parse-only --loader $RON"

args=()
ajv_cmds=()
for k in "${KINDS[@]}"; do
    ajv_cmds+=("$AJV validate --spec=draft2020 --strict=false -s $ROOT/schemas/$k.schema.json -d '$(files_of "$k")'")
    # ajv reads the glob itself; schemars' integer formats (uint32...) are not ajv's, so
    # unknown formats are ignored (--strict=false), as check-jsonschema does
    args+=(-n "ajv-$k" "${ajv_cmds[-1]}")
done
hyperfine --style basic --warmup 1 --runs "$RUNS" --export-json "$OUT/ajv.json" "${args[@]}"

if [ -z "${SKIP_SLOW:-}" ]; then
    args=()
    for k in "${KINDS[@]}"; do
        args+=(-n "check-jsonschema-$k" "check-jsonschema --schemafile $ROOT/schemas/$k.schema.json $(files_of "$k")")
    done
    hyperfine --style basic --runs "$SLOW_RUNS" --export-json "$OUT/check-jsonschema.json" "${args[@]}"
fi

if [ "$PAIRED" -gt 0 ]; then
    echo "== $PAIRED alternating rounds: orbat-validate, then the six ajv-cli runs (order swapped every round)"
    python3 - "$OUT/paired.json" "$PAIRED" "$VALIDATE $RON" "${ajv_cmds[@]}" <<'EOF'
import json, subprocess, sys, time
out, rounds, orbat, ajv = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
def wall(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, shell=True, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start
rows = []
for r in range(rounds):
    if r % 2 == 0:
        o = wall(orbat)
        a = sum(wall(c) for c in ajv)
    else:
        a = sum(wall(c) for c in ajv)
        o = wall(orbat)
    rows.append({"orbat": o, "ajv": a, "ratio": a / o})
    print(f"  round {r + 1:>2}: orbat-validate {o:.3f} s, ajv-cli {a:.3f} s, {a / o:.2f}x", flush=True)
json.dump(rows, open(out, "w"), indent=1)
EOF
fi

echo "== results (median wall time, whole process)"
python3 - "$OUT" <<'EOF'
import json, os, statistics, sys, time
out = sys.argv[1]
med = {}
earlier = None
for name in ["orbat", "ajv", "check-jsonschema"]:
    path = os.path.join(out, name + ".json")
    if os.path.exists(path):
        for r in json.load(open(path))["results"]:
            med[r["command"]] = r["median"]
        if os.path.getmtime(path) < os.path.getmtime(os.path.join(out, "orbat.json")):
            earlier = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(os.path.getmtime(path)))
def total(prefix):
    parts = [v for k, v in med.items() if k.startswith(prefix + "-")]
    return sum(parts) if parts else None
rows = [
    ("orbat-validate (RON: parse + schema + all rules)", med.get("orbat-validate")),
    ("parse-only floor (RON: read + ron2 syntax tree)", med.get("parse-only")),
    ("parse-only, the validator's parser (RON -> JSON + spans)", med.get("parse-only-loader")),
    ("ajv-cli (JSON: schema only, 6 runs)", total("ajv")),
    ("check-jsonschema (JSON: schema only, 6 runs)" + (" *" if earlier else ""), total("check-jsonschema")),
]
ov = med["orbat-validate"]
print(f"{'command':<58} {'median s':>9} {'vs orbat-validate':>18}")
for name, v in rows:
    if v is None:
        continue
    print(f"{name:<58} {v:>9.3f} {v / ov:>17.2f}x")
if earlier:
    print(f"* timed by an earlier run ({earlier}), not this one")
print()
print("per kind:")
for k, v in sorted(med.items()):
    if k.startswith(("ajv-", "check-jsonschema-")):
        print(f"  {k:<32} {v:>8.3f} s")
print()
print(f"orbat-validate / parse-only floor (ron2): {ov / med['parse-only']:.2f}")
if "parse-only-loader" in med:
    print(f"orbat-validate / parse-only (validator's parser): {ov / med['parse-only-loader']:.2f}")
for tool in ["check-jsonschema", "ajv"]:
    t = total(tool)
    if t:
        print(f"{tool} / orbat-validate: {t / ov:.1f}x faster (orbat-validate)")
paired = os.path.join(out, "paired.json")
if os.path.exists(paired):
    ratios = sorted(r["ratio"] for r in json.load(open(paired)))
    print(f"ajv-cli / orbat-validate in {len(ratios)} alternating rounds: median {statistics.median(ratios):.2f}x "
          f"(lowest {ratios[0]:.2f}x, highest {ratios[-1]:.2f}x)")
EOF
