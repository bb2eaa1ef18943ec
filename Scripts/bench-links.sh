#!/usr/bin/env bash
# Timing of `casefile build` (release) on the sample case with one huge note: a check that
# the cost stays linear in the note's size (every case link's column was once counted from its
# line's start).
#   Scripts/bench-links.sh [BINARY…]   (default: .build/release/casefile, built if missing)
#   TIMEOUT=seconds (default 600) stops a build that takes longer, reported as "killed".
# Each binary builds each case once; prints wall seconds and peak RSS, and the build's last line.
# The cases (all with the note at Content/notes/animals/cat.md):
#   one-line      5 MB on one line, a case link every ~20 bytes (valid ids, some multi-byte text)
#   many-lines    100,000 short lines, each with a case link
#   broken-line   100,000 links to 100,000 unknown ids on one line (a diagnostic each)
#   broken-lines  100,000 lines, each a link to an unknown id
set -euo pipefail
cd "$(dirname "$0")/.."
bench_tool() { PYTHONPATH=Tools python3 -m casefile_bench "$@"; }  # Tools/casefile_bench: what the benchmarks share
binaries=("$@")
if [ ${#binaries[@]} -eq 0 ]; then
  [ -x .build/release/casefile ] || bench_tool build-release >/dev/null
  binaries=(.build/release/casefile)
fi
work=$(mktemp -d /tmp/casefile-bench-links.XXXXXX)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import os, shutil, sys
work = sys.argv[1]
def case(name, text):
    shutil.copytree("Content", f"{work}/{name}")
    with open(f"{work}/{name}/notes/animals/cat.md", "w", encoding="utf-8") as f:
        f.write(text)
units = ["[x](animal:fish) ", "[b](bulletin:b-orchard-elstar) ", "café [y](animal:dove) ", "🐟 [f](fruit:elstar) "]
parts, size, i = [], 0, 0
while size < 5_000_000:
    u = units[i % len(units)]; parts.append(u); size += len(u.encode()); i += 1
case("one-line", "".join(parts) + "\n")
case("many-lines", "".join(f"é [x](animal:fish) {i}\n" for i in range(100_000)))
case("broken-line", "".join(f"[x](animal:ghost-{i}) " for i in range(100_000)) + "\n")
case("broken-lines", "".join(f"é [x](animal:ghost-{i})\n" for i in range(100_000)))
PY

for name in one-line many-lines broken-line broken-lines; do
  echo "== $name ($(wc -c < "$work/$name/notes/animals/cat.md") bytes)"
  for bin in "${binaries[@]}"; do
    rm -rf "$work/out"
    /usr/bin/time -f "%e %M" -o "$work/time" timeout "${TIMEOUT:-600}" "$bin" build --content "$work/$name" --output "$work/out" \
      > "$work/log" 2>&1 || true
    read -r wall rss < <(tail -1 "$work/time") || true
    last=$(grep -v '^\s*$' "$work/log" | tail -1 | cut -c1-120 || true)
    grep -q "status 124" "$work/time" && last="killed after ${TIMEOUT:-600} s"
    echo "$bin: ${wall} s wall, ${rss} KiB peak; $last"
  done
done
