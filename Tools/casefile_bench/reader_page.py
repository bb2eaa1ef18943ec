"""One page in headless Chromium, as `reader-bench.py` measures it: the profiles (a phone after
Lighthouse's mobile throttling, a desktop), the page kinds and the file that stands for each, a
cold load, a tap or a click with its Event Timing INP and trace, and the layout facts."""
import os
import re
import time

from . import trace as tracing
from .devtools import CDPError
from .reader_js import FACTS_JS, HELPERS_JS, OBSERVER_JS

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
