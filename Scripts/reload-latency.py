#!/usr/bin/env python3
"""Time from a save to the reload event of a running `casefile serve`.

    reload-latency.py PORT FILE [--edits 9] [--rename [--record N]]

Opens the live-reload stream (/_casefile/events), then edits FILE once a second and measures,
for each edit, the time from the write to the `event: reload` line. FILE is a note, and each
edit appends a line to it; or, with --rename, a collection's file (JSON or YAML), and each edit
changes record N's name (the bytes of the Nth `"name"` or `name:` value, from 1; the first by
default), saved as editors save (a new file renamed over the old one). Prints each time and the median; restores
the file at the end. Exits 1 if an event does not arrive within 30 s.
"""
import argparse
import http.client
import os
import re
import socket
import statistics
import time

parser = argparse.ArgumentParser()
parser.add_argument("port", type=int)
parser.add_argument("file")
parser.add_argument("--edits", type=int, default=9)
parser.add_argument("--rename", action="store_true", help="FILE is a collection: rename a record")
parser.add_argument("--record", type=int, default=1, help="with --rename: which record (from 1)")
args = parser.parse_args()

connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=30)
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


def save(data):
    """Writes `data` beside the file and renames it over the file, as editors do."""
    temporary = args.file + ".saving"
    with open(temporary, "wb") as f:
        f.write(data)
    os.replace(temporary, args.file)


with open(args.file, "rb") as f:
    original = f.read()
if args.rename:
    names = list(re.finditer(rb'"name"\s*:\s*"([^"]*)"', original)) or list(re.finditer(rb"\bname:\s*(.+)", original))
    start_byte, end_byte = names[args.record - 1].span(1)


def edited(i):
    if args.rename:
        return original[:start_byte] + f"Renamed Suspect {i + 1}".encode() + original[end_byte:]
    return original + f"\nEdit {i} at {time.time()}.\n".encode()


times = []
try:
    for i in range(args.edits):
        time.sleep(1.5 if args.rename else 1)
        data = edited(i)
        start = time.perf_counter()
        if args.rename:
            save(data)
        else:
            with open(args.file, "wb") as f:
                f.write(data)
        try:
            wait_for_event()
        except socket.timeout:
            raise SystemExit(f"edit {i}: no reload event within 30 s")
        times.append((time.perf_counter() - start) * 1000)
        print(f"edit {i + 1}: {times[-1]:.1f} ms", flush=True)
finally:
    if args.rename:
        time.sleep(1.5)
        save(original)
    else:
        with open(args.file, "wb") as f:
            f.write(original)
print(f"median: {statistics.median(times):.1f} ms over {len(times)} edits "
      f"(min {min(times):.1f}, max {max(times):.1f})")
