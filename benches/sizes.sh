#!/usr/bin/env bash
# How orbat-validate grows with a game's size: one generated game each of 1,000, 10,000 and
# 100,000 spaces (links, counters and cards in proportion), whole process: median wall time,
# time per space, and peak memory (/usr/bin/time). The issue's targets: 100,000 spaces under
# 1.2 s and 300 MB, and the time per space at 100,000 within 1.5x of that at 10,000.
#
# The sizes are timed in alternating rounds (benches/alternate.py: each round runs every size
# once), so that the host's drift from minute to minute falls on every size alike: timed one
# size after the other, the ratio of 100,000 to 10,000 spaces moved from 1.17x to 1.84x
# between runs of the same build (BENCHMARKS.md, session 19).
#
# Environment: SIZES (spaces, "1000 10000 100000"), RUNS (rounds, 10), WORK (scratch folder,
# target/bench-sizes).
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES:-1000 10000 100000}
RUNS=${RUNS:-10}
WORK=${WORK:-$PWD/target/bench-sizes}
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time; }
cargo build --release --locked -q -p orbat -p orbat-gen
VALIDATE=$PWD/target/release/orbat-validate
mkdir -p "$WORK"
commands=()
for n in $SIZES; do
    dir=$WORK/game-$n
    # generated afresh: a game from an older generator may not pass today's checks
    rm -rf "$dir"
    target/release/orbat-gen game --size "$n" "$dir" >/dev/null
    commands+=("$VALIDATE $dir")
done
# written out before timing: the kernel writing back 114 MB of a game just generated took a
# core's time from the first runs (100,000 spaces: about 950 ms a run until then, 750 ms after)
sync
for n in $SIZES; do
    # each game is clean (or this stops), and now in the page cache; one more run to warm up
    "$VALIDATE" "$WORK/game-$n" >/dev/null
    "$VALIDATE" "$WORK/game-$n" >/dev/null
done
python3 benches/alternate.py --json "$WORK/rounds.json" "$RUNS" "${commands[@]}" >/dev/null
printf '%-8s %10s %12s %14s %10s\n' spaces MB "median ms" "us per space" "peak MB"
for n in $SIZES; do
    dir=$WORK/game-$n
    peak=$( { /usr/bin/time -f '%M' "$VALIDATE" "$dir" >/dev/null; } 2>&1 | tail -1)
    mb=$(du -sm --apparent-size "$dir" | cut -f1)
    python3 -c "
import json, sys
n, command, peak, mb = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
m = json.load(open(sys.argv[5]))[command]['median_wall'] * 1000
print(f'{n:<8} {mb:>10} {m:>12.1f} {m * 1000 / n:>14.2f} {peak / 1024:>10.0f}')
" "$n" "$VALIDATE $dir" "$peak" "$mb" "$WORK/rounds.json"
done
# the ratio of the largest size's time per space to 10,000 spaces', when both were timed
python3 -c "
import json, sys
rounds, validate, work = json.load(open(sys.argv[1] + '/rounds.json')), sys.argv[2], sys.argv[1]
per_space = {int(n): rounds[f'{validate} {work}/game-{n}']['median_wall'] / int(n) for n in sys.argv[3:]}
top = max(per_space)
if 10000 in per_space and top > 10000:
    print(f'time per space, {top} against 10000 spaces: {per_space[top] / per_space[10000]:.2f}x (target: 1.5x at most)')
" "$WORK" "$VALIDATE" $SIZES
