"""The style and layout work of a page, summed out of a DevTools trace (Tracing.start with the
devtools.timeline categories, ReturnAsStream): the restyles (UpdateLayoutTree, or its old name
RecalculateStyles: elements and milliseconds) and layout (milliseconds, dirty and total
objects), counting only the page's renderer process. Complete events (`X`) and begin/end pairs
(`B`/`E`) alike.
"""
import base64
import json
import time

from .devtools import CDPError


def read(page):
    """Ends the trace that `page` (a DevTools client) started and returns its events."""
    page.call("Tracing.end")
    complete = page.wait_event("Tracing.tracingComplete", timeout=120)
    handle = complete.get("stream")
    if not handle:
        raise CDPError("Tracing.tracingComplete carried no stream")
    chunks = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        chunk = page.call("IO.read", {"handle": handle, "size": 4 << 20})
        data = chunk.get("data", "")
        chunks.append(base64.b64decode(data).decode("utf-8") if chunk.get("base64Encoded") else data)
        if chunk.get("eof"):
            break
    page.call("IO.close", {"handle": handle})
    trace = json.loads("".join(chunks) or "{}")
    return trace.get("traceEvents", []) if isinstance(trace, dict) else trace



STYLE_EVENTS = ("UpdateLayoutTree", "RecalculateStyles")
OTHER_EVENTS = ("EventDispatch", "HitTest", "PrePaint", "Paint", "Layerize", "Commit",
                "ScheduleStyleRecalculation", "InvalidateLayout")


def find_arg(args, key):
    """args[key], or the same key one level down (args.data, args.beginData, args.endData)."""
    if not isinstance(args, dict):
        return None
    if key in args:
        return args[key]
    for value in args.values():
        if isinstance(value, dict) and key in value:
            return value[key]
    return None


def renderer_pid(events, url_prefix):
    for e in events:
        if e.get("name") == "TracingStartedInBrowser":
            for frame in (e.get("args", {}).get("data", {}).get("frames") or []):
                if str(frame.get("url", "")).startswith(url_prefix) and frame.get("processId"):
                    return frame["processId"]
    return None


def trace_figures(events, url_prefix):
    """Sums the style and layout work of the page's renderer out of a trace's events."""
    pid = renderer_pid(events, url_prefix)
    totals = {}
    open_events = {}
    figures = {"rendererPid": pid, "styleElements": 0, "styleEvents": 0, "styleMs": 0.0,
               "layoutMs": 0.0, "layoutEvents": 0, "layoutDirtyObjects": 0,
               "layoutTotalObjects": 0, "argNames": {}}

    style_detail = []

    def add(name, args, dur_us, ts=None):
        if name in STYLE_EVENTS:
            count = find_arg(args, "elementCount")
            if dur_us is not None and ts is not None:
                style_detail.append((ts, dur_us / 1000, count))
            if count is not None:
                figures["styleElements"] += int(count)
                where = "args.elementCount" if "elementCount" in args else next(
                    f"args.{k}.elementCount" for k, v in args.items()
                    if isinstance(v, dict) and "elementCount" in v)
                figures["argNames"][f"{name}: {where}"] = True
            if dur_us is not None:
                figures["styleMs"] += dur_us / 1000
                figures["styleEvents"] += 1
        elif name == "Layout":
            begin = args.get("beginData") if isinstance(args.get("beginData"), dict) else args
            if "dirtyObjects" in begin:
                figures["layoutDirtyObjects"] += int(begin.get("dirtyObjects") or 0)
                figures["layoutTotalObjects"] = max(figures["layoutTotalObjects"],
                                                    int(begin.get("totalObjects") or 0))
            if dur_us is not None:
                figures["layoutMs"] += dur_us / 1000
                figures["layoutEvents"] += 1
        if dur_us is not None:
            totals[name] = totals.get(name, 0.0) + dur_us / 1000

    for e in events:
        name = e.get("name")
        if name not in STYLE_EVENTS and name != "Layout" and name not in OTHER_EVENTS:
            continue
        if pid is not None and e.get("pid") != pid:
            continue
        args = e.get("args") or {}
        phase = e.get("ph")
        if phase == "X":
            add(name, args, e.get("dur", 0), e.get("ts", 0))
        elif phase == "B":
            open_events.setdefault((e.get("pid"), e.get("tid"), name), []).append((e.get("ts", 0), args))
        elif phase == "E":
            stack = open_events.get((e.get("pid"), e.get("tid"), name))
            if stack:
                ts, begin_args = stack.pop()
                merged = dict(begin_args)
                for key, value in args.items():
                    merged.setdefault(key, value)
                add(name, merged, e.get("ts", 0) - ts, ts)
        elif phase in ("I", "i", "n"):
            add(name, args, None)
    figures["otherMs"] = {k: round(v, 2) for k, v in totals.items()}
    # Each style recalculation: ms after the first one, its duration, the elements it restyled.
    style_detail.sort(key=lambda d: d[0])
    origin = style_detail[0][0] if style_detail else 0
    figures["styleDetail"] = [{"atMs": round((ts - origin) / 1000, 1), "ms": round(ms, 2), "elements": count}
                              for ts, ms, count in style_detail[:60]]
    figures["argNames"] = sorted(figures["argNames"])
    return figures

