#!/usr/bin/env python3
"""Writes N small situation files with expect blocks into DIR, for timing `verify`.

Usage: bench/many-files.py N DIR

Each file is a Chain of 3 to 8 spells, some countering older ones, every item finalized and
nobody acting, so the items resolve newest first. Its `expect` is worked out here from that
rule alone (a countered item does not resolve; a counter of an item already gone does nothing),
not from the tool's output, so `verify` passes only if the replay agrees.
"""
import os
import sys

n, folder = int(sys.argv[1]), sys.argv[2]
os.makedirs(folder, exist_ok=True)
for f in range(n):
    size = 3 + f % 6
    lines = ["format: 1", f"title: generated {f}", "rules: both", "players: [Ana, Ben]", "turn: Ana", "chain:"]
    counters = {}
    for i in range(size):
        who = "Ana" if (i + f) % 2 == 0 else "Ben"
        kw = "" if i == 0 else ", keyword: reaction"
        eff = ""
        if i >= 2 and (i + f) % 3 == 0:
            counters[i] = i - 2
            eff = f", effects: [ {{ counter: s{i - 2} }} ]"
        lines.append(f"  - {{ id: s{i}, name: Spell {i}, controller: {who}, kind: spell{kw}{eff} }}")
    # Newest first; an item countered before its turn does not resolve.
    gone, resolved, countered = set(), [], []
    for i in reversed(range(size)):
        if i in gone:
            continue
        resolved.append(f"s{i}")
        t = counters.get(i)
        if t is not None and t not in gone:
            gone.add(t)
            countered.append(f"s{t}")
    lines.append("expect:")
    lines.append(f"  resolved: [{', '.join(resolved)}]")
    lines.append(f"  countered: [{', '.join(countered)}]")
    with open(os.path.join(folder, f"g{f:04}.yaml"), "w") as out:
        out.write("\n".join(lines) + "\n")
