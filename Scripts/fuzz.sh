#!/usr/bin/env bash
# Fuzzes what reads untrusted bytes, with libFuzzer and AddressSanitizer through the Swift
# toolchain: the loader (site.yaml and collections in YAML or JSON, then validation), the
# Markdown renderer, publish's HTML checks and the editor's byte edits (the targets are in Fuzz/).
#
#   Scripts/fuzz.sh [SECONDS] [TARGET...]     TARGET: loader, markdown, html, edits (default: all four)
#
# Runs each target for SECONDS (default 60), then prints, per target, the executions, executions
# per second, corpus size and crashes found (a crash, a timeout past 10 s, running out of memory or
# a leak). Exits 1 when any target found one: the inputs are in .build-fuzz/findings/TARGET/, and
# `.build-fuzz/release/FuzzX FILE` replays one. Everything lives in .build-fuzz/: the build, the
# seeds (made again each run by Scripts/fuzz-seeds.py from Content/ and the tests), and the
# corpus each target grew, which the next run starts from (FUZZ_SCRATCH names another folder).
# Runs under `nice`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(loader markdown html edits)

Scripts/install-deps.sh
command -v python3 >/dev/null || { echo "fuzz.sh: python3 is needed for the seeds" >&2; exit 2; }

scratch=${FUZZ_SCRATCH:-.build-fuzz}
# `--sanitize=fuzzer` makes SwiftPM link the targets without a `main` of their own (libFuzzer's
# runs). AddressSanitizer is added through -Xswiftc: the Swift driver keeps only the last of
# several `-sanitize=` flags, so SwiftPM's `--sanitize=fuzzer --sanitize=address` would leave the
# Swift code without coverage; `-sanitize=fuzzer,address` in one flag, given last, keeps both.
echo "Building the fuzz targets (release, libFuzzer + AddressSanitizer) in $scratch" >&2
build_start=$SECONDS
nice swift build --package-path Fuzz --scratch-path "$scratch" -c release --sanitize=fuzzer \
  -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=address 2>&1 \
  | grep -v "Cannot export local symbol '__asan_extra_spill_area'" >&2
echo "Built in $((SECONDS - build_start)) s" >&2

# Seeds: the sample's pages too, when a casefile binary is at hand to build them.
site=""
for bin in "${CASEFILE_BIN:-}" .build/debug/casefile .build/release/casefile; do
  if [ -n "$bin" ] && [ -x "$bin" ]; then
    site="$scratch/sample-site"
    "$bin" build --quiet --content Content --output "$site" >/dev/null 2>&1 || site=""
    break
  fi
done
rm -rf "$scratch/seeds"
python3 Scripts/fuzz-seeds.py "$scratch/seeds" $site >&2

# A trap is reported by libFuzzer and AddressSanitizer; Swift's own backtracer, which would read
# the crashed process's memory under AddressSanitizer, only adds a false report after it.
export SWIFT_BACKTRACE=enable=no
declare -A binary=([loader]=FuzzLoader [markdown]=FuzzMarkdown [html]=FuzzHTMLCheck [edits]=FuzzEdits)
# The edits start from the loader's seeds (a file's bytes after a selector byte: the second byte
# of each then chooses the record and field, and the rest is the file, less its first byte).
declare -A seeds=([edits]=loader)
# The loader validates on Swift's task pool, which frees a task's memory on its own thread after
# the input returned: libFuzzer then sees more allocations than frees after every input and runs
# a full leak scan each time (50 times slower). Its leaks are checked once, at the end of the run.
declare -A extra=([loader]=-detect_leaks=0 [markdown]=-detect_leaks=1 [html]=-detect_leaks=1 [edits]=-detect_leaks=1)
rows=()
failed=0
for target in "${targets[@]}"; do
  exe="$scratch/release/${binary[$target]:?unknown target $target (loader, markdown, html, edits)}"
  corpus="$scratch/corpus/$target"
  findings="$scratch/findings/$target"
  log="$scratch/logs/$target.log"
  mkdir -p "$corpus" "$findings" "$(dirname "$log")"
  before=$(ls "$findings" | wc -l)
  echo "Fuzzing $target for $seconds s (log: $log)" >&2
  status=0
  nice "$exe" "${extra[$target]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    -print_final_stats=1 -artifact_prefix="$findings/" "$corpus" "$scratch/seeds/${seeds[$target]:-$target}" >"$log" 2>&1 || status=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  found=$(( $(ls "$findings" | wc -l) - before ))
  if [ "$status" -ne 0 ] && [ "$found" -eq 0 ]; then found=1; fi  # stopped by something it could not save
  if [ "$found" -gt 0 ]; then
    failed=1
    grep -m1 -E "ERROR: |Fatal error|deadly signal|timeout" "$log" >&2 || tail -5 "$log" >&2
  fi
  rows+=("$(printf '%-9s %12s %9s %8s %8s' "$target" "${execs:-?}" "${rate:-?}" "$(ls "$corpus" | wc -l)" "$found")")
done

printf '%-9s %12s %9s %8s %8s\n' target executions "exec/s" corpus crashes
printf '%s\n' "${rows[@]}"
if [ "$failed" -ne 0 ]; then
  echo "fuzz.sh: crashes found; the inputs are in $scratch/findings/" >&2
  exit 1
fi
