#!/usr/bin/env bash
# The cost of a game's own checks: a generated game of SIZE spaces (default 10,000) checked
# with and without the 20 declared checks of benches/declared/checks.ron, in alternating runs
# (hyperfine), and the real-sized shipped games for reference.
#
#   bash benches/declared.sh [SIZE]
#
# Needs hyperfine (`apt-get install hyperfine`).
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-10000}
cargo build --release --locked -q -p orbat -p orbat-gen
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
target/release/orbat-gen game --size "$size" "$work/without" >/dev/null
cp -r "$work/without" "$work/with"
cp benches/declared/checks.ron "$work/with/"
sync
# both must be clean: a finding would be rendered, and timed
target/release/orbat-validate "$work/without" | tail -1
target/release/orbat-validate "$work/with" | tail -1
hyperfine --warmup 3 --runs "${RUNS:-20}" -N \
  -n "without checks" "target/release/orbat-validate $work/without" \
  -n "with 20 checks" "target/release/orbat-validate $work/with"
