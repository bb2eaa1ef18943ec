#!/usr/bin/env python3
"""Where one tap's time goes: a row selected on a phone, traced, summed by event and thread.

    tap-trace.py SITE [--page index.html] [--runs 3]

SITE is a built site (`casefile build --output SITE`). For each run the page is loaded cold
under the phone profile of Scripts/reader-bench.py (390x844, touch, 4x CPU, Lighthouse's network
throttling), then the first row in view is tapped as that script taps it, with a trace running
(the devtools.timeline categories, and blink, cc and viz for the paint and the compositor). The
tap's INP is the longest Event Timing entry, as there. It then prints the INP of each run and,
for every (thread, event name) of the page's renderer process, the median over the runs of the
summed durations of its complete events from 20 ms before the tap's first EventDispatch to its
INP plus 50 ms after that dispatch began (300 ms when no Event Timing entry came): nested events
count within their parents too (RunTask holds all the main thread's work), so the lines do not
add up; read them as "how much of the tap was this".

What reader-bench.py says in one figure per tap (INP, restyled elements, style and layout
milliseconds), this says by phase: the forced style and layout of following the fragment, the
frame's style, paint and pre-paint, hit testing, text shaping, raster.
Needs what reader-bench.py needs (Chromium, websocket-client: Scripts/install-deps.sh --bench).
"""
import argparse
import atexit
import collections
import os
import shutil
import statistics
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "Tools"))
from casefile_bench import trace as tracing  # noqa: E402
from casefile_bench import chromium as chromium_launcher  # noqa: E402
from casefile_bench.chromium import Chromium  # noqa: E402
from casefile_bench.static_server import SiteServer  # noqa: E402
from casefile_bench import reader_page  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "cc", "viz"]


def one_tap(chromium, server, page_path):
    """(INP in ms or None, {(thread, event): milliseconds}) of one cold load and one tap."""
    page = chromium.open_page()
    try:
        reader_page.set_up(page, reader_page.MOBILE)
        reader_page.load(page, server.url(page_path))
        target = page.evaluate("window.__readerBench.findRow()")
        if not target:
            sys.exit(f"{page_path}: no row to tap")
        mark = page.evaluate("performance.now()")
        page.call("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES,
                                                    "recordMode": "recordAsMuchAsPossible"},
                                    "transferMode": "ReturnAsStream", "streamFormat": "json"})
        reader_page.press(page, reader_page.MOBILE, target["x"], target["y"])
        page.pause(1.5)
        entries = page.evaluate(f"window.__readerBench.interaction({mark})")
        inp = max((e["duration"] for e in entries), default=None)
        events = tracing.read(page)
    finally:
        chromium.close_page(page)
    pid = tracing.renderer_pid(events, server.url(""))
    threads = {e["tid"]: e["args"]["name"] for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name" and e.get("pid") == pid}
    complete = [e for e in events if e.get("pid") == pid and e.get("ph") == "X"]
    dispatches = [e["ts"] for e in complete if e["name"] == "EventDispatch"]
    if not dispatches:
        return inp, {}
    start = min(dispatches) - 20_000
    end = min(dispatches) + ((inp or 300) + 50) * 1000
    sums = collections.defaultdict(float)
    for e in complete:
        if start <= e["ts"] <= end:
            sums[(threads.get(e["tid"], str(e["tid"])), e["name"])] += e.get("dur", 0) / 1000
    return inp, sums


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", help="a built site")
    parser.add_argument("--page", default="index.html", help="the page to tap a row of (default index.html)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lines", type=int, default=30, help="how many (thread, event) lines to print")
    parser.add_argument("--chromium", default=chromium_launcher.BINARY,
                        help="the Chromium to drive (default $CASEFILE_CHROMIUM or /usr/bin/chromium)")
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.site, args.page)):
        sys.exit(f"{args.site}: no {args.page} there")
    server = SiteServer(args.site)
    workdir = tempfile.mkdtemp(prefix="casefile-tap-trace-")
    atexit.register(shutil.rmtree, workdir, True)
    chromium = Chromium(args.chromium, workdir)
    inps, sums = [], collections.defaultdict(list)
    try:
        for _ in range(args.runs):
            inp, figures = one_tap(chromium, server, args.page)
            inps.append(inp)
            for key, value in figures.items():
                sums[key].append(value)
    finally:
        chromium.stop()
        server.stop()
    print(f"{args.site}/{args.page}: select INP {inps} ms")
    rows = sorted(((statistics.median(v + [0.0] * (args.runs - len(v))), k) for k, v in sums.items()), reverse=True)
    for value, (thread, name) in rows[:args.lines]:
        print(f"{value:8.1f} ms  {thread:28} {name}")


if __name__ == "__main__":
    main()
