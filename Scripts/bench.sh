#!/usr/bin/env bash
# Benchmark: a release build of casefile over a synthetic case from ../shared/bench/make-case.py,
# run several times; prints each run's wall time and peak memory, then the medians, and the
# cmark-gfm floor (rendering every note with libcmark-gfm alone) for comparison.
#   Scripts/bench.sh [ANIMALS] [RUNS]      (default: 10000 animals and bulletins, 5 runs)
set -euo pipefail
cd "$(dirname "$0")/.."
animals=${1:-10000}
runs=${2:-5}
shared=../shared/bench
work=$(mktemp -d /tmp/casefile-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

Scripts/install-deps.sh --bench
swift build -c release --product casefile >/dev/null
python3 "$shared/make-case.py" "$work/case" --animals "$animals" >/dev/null
notes=$(find "$work/case/notes" -name '*.md' | wc -l)
echo "corpus: make-case.py --animals $animals ($animals animals, $animals bulletins, $notes notes, $(du -sh "$work/case" | cut -f1))"

times=(); mems=()
for i in $(seq 1 "$runs"); do
  rm -rf "$work/site"
  /usr/bin/time -f "%e %M" -o "$work/time" .build/release/casefile build --quiet \
    --content "$work/case" --output "$work/site" --templates Templates 2>"$work/problems" || true
  read -r t m < "$work/time"
  echo "run $i: ${t} s, peak ${m} KiB"
  times+=("$t"); mems+=("$m")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
echo "median: $(median "${times[@]}") s wall, $(median "${mems[@]}") KiB peak RSS over $runs runs"
echo "problems reported: $(grep -c ': \(error\|warning\|note\): ' "$work/problems" || true)"
echo "pages written: $(find "$work/site" -name '*.html' | wc -l), bytes: $(du -sb "$work/site" | cut -f1)"

gcc -O2 -o "$work/cmark-floor" "$shared/cmark-floor.c" $(pkg-config --cflags --libs libcmark-gfm)
find "$work/case/notes" -name '*.md' > "$work/notes.txt"
/usr/bin/time -f "cmark floor: %e s wall, %M KiB peak" "$work/cmark-floor" < "$work/notes.txt"
