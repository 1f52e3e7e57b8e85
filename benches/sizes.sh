#!/usr/bin/env bash
# How orbat-validate grows with a game's size: one generated game each of 1,000, 10,000 and
# 100,000 spaces (links, counters and cards in proportion), whole process: median wall time,
# time per space, and peak memory (/usr/bin/time). The issue's targets: 100,000 spaces under
# 1.2 s and 300 MB, and the time per space at 100,000 within 1.5x of that at 10,000.
#
# Games with events (issue 59): EVENTS lists size:count pairs, each a game of that size whose
# `count` cards have events as `effects` and whose game.ron and scenarios have schedules
# (`orbat-gen game --event-cards`), timed beside the same game without them (`--event-cards
# 0` makes the same map, units, cards and scenarios, with no effects and no schedule). The
# issue's target: EVENTS="L:1000" (10,000 spaces, 1,000 event cards) under 2 s and 500 MB.
#
# The sizes are timed in alternating rounds (benches/alternate.py: each round runs every size
# once), so that the host's drift from minute to minute falls on every size alike: timed one
# size after the other, the ratio of 100,000 to 10,000 spaces moved from 1.17x to 1.84x
# between runs of the same build (BENCHMARKS.md, session 19).
#
# Environment: SIZES (spaces, "1000 10000 100000"; R, S, M and L name the generator's sizes),
# EVENTS (size:count pairs, none by default), RUNS (rounds, 10), WORK (scratch folder,
# target/bench-sizes).
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${SIZES-1000 10000 100000}
EVENTS=${EVENTS:-}
RUNS=${RUNS:-10}
WORK=${WORK:-$PWD/target/bench-sizes}
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time; }
cargo build --release --locked -q -p orbat -p orbat-gen
VALIDATE=$PWD/target/release/orbat-validate
mkdir -p "$WORK"

# the spaces of a size as orbat-gen names it
spaces_of() {
    case $1 in
        R) echo 360 ;; S) echo 300 ;; M) echo 2000 ;; L) echo 10000 ;; *) echo "$1" ;;
    esac
}

# each game: its name (the folder under WORK), its size and its event cards
games=()
for n in $SIZES; do
    games+=("$n $n 0")
done
for pair in $EVENTS; do
    size=${pair%%:*}
    count=${pair##*:}
    games+=("$size-no-events $size 0" "$size-events-$count $size $count")
done

commands=()
for g in "${games[@]}"; do
    read -r name size count <<<"$g"
    dir=$WORK/game-$name
    # generated afresh: a game from an older generator may not pass today's checks
    rm -rf "$dir"
    target/release/orbat-gen game --size "$size" --event-cards "$count" "$dir" >/dev/null
    commands+=("$VALIDATE $dir")
done
# written out before timing: the kernel writing back 114 MB of a game just generated took a
# core's time from the first runs (100,000 spaces: about 950 ms a run until then, 750 ms after)
sync
for g in "${games[@]}"; do
    read -r name _ _ <<<"$g"
    # each game is clean (or this stops), and now in the page cache; one more run to warm up
    "$VALIDATE" "$WORK/game-$name" >/dev/null
    "$VALIDATE" "$WORK/game-$name" >/dev/null
done
python3 benches/alternate.py --json "$WORK/rounds.json" "$RUNS" "${commands[@]}" >/dev/null
printf '%-20s %8s %10s %12s %14s %10s\n' game events MB "median ms" "us per space" "peak MB"
declare -A per_space
for g in "${games[@]}"; do
    read -r name size count <<<"$g"
    dir=$WORK/game-$name
    n=$(spaces_of "$size")
    median=$(python3 -c "import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]]['median_wall'] * 1000)" "$WORK/rounds.json" "$VALIDATE $dir")
    per_space[$name]=$(python3 -c "import sys; print(float(sys.argv[1]) * 1000 / int(sys.argv[2]))" "$median" "$n")
    peak=$( { /usr/bin/time -f '%M' "$VALIDATE" "$dir" >/dev/null; } 2>&1 | tail -1)
    mb=$(du -sm --apparent-size "$dir" | cut -f1)
    python3 -c "import sys; name, e, m, us, p, mb = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5]), sys.argv[6]; print(f'{name:<20} {e:>8} {mb:>10} {m:>12.1f} {us:>14.2f} {p / 1024:>10.0f}')" "$name" "$count" "$median" "${per_space[$name]}" "$peak" "$mb"
done
# the largest size's time per space against 10,000 spaces', when both were timed
top=$(printf '%s\n' $SIZES | grep -E '^[0-9]+$' | sort -n | tail -1 || true)
if [ -n "${per_space[10000]:-}" ] && [ -n "$top" ] && [ "$top" -gt 10000 ]; then
    python3 -c "import sys; print(f'time per space, {sys.argv[1]} against 10000 spaces: {float(sys.argv[2]) / float(sys.argv[3]):.2f}x (target: 1.5x at most)')" "$top" "${per_space[$top]}" "${per_space[10000]}"
fi
