"""A synchronous client of the Chrome DevTools Protocol (CDP) over one WebSocket.

Each call sends `{"id", "method", "params"}` and reads messages until the answer with its id;
events read meanwhile wait in `events` for `wait_event`. Every read has a deadline.
"""
import json
import time

try:
    import websocket  # websocket-client (Selenium brings it; Scripts/install-deps.sh --bench)
    ReceiveTimeout = websocket.WebSocketTimeoutException
except ImportError:  # only a real connection needs it
    websocket = None

    class ReceiveTimeout(Exception):
        pass

CALL_TIMEOUT = 60       # seconds for one CDP call


class CDPError(RuntimeError):
    pass


class DevTools:
    """One WebSocket to one DevTools target. Calls are synchronous; events wait in a list.
    `connection` stands in for the WebSocket (send, recv, settimeout, close): the tests' peer."""

    def __init__(self, url, connection=None):
        if connection is None:
            if websocket is None:
                raise RuntimeError("the DevTools client needs websocket-client: "
                                   "`python3 -m pip install websocket-client`")
            connection = websocket.create_connection(url, timeout=CALL_TIMEOUT, suppress_origin=True)
        self.ws = connection
        self.next_id = 0
        self.events = []

    def close(self):
        try:
            self.ws.close()
        except Exception:
            pass

    def _receive(self, deadline):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        self.ws.settimeout(remaining)
        try:
            return json.loads(self.ws.recv())
        except ReceiveTimeout:
            return None

    def call(self, method, params=None, timeout=CALL_TIMEOUT):
        self.next_id += 1
        ident = self.next_id
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params or {}}))
        deadline = time.monotonic() + timeout
        while True:
            message = self._receive(deadline)
            if message is None:
                raise TimeoutError(f"{method}: no answer within {timeout} s")
            if message.get("id") == ident:
                if "error" in message:
                    raise CDPError(f"{method}: {message['error'].get('message')}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_event(self, name, timeout, predicate=None):
        def matches(message):
            return (message.get("method") == name
                    and (predicate is None or predicate(message.get("params", {}))))
        for i, message in enumerate(self.events):
            if matches(message):
                del self.events[i]
                return message.get("params", {})
        deadline = time.monotonic() + timeout
        while True:
            message = self._receive(deadline)
            if message is None:
                raise TimeoutError(f"no {name} within {timeout} s")
            if matches(message):
                return message.get("params", {})
            if "method" in message:
                self.events.append(message)

    def pause(self, seconds):
        """Sleeps, reading (and keeping) the events that arrive meanwhile."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            message = self._receive(deadline)
            if message is not None and "method" in message:
                self.events.append(message)

    def evaluate(self, expression, timeout=CALL_TIMEOUT):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True}, timeout=timeout + 1)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise CDPError(f"evaluate: {text}")
        return result.get("result", {}).get("value")
