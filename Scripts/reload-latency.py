#!/usr/bin/env python3
"""Time from a note's write to the reload event of a running `casefile serve`.

    reload-latency.py PORT NOTE [--edits 9]

Opens the live-reload stream (/_casefile/events), then edits NOTE (appends a line) once a
second and measures, for each edit, the time from the write to the `event: reload` line. Prints
each time and the median; restores the note at the end. Exits 1 if an event does not arrive
within 10 s.
"""
import argparse
import http.client
import socket
import statistics
import time

parser = argparse.ArgumentParser()
parser.add_argument("port", type=int)
parser.add_argument("note")
parser.add_argument("--edits", type=int, default=9)
args = parser.parse_args()

connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=10)
connection.request("GET", "/_casefile/events")
response = connection.getresponse()
assert response.status == 200, response.status
assert response.getheader("Content-Type") == "text/event-stream"


def wait_for_event():
    while True:
        line = response.fp.readline()
        if not line:
            raise SystemExit("the event stream ended")
        if line.startswith(b"event: reload"):
            return


with open(args.note, encoding="utf-8") as f:
    original = f.read()
times = []
try:
    for i in range(args.edits):
        time.sleep(1)
        start = time.perf_counter()
        with open(args.note, "w", encoding="utf-8") as f:
            f.write(original + f"\nEdit {i} at {time.time()}.\n")
        try:
            wait_for_event()
        except socket.timeout:
            raise SystemExit(f"edit {i}: no reload event within 10 s")
        times.append((time.perf_counter() - start) * 1000)
        print(f"edit {i + 1}: {times[-1]:.1f} ms", flush=True)
finally:
    with open(args.note, "w", encoding="utf-8") as f:
        f.write(original)
print(f"median: {statistics.median(times):.1f} ms over {len(times)} edits "
      f"(min {min(times):.1f}, max {max(times):.1f})")
