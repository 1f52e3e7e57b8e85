#!/usr/bin/env python3
"""Time whole commands in alternating rounds and print each one's median wall and CPU time.

    python3 benches/alternate.py [--json FILE] ROUNDS 'command 1' 'command 2' ...

Each round runs every command once, the order rotated from round to round, so that the host's
drift from minute to minute (10-20% on these shared 2-core machines) falls on every command
alike; hyperfine instead times one command's runs together, then the next command's. Used to
compare two builds of orbat-validate side by side (BENCHMARKS.md). Ratios are to the first
command. Output of the commands is discarded; an exit status other than 0 is shown (a
validator exits 1 when it finds errors, which is no reason to stop timing it). With --json,
each command's times (seconds) and medians are also written to FILE (benches/sizes.sh reads
them).
"""
import json
import resource
import statistics
import subprocess
import sys
import time


def main() -> None:
    args = sys.argv[1:]
    json_out = None
    if args[:1] == ["--json"] and len(args) > 1:
        json_out, args = args[1], args[2:]
    if len(args) < 2 or not args[0].isdigit():
        sys.exit(__doc__)
    rounds, commands = int(args[0]), args[1:]
    wall = {c: [] for c in commands}
    cpu = {c: [] for c in commands}
    status = {c: 0 for c in commands}
    for r in range(rounds):
        shift = r % len(commands)
        for command in commands[shift:] + commands[:shift]:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(command, shell=True,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            status[command] = done.returncode
            wall[command].append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[command].append(after.ru_utime - before.ru_utime
                                + after.ru_stime - before.ru_stime)
    base = statistics.median(wall[commands[0]])
    print(f"{'median wall':>12} {'median CPU':>12} {'ratio':>7}  command ({rounds} rounds)")
    for command in commands:
        w = statistics.median(wall[command])
        c = statistics.median(cpu[command])
        exit_note = f"  (exit {status[command]})" if status[command] else ""
        print(f"{w * 1e3:9.1f} ms {c * 1e3:9.1f} ms {w / base:7.3f}  {command}{exit_note}")
    if json_out:
        with open(json_out, "w") as f:
            json.dump({command: {"wall": wall[command], "cpu": cpu[command],
                                 "median_wall": statistics.median(wall[command]),
                                 "median_cpu": statistics.median(cpu[command])}
                       for command in commands}, f, indent=1)


if __name__ == "__main__":
    main()
