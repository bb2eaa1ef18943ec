#!/usr/bin/env python3
"""What a phone reader waits for on Casefile's pages: load, a row's selection, a filter chip.

    reader-bench.py [--binary PATH]... [--label L]... [--site DIR]... [--case DIR]
                    [--runs 3] [--pages home,suspects-later,bulletins,validation,listing,record]
                    [--json OUT] [--markdown] [--quick] [--keep] [--no-trace]

The pages have no script, so everything a reader waits for is the browser's own work: parsing,
style, layout and paint of a large document, and the restyle that a `:target` selection or a
`:checked` chip sets off. This script measures that in headless Chromium, driven over the Chrome
DevTools Protocol (CDP) directly, with no WebDriver in between.

Steps
  1. The case: `Scripts/make-case.py OUT --animals 10000 --bulletins 10000` (its other defaults),
     cached in the temp folder as casefile-reader-bench-case-10k-<hash of make-case.py> and
     reused from there; or any case folder given with --case (e.g. the sample, Content/).
  2. The sites: `BINARY build --content CASE --output SITE` for each --binary (default
     .build/release/casefile), or sites built already, given with --site. They are labelled by
     --label, in the order given (binaries first, then sites), or "A", "B", ...
  3. Each site is served by an in-process ThreadingHTTPServer on 127.0.0.1 (port 0, loopback
     only), with `Content-Encoding: gzip` (level 6) when the request accepts it, as a real static
     host would; the compressed bytes are cached so compression time is not measured.
  4. Page kinds: home (index.html), suspects-later (suspects/page-2.html, or the second page
     file under suspects/), bulletins (bulletins/index.html), validation
     (validation/index.html), listing (the largest .html file under any `by` folder), record
     (the largest suspect's own page, suspects/id/*.html: no table, so no taps). The file
     used for each site is printed.
  5. For each page kind and site:
     - HTML bytes, raw and gzip (level 6), and the element count after load, from one
       unthrottled load at 390x844 that also reads the layout facts: the first table row's top
       (px, and % of the viewport height), the table cells whose right edge is past the
       document's clientWidth, and whether the document scrolls sideways.
     - Mobile, after Lighthouse's mobile profile (below), cold loads (cache disabled, a fresh
       browser context for every measurement):
         FCP and LCP, from a PerformanceObserver that Page.addScriptToEvaluateOnNewDocument
           injects (benchmark instrumentation only: the pages have none); LCP is read after
           load and a settle delay, before any input (input ends LCP).
         select INP: the first `[data-table] a[data-select]` whose centre is in the viewport
           (scrolled to the centre if none is) is tapped with Input.dispatchTouchEvent
           (touchStart + touchEnd, which the browser turns into pointerdown, pointerup and
           click). Its INP is the largest `duration` among the Event Timing entries
           (observed with durationThreshold 16, plus first-input) of that interaction, read
           1.5 s later (polled a little longer if none arrived yet). The tap counts only if
           location.hash became the link's fragment; "failed" otherwise. "<16" means no entry
           reached the 16 ms threshold. "no paint (≥N)" means the tap changed nothing on
           screen: headless Chromium then draws no frame and the entries wait for whatever
           frame comes next (seconds later), so the script forces one with a screenshot, and a
           click whose "next paint" ends more than 150 ms after the page's main thread was
           free again (Runtime.evaluate runs only between tasks) is reported that way, N being
           the input delay plus processing, the part that is known.
         chip INP: after a fresh load, the first visible `label.cf-chip` is tapped the same
           way; it counts only if its checkbox is then checked. If the chips are behind a
           disclosure (a `details` around them, a `[data-filter-toggle]` -- through its
           label when it is a hidden checkbox -- or a `summary` whose details holds them),
           that is tapped first and measured as "filters INP"; it counts only if a chip then
           shows.
         Around the select and chip taps a trace (Tracing.start, categories devtools.timeline
           and disabled-by-default-devtools.timeline, ReturnAsStream) gives the restyle: the sum
           of `elementCount` over UpdateLayoutTree events (the old name RecalculateStyles too),
           their total duration, and Layout's total duration and dirtyObjects (totalObjects in
           the JSON). Only the page's renderer process is counted.
     - Wide: 1280x800, mobile false, no CPU or network throttling, mouse clicks
       (Input.dispatchMouseEvent mouseMoved, then mousePressed/mouseReleased, left, clickCount
       1): select INP and chip INP, measured and verified as above (no trace).
  6. Every mobile and wide measurement is repeated --runs times, alternating between the sites
     (A, B, A, B, ...) since the machine is shared and noisy; the tables give the median and
     (min–max). --json writes every raw figure; --markdown prints the tables in Markdown too.
  7. Last, each page's select and chip INP (the median of the runs that worked) against the
     targets (Tools/casefile_bench/targets.py): on the phone 120 ms to select, 60 ms
     to tick a chip; 30 ms for either wide.

The mobile profile (Lighthouse's "mobile slow 4G" preset, applied with DevTools throttling)
  Emulation.setDeviceMetricsOverride  width 390, height 844, deviceScaleFactor 1 (Lighthouse
                                      uses 3; 1 keeps rasterisation cheap), mobile true
  Emulation.setTouchEmulationEnabled  enabled, maxTouchPoints 5
  Emulation.setCPUThrottlingRate      rate 4
  Network.emulateNetworkConditions    latency 150 ms per request,
                                      downloadThroughput 184,320 bytes/s
                                        (1,638,400 bit/s / 8 * 0.9: 1.6 Mbit/s less 10 %),
                                      uploadThroughput 84,375 bytes/s
                                        (750,000 bit/s / 8 * 0.9: 750 kbit/s less 10 %)
  Network.setCacheDisabled            true (every load is cold)
Lighthouse's own DevTools throttling multiplies the latency by 3.75 (562.5 ms) to stand for the
round trips of a connection; this script keeps the simulated 150 ms, so a real phone on such a
network would see FCP later by a few round trips; the INP figures do not depend on the network.

Waits: the settle delay after load is 1 s (two frames first), 1.5 s after a mobile tap and 0.5 s
after a wide click; every wait and every CDP call has a timeout, and chromium (its own process
group), the servers and the temp folders are cleaned up at exit (--keep keeps the folders).

The Chromium launcher, the DevTools client, the gzip server, the trace's sums, the rounds and the
tables are the benchmarks' shared package, Tools/casefile_bench (the browser suite takes its
Chromium binary from there too); so are this benchmark's own parts: one page's load, taps and
facts (reader_page.py, with the scripts it runs in the page, reader_js.py) and its tables
(reader_report.py).

Needs Python 3.11, /usr/bin/chromium (or --chromium, or CASEFILE_CHROMIUM) and websocket-client
(both installed by Scripts/install-deps.sh --bench). KB in the tables is 1,024 bytes.
"""
import argparse
import atexit
import gzip
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

try:
    import websocket  # websocket-client
except ImportError:
    sys.exit("reader-bench.py needs websocket-client: `python3 -m pip install websocket-client` "
             "(Selenium brings it; Scripts/install-deps.sh --test installs Selenium)")

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "Tools"))   # the benchmarks' shared package
from casefile_bench import build, chromium as chromium_launcher, rounds  # noqa: E402
from casefile_bench.chromium import Chromium  # noqa: E402
from casefile_bench.cleanup import Cleanup  # noqa: E402
from casefile_bench.devtools import CDPError  # noqa: E402
from casefile_bench.reader_page import (FACTS, MOBILE, PAGE_KINDS, SETTLE, WIDE,  # noqa: E402
                                        find_pages, layout_facts, measure)
from casefile_bench.reader_report import progress_line, summarise, target_lines  # noqa: E402
from casefile_bench.static_server import SiteServer  # noqa: E402
from casefile_bench.tables import markdown_table, text_table  # noqa: E402


def log(message):
    print(message, file=sys.stderr, flush=True)


# Everything started or made is registered here and undone once, at exit.
CLEANUP = Cleanup()
atexit.register(CLEANUP.run)


def make_temp_dir(prefix, keep):
    path = tempfile.mkdtemp(prefix=prefix)
    if not keep:
        CLEANUP.add(lambda: shutil.rmtree(path, ignore_errors=True))
    return path


# ----------------------------------------------------------------------------------------------
# The case and the sites

def case_dir(args, workdir):
    if args.case:
        path = os.path.abspath(args.case)
        if not os.path.isfile(os.path.join(path, "site.yaml")):
            sys.exit(f"--case {path}: no site.yaml there")
        return path
    return build.cached_case("casefile-reader-bench-case-10k", ["--animals", "10000", "--bulletins", "10000"],
                             log)


def build_site(binary, case, out, logdir, label):
    logfile = os.path.join(logdir, f"build-{label}.log")
    log(f"site {label}: {binary} build --content {case} --output {out}")
    start = time.monotonic()
    with open(logfile, "wb") as f:
        # Run from a folder with no Templates/ in it: `casefile build` takes ./Templates as the
        # case's own templates when it exists, and each binary must render with its built-in ones.
        result = subprocess.run([binary, "build", "--content", case, "--output", out],
                                stdout=f, stderr=subprocess.STDOUT, timeout=1800, cwd=logdir)
    seconds = time.monotonic() - start
    # Exit 1 is "the case has errors": the site is written all the same.
    if result.returncode not in (0, 1) or not os.path.isfile(os.path.join(out, "index.html")):
        with open(logfile, encoding="utf-8", errors="replace") as f:
            tail = f.read()[-2000:]
        sys.exit(f"site {label}: the build failed (exit {result.returncode}):\n{tail}")
    note = " (the case has errors; exit 1)" if result.returncode == 1 else ""
    log(f"site {label}: built in {seconds:.1f} s{note}")
    return seconds


# ----------------------------------------------------------------------------------------------
# One measurement

def guarded(chromium, what, function, *args):
    """Runs one measurement; an error is recorded (and a dead browser restarted), not fatal."""
    try:
        return function(chromium, *args)
    except (TimeoutError, CDPError, websocket.WebSocketException, OSError, RuntimeError) as error:
        log(f"  {what}: error: {error}")
        if not chromium.healthy():
            log("chromium: restarting")
            chromium.restart()
        return {"error": str(error)}


# ----------------------------------------------------------------------------------------------
# Figures and tables

# ----------------------------------------------------------------------------------------------

def parse_args():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n", 2)[0] + "\n\n" + __doc__.split("\n\n", 2)[2],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", action="append", default=[], metavar="PATH",
                        help="a casefile binary to build the site with (repeatable; default "
                             ".build/release/casefile when no --site is given)")
    parser.add_argument("--site", action="append", default=[], metavar="DIR",
                        help="a site built already (repeatable)")
    parser.add_argument("--label", action="append", default=[], metavar="L",
                        help="labels for the binaries then the sites, in order (default A, B, ...)")
    parser.add_argument("--case", metavar="DIR",
                        help="the case folder to build (default: the 10k case, made and cached "
                             "in the temp folder)")
    parser.add_argument("--runs", type=int, default=3, help="runs of every measurement (default 3)")
    parser.add_argument("--pages", default=",".join(PAGE_KINDS),
                        help=f"page kinds, comma-separated (default {','.join(PAGE_KINDS)})")
    parser.add_argument("--json", metavar="OUT", help="write every raw figure to OUT")
    parser.add_argument("--markdown", action="store_true", help="print the tables in Markdown too")
    parser.add_argument("--quick", action="store_true", help="one run, and no wide measurements")
    parser.add_argument("--keep", action="store_true", help="keep the temp folders (sites, logs)")
    parser.add_argument("--no-trace", action="store_true",
                        help="no trace around the mobile taps (no restyle counts; INP without "
                             "the tracing overhead)")
    parser.add_argument("--chromium", default=chromium_launcher.BINARY,
                        help="the Chromium to drive (default $CASEFILE_CHROMIUM or /usr/bin/chromium)")
    args = parser.parse_args()
    kinds = [k.strip() for k in args.pages.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in PAGE_KINDS]
    if unknown:
        parser.error(f"unknown page kinds {unknown}; known: {', '.join(PAGE_KINDS)}")
    args.kinds = kinds
    if args.quick:
        args.runs = 1
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if not args.binary and not args.site:
        args.binary = [os.path.join(REPO, ".build", "release", "casefile")]
    return args


def main():
    args = parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    started = time.monotonic()
    workdir = make_temp_dir("casefile-reader-bench-", args.keep)
    if args.keep:
        log(f"temp folder (kept): {workdir}")

    sites = []
    names = [("binary", b) for b in args.binary] + [("site", s) for s in args.site]
    if len(args.label) > len(names):
        sys.exit("more --label than --binary and --site")
    labels = args.label + [chr(ord("A") + i) for i in range(len(args.label), len(names))]
    if len(set(labels)) != len(labels):
        sys.exit(f"labels must differ: {labels}")
    case = case_dir(args, workdir) if args.binary else None
    for (kind, path), label in zip(names, labels):
        site = {"label": label, kind: os.path.abspath(path)}
        if kind == "binary":
            if not os.access(path, os.X_OK):
                sys.exit(f"--binary {path}: not an executable file")
            site["dir"] = os.path.join(workdir, f"site-{label}")
            site["buildSeconds"] = build_site(os.path.abspath(path), case, site["dir"], workdir, label)
        else:
            if not os.path.isfile(os.path.join(path, "index.html")):
                sys.exit(f"--site {path}: no index.html there")
            site["dir"] = os.path.abspath(path)
        sites.append(site)

    pages = {}
    for site in sites:
        found = find_pages(site["dir"])
        pages[site["label"]] = found
        site["pages"] = found
        site["sizes"] = {}
        for kind in args.kinds:
            rel = found[kind]
            log(f"site {site['label']}: {kind:<15} {rel or '(none found)'}")
            if rel:
                with open(os.path.join(site["dir"], rel), "rb") as f:
                    body = f.read()
                site["sizes"][kind] = {"bytes": len(body),
                                       "gzip": len(gzip.compress(body, compresslevel=6, mtime=0))}
        site["server"] = SiteServer(site["dir"])
        CLEANUP.add(site["server"].stop)
        log(f"site {site['label']}: serving {site['dir']} on http://127.0.0.1:{site['server'].port}/")

    chromium = Chromium(args.chromium, workdir)
    CLEANUP.add(chromium.stop)
    log(f"chromium: {chromium.version}")
    trace = not args.no_trace

    facts = {}
    for kind in args.kinds:
        for site in sites:
            rel = pages[site["label"]][kind]
            if rel:
                fact = guarded(chromium, f"{kind} {site['label']} facts", layout_facts,
                               site["server"], rel)
                facts[(site["label"], kind)] = fact
                log(f"facts {kind} {site['label']}: {fact.get('elements', '?')} elements, "
                    f"first row at {fact.get('firstRowTop')}, "
                    f"{fact.get('cellsPastEdge')} cells past the edge")

    profiles = [MOBILE] + ([] if args.quick else [WIDE])
    runs = []
    # Every measurement in turn, A, B, A, B … for the sites, then the next round.
    order = [(kind, profile, site) for kind in args.kinds for profile in range(len(profiles))
             for site in range(len(sites))]
    for run, (kind, p, s) in rounds.schedule(order, args.runs):
        profile, site = profiles[p], sites[s]
        rel = pages[site["label"]][kind]
        if not rel:
            continue
        what = f"run {run}/{args.runs} {profile['name']:<6} {kind:<15} {site['label']}"
        t0 = time.monotonic()
        figures = guarded(chromium, what, measure, site["server"], rel, profile,
                          trace and profile is MOBILE)
        runs.append({"run": run, "page": kind, "site": site["label"], "file": rel,
                     "profile": profile["name"], "figures": figures,
                     "seconds": round(time.monotonic() - t0, 2)})
        log(f"{what}: " + progress_line(figures) + f"  ({time.monotonic() - t0:.0f} s)")

    print(f"Casefile reader benchmark: {chromium.version}, {args.runs} run(s), "
          f"median (min–max); case {case or '(sites given)'}")
    tables = []
    for profile in profiles:
        columns, rows = summarise(sites, args.kinds, pages, facts, runs, profile["name"])
        tables.append((profile, columns, rows))
        print()
        print(profile["title"])
        print(text_table(columns, rows))
    if args.markdown:
        for profile, columns, rows in tables:
            print()
            print(f"**{profile['title']}**")
            print()
            print(markdown_table(columns, rows))
    print()
    print("Targets (median INP of the runs that worked)")
    for line in target_lines(sites, args.kinds, pages, runs, profiles):
        print(line)
    elapsed = time.monotonic() - started
    print(f"\n{elapsed:.0f} s in all")

    if args.json:
        report = {
            "chromium": chromium.version, "runs": args.runs, "case": case,
            "profiles": {p["name"]: {k: v for k, v in p.items()} for p in [MOBILE, WIDE, FACTS]},
            "settleSeconds": SETTLE, "trace": trace,
            "sites": [{k: v for k, v in s.items() if k != "server"} for s in sites],
            "facts": [{"site": s, "page": k, **v} for (s, k), v in facts.items()],
            "measurements": runs,
            "tables": {p["name"]: rows for p, _, rows in tables},
            "seconds": round(elapsed, 1),
        }
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
        log(f"raw figures: {args.json}")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(130)
    finally:
        CLEANUP.run()
