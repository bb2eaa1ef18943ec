#!/usr/bin/env bash
# Benchmark of `casefile build` (release) on synthetic cases from Scripts/make-case.py, beside
# the floor (Scripts/cmark-floor.c: the same notes rendered by libcmark-gfm alone, one thread)
# and, when hugo is installed, beside Hugo building the equivalent site (Scripts/hugo-site.py
# writes it; its docstring says what "equivalent" means).
#
#   Scripts/bench.sh [--quick] [--static] [RUNS]
#
# It installs what it needs (Scripts/install-deps.sh --bench), builds the release binary, writes
# the 10k case (make-case.py defaults: 10,000 animals, 10,000 bulletins, 200 fruits, 20,000
# notes) and the 100k case (--animals 100000 --bulletins 100000 --notes 0.2; left out with
# --quick), then runs RUNS rounds (default 5), each one run of every target in turn: the floor,
# casefile build on 10k, store-10k (the files casefile-10k just wrote, read into memory and written
# again into an empty folder by Tools/casefile_bench/store.py, one thread, the writing alone timed:
# what storing the site's bytes costs on this machine, whatever made them; its folder is removed
# once timed, and it has no peak RSS of its own), the build in German (language: de, the case's
# other files the same bytes), casefile publish on 10k into an empty folder, publish again over that
# (republish), hugo on 10k, casefile --jobs 1 on 10k and, in the first min(RUNS, 3) rounds, build
# and publish on 100k. Interleaving spreads the machine's other load over every target alike. Each
# run is measured with /usr/bin/time (wall, user + system CPU, peak RSS) into an empty output folder
# (the republish into the publish's), on a tmpfs (/dev/shm) unless BENCH_OUT names another place
# (see below why). It prints every run, then each target's medians and the ratios casefile-10k /
# floor, store-10k / floor and / casefile-10k, hugo-10k / casefile-10k, casefile-100k / casefile-10k
# and each publish / its build, then a Markdown table of the medians for the README's Speed table
# and the targets (Tools/casefile_bench/targets.py: the 10k build within 1.5x the floor's wall time,
# and never past 2x; --jobs 1 within 2.5x; the 100k build within 10x the 10k and 600 MB of peak RSS;
# publish within 1.2x its build, republish 1.3x), each with whether it holds.
# The cases go into one mktemp -d folder in /tmp and the outputs into one beside them
# (or under BENCH_OUT); both are removed on exit. The release build, the medians and the targets
# come from the benchmarks' shared package, Tools/casefile_bench.
#
#   BENCH_OUT=/tmp Scripts/bench.sh --quick 3     # the outputs on /tmp's file system instead
#
# --static adds casefile-10k-static: the same build by the Debian package's binary (the Swift
# runtime and Foundation linked statically; Scripts/package.sh builds it into .build-deb, run it
# first), in the same rounds, and after the rounds the startup of both binaries (--version,
# hyperfine -N, 300 runs each).
set -euo pipefail
cd "$(dirname "$0")/.."
bench_tool() { PYTHONPATH=Tools python3 -m casefile_bench "$@"; }  # Tools/casefile_bench: what the benchmarks share

quick=0
static=0
runs=""
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1 ;;
    --static) static=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    ''|*[!0-9]*) echo "usage: Scripts/bench.sh [--quick] [--static] [RUNS]" >&2; exit 64 ;;
    *) runs=$arg ;;
  esac
done
runs=${runs:-5}
[ "$runs" -ge 1 ] || { echo "RUNS must be at least 1" >&2; exit 64; }
runs_100k=$(( runs < 3 ? runs : 3 ))
[ "$quick" = 1 ] && runs_100k=0

work=$(mktemp -d /tmp/casefile-bench.XXXXXX)
# The runs' output folders: on a tmpfs (/dev/shm) when there is one, or under BENCH_OUT. A run
# writes into an emptied folder, so on a disk file system the files of the run before were just
# deleted; ext4 without a journal (this project's CI machines) then scans past every inode freed
# in the last minutes each time it creates a file (find_inode_bit, recently_deleted), which made
# the 478 files of the 10k case cost 0.15-0.3 s more than the same bytes on a journaled disk or
# a tmpfs. Writing into the page cache is what every target pays alike; that quirk is not.
out_base=${BENCH_OUT:-/dev/shm}
[ -d "$out_base" ] && [ -w "$out_base" ] || out_base=$work
outs=$(mktemp -d "$out_base/casefile-bench-out.XXXXXX")
trap 'rm -rf "$work" "$outs"' EXIT
trap 'exit 130' INT TERM

Scripts/install-deps.sh --bench
have_hugo=0
command -v hugo >/dev/null && have_hugo=1

echo "== building the release binary (swift build -c release --product casefile)"
casefile=$(bench_tool build-release --log "$work/swift-build.log")
static_casefile=.build-deb/release/casefile
if [ "$static" = 1 ] && [ ! -x "$static_casefile" ]; then
  echo "--static: no $static_casefile; run Scripts/package.sh first" >&2
  exit 1
fi

echo "== writing the cases with Scripts/make-case.py"
python3 Scripts/make-case.py "$work/case-10k"
# The same case in German: the same seed writes the same bytes, only site.yaml differs.
python3 Scripts/make-case.py "$work/case-10k-de" --language de
[ "$quick" = 1 ] || python3 Scripts/make-case.py "$work/case-100k" --animals 100000 --bulletins 100000 --notes 0.2
gcc -O2 -o "$work/cmark-floor" Scripts/cmark-floor.c $(pkg-config --cflags --libs libcmark-gfm)
find "$work/case-10k/notes" -name '*.md' | sort > "$work/notes-10k.txt"
if [ "$have_hugo" = 1 ]; then
  python3 Scripts/hugo-site.py "$work/case-10k" "$work/hugo-10k"
fi

# The targets, in the order of each round. Each is a name and a shell command; OUT is the
# output folder, emptied before each run.
targets=(floor casefile-10k store-10k casefile-10k-de casefile-10k-publish casefile-10k-republish)
[ "$static" = 1 ] && targets+=(casefile-10k-static)
[ "$have_hugo" = 1 ] && targets+=(hugo-10k)
targets+=(casefile-10k-jobs1)
[ "$runs_100k" -gt 0 ] && targets+=(casefile-100k casefile-100k-publish)

command_for() {  # NAME -> the command line that runs it, for the log and the table
  case "$1" in
    floor) echo "cmark-floor < notes list" ;;
    casefile-10k) echo "casefile build --quiet --content case-10k --output OUT" ;;
    store-10k) echo "casefile_bench store OUT-of-casefile-10k OUT (its files written again, one thread)" ;;
    casefile-10k-de) echo "casefile build --quiet --content case-10k-de --output OUT (language: de)" ;;
    casefile-10k-static) echo "casefile build --quiet --content case-10k --output OUT (the package's static binary)" ;;
    casefile-10k-jobs1) echo "casefile build --quiet --jobs 1 --content case-10k --output OUT" ;;
    casefile-100k) echo "casefile build --quiet --content case-100k --output OUT" ;;
    casefile-10k-publish) echo "casefile publish --content case-10k --output OUT (OUT empty)" ;;
    casefile-10k-republish) echo "casefile publish --content case-10k --output OUT (OUT the publish before)" ;;
    casefile-100k-publish) echo "casefile publish --content case-100k --output OUT (OUT empty)" ;;
    hugo-10k) echo "hugo --quiet -s hugo-10k -d OUT" ;;
  esac
}

run_target() {  # NAME: one measured run; appends "wall cpu rss" to $work/NAME.runs
  local name=$1 out="$outs/out-$1" status=0
  # A republish goes over the publish just before it in the round; every other run starts empty.
  if [ "$name" = casefile-10k-republish ]; then out="$outs/out-casefile-10k-publish"; else rm -rf "$out"; fi
  sync
  case "$name" in
    floor)
      /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$work/cmark-floor" \
        < "$work/notes-10k.txt" > "$work/$name.stdout" 2> "$work/$name.stderr" || status=$? ;;
    casefile-10k|casefile-10k-de|casefile-100k)
      /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$casefile" build --quiet \
        --content "$work/case-${name#casefile-}" --output "$out" > "$work/$name.stdout" 2> "$work/$name.stderr" || status=$? ;;
    casefile-10k-publish|casefile-10k-republish|casefile-100k-publish)
      local size=${name#casefile-}
      /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$casefile" publish --content "$work/case-${size%%-*}" --output "$out" \
        > "$work/$name.stdout" 2> "$work/$name.stderr" || status=$? ;;
    casefile-10k-static)
      /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$static_casefile" build --quiet \
        --content "$work/case-10k" --output "$out" > "$work/$name.stdout" 2> "$work/$name.stderr" || status=$? ;;
    store-10k)
      bench_tool store "$outs/out-casefile-10k" "$out" --time "$work/time" \
        > "$work/$name.stdout" 2> "$work/$name.stderr" || status=$?
      rm -rf "$out" ;;  # 500 MB that nothing reads: not kept on the tmpfs through the rounds
    casefile-10k-jobs1)
      /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$casefile" build --quiet --jobs 1 \
        --content "$work/case-10k" --output "$out" > "$work/$name.stdout" 2> "$work/$name.stderr" || status=$? ;;
    hugo-10k)
      /usr/bin/time -f '%e %U %S %M' -o "$work/time" hugo --quiet -s "$work/hugo-10k" -d "$out" \
        > "$work/$name.stdout" 2> "$work/$name.stderr" || status=$? ;;
  esac
  if [ "$status" -ne 0 ]; then
    echo "$name failed (exit status $status):" >&2
    tail -20 "$work/$name.stderr" >&2
    exit 1
  fi
  local wall user sys rss
  read -r wall user sys rss < <(tail -1 "$work/time")
  local cpu
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  echo "$wall $cpu $rss" >> "$work/$name.runs"
  printf '  %-20s %7.2f s wall %7.2f s CPU %8.1f MiB peak\n' "$name" "$wall" "$cpu" "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')"
}

echo "== $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $runs rounds (100k case in $runs_100k)"
echo "   outputs in $outs ($(stat -f -c %T "$outs"))"
[ "$have_hugo" = 1 ] && echo "   $(hugo version | cut -d' ' -f1-2)" || echo "   hugo is not installed: no Hugo comparison"
for round in $(seq 1 "$runs"); do
  echo "round $round"
  for name in "${targets[@]}"; do
    case "$name" in casefile-100k*) [ "$round" -gt "$runs_100k" ] && continue ;; esac
    run_target "$name"
  done
done

median() { bench_tool median --column "$1" "$2"; }  # COLUMN FILE: the median of that column of the runs file
# A figure of 0 is one not measured (store-10k's peak RSS): "n/a" and "—" rather than 0.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b; else print "n/a" }'; }
mib() { awk -v k="$1" 'BEGIN { if (k > 0) printf "%.0f", k / 1024; else print "—" }'; }
times() { local r; r=$(ratio "$1" "$2"); [ "$r" = n/a ] && echo "$r" || echo "${r}x"; }  # A B: "2.83x"

declare -A wall cpu rss count
for name in "${targets[@]}"; do
  wall[$name]=$(median 1 "$work/$name.runs")
  cpu[$name]=$(median 2 "$work/$name.runs")
  rss[$name]=$(median 3 "$work/$name.runs")
  count[$name]=$(wc -l < "$work/$name.runs")
done

describe() {  # NAME: what went in and came out
  case "$1" in
    floor) echo "$(cat "$work/floor.stdout")" ;;
    casefile-10k|casefile-10k-de|casefile-10k-static|casefile-10k-jobs1|casefile-100k|casefile-10k-publish|casefile-10k-republish|casefile-100k-publish)
      local out="$outs/out-$1" problems
      [ "$1" = casefile-10k-republish ] && out="$outs/out-casefile-10k-publish"
      problems=$(grep -c ': \(error\|warning\|note\): ' "$work/$1.stderr" || true)
      echo "$(find "$out" -name '*.html' | wc -l) pages, $(du -sb "$out" | awk '{ printf "%.0f MB", $1 / 1e6 }'), $problems problems reported" ;;
    store-10k) echo "$(cat "$work/store-10k.stdout"), the writing timed alone" ;;
    hugo-10k)
      echo "$(find "$outs/out-hugo-10k" -name '*.html' | wc -l) pages, $(du -sb "$outs/out-hugo-10k" | awk '{ printf "%.0f MB", $1 / 1e6 }')" ;;
  esac
}

echo
echo "== medians"
for name in "${targets[@]}"; do
  printf '%-20s %7.2f s wall %7.2f s CPU %6s MiB peak RSS  (%d runs; %s)\n' "$name" "${wall[$name]}" "${cpu[$name]}" \
    "$(mib "${rss[$name]}")" "${count[$name]}" "$(describe "$name")"
done
echo
echo "== ratios (wall / CPU / peak RSS)"
show_ratio() {  # LABEL A B
  [ -n "${wall[$2]:-}" ] && [ -n "${wall[$3]:-}" ] || return 0
  printf '%-30s %7s wall %7s CPU %7s RSS\n' "$1" "$(times "${wall[$2]}" "${wall[$3]}")" \
    "$(times "${cpu[$2]}" "${cpu[$3]}")" "$(times "${rss[$2]}" "${rss[$3]}")"
}
show_ratio "casefile-10k / floor" casefile-10k floor
show_ratio "store-10k / floor" store-10k floor
show_ratio "store-10k / casefile-10k" store-10k casefile-10k
show_ratio "casefile-10k-de / casefile-10k" casefile-10k-de casefile-10k
show_ratio "casefile-10k-static / casefile-10k" casefile-10k-static casefile-10k
show_ratio "hugo-10k / casefile-10k" hugo-10k casefile-10k
show_ratio "casefile-10k-jobs1 / casefile-10k" casefile-10k-jobs1 casefile-10k
show_ratio "casefile-100k / casefile-10k" casefile-100k casefile-10k
show_ratio "casefile-10k-publish / casefile-10k" casefile-10k-publish casefile-10k
show_ratio "casefile-10k-republish / casefile-10k" casefile-10k-republish casefile-10k
show_ratio "casefile-100k-publish / casefile-100k" casefile-100k-publish casefile-100k

echo
echo "== for the README ($(date -u +%Y-%m-%d), $(nproc) cores, medians of the runs shown)"
echo
echo "| target | what | wall | CPU (user+sys) | peak RSS | vs casefile 10k (wall) |"
echo "|---|---|---|---|---|---|"
for name in "${targets[@]}"; do
  printf '| %s | `%s` | %.2f s | %.2f s | %s MiB | %s |\n' "$name" "$(command_for "$name")" "${wall[$name]}" "${cpu[$name]}" \
    "$(mib "${rss[$name]}")" "$( [ "$name" = casefile-10k ] && echo 1 || echo "$(ratio "${wall[$name]}" "${wall[casefile-10k]}")")×"
done
echo
echo "== the targets"
build_ratio=$(ratio "${wall[casefile-10k]}" "${wall[floor]}")
target() { bench_tool target "$@"; }  # NAME FIGURE
target build-vs-floor "$build_ratio"
target build-ceiling "$build_ratio"
target jobs1-vs-floor "$(ratio "${wall[casefile-10k-jobs1]}" "${wall[floor]}")"
target publish "$(ratio "${wall[casefile-10k-publish]}" "${wall[casefile-10k]}")"
target republish "$(ratio "${wall[casefile-10k-republish]}" "${wall[casefile-10k]}")"
if [ "$runs_100k" -gt 0 ]; then
  target scale-100k "$(ratio "${wall[casefile-100k]}" "${wall[casefile-10k]}")"
  target peak-100k "$(awk -v k="${rss[casefile-100k]}" 'BEGIN { printf "%.0f", k * 1024 / 1e6 }')"
  target publish-100k "$(ratio "${wall[casefile-100k-publish]}" "${wall[casefile-100k]}")"
else
  for name in scale-100k peak-100k publish-100k; do target "$name" n/a; done
fi

if [ "$static" = 1 ]; then
  echo
  echo "== startup: casefile --version (hyperfine -N, 300 runs each, medians)"
  hyperfine -N -w 20 -r 300 --export-json "$work/startup.json" "$casefile --version" "$static_casefile --version" >/dev/null
  python3 -c 'import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print("%-45s %6.2f ms median" % (r["command"], r["median"] * 1000))' "$work/startup.json"
  echo "binaries: $(stat -c %s "$casefile") bytes dynamic (plus the toolchain libraries it loads), $(stat -c %s "$static_casefile") bytes static, unstripped"
fi
