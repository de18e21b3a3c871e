#!/usr/bin/env bash
# Issue 23: times the candidate YAML event parsers (saphyr-parser, libyaml-safer) and today's
# marked-yaml tree on the 10,000- and 100,000-item Chains of bench/board-scale.py, beside
# PyYAML's libyaml event parser (CSafeLoader) in the same run, and prints the table of
# bench/parsers/RESULTS.md.
#
# Needs: python3 with PyYAML built against libyaml (yaml.CSafeLoader; else `apt-get install
# libyaml-dev` and `pip install --no-binary pyyaml --force-reinstall pyyaml`), GNU time
# (/usr/bin/time) for peak memory, and hyperfine (`apt-get install hyperfine` or
# `cargo install hyperfine`; without it, the median of 5 runs under /usr/bin/time).
#
# Usage: bench/parsers/run.sh [--checks]
#   --checks also dumps the events of bench/parsers/samples/*.yaml with each parser (the
#   correctness checklist: positions in characters, styles, anchors, tags, keys, ends).
# Honours CARGO_TARGET_DIR.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs_big=5
runs_small=10

python3 -c 'import yaml; yaml.CSafeLoader' 2>/dev/null || {
  echo "PyYAML without libyaml (no yaml.CSafeLoader): see the header of $0" >&2
  exit 1
}
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time): apt-get install time" >&2; exit 1; }

cargo build --release --quiet --manifest-path "$here/Cargo.toml"
target=${CARGO_TARGET_DIR:-$here/target}
bin="$target/release/yaml-parser-bench"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$root/bench/board-scale.py" 10000 10 > "$work/c10k.yaml"
python3 "$root/bench/board-scale.py" 100000 10 > "$work/c100k.yaml"

if [ "${1:-}" = "--checks" ]; then
  for f in "$here"/samples/*.yaml; do
    for p in saphyr libyaml marked; do
      echo "=== $p $(basename "$f")"
      "$bin" "$p" "$f" dump || true
    done
  done
  echo
fi

# The three parsers must see the same scalars in the big file (same count, same text length).
for p in saphyr libyaml marked; do
  "$bin" "$p" "$work/c100k.yaml" check | sed -n '1s/ fold.*//p;2p' | sed "s/^/  /"
done >&2

py='import sys, yaml; [None for _ in yaml.parse(open(sys.argv[1]), Loader=yaml.CSafeLoader)]'

# median seconds of a command given as words
median() {
  local runs=$1
  shift
  if command -v hyperfine > /dev/null; then
    hyperfine -N --warmup 1 --runs "$runs" --export-json "$work/h.json" -- "$(printf '%q ' "$@")" \
      > /dev/null 2> "$work/h.err" || { cat "$work/h.err" >&2; exit 1; }
    python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$work/h.json"
  else
    for _ in 1 2 3 4 5; do
      /usr/bin/time -f "%e" -o "$work/t.txt" "$@" > /dev/null 2>&1
      cat "$work/t.txt"
    done | sort -n | sed -n 3p
  fi
}
# peak resident memory in MB of one run
peak() {
  /usr/bin/time -v -o "$work/m.txt" "$@" > /dev/null 2>&1
  awk -F': ' '/Maximum resident set size/ { printf "%.0f\n", $2 / 1024 }' "$work/m.txt"
}
ratio() { python3 -c "print('%.2f' % ($1 / $2))"; }

pyb=$(median $runs_big python3 -c "$py" "$work/c100k.yaml")
pys=$(median $runs_small python3 -c "$py" "$work/c10k.yaml")
pym=$(peak python3 -c "$py" "$work/c100k.yaml")

echo "Measured by \`bench/parsers/run.sh\` on $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m),"
echo "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg). Medians of $runs_big runs (100k) and"
echo "$runs_small runs (10k) $(command -v hyperfine > /dev/null && echo "by hyperfine" || echo "under /usr/bin/time"); peak memory of one run (/usr/bin/time -v)."
echo "Files: bench/board-scale.py 100000 10 ($(du -m "$work/c100k.yaml" | cut -f1) MB) and 10000 10."
echo
echo "| parser | 100k walk | 10k walk | 100k check | walk / Python (100k, 10k) | peak MB (100k, 10k) |"
echo "|---|---|---|---|---|---|"
for p in saphyr libyaml marked; do
  case $p in
    saphyr) name="saphyr-parser $(sed -n 's/^saphyr-parser = "\(.*\)"/\1/p' "$here/Cargo.toml")" ;;
    libyaml) name="libyaml-safer $(sed -n 's/^libyaml-safer = "\(.*\)"/\1/p' "$here/Cargo.toml")" ;;
    marked) name="marked-yaml $(sed -n 's/^marked-yaml = "\(.*\)"/\1/p' "$here/Cargo.toml") (tree, today)" ;;
  esac
  b=$(median $runs_big "$bin" "$p" "$work/c100k.yaml")
  s=$(median $runs_small "$bin" "$p" "$work/c10k.yaml")
  c=$(median $runs_big "$bin" "$p" "$work/c100k.yaml" check)
  mb=$(peak "$bin" "$p" "$work/c100k.yaml")
  ms=$(peak "$bin" "$p" "$work/c10k.yaml")
  echo "| $name | $b s | $s s | $c s | $(ratio "$b" "$pyb"), $(ratio "$s" "$pys") | $mb, $ms |"
done
pyms=$(peak python3 -c "$py" "$work/c10k.yaml")
echo "| Python: PyYAML $(python3 -c 'import yaml; print(yaml.__version__)') yaml.parse, CSafeLoader (libyaml) | $pyb s | $pys s | | 1.00, 1.00 | $pym, $pyms |"
