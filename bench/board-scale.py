#!/usr/bin/env python3
"""Writes a board situation for whole-process timing: N chain items over a board of U units.

Usage: bench/board-scale.py ITEMS UNITS > file.yaml

Ana's turn, 3 battlefields; units spread over bases and battlefields (each battlefield
controlled by the player with units there, the rest at base). The Chain mixes what real files
hold: damage spells (some lethal), kills of units with Deathknells, Might effects and
conditional counters. Every item is finalized and nobody acts, so all of them resolve.
"""
import sys

items, units = int(sys.argv[1]), int(sys.argv[2])
out = ["format: 1", "title: scale test", "rules: july", "players: [Ana, Ben]", "turn: Ana", "board:"]
out.append("  - { name: Battlefield 1, kind: battlefield, controller: Ana }")
out.append("  - { name: Battlefield 2, kind: battlefield, controller: Ben }")
out.append("  - { name: Battlefield 3, kind: battlefield, controller: none }")
for u in range(units):
    owner = "Ana" if u % 2 == 0 else "Ben"
    at = "Battlefield 1" if owner == "Ana" and u % 4 == 0 else ("Battlefield 2" if owner == "Ben" and u % 4 == 1 else "base")
    dk = u % 10 == 0
    line = f"  - {{ id: u{u}, name: Unit {u}, controller: {owner}, kind: unit, might: {2 + u % 5}, at: {at}"
    if dk:
        line += f", triggers: [ {{ on: death, item: {{ id: dk{u}, name: Deathknell {u}, effects: [ {{ damage: {{ target: u{(u + 2) % units}, amount: 1 }} }} ] }} }} ]"
    out.append(line + " }")
out.append("chain:")
for i in range(items):
    who = "Ana" if i % 2 == 0 else "Ben"
    kw = "" if i == 0 else ", keyword: reaction"
    target = f"u{(i * 7) % units}"
    k = i % 4
    if k == 0:
        eff = f"{{ damage: {{ target: {target}, amount: {1 + i % 3} }} }}"
    elif k == 1:
        eff = f"{{ kill: u{(i * 10) % units} }}"
    elif k == 2:
        eff = f"{{ might: {{ target: {target}, amount: 1 }} }}"
    else:
        eff = f"{{ counter: s{i - 2}, if: {{ played_this_turn: {{ by: opponent, kind: spell, at_least: 3 }} }} }}"
    out.append(f"  - {{ id: s{i}, name: Spell {i}, controller: {who}, kind: spell{kw}, effects: [ {eff} ] }}")
print("\n".join(out))
