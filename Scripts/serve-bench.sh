#!/usr/bin/env bash
# Benchmark of `casefile serve` (release build): the time from a note's write to the reload
# event, and from a save of animals.json with one animal renamed (what the editor saves, 5 saves)
# to the reload event, on the sample case and on a synthetic case from Scripts/make-case.py, and
# a wrk load run (32 connections, 10 s) against the served index page of each; then the editor's
# figures (Scripts/edit-latency.py): opening an edit form, a save to the reload event, a hand
# edit of one record to the reload event, a new record and its deletion to the reload event, and,
# with MEMORY_SAVES=N, serve's resident memory and its peak after 10 saves and after N (on the
# sample).
#   Scripts/serve-bench.sh [ANIMALS] [EDITS]     (default: 10000 animals and bulletins, 9 edits)
# CASEFILE=path/to/casefile runs that binary instead of building (another commit's, to compare).
set -euo pipefail
cd "$(dirname "$0")/.."
bench_tool() { PYTHONPATH=Tools python3 -m casefile_bench "$@"; }  # Tools/casefile_bench: what the benchmarks share
animals=${1:-10000}
edits=${2:-9}
work=$(mktemp -d /tmp/casefile-serve-bench.XXXXXX)
server=""
cleanup() { [ -n "$server" ] && kill -TERM "$server" 2>/dev/null && wait "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

Scripts/install-deps.sh --bench
casefile=${CASEFILE:-.build/release/casefile}
[ -n "${CASEFILE:-}" ] || bench_tool build-release --log "$work/swift-build.log" >/dev/null
cp -R Content "$work/sample"
python3 Scripts/make-case.py "$work/big" --animals "$animals" >/dev/null

bench() {  # NAME CASE-FOLDER
  local name=$1 folder=$2
  "$casefile" serve --content "$folder" --port 0 >"$work/$name.out" 2>"$work/$name.err" &
  server=$!
  local port=""
  for _ in $(seq 1 600); do
    port=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/$name.out" 2>/dev/null | head -1 | cut -d: -f3 || true)
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { echo "$name: the server did not start"; cat "$work/$name.err"; exit 1; }
  local note
  note=$(find "$folder/notes/animals" -name '*.md' | sort | sed -n 1p)
  echo "== $name: $(find "$folder/notes" -name '*.md' | wc -l) notes; editing ${note#"$folder"/}"
  python3 Scripts/reload-latency.py "$port" "$note" --edits "$edits" || { cat "$work/$name.out" "$work/$name.err"; exit 1; }
  local records
  records=$(find "$folder" -maxdepth 1 -name 'animals.*' | head -1)
  echo "-- renaming the first animal in ${records#"$folder"/}"
  python3 Scripts/reload-latency.py "$port" "$records" --rename --edits 5 || { cat "$work/$name.out" "$work/$name.err"; exit 1; }
  grep "^Rebuilt for ${records##*/}" "$work/$name.out" | tail -5 || true
  echo "-- wrk -t2 -c32 -d10s http://127.0.0.1:$port/index.html"
  wrk -t2 -c32 -d10s "http://127.0.0.1:$port/index.html" | tee "$work/$name.wrk"
  grep -q "Non-2xx\|Socket errors" "$work/$name.wrk" && echo "$name: wrk saw errors" || echo "$name: 0 errors"
  echo "-- the editor"
  local memory=0
  [ "$name" = sample ] && memory=${MEMORY_SAVES:-0}
  python3 Scripts/edit-latency.py "$port" "$folder" --saves "$edits" --record-changes 3 --memory-saves "$memory" \
    || { cat "$work/$name.out" "$work/$name.err"; exit 1; }
  echo "rebuilds: $(grep -c '^Rebuilt' "$work/$name.out")"
  kill -TERM "$server"; wait "$server" || true; server=""
}

bench sample "$work/sample"
bench "make-case-$animals" "$work/big"
