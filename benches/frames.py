#!/usr/bin/env python3
"""Two builds of the editor's `frame` benchmark, run in turn N times each; prints, for each
benchmark and size, the range of the medians divan reports and the median of them, as a row
of editor/BENCHMARKS.md's tables.

    cargo bench -p orbat-editor --bench frame --no-run   # in each build's checkout
    cp target/release/deps/frame-<hash> /tmp/frame-old   # and /tmp/frame-new
    cd editor && python3 ../benches/frames.py 10 /tmp/frame-old /tmp/frame-new

The order is swapped every round, so that the host's drift falls on both builds alike.
"""
import re, subprocess, sys, statistics
n = int(sys.argv[1]); bins = sys.argv[2:]
UNIT = {'ns': 1e-6, 'µs': 1e-3, 'us': 1e-3, 'ms': 1.0, 's': 1e3}
def run(b):
    out = subprocess.run([b, '--bench'], capture_output=True, text=True).stdout
    res = {}; group = None; size = None
    for line in out.split('\n'):
        g = re.match(r'^[├╰]─ (\w+)', line)
        if g: group = g.group(1); continue
        s = re.match(r'^[│ ]\s+[├╰]─ (\d+)', line)
        if s: size = s.group(1)
        t = re.findall(r'([\d.]+) (ns|µs|us|ms|s)\b', line)
        if len(t) >= 3 and group and size and (group, size) not in res:
            v, u = t[2]; res[(group, size)] = float(v) * UNIT[u]
    return res
acc = {b: {} for b in bins}
for i in range(n):
    for b in (bins if i % 2 == 0 else bins[::-1]):
        for k, v in run(b).items(): acc[b].setdefault(k, []).append(v)
keys = sorted(acc[bins[0]])
for k in keys:
    cells = []
    for b in bins:
        v = acc[b].get(k, [])
        cells.append(f"{min(v):.3f}-{max(v):.3f} ms ({statistics.median(v):.3f})" if v else '-')
    print(f"| {k[0]}, {int(k[1]):,} spaces | " + ' | '.join(cells) + ' |')
