#!/usr/bin/env bash
# Whole-process timing of a rule lookup against grep over a text file of the same size as the
# embedded rules data (the July and October edition files together). Needs hyperfine
# (`apt-get install hyperfine`). Usage: bench/rule-lookup.sh [RULE]
set -euo pipefail
cd "$(dirname "$0")/.."
rule="${1:-337.1.b}"
cargo build --release --quiet
size=$(cat rules-text/2026-07-16.yaml rules-text/2026-10-09.yaml | wc -c)
text=$(mktemp)
trap 'rm -f "$text"' EXIT
# One line per rule ("NUMBER TITLE: SUMMARY"), repeated until the file reaches that size,
# with the looked-up rule at the same relative place it has in the data.
python3 - "$size" "$text" <<'PY'
import sys, re
size, path = int(sys.argv[1]), sys.argv[2]
src = open("rules-text/2026-07-16.yaml").read()
rules = re.findall(r'- number: "([^"]+)"\n\s+title: (.*)\n\s+summary: (.*)', src)
lines = [f"{n} {t}: {s}\n" for n, t, s in rules]
out, i = [], 0
while sum(map(len, out)) < size:
    out.append(lines[i % len(lines)]); i += 1
open(path, "w").write("".join(out))
PY
json=$(mktemp)
trap 'rm -f "$text" "$json"' EXIT
hyperfine --warmup 20 --runs 300 -N --export-json "$json" \
  "./target/release/chainjudge rule $rule --rules july" \
  "grep -m1 '^$rule' $text"
python3 - "$json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
m = [x["median"] * 1000 for x in r]
print(f"medians: chainjudge {m[0]:.2f} ms, grep {m[1]:.2f} ms, ratio {m[0] / m[1]:.2f}")
PY
