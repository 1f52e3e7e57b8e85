#!/usr/bin/env python3
"""Share of a `perf record --call-graph dwarf` profile of orbat-validate spent in each stage.

    perf record --call-graph dwarf,16384 -F 300 -e cpu-clock -o run.data \\
        target/release/orbat-validate target/bench-compare/corpus-R-ron > /dev/null
    perf script -i run.data > run.txt
    python3 benches/perf_stages.py run.txt [more.txt ...]

Each sample goes to the first stage (reading a file kind, one rule, the rules' shared context,
the kernel reading files...) that a frame of its stack names, looking from the leaf upwards;
inlined frames count, which is why a reader's work shows under its file kind although it is
all compiled into `by_hand::read`. The column in brackets is the part of each share whose leaf
frame is in the kernel. BENCHMARKS.md (session 22) has the figures for the R corpus.
"""
import collections
import re
import sys

# (pattern of a frame, stage); the first pattern a frame matches names the stage
STAGES = [
    (r'by_hand::map|^map_file', 'read map.ron'),
    (r'by_hand::text|^text_file', 'read text files'),
    (r'by_hand::units|^units_file', 'read units.ron'),
    (r'by_hand::cards|^cards_file', 'read cards.ron'),
    (r'by_hand::scenario|^scenario[+<]', 'read scenarios'),
    (r'by_hand::game|^game[+<]', 'read game.ron'),
    (r'rules::context|Verdicts::new|Traces::new|Placements::new|Stacks::new|prepare_scenarios',
     'rules: shared context'),
    (r'analysis::ids::Ids::build', 'analysis: id tables'),
    (r'analysis::world', 'analysis: world'),
    (r'rules::[a-z_]+::([a-z]\d\d\d_[a-z_]+)', 'rule'),
    (r'drop_in_place', 'freeing the model'),
    (r'read_sized|read_source|load::read|File::open|from_utf8', 'reading files'),
    (r'load::discover|walkdir', 'finding the folders'),
    (r'render', 'rendering'),
    (r'check_folder', 'rules: other'),
    (r'load_folder', 'loading: other'),
]


def stage(stack):
    for frame in stack:
        for pattern, name in STAGES:
            found = re.search(pattern, frame)
            if found:
                return 'rule ' + found.group(1) if name == 'rule' else name
    if any('by_hand::read' in f for f in stack):
        return 'read (by_hand::read, file kind unknown)'
    return 'other: ' + (stack[0][:60] if stack else '?')


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    counts, kernel, total = collections.Counter(), collections.Counter(), 0

    def count(stack):
        nonlocal total
        name = stage(stack)
        counts[name] += 1
        kernel[name] += 'kernel.kallsyms' in stack[0]
        total += 1

    for path in sys.argv[1:]:
        stack = []
        for line in open(path, errors='replace'):
            line = line.rstrip('\n')
            if not line.strip():
                if stack:
                    count(stack)
                stack = []
            elif line[:1] in '\t ':
                parts = line.strip().split(' ', 1)
                if len(parts) > 1:
                    stack.append(parts[1])
        if stack:
            count(stack)
    for name, n in counts.most_common(40):
        print(f'{100 * n / total:6.2f}%  (kernel {100 * kernel[name] / total:5.2f}%)  {name}')
    print(total, 'samples')


if __name__ == '__main__':
    main()
