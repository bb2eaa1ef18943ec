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
Chromium binary from there too).

Needs Python 3.11, /usr/bin/chromium (or --chromium, or CASEFILE_CHROMIUM) and websocket-client
(both installed by Scripts/install-deps.sh --bench). KB in the tables is 1,024 bytes.
"""
import argparse
import atexit
import gzip
import json
import os
import re
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
from casefile_bench import build, chromium as chromium_launcher, rounds, targets, trace as tracing  # noqa: E402
from casefile_bench.chromium import Chromium  # noqa: E402
from casefile_bench.cleanup import Cleanup  # noqa: E402
from casefile_bench.devtools import CDPError  # noqa: E402
from casefile_bench.static_server import SiteServer  # noqa: E402
from casefile_bench.tables import markdown_table, text_table  # noqa: E402

PAGE_KINDS = ["home", "suspects-later", "bulletins", "validation", "listing", "record"]

MOBILE = {
    "name": "mobile", "title": "Mobile 390x844, 4x CPU, 150 ms / 1.6 Mbit/s, touch",
    "width": 390, "height": 844, "mobile": True, "touch": True, "cpu": 4,
    "network": {"offline": False, "latency": 150,
                "downloadThroughput": 1638400 / 8 * 0.9,   # 184,320 bytes/s
                "uploadThroughput": 750000 / 8 * 0.9},     # 84,375 bytes/s
    "after_input": 1.5,
}
WIDE = {
    "name": "wide", "title": "Wide 1280x800, unthrottled, mouse",
    "width": 1280, "height": 800, "mobile": False, "touch": False, "cpu": 1, "network": None,
    "after_input": 0.5,
}
FACTS = dict(WIDE, name="facts", width=390, height=844, mobile=True, touch=True)

SETTLE = 1.0            # seconds after load (and two frames) before reading LCP or tapping
LOAD_TIMEOUT = 180      # seconds for one navigation under throttling
ENTRY_GRACE = 3.0       # more seconds to poll for Event Timing entries that have not arrived
NO_PAINT_SLACK = 150    # ms: a click whose paint ends later than this after its work painted nothing

# Injected before the page's own document is parsed (benchmark instrumentation only).
OBSERVER_JS = r"""
(() => {
  const rb = window.__readerBench = {paint: [], lcp: [], events: [], errors: []};
  const observe = (type, options, record) => {
    try {
      new PerformanceObserver(list => list.getEntries().forEach(record))
        .observe(Object.assign({type, buffered: true}, options));
    } catch (error) { rb.errors.push(type + ': ' + error); }
  };
  observe('paint', {}, e => rb.paint.push({name: e.name, startTime: e.startTime}));
  observe('largest-contentful-paint', {}, e => rb.lcp.push({
    startTime: e.startTime, size: e.size, element: e.element ? e.element.tagName : null}));
  const timing = e => rb.events.push({
    name: e.name, entryType: e.entryType, interactionId: e.interactionId || 0,
    startTime: e.startTime, duration: e.duration,
    processingStart: e.processingStart, processingEnd: e.processingEnd});
  observe('event', {durationThreshold: 16}, timing);
  observe('first-input', {}, timing);
})();
"""

# Defined after load (so it costs the load nothing): finds what to tap, puts it in view.
HELPERS_JS = r"""
(() => {
  const rb = window.__readerBench;
  const vv = () => window.visualViewport || {offsetLeft: 0, offsetTop: 0, scale: 1};
  rb.frames = n => new Promise(resolve => {
    const step = () => (n-- <= 0 ? resolve(true) : requestAnimationFrame(step));
    step();
  });
  rb.box = el => {
    const r = el.getBoundingClientRect();
    return {x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height,
            top: r.top, bottom: r.bottom};
  };
  rb.shown = el => {
    const b = rb.box(el);
    return b.w > 0 && b.h > 0 &&
      (!el.checkVisibility || el.checkVisibility({visibilityProperty: true}));
  };
  // In the viewport, and the element (or its label's control) is what a tap there would hit.
  rb.inView = el => {
    const b = rb.box(el);
    if (!(b.w > 0 && b.h > 0)) return false;
    if (b.x < 0 || b.y < 0 || b.x >= document.documentElement.clientWidth || b.y >= innerHeight)
      return false;
    const hit = document.elementFromPoint(b.x, b.y);
    return !!hit && (el.contains(hit) || (el.control !== undefined && hit === el.control));
  };
  rb.describe = el => {
    const b = rb.box(el), v = vv();
    const hit = document.elementFromPoint(b.x, b.y);
    return {x: (b.x - v.offsetLeft) * v.scale, y: (b.y - v.offsetTop) * v.scale,
            w: b.w, h: b.h, inView: rb.inView(el), scrollY: window.scrollY,
            tag: el.tagName.toLowerCase(),
            hit: hit ? hit.tagName.toLowerCase() + (hit.className ? '.' + hit.className : '') : null,
            text: (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40)};
  };
  rb.aim = async el => {
    rb.target = el;
    let scrolled = false;
    if (!rb.inView(el)) { el.scrollIntoView({block: 'center'}); scrolled = true; }
    await rb.frames(2);
    return Object.assign(rb.describe(el), {scrolled});
  };
  rb.findRow = async () => {
    const links = document.querySelectorAll('[data-table] a[data-select]');
    if (!links.length) return null;
    let el = null;
    for (const a of links) {
      if (a.getBoundingClientRect().top > innerHeight) break;
      if (rb.inView(a)) { el = a; break; }
    }
    if (!el) {
      for (const a of links) if (rb.shown(a)) { el = a; break; }
    }
    el = el || links[0];
    const d = await rb.aim(el);
    const url = new URL(el.href, location.href);
    return Object.assign(d, {href: el.getAttribute('href'), hash: url.hash,
                             samePage: url.pathname === location.pathname});
  };
  rb.chips = () => document.querySelectorAll('label.cf-chip');
  rb.findChip = async () => {
    for (const chip of rb.chips()) {
      if (rb.shown(chip)) {
        const d = await rb.aim(chip);
        const input = chip.control || chip.querySelector('input');
        return Object.assign(d, {checkedBefore: !!(input && input.checked)});
      }
    }
    return null;
  };
  rb.findToggle = async () => {
    const first = rb.chips()[0];
    if (!first) return null;
    let toggle = null;
    const details = first.closest('details');
    if (details) toggle = details.querySelector(':scope > summary');
    if (!toggle) {
      for (const t of document.querySelectorAll('[data-filter-toggle], summary')) {
        const d = t.closest('details');
        const seen = rb.shown(t) || Array.from(t.labels || []).some(rb.shown);
        if (seen && (t.matches('[data-filter-toggle]') || (d && d.querySelector('.cf-chip')))) {
          toggle = t; break;
        }
      }
    }
    if (!toggle) return null;
    // A visually hidden checkbox is worked through its label: tap a label that shows.
    if (toggle.labels && toggle.labels.length) {
      toggle = Array.from(toggle.labels).find(rb.shown) || toggle;
    }
    rb.toggle = toggle;
    return await rb.aim(toggle);
  };
  rb.chipChecked = () => {
    const c = rb.target, input = c && (c.control || c.querySelector('input'));
    return !!(input && input.checked);
  };
  rb.chipsShown = () => Array.from(rb.chips()).some(rb.shown);
  rb.interaction = mark => rb.events.filter(e => e.interactionId > 0 && e.startTime >= mark);
  return true;
})()
"""

FACTS_JS = r"""
(() => {
  const de = document.documentElement, width = de.clientWidth, height = window.innerHeight;
  let top = null;
  for (const tr of document.querySelectorAll('[data-table] tbody tr')) {
    const r = tr.getBoundingClientRect();
    if (r.height > 0) { top = r.top; break; }
  }
  let past = 0, cells = 0;
  for (const cell of document.querySelectorAll('[data-table] td, [data-table] th')) {
    cells++;
    if (cell.getBoundingClientRect().right > width + 0.5) past++;
  }
  return {elements: document.getElementsByTagName('*').length, clientWidth: width,
          viewportHeight: height, firstRowTop: top,
          firstRowTopPercent: top === null ? null : 100 * top / height,
          cells, cellsPastEdge: past, scrollWidth: de.scrollWidth,
          scrollsSideways: de.scrollWidth > width};
})()
"""


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


def page_number(path):
    match = re.search(r"(\d+)\.html$", path)
    return int(match.group(1)) if match else 0


def find_pages(root):
    """Page kind -> the file (relative to the site root) that stands for it, or None."""
    def exists(rel):
        return os.path.isfile(os.path.join(root, rel))

    html = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".html"):
                html.append(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
    pages = {kind: None for kind in PAGE_KINDS}
    pages["home"] = "index.html" if exists("index.html") else None
    if exists("suspects/page-2.html"):
        pages["suspects-later"] = "suspects/page-2.html"
    else:
        later = sorted((p for p in html if p.startswith("suspects/") and p != "suspects/index.html"
                        and re.search(r"page[-_]?\d+\.html$", p)), key=page_number)
        pages["suspects-later"] = later[0] if later else None
    pages["bulletins"] = "bulletins/index.html" if exists("bulletins/index.html") else None
    pages["validation"] = "validation/index.html" if exists("validation/index.html") else None
    listings = [p for p in html if "by" in p.split("/")[:-1]]
    if listings:
        pages["listing"] = max(listings, key=lambda p: (os.path.getsize(os.path.join(root, p)), p))
    records = [p for p in html if p.startswith("suspects/id/")]
    if records:
        pages["record"] = max(records, key=lambda p: (os.path.getsize(os.path.join(root, p)), p))
    return pages


# ----------------------------------------------------------------------------------------------
# One measurement

def set_up(page, profile):
    page.call("Page.enable")
    page.call("Runtime.enable")
    page.call("Network.enable")
    page.call("Network.setCacheDisabled", {"cacheDisabled": True})
    page.call("Emulation.setDeviceMetricsOverride", {
        "width": profile["width"], "height": profile["height"], "deviceScaleFactor": 1,
        "mobile": profile["mobile"], "screenWidth": profile["width"],
        "screenHeight": profile["height"]})
    page.call("Emulation.setTouchEmulationEnabled", {"enabled": profile["touch"], "maxTouchPoints": 5})
    page.call("Emulation.setFocusEmulationEnabled", {"enabled": True})
    page.call("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
    if profile["network"]:
        page.call("Network.emulateNetworkConditions", profile["network"])
    page.call("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVER_JS})


def load(page, url):
    """Navigates, waits for load, two frames and the settle delay; defines the helpers."""
    page.events.clear()
    start = time.monotonic()
    result = page.call("Page.navigate", {"url": url}, timeout=LOAD_TIMEOUT)
    if result.get("errorText"):
        raise CDPError(f"navigate {url}: {result['errorText']}")
    page.wait_event("Page.loadEventFired", timeout=LOAD_TIMEOUT)
    wall = time.monotonic() - start
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(0))))",
                  timeout=LOAD_TIMEOUT)
    page.pause(SETTLE)
    page.evaluate(HELPERS_JS)
    return wall


def paint_figures(page):
    figures = page.evaluate("""(() => {
      const rb = window.__readerBench, nav = performance.getEntriesByType('navigation')[0];
      const fcp = rb.paint.find(p => p.name === 'first-contentful-paint');
      const lcp = rb.lcp.length ? rb.lcp[rb.lcp.length - 1] : null;
      return {fcp: fcp ? fcp.startTime : null, lcp: lcp ? lcp.startTime : null,
              lcpElement: lcp ? lcp.element : null, lcpSize: lcp ? lcp.size : null,
              responseEnd: nav ? nav.responseEnd : null,
              domContentLoaded: nav ? nav.domContentLoadedEventEnd : null,
              loadEnd: nav ? nav.loadEventEnd : null, transferSize: nav ? nav.transferSize : null,
              errors: rb.errors};
    })()""")
    return figures


def press(page, profile, x, y):
    if profile["touch"]:
        point = {"x": x, "y": y, "radiusX": 1, "radiusY": 1, "force": 1, "id": 0}
        page.call("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        page.call("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    else:
        # The pointer arrives first, and its hover restyle is over before the press, as when a
        # reader moves to a row and then clicks: only the click is the interaction.
        page.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        page.evaluate("window.__readerBench.frames(2)")
        page.pause(0.2)
        for kind in ("mousePressed", "mouseReleased"):
            page.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                   "buttons": 1 if kind == "mousePressed" else 0,
                                                   "clickCount": 1})


def interact(page, profile, find, verify, trace, pid_hint):
    """Taps (or clicks) what `find` aimed at; the INP, the verification and the trace figures."""
    target = page.evaluate(f"window.__readerBench.{find}()")
    if not target:
        return {"status": "none"}
    mark = page.evaluate("performance.now()")
    if trace:
        page.call("Tracing.start", {
            "traceConfig": {"includedCategories": ["devtools.timeline",
                                                   "disabled-by-default-devtools.timeline"],
                            "recordMode": "recordAsMuchAsPossible"},
            "transferMode": "ReturnAsStream", "streamFormat": "json"})
    press(page, profile, target["x"], target["y"])
    page.pause(profile["after_input"])
    read = f"window.__readerBench.interaction({mark})"

    def has_click(found):
        return any(e["name"] == "click" for e in found)
    # Runtime.evaluate runs on the page's main thread between tasks, so this first look comes
    # after the interaction's own style, layout and paint work, however long it took.
    first = page.evaluate(f"({{now: performance.now(), entries: {read}}})")
    looked_at, entries = first["now"], first["entries"]
    if not has_click(entries):
        page.pause(0.3)
        entries = page.evaluate(read)
    forced = False
    if not has_click(entries):
        # Either every entry was under 16 ms, or the tap changed nothing on screen: headless
        # Chromium then draws no frame and the entries wait for the next one, whenever that
        # comes. A screenshot draws one now.
        corner = {"x": 0, "y": 0, "width": 8, "height": 8, "scale": 1}
        page.call("Page.captureScreenshot", {"format": "png", "clip": corner})
        forced = True
        grace = time.monotonic() + ENTRY_GRACE
        page.pause(0.2)
        entries = page.evaluate(read)
        while not has_click(entries) and time.monotonic() < grace:
            page.pause(0.25)
            entries = page.evaluate(read)
    if has_click(entries):  # the interaction's other entries come with its click; allow a frame
        page.pause(0.1)
        entries = page.evaluate(read)
    result = {"status": "ok", "target": target, "lookedAt": looked_at, "forcedFrame": forced}
    ends = [e["startTime"] + e["duration"] for e in entries if e["name"] == "click"]
    if ends and max(ends) > looked_at + NO_PAINT_SLACK:
        # The click's "next paint" came long after its work was over: it painted nothing.
        # What is known is its input delay and processing.
        result["status"] = "no-paint"
        result["inp"] = max(e["processingEnd"] - e["startTime"] for e in entries)
    result["entries"] = entries
    if trace:
        result["trace"] = tracing.trace_figures(tracing.read(page), pid_hint)
    ok, state = verify(page, target)
    result["verify"] = state
    result["interactions"] = len({e["interactionId"] for e in entries})
    if not ok:
        result["status"] = "failed"
    elif result["status"] == "no-paint":
        pass
    elif entries:
        result["inp"] = max(e["duration"] for e in entries)
    else:
        result["inp"] = None
        result["status"] = "under-threshold"   # every entry shorter than 16 ms
    return result


def verify_row(page, target):
    hash_now = page.evaluate("location.hash")
    return hash_now == target["hash"], {"hash": hash_now, "expected": target["hash"]}


def verify_chip(page, target):
    checked = page.evaluate("window.__readerBench.chipChecked()")
    return bool(checked) and not target.get("checkedBefore"), {"checked": checked}


def verify_toggle(page, target):
    shown = page.evaluate("window.__readerBench.chipsShown()")
    return bool(shown), {"chipsShown": shown}



def measure(chromium, server, rel, profile, trace):
    """One cold load at `profile`, a row's selection, then a fresh load and a chip's tick."""
    url = server.url(rel)
    prefix = f"http://127.0.0.1:{server.port}/"
    page = chromium.open_page()
    try:
        set_up(page, profile)
        out = {"loadWall": load(page, url)}
        out.update(paint_figures(page))
        out["select"] = interact(page, profile, "findRow", verify_row, trace, prefix)
        # A fresh document for the chip: leave the page, then load it again.
        page.events.clear()
        page.call("Page.navigate", {"url": "about:blank"})
        page.wait_event("Page.loadEventFired", timeout=LOAD_TIMEOUT)
        load(page, url)
        out["reload"] = paint_figures(page)
        has_chips = page.evaluate("window.__readerBench.chips().length")
        if not has_chips:
            out["chip"] = {"status": "none"}
            return out
        if not page.evaluate("window.__readerBench.chipsShown()"):
            out["filters"] = interact(page, profile, "findToggle", verify_toggle, False, prefix)
            page.pause(0.3)
            if not page.evaluate("window.__readerBench.chipsShown()"):
                why = ("the disclosure did not show them" if out["filters"]["status"] != "none"
                       else "they are hidden and no disclosure was found")
                out["chip"] = {"status": "failed", "verify": {"chipsShown": False, "why": why}}
                return out
        out["chip"] = interact(page, profile, "findChip", verify_chip, trace, prefix)
        return out
    finally:
        chromium.close_page(page)


def layout_facts(chromium, server, rel):
    page = chromium.open_page()
    try:
        set_up(page, FACTS)
        load(page, server.url(rel))
        return page.evaluate(FACTS_JS, timeout=120)
    finally:
        chromium.close_page(page)


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

def fmt_ms(value):
    return "—" if value is None else f"{value:,.0f}"


def spread(values, unit_fmt=fmt_ms, ranges=True):
    values = [v for v in values if v is not None]
    if not values:
        return None
    median = rounds.median(values)
    if ranges and len(values) > 1 and min(values) != max(values):
        return f"{unit_fmt(median)} ({unit_fmt(min(values))}–{unit_fmt(max(values))})"
    return unit_fmt(median)


def inp_cell(results):
    """Median (min–max) of an interaction's INP over the runs, and its failures."""
    results = [r for r in results if r is not None]
    if not results:
        return "—"
    if all(r.get("status") == "none" for r in results):
        return "—"
    values, failed, errors, under, unpainted = [], 0, 0, 0, []
    for r in results:
        status = r.get("status")
        if "error" in r:
            errors += 1
        elif status == "failed":
            failed += 1
        elif status == "no-paint":
            unpainted.append(r["inp"])
        elif status == "under-threshold":
            under += 1
            values.append(16.0)
        elif status == "ok":
            values.append(r["inp"])
    if not values and unpainted:
        return f"no paint (≥{spread(unpainted, ranges=False)})"
    if not values:
        return "failed" if failed else ("error" if errors else "—")
    cell = spread(values)
    if under == len(values):
        cell = "<16"
    if failed or errors or unpainted:
        cell += f" [{len(values)}/{len(results)} ok]"
    return cell


def pair(first, second):
    if first is None and second is None:
        return "—"
    return f"{first or '—'} / {second or '—'}"


def trace_median(results, key, fmt):
    values = [r["trace"][key] for r in results
              if r and r.get("status") in ("ok", "under-threshold") and "trace" in r]
    return spread(values, fmt, ranges=False)


def summarise(sites, kinds, pages, facts, runs, profile_name):
    rows = []
    for kind in kinds:
        for site in sites:
            rel = pages[site["label"]][kind]
            if rel is None:
                rows.append({"page": kind, "site": site["label"], "file": "(none)"})
                continue
            measured = [r for r in runs if r["site"] == site["label"] and r["page"] == kind
                        and r["profile"] == profile_name]
            figures = [r["figures"] for r in measured]
            ok = [f for f in figures if "error" not in f]
            sizes = site["sizes"][kind]
            fact = facts.get((site["label"], kind)) or {}
            row = {"page": kind, "site": site["label"], "file": rel,
                   "HTML KB": f"{sizes['bytes'] / 1024:,.0f}",
                   "gzip KB": f"{sizes['gzip'] / 1024:,.1f}",
                   "elements": f"{fact['elements']:,}" if "elements" in fact else "?"}
            if profile_name == "mobile":
                row["FCP ms"] = spread([f.get("fcp") for f in ok]) or "—"
                row["LCP ms"] = spread([f.get("lcp") for f in ok]) or "—"
            selects = [f.get("select") if "error" not in f else f for f in figures]
            chips = [f.get("chip") if "error" not in f else f for f in figures]
            row["select INP ms"] = inp_cell(selects)
            row["chip INP ms"] = inp_cell(chips)
            filters = [f.get("filters") for f in ok if f.get("filters")]
            row["filters INP ms"] = inp_cell(filters) if filters else "—"
            if profile_name == "mobile":
                count = lambda v: f"{v:,.0f}"
                sel = [f.get("select") for f in ok]
                chp = [f.get("chip") for f in ok]
                row["restyled (select / chip)"] = pair(trace_median(sel, "styleElements", count),
                                                       trace_median(chp, "styleElements", count))
                row["style ms"] = pair(trace_median(sel, "styleMs", fmt_ms),
                                       trace_median(chp, "styleMs", fmt_ms))
                row["layout ms"] = pair(trace_median(sel, "layoutMs", fmt_ms),
                                        trace_median(chp, "layoutMs", fmt_ms))
                row["layout objects"] = pair(trace_median(sel, "layoutDirtyObjects", count),
                                             trace_median(chp, "layoutDirtyObjects", count))
                top = fact.get("firstRowTop")
                row["first row top px (%)"] = ("—" if top is None else
                                               f"{top:,.0f} ({fact['firstRowTopPercent']:.0f}%)")
                if "cellsPastEdge" in fact:
                    row["cells past edge"] = (f"{fact['cellsPastEdge']:,}"
                                              + (" (scrolls)" if fact.get("scrollsSideways") else ""))
                else:
                    row["cells past edge"] = "?"
            rows.append(row)
    columns = ["page", "site", "file", "HTML KB", "gzip KB", "elements"]
    if profile_name == "mobile":
        columns += ["FCP ms", "LCP ms"]
    columns += ["select INP ms", "chip INP ms"]
    if any(r.get("filters INP ms", "—") != "—" for r in rows):
        columns.append("filters INP ms")
    if profile_name == "mobile":
        columns += ["restyled (select / chip)", "style ms", "layout ms", "layout objects",
                    "first row top px (%)", "cells past edge"]
    return columns, rows


def inp_values(results):
    """The INPs of the runs that worked (an entry under the 16 ms threshold counts as 16)."""
    return [16.0 if r.get("status") == "under-threshold" else r["inp"] for r in results
            if r and r.get("status") in ("ok", "under-threshold")]


def target_lines(sites, kinds, pages, runs, profiles):
    """Each page's select and chip against the target of its profile (a phone's or a desktop's)."""
    lines = []
    for profile in profiles:
        if profile is MOBILE:
            target_of = {"select": targets.PHONE_SELECT, "chip": targets.PHONE_CHIP}
        else:
            target_of = {"select": targets.DESKTOP_CLICK, "chip": targets.DESKTOP_CLICK}
        for kind in kinds:
            for site in sites:
                if pages[site["label"]][kind] is None:
                    continue
                figures = [r["figures"] for r in runs if r["site"] == site["label"]
                           and r["page"] == kind and r["profile"] == profile["name"]]
                for name in ("select", "chip"):
                    results = [f.get(name) for f in figures if "error" not in f]
                    if all(not r or r.get("status") == "none" for r in results):
                        continue
                    what = f"  {profile['name']} {kind} {site['label']} {name}"
                    lines.append(targets.verdict(target_of[name], rounds.median(inp_values(results)), what))
    return lines


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


def progress_line(figures):
    if "error" in figures:
        return "error"

    def inp(result):
        if not result:
            return "—"
        status = result.get("status")
        if status == "ok":
            return f"{result['inp']:.0f}"
        if status == "no-paint":
            return f"no paint (≥{result['inp']:.0f})"
        return {"under-threshold": "<16", "none": "—"}.get(status, status)
    parts = []
    if figures.get("fcp") is not None:
        parts.append(f"FCP {figures['fcp']:.0f} LCP {figures.get('lcp') or 0:.0f}")
    parts.append(f"select {inp(figures.get('select'))}")
    if figures.get("filters"):
        parts.append(f"filters {inp(figures['filters'])}")
    parts.append(f"chip {inp(figures.get('chip'))}")
    for name in ("select", "chip"):
        t = (figures.get(name) or {}).get("trace")
        if t:
            parts.append(f"{name} restyled {t['styleElements']} ({t['styleMs']:.0f} ms, "
                         f"layout {t['layoutMs']:.0f} ms)")
    return ", ".join(parts)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(130)
    finally:
        CLEANUP.run()
