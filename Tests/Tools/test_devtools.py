"""Tools/casefile_bench/devtools.py against a fake WebSocket peer: each call's message, answers
matched by id, events kept for later, errors and timeouts."""
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tools"))
from casefile_bench.devtools import CDPError, DevTools, ReceiveTimeout  # noqa: E402


class Peer:
    """Stands for the WebSocket: `answer(request)` gives the messages that each sent request
    makes the browser send back, in order."""

    def __init__(self, answer):
        self.answer = answer
        self.sent, self.waiting, self.closed = [], [], False

    def send(self, text):
        request = json.loads(text)
        self.sent.append(request)
        self.waiting += [json.dumps(m) for m in self.answer(request)]

    def recv(self):
        if not self.waiting:
            raise ReceiveTimeout("nothing to read")
        return self.waiting.pop(0)

    def settimeout(self, seconds):
        assert seconds > 0

    def close(self):
        self.closed = True


def test_a_call_is_one_message_and_its_answer_is_found_by_id():
    def answer(request):
        return [{"id": request["id"] - 1, "result": {"stale": True}},   # an earlier call's answer
                {"method": "Page.loadEventFired", "params": {"timestamp": 1.5}},
                {"id": request["id"], "result": {"product": "Chrome/131"}}]
    peer = Peer(answer)
    tools = DevTools("ws://unused", connection=peer)
    assert tools.call("Browser.getVersion") == {"product": "Chrome/131"}
    assert tools.call("Page.enable", {"x": 1}) == {"product": "Chrome/131"}
    assert peer.sent == [{"id": 1, "method": "Browser.getVersion", "params": {}},
                         {"id": 2, "method": "Page.enable", "params": {"x": 1}}]
    # The events read while waiting are kept, and waited for later without reading again.
    assert len(tools.events) == 2
    assert tools.wait_event("Page.loadEventFired", timeout=0.01) == {"timestamp": 1.5}
    assert len(tools.events) == 1
    tools.close()
    assert peer.closed


def test_an_event_that_comes_later_and_one_that_does_not_match():
    peer = Peer(lambda request: [])
    tools = DevTools("ws://unused", connection=peer)
    peer.waiting = [json.dumps({"method": "Tracing.tracingComplete", "params": {"stream": "a"}}),
                    json.dumps({"method": "Tracing.tracingComplete", "params": {"stream": "b"}})]
    got = tools.wait_event("Tracing.tracingComplete", timeout=1,
                           predicate=lambda params: params["stream"] == "b")
    assert got == {"stream": "b"}
    assert [m["params"]["stream"] for m in tools.events] == ["a"]


def test_an_error_answer_and_no_answer():
    peer = Peer(lambda request: [{"id": request["id"], "error": {"message": "Invalid parameters"}}])
    with pytest.raises(CDPError, match="Page.navigate: Invalid parameters"):
        DevTools("ws://unused", connection=peer).call("Page.navigate", {"url": 3})
    silent = DevTools("ws://unused", connection=Peer(lambda request: []))
    with pytest.raises(TimeoutError, match="IO.read: no answer within 0.05 s"):
        silent.call("IO.read", timeout=0.05)


def test_evaluate_returns_the_value_or_raises_the_pages_exception():
    def answer(request):
        expression = request["params"]["expression"]
        assert request["method"] == "Runtime.evaluate" and request["params"]["returnByValue"]
        if expression == "1 + 2":
            return [{"id": request["id"], "result": {"result": {"type": "number", "value": 3}}}]
        return [{"id": request["id"], "result": {"exceptionDetails": {
            "text": "Uncaught", "exception": {"description": "ReferenceError: nope is not defined"}}}}]
    tools = DevTools("ws://unused", connection=Peer(answer))
    assert tools.evaluate("1 + 2") == 3
    with pytest.raises(CDPError, match="ReferenceError: nope is not defined"):
        tools.evaluate("nope")
