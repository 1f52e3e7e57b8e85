#!/usr/bin/env bash
# Runs each fuzz target for a fixed time and prints executions and crashes.
#
#   fuzz/run.sh SECONDS [TARGET...]     (default targets: one_file folder po_import checks_file checks_expression writer events)
#   RUNS=1000000 fuzz/run.sh 7200 one_file   (stop at RUNS executions or SECONDS, first reached)
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`). On a stable toolchain the nightly flags
# cargo-fuzz passes are allowed with RUSTC_BOOTSTRAP=1, set here. Built without a sanitizer
# (`-s none`: the validator is safe Rust; debug assertions and overflow checks stay on).
# Seeds come from scenarios/ and tests/fixtures/ (target one_file: each .ron file, prefixed
# with the byte naming its kind; target po_import: the Italian PO export of each shipped game
# and the PO fixtures; target events: each cards.ron, game.ron and scenario with `effects:` or
# `schedule:`, prefixed with the byte naming the file it replaces) and are refreshed on every
# run. Crashes land in
# fuzz/artifacts/TARGET/; the script exits 1 when any target crashed.
set -euo pipefail
cd "$(dirname "$0")"
secs=${1:?usage: fuzz/run.sh SECONDS [TARGET...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(one_file folder po_import checks_file checks_expression writer events)

seed() {
  mkdir -p corpus/one_file corpus/folder
  local kinds=(game.ron map.ron units.ron cards.ron text.en.ron scenario.ron)
  find ../scenarios ../tests/fixtures -name '*.ron' -type f | sort | while read -r f; do
    local name k=0 i
    name=$(basename "$f")
    for i in "${!kinds[@]}"; do
      case "$name" in
        game.ron|map.ron|units.ron|cards.ron) [ "$name" = "${kinds[$i]}" ] && k=$i ;;
        text.*.ron) k=4 ;;
        *.scenario.ron) k=5 ;;
      esac
    done
    local out
    out="corpus/one_file/seed-$(echo "$f" | tr '/.' '__')"
    { printf "\\x$(printf %02x "$k")"; cat "$f"; } >"$out"
  done
  # deep nesting of every construct that recurses (a map's backdrop, as the Some( stack
  # overflow was found): libFuzzer's mutations seldom build it from the shipped files
  local c i=0
  for c in 'Some(|)' '[|]' '{"k": |}' '(|,)' '(a: |)' 'S(a: |)' 'V(|)'; do
    python3 -c "import sys; o, c = sys.argv[1].split('|'); sys.stdout.write('\x01(backdrop: ' + o * 3000 + '\"b.png\"' + c * 3000 + ')')" "$c" \
      >"corpus/one_file/seed-deep-$i"
    i=$((i + 1))
  done
  # target folder: its inputs are edit lists; the games themselves are built in (the minimal
  # fixture, fitna, italian-front), and the empty input stands for the unchanged minimal game
  : >corpus/folder/seed-empty
  printf '\x06' >corpus/folder/seed-fitna
  printf '\x07' >corpus/folder/seed-italian-front
  # target po_import: PO files (imported into italian-front's Italian text, built in)
  mkdir -p corpus/po_import
  local g
  for g in ../scenarios/*/; do
    g=$(basename "$g")
    (cd .. && cargo run -q -p orbat-validator --bin orbat-po -- export "scenarios/$g" --lang it) \
      >"corpus/po_import/seed-$g.po"
  done
  find ../tests/fixtures/po -name '*.po' -type f | sort | while read -r f; do
    cp "$f" "corpus/po_import/seed-$(echo "$f" | tr '/.' '__')"
  done
  # target checks_file: every checks.ron of the fixtures and shipped games, and hostile
  # expressions libFuzzer would seldom build (deep brackets, long chains, nested lists)
  mkdir -p corpus/checks_file
  find ../scenarios ../tests/fixtures -name 'checks.ron' -type f | sort | while read -r f; do
    cp "$f" "corpus/checks_file/seed-$(echo "$f" | tr '/.' '__')"
  done
  # target checks_expression: each `when` and `assert` of those files
  mkdir -p corpus/checks_expression
  python3 - <<'PY'
import glob, re
n = 0
for f in sorted(glob.glob('../scenarios/*/checks.ron') + glob.glob('../tests/fixtures/*/*/checks.ron')):
    for m in re.finditer(r'(?:assert|when): (?:Some\()?"((?:[^"\\]|\\.)*)"', open(f).read()):
        open(f'corpus/checks_expression/seed-{n}', 'w').write(m.group(1).replace('\\"', '"'))
        n += 1
PY
  # target writer: its input picks a file (first byte) and edits; one seed per file, with
  # random bytes for edits
  mkdir -p corpus/writer
  local n
  for n in $(seq 0 255); do
    { printf "\\x$(printf %02x "$n")"; head -c 96 /dev/urandom; } >"corpus/writer/seed-$n"
  done
  # target events: its input replaces one file of a game with effects and schedules (the
  # first byte: the file, byte % 3, cards.ron, game.ron, the scenario; the game, byte / 3 % 4:
  # 3 italian-front, else the events fixture). Every such file of the games and fixtures, the
  # bases' own files (the game unchanged), and hostile events libFuzzer would seldom build
  mkdir -p corpus/events
  { find ../scenarios ../tests/fixtures -type f \( -name cards.ron -o -name game.ron -o -name '*.scenario.ron' \) \
      -exec grep -lE 'effects:|schedule:' {} +
    ls ../tests/fixtures/valid/events/{cards,game,1914.scenario}.ron \
      ../scenarios/italian-front/{cards,game,caporetto-1917.scenario}.ron; } | sort -u | while read -r f; do
    local k=2 base=0
    case "$(basename "$f")" in cards.ron) k=0 ;; game.ron) k=1 ;; esac
    case "$f" in ../scenarios/italian-front/*) base=9 ;; esac
    { printf "\\x$(printf %02x $((base + k)))"; cat "$f"; } >"corpus/events/seed-$(echo "$f" | tr '/.' '__')"
  done
  python3 - <<'PY'
def card(i, effects, deck='ap-deck', n=None):
    return (f'(id: "{i}", deck: "{deck}", group: "mobilization", number: {n or 1}, ops: 2, '
            f'effects: [{effects}])')

def cards(*cs):
    return '(cards: [' + ', '.join(cs) + '])'

def write(name, pick, text):
    open(f'corpus/events/seed-hostile-{name}', 'wb').write(bytes([pick]) + text.encode())

step = 'ShiftTrack(track: "vp", by: 1)'
# If and OneOf nested deep: just under the loader's nesting limit (128), and past it
for depth in (40, 500):
    nest = step
    for _ in range(depth):
        nest = f'If(when: "scenario.tracks[\'vp\'] >= 0", then: [{nest}], otherwise: [{step}])'
    write(f'if-{depth}', 0, cards(card('bef', nest)))
    nest = step
    for _ in range(depth):
        nest = f'OneOf([[{nest}], [{step}], []])'
    write(f'oneof-{depth}', 0, cards(card('bef', nest)))
# a card that plays itself (E004), many times over; cards that play each other in a circle;
# a chain of cards each playing the next twice
write('play-self', 0, cards(card('bef', ', '.join(['Play(card: "bef")'] * 12))))
write('play-circle', 0, cards(card('bef', 'Play(card: "race-to-the-sea"), Play(card: "bef")'),
                              card('race-to-the-sea', 'Play(card: "bef"), ' + step, 'cp-deck')))
write('play-chain', 0, cards(card('bef', 'Play(card: "c1"), Play(card: "c1")'),
                             *[card(f'c{i}', f'Play(card: "c{i + 1}"), Play(card: "c{i + 1}")', n=i + 1)
                               for i in range(1, 40)]))
# UpTo with a huge n, and over many steps
write('upto-huge-n', 0, cards(card('bef', f'UpTo(n: 4294967295, of: [{", ".join([step] * 24)}])')))
write('upto-many', 0, cards(card('bef', f'UpTo(n: 2000, of: [{", ".join(["OneOf([])"] * 2000)}])')))
# a OneOf of many alternatives, and in a row; tracks shifted to the ends of i32
write('oneof-many', 0, cards(card('bef', 'OneOf([' + ', '.join([f'[{step}]'] * 500 + ['[]'] * 5000) + '])')))
write('oneof-row', 0, cards(card('bef', ', '.join(['OneOf([[], [' + step + ']])'] * 64))))
write('track-ends', 0, cards(card('bef', 'ShiftTrack(track: "vp", by: 2147483647), ShiftTrack(track: "vp", by: 2147483647), SetTrack(track: "vp", value: -2147483648), ShiftTrack(track: "vp", by: -1)')))
# a scenario whose turn 2 has many schedule entries, each a choice of eight
scenario = open('../tests/fixtures/valid/events/1914.scenario.ron').read()
head = scenario[:scenario.index('    schedule:')]
choice = 'OneOf([' + ', '.join([f'[{step}]'] * 8) + '])'
entries = ', '.join([f'(turns: [2, 3], why: "w", steps: [{choice}])'] * 10)
write('schedule-row', 2, head + f'    schedule: [{entries}],\n)\n')
PY
  local deep chain nest
  deep=$(printf '(%.0s' $(seq 10000))
  chain=$(printf '1+%.0s' $(seq 5000))
  nest="true"
  for _ in $(seq 8); do nest="spaces().all(x, $nest)"; done
  for e in "${deep}1" "${chain}1" "$nest"; do
    printf '(checks: [(id: "x", for_each: Space, assert: "%s", severity: Error, message: "m", fires: [(on: "paris")], silent: [(on: "paris")])])' "$e" \
      >"corpus/checks_file/seed-hostile-$(printf %s "$e" | cksum | cut -d' ' -f1)"
  done
}

seed
# only for cargo fuzz: the seeds' `cargo run` above builds in the main workspace, where a
# changed RUSTC_BOOTSTRAP would make cargo rebuild every crate
export RUSTC_BOOTSTRAP=1
cargo fuzz build -s none >/dev/null 2>&1 || cargo fuzz build -s none
# the cargo lock is shared: a second run.sh waits here for the build above
status=0
for t in "${targets[@]}"; do
  mkdir -p "artifacts/$t"
  before=$(find "artifacts/$t" -type f | wc -l)
  log="artifacts/$t.log"
  start=$(date +%s)
  # -timeout: an input running 10 s counts as a hang (a crash); -rss_limit_mb bounds memory
  set +e
  cargo fuzz run -s none "$t" "corpus/$t" -- \
    -max_total_time="$secs" -runs="${RUNS:--1}" -timeout=10 -rss_limit_mb=4096 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="artifacts/$t/" >"$log" 2>&1
  rc=$?
  set -e
  end=$(date +%s)
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  after=$(find "artifacts/$t" -type f | wc -l)
  crashes=$((after - before))
  echo "$t: ${execs:-?} executions in $((end - start)) s, $crashes new crash(es), exit $rc (log: fuzz/$log)"
  if [ "$rc" -ne 0 ] || [ "$crashes" -gt 0 ]; then status=1; fi
done
exit $status
