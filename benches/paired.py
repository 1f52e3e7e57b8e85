"""Alternating rounds of two commands (orbat-validate, then the ajv-cli runs; the order swapped
every round), so that each round's ratios, of wall time and of CPU time (user + system of the
process and its children), are taken between runs seconds apart.

usage: paired.py OUT.json ROUNDS ORBAT_CMD AJV_CMD...
"""
import json
import resource
import subprocess
import sys
import time


def timed(cmd):
    """(wall, CPU) seconds of one run of `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, shell=True, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def total(cmds):
    runs = [timed(c) for c in cmds]
    return sum(w for w, _ in runs), sum(c for _, c in runs)


def main():
    out, rounds, orbat, ajv = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    rows = []
    for r in range(rounds):
        if r % 2 == 0:
            o, oc = total([orbat])
            a, ac = total(ajv)
        else:
            a, ac = total(ajv)
            o, oc = total([orbat])
        rows.append({"orbat": o, "ajv": a, "ratio": a / o,
                     "orbat_cpu": oc, "ajv_cpu": ac, "cpu_ratio": ac / oc})
        print(f"  round {r + 1:>2}: orbat-validate {o:.3f} s ({oc:.3f} s CPU), "
              f"ajv-cli {a:.3f} s ({ac:.3f} s CPU), {a / o:.2f}x wall, {ac / oc:.2f}x CPU", flush=True)
    with open(out, "w") as f:
        json.dump(rows, f, indent=1)


main()
