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
declare -A per_space
for n in $SIZES; do
    dir=$WORK/game-$n
    median=$(python3 -c "import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]]['median_wall'] * 1000)" "$WORK/rounds.json" "$VALIDATE $dir")
    per_space[$n]=$(python3 -c "import sys; print(float(sys.argv[1]) * 1000 / int(sys.argv[2]))" "$median" "$n")
    peak=$( { /usr/bin/time -f '%M' "$VALIDATE" "$dir" >/dev/null; } 2>&1 | tail -1)
    mb=$(du -sm --apparent-size "$dir" | cut -f1)
    python3 -c "import sys; n, m, us, p, mb = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]; print(f'{n:<8} {mb:>10} {m:>12.1f} {us:>14.2f} {p / 1024:>10.0f}')" "$n" "$median" "${per_space[$n]}" "$peak" "$mb"
done
# the largest size's time per space against 10,000 spaces', when both were timed
top=$(printf '%s\n' $SIZES | sort -n | tail -1)
if [ -n "${per_space[10000]:-}" ] && [ "$top" -gt 10000 ]; then
    python3 -c "import sys; print(f'time per space, {sys.argv[1]} against 10000 spaces: {float(sys.argv[2]) / float(sys.argv[3]):.2f}x (target: 1.5x at most)')" "$top" "${per_space[$top]}" "${per_space[10000]}"
fi
