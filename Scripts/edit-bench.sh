#!/usr/bin/env bash
# Benchmark of the editor's save (release build) on the 10k case of Scripts/make-case.py: a
# record near the end of animals.json (3.6 MB of JSON, 10,000 animals) given a new name, RUNS
# times (default 15), by Benchmarks/EditBench through the real API:
#   - engine: a `SourceEditor` made of the bytes (parse, decode), then its `set` (splice, read
#     back), nothing written;
#   - save: `RecordEditor.submit` as the form posts it, from the post to the answer that
#     reloads the page (the record read again, the edit, the rules of `casefile validate`, the
#     atomic write and the preview's rebuild).
# It prints each run and the medians.
#
#   Scripts/edit-bench.sh [RUNS] [ANIMALS]      (default: 15 runs, 10000 animals and bulletins)
set -euo pipefail
cd "$(dirname "$0")/.."
bench_tool() { PYTHONPATH=Tools python3 -m casefile_bench "$@"; }  # Tools/casefile_bench: what the benchmarks share
runs=${1:-15}
animals=${2:-10000}
work=$(mktemp -d /tmp/casefile-edit-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

echo "== building EditBench and casefile (swift build -c release)"
bench_tool build-release --product EditBench --log "$work/swift-build.log" >/dev/null
python3 Scripts/make-case.py "$work/case" --animals "$animals" --bulletins "$animals" >/dev/null
echo "== $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $runs runs"
.build/release/EditBench "$work/case" "$runs"
