#!/usr/bin/env bash
# Benchmark of `casefile validate` (release build) on a synthetic case from
# Scripts/make-case.py. Runs of the two cases below are interleaved; prints each run and the
# medians of wall time, user CPU time and peak RSS.
#   Scripts/bench-validate.sh [ANIMALS] [RUNS] [NOTES]
#   (default: 10000 animals and bulletins, 5 runs, make-case.py's share of records with a note;
#   NOTES=0 leaves notes out, so that loading and the rules are most of the time measured)
# Two cases are measured: the generated one as it is (on make-case.py's cases the record-level
# rules find a few reporter-is-suspect notes), and a clean one: the same with `reporter-is-suspect: off`
# in site.yaml, so that validate reports no problem at all.
set -euo pipefail
cd "$(dirname "$0")/.."
bench_tool() { PYTHONPATH=Tools python3 -m casefile_bench "$@"; }  # Tools/casefile_bench: what the benchmarks share
animals=${1:-10000}
runs=${2:-5}
notes=${3:+--notes $3}
work=$(mktemp -d /tmp/casefile-bench-validate.XXXXXX)
trap 'rm -rf "$work"' EXIT

Scripts/install-deps.sh --bench
bench_tool build-release --log "$work/swift-build.log" >/dev/null
python3 Scripts/make-case.py "$work/case" --animals "$animals" $notes >/dev/null
cp -R "$work/case" "$work/clean"
printf '\nvalidation:\n  rules:\n    reporter-is-suspect: off\n' >> "$work/clean/site.yaml"

median() { bench_tool median --values "$@"; }

for case in case clean; do
  problems=$(.build/release/casefile validate --content "$work/$case" 2>&1 | tail -1)
  echo "== $case: make-case.py --animals $animals $notes; validate says: $problems"
  eval "wall_$case=(); user_$case=(); rss_$case=()"
done
for i in $(seq 1 "$runs"); do
  for case in case clean; do
    /usr/bin/time -f "%e %U %M" -o "$work/time" .build/release/casefile validate --content "$work/$case" >/dev/null 2>&1 || true
    read -r w u m < "$work/time"
    echo "run $i $case: ${w} s wall, ${u} s user, ${m} KiB peak"
    eval "wall_$case+=($w); user_$case+=($u); rss_$case+=($m)"
  done
done
for case in case clean; do
  eval "w=(\"\${wall_$case[@]}\"); u=(\"\${user_$case[@]}\"); m=(\"\${rss_$case[@]}\")"
  echo "median $case: $(median "${w[@]}") s wall, $(median "${u[@]}") s user, $(median "${m[@]}") KiB peak RSS over $runs runs"
done
