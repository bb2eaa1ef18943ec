#!/usr/bin/env bash
# Runs the Swift Testing suites under a sanitizer: ThreadSanitizer (data races: the parallel
# renderer, the notes finished side by side, the preview server) or AddressSanitizer with
# LeakSanitizer (memory errors and leaks, the cmark-gfm wrapper's above all).
#
#   Scripts/sanitize.sh [thread|address] [swift test arguments…]     (default: both, one after the other)
#
# Each sanitizer builds into a scratch folder of its own (.build-tsan, .build-asan), so the normal
# build is left alone; the first build of each takes several minutes. Prints each run's wall
# time; exits non-zero when a test fails or the sanitizer reports anything.
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=(thread address)
case "${1:-}" in
  thread|address) kinds=("$1"); shift ;;
  "" ) ;;
  -*) ;;
  *) echo "usage: Scripts/sanitize.sh [thread|address] [swift test arguments…]" >&2; exit 64 ;;
esac
Scripts/install-deps.sh

# Stop at the first report, with the stacks that make it readable. The suppressions file holds
# only what is not this project's code and cannot be fixed here; each entry says why.
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
# The sanitizer's allocator serves the program: Package.swift links jemalloc only when this is
# not set (two allocators in one process free each other's memory).
export CASEFILE_SANITIZER=1
export ASAN_OPTIONS="detect_leaks=1 halt_on_error=1 ${ASAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt print_suppressions=0 ${LSAN_OPTIONS:-}"

# The sanitizer reports a crash; Swift's backtracer, reading memory under AddressSanitizer, would
# only add a false report after it.
export SWIFT_BACKTRACE=enable=no

status=0
for kind in "${kinds[@]}"; do
  scratch=".build-${kind:0:1}san"
  start=$SECONDS
  # SwiftPM 6.3 cannot reuse the build plan it saved for a sanitizer build: a second run on the
  # same scratch folder stops at "unknown build description" (so does `swift test --skip-build`
  # after `swift build --build-tests`). Without the plan it plans again; what was compiled stays.
  rm -f "$scratch"/*/debug/description.json
  if nice swift test --sanitize="$kind" --scratch-path "$scratch" "$@" \
      2> >(grep -v "Cannot export local symbol '__asan_extra_spill_area'" >&2); then
    echo "sanitize.sh: $kind: built and passed in $((SECONDS - start)) s" >&2
  else
    status=1
    echo "sanitize.sh: $kind: FAILED after $((SECONDS - start)) s" >&2
  fi
done
exit $status
