#!/usr/bin/env bash
# Whole-process timings of chainjudge against the goals of issues 9 and 23, on generated input
# (bench/board-scale.py writes the mixed Chains; bench/many-files.py the verify corpus).
# Needs hyperfine (`apt-get install hyperfine`), GNU time (/usr/bin/time) for peak memory, and
# PyYAML built with libyaml (`pip install pyyaml`; `yaml.CSafeLoader` must exist) for the baseline.
# Usage: bench/scale.sh [OUT.md]   (default: bench/RESULTS.md)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-bench/RESULTS.md}"
cargo build --release --quiet
bin=./target/release/chainjudge
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 bench/board-scale.py 20 10 > "$work/c20.yaml"
python3 bench/board-scale.py 10000 10 > "$work/c10k.yaml"
python3 bench/board-scale.py 100000 10 > "$work/c100k.yaml"
python3 bench/many-files.py 1000 "$work/many"

# median seconds of a command (hyperfine, -N: no shell)
median() {
  local runs=$1
  shift
  hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/h.json" "$*" > /dev/null 2>&1 || true
  python3 -c 'import json,sys; print("%.4f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$work/h.json"
}
# peak resident memory in MB of one run (stdout discarded)
peak() {
  /usr/bin/time -f "%M" -o "$work/m.txt" "$@" > /dev/null 2>&1 || true
  python3 -c 'import sys; print("%.0f" % (int(open(sys.argv[1]).read().split()[-1]) / 1024))' "$work/m.txt"
}

t20=$(median 100 "$bin replay $work/c20.yaml --rules july")
tv=$(median 5 "$bin verify $work/many")
rate=$(python3 -c "print('%.0f' % (1000 / $tv))")

# Issue 23's baseline: Python with libyaml merely walking the file's YAML events. It is timed in
# the same run as each chainjudge command (hyperfine runs the two one after the other), so the
# ratio holds on any machine.
baseline() {
  echo "python3 -c 'import sys, yaml; [None for _ in yaml.parse(open(sys.argv[1]), Loader=yaml.CSafeLoader)]' $1"
}
# median seconds of the baseline and of a command, measured side by side, 10 runs each: on a
# virtual machine whose host takes back the memory the guest frees (free page reporting), about
# one run in three of a command that touches 250 MB spends a few tenths of a second more in the
# kernel, and a median of 3 lands on either side of a goal depending on how many it catches.
# Also prints the slowest run of the command and its mean user time: the user time's ratio
# shows how the work scales, apart from the kernel's share (page faults, the host's slow runs).
beside() {
  local file=$1
  shift
  hyperfine --warmup 1 --runs 10 --export-json "$work/b.json" "$(baseline "$file")" "$*" > /dev/null 2>&1 || true
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"]; print("%.4f %.4f %.4f %.4f" % (r[0]["median"], r[1]["median"], r[1]["max"], r[1]["user"]))' "$work/b.json"
}
ratio() { python3 -c "print('%.2f' % ($1 / $2))"; }

{
  echo "# Whole-process timings"
  echo
  echo "Measured by \`bench/scale.sh\` on $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m); medians of"
  echo "hyperfine runs (100 for the 20-item file, 5 for verify, 10 for the large Chains beside the"
  echo "baseline, 3 for the compact view and check), peak resident memory from one run under"
  echo "/usr/bin/time. The baseline is Python with libyaml walking the same file's YAML events,"
  echo "timed beside each command in the same hyperfine run."
  echo
  echo "| what | goal | measured |"
  echo "|---|---|---|"
  echo "| replay of a 20-item Chain, July, text | ≤ 5 ms | $(python3 -c "print('%.1f' % ($t20 * 1000))") ms |"
  echo "| verify of 1,000 generated files | ≥ 1,000 files/s | $rate files/s ($(python3 -c "print('%.2f' % $tv)") s) |"
  for view in json text; do
    if [ "$view" = json ]; then args="--format json"; goal="0.6"; else args="--format text --steps all"; goal="1.2"; fi
    read -r base10 a _ user10 < <(beside "$work/c10k.yaml" "$bin replay $work/c10k.yaml --rules july $args")
    read -r base100 b bmax user100 < <(beside "$work/c100k.yaml" "$bin replay $work/c100k.yaml --rules july $args")
    # shellcheck disable=SC2086
    ma=$(peak "$bin" replay "$work/c10k.yaml" --rules july $args)
    # shellcheck disable=SC2086
    mb=$(peak "$bin" replay "$work/c100k.yaml" --rules july $args)
    echo "| replay of 10,000 items, $args | | $a s ($(ratio "$a" "$base10") × the baseline's $base10 s), $ma MB |"
    echo "| replay of 100,000 items, $args | ≤ $goal × the baseline, ≤ 300 MB | $b s ($(ratio "$b" "$base100") × the baseline's $base100 s; slowest run $bmax s), $mb MB |"
    echo "| time(100,000) / time(10,000), $args | ≤ 11 | $(ratio "$b" "$a") (user time: $(ratio "$user100" "$user10")) |"
  done
  a=$(median 3 "$bin replay $work/c100k.yaml --rules july --format text")
  echo "| replay of 100,000 items, the default compact text view | | $a s, $(peak "$bin" replay "$work/c100k.yaml" --rules july --format text) MB |"
  a=$(median 3 "$bin check $work/c10k.yaml")
  b=$(median 3 "$bin check $work/c100k.yaml")
  echo "| check of 10,000 / 100,000 items | | $a s / $b s, $(peak "$bin" check "$work/c100k.yaml") MB at 100,000 |"
} > "$out"
cat "$out"
