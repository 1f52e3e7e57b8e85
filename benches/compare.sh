#!/usr/bin/env bash
# Whole-process comparison on corpora of generated game folders, one corpus per size:
#
#   R  real-sized: the shape of a published card-driven game (about 360 spaces, 670 links,
#      190 counters, 130 cards, one scenario, two languages): what users' games look like
#   S  the older, heavier corpus (300 spaces, 600 links, 400 counters, three scenarios, three
#      languages)
#
# and on each:
#
#   orbat-validate    the RON originals: parsing, schema check, every rule, human output
#   check-jsonschema  the JSON export against schemas/*.schema.json, one run per file kind
#   ajv-cli           the same, `ajv validate --spec=draft2020`, one run per file kind
#   parse-only        read and parse the RON files (`orbat-gen parse-only`, ron2's syntax tree;
#                     `--loader`: the validator's own parser, value + spans)
#   read floor        `cat` of every RON file to /dev/null (page cache warm)
#
# Installs what it needs (hyperfine, check-jsonschema, ajv-cli in a local folder), builds the
# release binaries, generates each corpus and its JSON export, times each command with
# hyperfine, and prints medians of wall time and mean CPU time (user + system) with their
# ratios. A generic checker's time is the sum over its per-kind runs (one process per kind,
# as a CI would run it). Also times orbat-validate with one thread (RAYON_NUM_THREADS=1), to
# show what the second core buys.
#
# The host's speed drifts by a fifth from minute to minute, and hyperfine times one command's
# runs together, so a ratio of two medians taken minutes apart carries that drift. The last
# step therefore also times orbat-validate and ajv-cli in alternating rounds (PAIRED rounds),
# each round's ratios (wall and CPU time) taken between runs seconds apart, and prints the
# median of those ratios.
#
# Environment: SIZES (corpora, "R S"), COUNT (folders per corpus, 500), RUNS (hyperfine runs
# of the fast commands, 10), SLOW_RUNS (runs of check-jsonschema, 3), PAIRED (alternating
# rounds, 10; 0 skips them), WORK (scratch folder, target/bench-compare), SKIP_SLOW=1 to leave
# out check-jsonschema (its row then comes from the last run that timed it, and says so).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SIZES=${SIZES:-R S}
COUNT=${COUNT:-500}
RUNS=${RUNS:-10}
SLOW_RUNS=${SLOW_RUNS:-3}
PAIRED=${PAIRED:-10}
WORK=${WORK:-$ROOT/target/bench-compare}
mkdir -p "$WORK"

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

# file kinds: schema file and the JSON files of that kind
KINDS=(game map units cards text scenario)

bench_corpus() {
    local size=$1
    local RON=$WORK/corpus-$size-ron JSON=$WORK/corpus-$size-json OUT=$WORK/results-$size
    mkdir -p "$OUT"
    echo
    echo "=================== corpus $size: $COUNT folders"
    rm -rf "$RON" "$JSON"
    "$GEN" corpus --count "$COUNT" --size "$size" --seed 1 --json-out "$JSON" "$RON"
    echo "RON:  $(find "$RON" -name '*.ron' | wc -l) files, $(du -sh --apparent-size "$RON" | cut -f1)"
    echo "JSON: $(find "$JSON" -name '*.json' | wc -l) files, $(du -sh --apparent-size "$JSON" | cut -f1)"
    # the corpus must be clean, or the comparison is not like for like
    "$VALIDATE" "$RON" | tail -1

    files_of() {
        case $1 in
            text) echo "$JSON/*/text.*.json" ;;
            scenario) echo "$JSON/*/*.scenario.json" ;;
            *) echo "$JSON/*/$1.json" ;;
        esac
    }

    echo "== timing, corpus $size"
    # results of the commands timed now; check-jsonschema's are kept when SKIP_SLOW leaves it out
    rm -f "$OUT/orbat.json" "$OUT/ajv.json" "$OUT/paired.json"
    # warm the page cache
    cat "$RON"/*/* "$JSON"/*/* >/dev/null

    hyperfine --style basic --warmup 1 --runs "$RUNS" --export-json "$OUT/orbat.json" \
        -n orbat-validate "$VALIDATE $RON" \
        -n orbat-validate-1-thread "env RAYON_NUM_THREADS=1 $VALIDATE $RON" \
        -n parse-only "$GEN parse-only $RON" \
        -n parse-only-loader "$GEN parse-only --loader $RON" \
        -n read-floor "find $RON -name '*.ron' -exec cat {} + > /dev/null"

    local args=() ajv_cmds=()
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
        python3 "$ROOT/benches/paired.py" "$OUT/paired.json" "$PAIRED" "$VALIDATE $RON" "${ajv_cmds[@]}"
    fi

    echo "== results, corpus $size"
    python3 "$ROOT/benches/table.py" "$OUT" | tee "$OUT/table.txt"
}

for size in $SIZES; do
    bench_corpus "$size"
done
