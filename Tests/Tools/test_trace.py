"""Tools/casefile_bench/trace.py on a small hand-made trace: what is summed, and what is not."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tools"))
from casefile_bench import trace  # noqa: E402

PAGE = "http://127.0.0.1:8000/"
RENDERER, OTHER = 7, 5

EVENTS = [
    {"name": "TracingStartedInBrowser", "ph": "I", "pid": 1, "args": {"data": {"frames": [
        {"url": "about:blank", "processId": OTHER},
        {"url": PAGE + "index.html", "processId": RENDERER}]}}},
    # A complete event, its count in args.
    {"name": "UpdateLayoutTree", "ph": "X", "pid": RENDERER, "tid": 1, "ts": 1000, "dur": 2000,
     "args": {"elementCount": 120}},
    # Its count one level down.
    {"name": "UpdateLayoutTree", "ph": "X", "pid": RENDERER, "tid": 1, "ts": 5000, "dur": 500,
     "args": {"beginData": {"elementCount": 30}}},
    # The old name, as a begin/end pair whose count comes with its end.
    {"name": "RecalculateStyles", "ph": "B", "pid": RENDERER, "tid": 1, "ts": 9000, "args": {}},
    {"name": "RecalculateStyles", "ph": "E", "pid": RENDERER, "tid": 1, "ts": 9250,
     "args": {"elementCount": 5}},
    # Layout, a pair and a complete event on another thread of the same renderer.
    {"name": "Layout", "ph": "B", "pid": RENDERER, "tid": 1, "ts": 10000,
     "args": {"beginData": {"dirtyObjects": 40, "totalObjects": 400}}},
    {"name": "Layout", "ph": "E", "pid": RENDERER, "tid": 1, "ts": 13000, "args": {"endData": {}}},
    {"name": "Layout", "ph": "X", "pid": RENDERER, "tid": 2, "ts": 20000, "dur": 1000,
     "args": {"beginData": {"dirtyObjects": 2, "totalObjects": 390}}},
    {"name": "Paint", "ph": "X", "pid": RENDERER, "tid": 1, "ts": 14000, "dur": 1500, "args": {}},
    # Another renderer's work, and an event the sums do not look at.
    {"name": "UpdateLayoutTree", "ph": "X", "pid": OTHER, "tid": 1, "ts": 1000, "dur": 9000,
     "args": {"elementCount": 999}},
    {"name": "FunctionCall", "ph": "X", "pid": RENDERER, "tid": 1, "ts": 100, "dur": 50000, "args": {}},
]


def test_the_renderer_is_the_one_whose_frame_shows_the_page():
    assert trace.renderer_pid(EVENTS, PAGE) == RENDERER
    assert trace.renderer_pid(EVENTS, "http://127.0.0.1:9999/") is None


def test_style_and_layout_of_the_pages_renderer_only():
    figures = trace.trace_figures(EVENTS, PAGE)
    assert figures["rendererPid"] == RENDERER
    assert figures["styleElements"] == 120 + 30 + 5
    assert figures["styleEvents"] == 3
    assert abs(figures["styleMs"] - (2.0 + 0.5 + 0.25)) < 1e-9
    assert figures["layoutEvents"] == 2
    assert abs(figures["layoutMs"] - (3.0 + 1.0)) < 1e-9
    assert figures["layoutDirtyObjects"] == 40 + 2
    assert figures["layoutTotalObjects"] == 400          # the largest, not a sum
    assert figures["otherMs"] == {"UpdateLayoutTree": 2.5, "RecalculateStyles": 0.25,
                                  "Layout": 4.0, "Paint": 1.5}
    assert figures["styleDetail"] == [{"atMs": 0.0, "ms": 2.0, "elements": 120},
                                      {"atMs": 4.0, "ms": 0.5, "elements": 30},
                                      {"atMs": 8.0, "ms": 0.25, "elements": 5}]
    assert figures["argNames"] == ["RecalculateStyles: args.elementCount",
                                   "UpdateLayoutTree: args.beginData.elementCount",
                                   "UpdateLayoutTree: args.elementCount"]


def test_with_no_renderer_found_every_process_counts():
    figures = trace.trace_figures(EVENTS, "http://127.0.0.1:9999/")
    assert figures["rendererPid"] is None
    assert figures["styleElements"] == 120 + 30 + 5 + 999
