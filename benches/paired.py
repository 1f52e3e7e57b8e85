"""Alternating rounds of two commands (orbat-validate, then the ajv-cli runs; the order swapped
every round), so that each round's ratio is taken between runs seconds apart.

usage: paired.py OUT.json ROUNDS ORBAT_CMD AJV_CMD...
"""
import json
import subprocess
import sys
import time


def wall(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, shell=True, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    out, rounds, orbat, ajv = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    rows = []
    for r in range(rounds):
        if r % 2 == 0:
            o = wall(orbat)
            a = sum(wall(c) for c in ajv)
        else:
            a = sum(wall(c) for c in ajv)
            o = wall(orbat)
        rows.append({"orbat": o, "ajv": a, "ratio": a / o})
        print(f"  round {r + 1:>2}: orbat-validate {o:.3f} s, ajv-cli {a:.3f} s, {a / o:.2f}x", flush=True)
    with open(out, "w") as f:
        json.dump(rows, f, indent=1)


main()
