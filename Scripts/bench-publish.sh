#!/usr/bin/env bash
# Benchmark: `casefile publish` against `casefile build` on the same synthetic case (release
# binary, Scripts/make-case.py), alternating, RUNS times each; prints each run's wall
# time, CPU time (user + system: steadier than wall time on a busy machine), peak memory
# (/usr/bin/time -v) and publish's own check time, then the medians.
#   Scripts/bench-publish.sh [ANIMALS] [RUNS]      (default: 10000 animals and bulletins, 3 runs)
set -euo pipefail
cd "$(dirname "$0")/.."
animals=${1:-10000}
runs=${2:-3}
work=$(mktemp -d /tmp/casefile-bench-publish.XXXXXX)
trap 'rm -rf "$work"' EXIT

Scripts/install-deps.sh --bench
swift build -c release --product casefile >/dev/null
python3 Scripts/make-case.py "$work/case" --animals "$animals" >/dev/null
echo "corpus: make-case.py --animals $animals ($(du -sh "$work/case" | cut -f1))"

measure() {  # measure COMMAND…: prints "wall cpu KiB"
  /usr/bin/time -v -o "$work/time" "$@" >"$work/out" 2>"$work/err" || true
  local wall cpu mem
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,p,":"); s=0; for(i=1;i<=n;i++) s=s*60+p[i]; print s}' "$work/time")
  cpu=$(awk -F': ' '/(User|System) time \(seconds\)/ {s+=$2} END {print s}' "$work/time")
  mem=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time")
  echo "$wall $cpu $mem"
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

bt=(); bc=(); bm=(); pt=(); pc=(); pm=(); ct=()
for i in $(seq 1 "$runs"); do
  rm -rf "$work/site"
  read -r t c m < <(measure .build/release/casefile build --quiet --content "$work/case" --output "$work/site" --templates Templates)
  echo "run $i build:   ${t} s wall, ${c} s CPU, peak ${m} KiB"; bt+=("$t"); bc+=("$c"); bm+=("$m")
  read -r t c m < <(measure .build/release/casefile publish --content "$work/case" --output "$work/public" --templates Templates)
  checks=$(sed -n 's/.*(checks \([0-9.]*\) s).*/\1/p' "$work/out")
  echo "run $i publish: ${t} s wall, ${c} s CPU, peak ${m} KiB (checks ${checks:-?} s) — $(tail -1 "$work/out")"
  pt+=("$t"); pc+=("$c"); pm+=("$m"); ct+=("${checks:-0}")
done
echo "median build:   $(median "${bt[@]}") s wall, $(median "${bc[@]}") s CPU, $(median "${bm[@]}") KiB peak RSS over $runs runs"
echo "median publish: $(median "${pt[@]}") s wall, $(median "${pc[@]}") s CPU, $(median "${pm[@]}") KiB peak RSS, checks $(median "${ct[@]}") s, over $runs runs"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "site: $(find "$work/public" -name '*.html' | wc -l) pages, $(du -sb "$work/public" | cut -f1) bytes"
