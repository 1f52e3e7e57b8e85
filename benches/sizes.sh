#!/usr/bin/env bash
# How orbat-validate grows with a game's size: one generated game each of 1,000, 10,000 and
# 100,000 spaces (links, counters and cards in proportion), whole process: median wall time
# (hyperfine), time per space, and peak memory (/usr/bin/time). The issue's targets: 100,000
# spaces under 1.2 s and 300 MB, and the time per space at 100,000 within 1.5x of that at
# 10,000.
#
# Environment: SIZES (spaces, "1000 10000 100000"), RUNS (hyperfine runs, 10), WORK (scratch
# folder, target/bench-sizes).
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES:-1000 10000 100000}
RUNS=${RUNS:-10}
WORK=${WORK:-$PWD/target/bench-sizes}
command -v hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine; }
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time; }
cargo build --release --locked -q -p orbat -p orbat-gen
VALIDATE=$PWD/target/release/orbat-validate
mkdir -p "$WORK"
printf '%-8s %10s %12s %14s %10s\n' spaces MB "median ms" "us per space" "peak MB"
for n in $SIZES; do
    dir=$WORK/game-$n
    # generated afresh: a game from an older generator may not pass today's checks
    rm -rf "$dir"
    target/release/orbat-gen game --size "$n" "$dir" >/dev/null
    # written out before timing: the kernel writing back 114 MB of a game just generated
    # took a core's time from the first runs (100,000 spaces: about 950 ms a run until then,
    # 750 ms after)
    sync
    "$VALIDATE" "$dir" >/dev/null # the game is clean (or this stops), and now in the page cache
    hyperfine -N --warmup 2 --runs "$RUNS" --export-json "$WORK/$n.json" "$VALIDATE $dir" >/dev/null
    median=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][0]['median'] * 1000)" "$WORK/$n.json")
    peak=$( { /usr/bin/time -f '%M' "$VALIDATE" "$dir" >/dev/null; } 2>&1 | tail -1)
    mb=$(du -sm --apparent-size "$dir" | cut -f1)
    python3 -c "import sys; n, m, p, mb = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]; print(f'{n:<8} {mb:>10} {m:>12.1f} {m * 1000 / n:>14.2f} {p / 1024:>10.0f}')" "$n" "$median" "$peak" "$mb"
done
