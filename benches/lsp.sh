#!/usr/bin/env bash
# The language server on a generated game: time from a didChange of map.ron to that version's
# publishDiagnostics (keystrokes sent as incremental changes), the server's memory, and the
# validator's own time and memory on the same game for comparison.
#
#   benches/lsp.sh            size L (10,000 spaces); SIZE=S|M|L|<spaces>, ROUNDS=21
#
# Stage timings of each check go to stderr with ORBAT_LSP_TIMES=1.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${SIZE:-L}
ROUNDS=${ROUNDS:-21}
GAME=$(mktemp -d)/game
trap 'rm -rf "$(dirname "$GAME")"' EXIT
cargo build --release --locked -q --bin orbat-validate
ORBAT_LSP_BENCH_SIZE=$SIZE ORBAT_LSP_BENCH_ROUNDS=$ROUNDS ORBAT_LSP_BENCH_KEEP=$GAME \
  cargo bench --locked -q -p orbat-lsp --bench latency
python3 - "$GAME" <<'PY'
import resource, subprocess, sys, time
walls = []
for _ in range(5):
    t = time.time()
    subprocess.run(["target/release/orbat-validate", sys.argv[1]], stdout=subprocess.DEVNULL)
    walls.append((time.time() - t) * 1000)
walls.sort()
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"orbat-validate on the same game (whole process, 5 runs): median {walls[2]:.0f} ms, peak memory {peak:.0f} MB")
PY
