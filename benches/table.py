"""The table of one corpus's results (hyperfine JSON exports in OUT): median wall time and mean
CPU time (user + system) of each command, and their ratios to orbat-validate.

usage: table.py OUT
"""
import json
import os
import statistics
import sys
import time

out = sys.argv[1]
wall, cpu = {}, {}
earlier = None
for name in ["orbat", "ajv", "check-jsonschema"]:
    path = os.path.join(out, name + ".json")
    if not os.path.exists(path):
        continue
    with open(path) as f:
        for r in json.load(f)["results"]:
            wall[r["command"]] = r["median"]
            cpu[r["command"]] = r["user"] + r["system"]
    if os.path.getmtime(path) < os.path.getmtime(os.path.join(out, "orbat.json")):
        earlier = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(os.path.getmtime(path)))


def total(table, prefix):
    parts = [v for k, v in table.items() if k.startswith(prefix + "-")]
    return sum(parts) if parts else None


rows = [
    ("orbat-validate (RON: parse + schema + all rules)", "orbat-validate"),
    ("orbat-validate, one thread", "orbat-validate-1-thread"),
    ("read floor (cat of every RON file)", "read-floor"),
    ("parse-only (RON: read + ron2 syntax tree)", "parse-only"),
    ("parse-only, the validator's parser (JSON + spans)", "parse-only-loader"),
    ("ajv-cli (JSON: schema only, 6 runs)", "ajv"),
    ("check-jsonschema (JSON: schema only, 6 runs)" + (" *" if earlier else ""), "check-jsonschema"),
]
ov_wall, ov_cpu = wall["orbat-validate"], cpu["orbat-validate"]
print(f"{'command':<52} {'wall s':>8} {'ratio':>8} {'CPU s':>8} {'ratio':>8}")
for label, key in rows:
    w = wall.get(key, total(wall, key))
    c = cpu.get(key, total(cpu, key))
    if w is None:
        continue
    print(f"{label:<52} {w:>8.3f} {w / ov_wall:>7.2f}x {c:>8.3f} {c / ov_cpu:>7.2f}x")
if earlier:
    print(f"* timed by an earlier run ({earlier}), not this one")
print()
print("per kind (median wall):")
for k, v in sorted(wall.items()):
    if k.startswith(("ajv-", "check-jsonschema-")):
        print(f"  {k:<32} {v:>8.3f} s")
print()
one = wall.get("orbat-validate-1-thread")
if one:
    print(f"second core: one thread / two threads = {one / ov_wall:.2f}x")
if "read-floor" in wall:
    print(f"orbat-validate / read floor = {ov_wall / wall['read-floor']:.2f}x")
for tool in ["ajv", "check-jsonschema"]:
    w, c = total(wall, tool), total(cpu, tool)
    if w:
        print(f"{tool} / orbat-validate: {w / ov_wall:.1f}x wall, {c / ov_cpu:.1f}x CPU")
paired = os.path.join(out, "paired.json")
if os.path.exists(paired):
    with open(paired) as f:
        rounds = json.load(f)
    for key, what in (("ratio", "wall"), ("cpu_ratio", "CPU")):
        ratios = sorted(r[key] for r in rounds if key in r)
        if ratios:
            print(f"ajv-cli / orbat-validate in {len(ratios)} alternating rounds, {what}: median "
                  f"{statistics.median(ratios):.2f}x (lowest {ratios[0]:.2f}x, highest {ratios[-1]:.2f}x)")
