#!/usr/bin/env python3
"""What the preview's editor costs a person, against a running `casefile serve`.

    edit-latency.py PORT CASE [--saves 9] [--memory-saves 0]

- opening an edit form: GET `<page>?edit=animals/ID` of a record near the end of the case,
  timed from request to last byte (the server's time on loopback), median of --saves;
- a save to the reload event: with the live-reload stream open, POST the form with the name
  changed and time from the request to `event: reload` (the save, its checks, the write and the
  rebuild), median of --saves;
- a hand edit of the same kind: one record's name changed in the collection file by a rename
  over it (as editors save), to the reload event, median of --saves;
- with --record-changes N: a new record added through the New form, then deleted through the
  Delete form, each timed from the request to the reload event, medians of N;
- with --memory-saves N: the server's resident memory and its peak (VmRSS and VmHWM, by the PID
  from `ss`) after 10 saves and after N.
Restores the collection file at the end. Exits 1 when an answer or an event does not come.
"""
import argparse
import html
import http.client
import os
import re
import socket
import statistics
import subprocess
import time
import urllib.parse

parser = argparse.ArgumentParser()
parser.add_argument("port", type=int)
parser.add_argument("case")
parser.add_argument("--saves", type=int, default=9)
parser.add_argument("--memory-saves", type=int, default=0)
parser.add_argument("--record-changes", type=int, default=0)
args = parser.parse_args()
origin = f"http://127.0.0.1:{args.port}"


def request(method, path, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=60)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, response.getheader("Location"), data.decode("utf-8", "replace")


def form_fields(page, marker="<form data-edit-form"):
    """The successful controls of the page's form (the edit form by default), as a browser would
    send them."""
    form = page[page.find(marker):]
    form = form[:form.find("</form>")]
    fields = []
    for match in re.finditer(r"<(input|textarea|select)\b([^>]*)>", form):
        tag, attrs = match.group(1), match.group(2)
        a = dict(re.findall(r'([\w-]+)="([^"]*)"', attrs))
        if "name" not in a:
            continue
        if tag == "input":
            if a.get("type") in ("checkbox", "radio") and not re.search(r"\schecked\b", attrs):
                continue
            fields.append((a["name"], html.unescape(a.get("value", ""))))
        elif tag == "textarea":
            end = form.find("</textarea>", match.end())
            fields.append((a["name"], html.unescape(form[match.end():end])))
        else:
            end = form.find("</select>", match.end())
            options = re.findall(r'<option value="([^"]*)"( selected)?', form[match.end():end])
            chosen = [v for v, s in options if s] or [options[0][0] if options else ""]
            fields.append((a["name"], html.unescape(chosen[0])))
    return fields


def data_file():
    for name in ("animals.json", "animals.yaml", "animals.yml"):
        path = os.path.join(args.case, name)
        if os.path.exists(path):
            return path
    raise SystemExit("no animals file in " + args.case)


path = data_file()
with open(path, "rb") as f:
    original = f.read()
ids = re.findall(rb'"id": "([a-z0-9-]+)"' if path.endswith(".json") else rb"- id: ([a-z0-9-]+)", original)
record = ids[-2].decode()

# Which page lists it: the first page of the suspects whose HTML has its panel.
page = None
for candidate in ["/index.html"] + [f"/suspects/page-{n}.html" for n in range(2, 400)]:
    status, _, text = request("GET", candidate)
    if status != 200:
        break
    if f'data-inspector-panel="{record}"' in text:
        page = candidate
        break
if page is None:
    raise SystemExit(f"no page lists {record}")
edit_path = f"{page}?edit=animals/{record}"
print(f"editing {record} on {page} of {os.path.basename(path)} ({len(original):,} bytes)")


def timed_form():
    start = time.perf_counter()
    status, _, text = request("GET", edit_path)
    elapsed = (time.perf_counter() - start) * 1000
    if status != 200:
        raise SystemExit(f"the form answered {status}: {text[:300]}")
    return elapsed, text


events = http.client.HTTPConnection("127.0.0.1", args.port, timeout=30)
events.request("GET", "/_casefile/events")
stream = events.getresponse()
assert stream.status == 200, stream.status


def wait_for_reload():
    while True:
        line = stream.fp.readline()
        if not line:
            raise SystemExit("the event stream ended")
        if line.startswith(b"event: reload"):
            return


def save(name):
    _, page_text = timed_form()
    fields = [(k, name if k == "name" else v) for k, v in form_fields(page_text)] + [("_action", "save")]
    body = urllib.parse.urlencode(fields)
    start = time.perf_counter()
    status, location, text = request("POST", edit_path, body, {"Origin": origin,
                                                                "Content-Type": "application/x-www-form-urlencoded"})
    if status != 303:
        raise SystemExit(f"the save answered {status}: {text[:500]}")
    try:
        wait_for_reload()
    except socket.timeout:
        raise SystemExit("no reload event within 30 s of a save")
    return (time.perf_counter() - start) * 1000


def memory():
    """The server's resident memory now and its peak so far (VmRSS, VmHWM), in MB."""
    out = subprocess.run(["ss", "-ltnpH", f"sport = :{args.port}"], capture_output=True, text=True).stdout
    pid = re.search(r"pid=(\d+)", out)
    if not pid:
        return None, None
    found = {}
    with open(f"/proc/{pid.group(1)}/status") as f:
        for line in f:
            key = line.split(":")[0]
            if key in ("VmRSS", "VmHWM"):
                found[key] = int(line.split()[1]) // 1024
    return found.get("VmRSS"), found.get("VmHWM")


def report(label, times, target):
    print(f"{label}: median {statistics.median(times):.1f} ms over {len(times)} "
          f"(min {min(times):.1f}, max {max(times):.1f}); target {target}", flush=True)


try:
    forms = [timed_form()[0] for _ in range(args.saves)]
    report("open an edit form", forms, "<= 50 ms")
    saves = []
    for i in range(args.saves):
        time.sleep(0.3)
        saves.append(save(f"Bench name {i}"))
    report("save to reload", saves, "<= 500 ms at 10k, <= 100 ms on the sample")
    hands = []
    for i in range(args.saves):
        time.sleep(0.5)
        with open(path, "rb") as f:
            current = f.read()
        marker = (f'"id": "{record}",' if path.endswith(".json") else f"- id: {record}").encode()
        at = current.index(marker)
        name_at = current.index(b"name", at)
        end = current.index(b"\n", name_at)
        line = current[name_at:end]
        new_line = re.sub(rb"Bench name \d+|Hand \d+", f"Hand {i}".encode(), line) if re.search(rb"Bench name \d+|Hand \d+", line) \
            else line
        changed = current[:name_at] + new_line + current[end:]
        temporary = path + ".bench-tmp"
        with open(temporary, "wb") as f:
            f.write(changed)
        start = time.perf_counter()
        os.rename(temporary, path)
        try:
            wait_for_reload()
        except socket.timeout:
            raise SystemExit("no reload event within 30 s of a hand edit")
        hands.append((time.perf_counter() - start) * 1000)
    report("hand edit of one record to reload", hands, "<= 500 ms at 10k")
    if args.record_changes > 0:
        news, deletes = [], []
        for i in range(args.record_changes):
            time.sleep(0.3)
            _, _, form = request("GET", f"{page}?new=animals")
            name = f"Bench new {i}"
            typed = {"name": name, "species": "Bench"}  # the id left empty: the server proposes one from the name
            fields = [(k, typed.get(k, v)) for k, v in form_fields(form)] + [("_action", "save")]
            start = time.perf_counter()
            status, location, text = request("POST", f"{page}?new=animals", urllib.parse.urlencode(fields),
                                             {"Origin": origin, "Content-Type": "application/x-www-form-urlencoded"})
            if status != 303:
                raise SystemExit(f"the new record's save answered {status}: {text[:500]}")
            wait_for_reload()
            news.append((time.perf_counter() - start) * 1000)
            added = re.search(r"#([a-z0-9-]+)$", location or "") or re.search(r"selected=animals/([a-z0-9-]+)", location or "")
            new_id = added.group(1) if added else f"bench-new-{i}"
            time.sleep(0.3)
            shown_on = (location or page).split("?")[0].split("#")[0]  # the page that lists the new record
            delete_path = f"{shown_on}?delete=animals/{new_id}"
            _, _, form = request("GET", delete_path)
            fields = form_fields(form, "<form data-delete-form") + [("_action", "delete")]
            start = time.perf_counter()
            status, _, text = request("POST", delete_path, urllib.parse.urlencode(fields),
                                      {"Origin": origin, "Content-Type": "application/x-www-form-urlencoded"})
            if status != 303:
                raise SystemExit(f"the delete answered {status}: {text[:500]}")
            wait_for_reload()
            deletes.append((time.perf_counter() - start) * 1000)
        report("a new record, added, to reload", news, "none (its file is read and the site rebuilt whole)")
        report("that record deleted, to reload", deletes, "none (as for a new record)")
    if args.memory_saves > 10:
        for i in range(10):
            save(f"Memory {i}")
        ten, ten_peak = memory()
        for i in range(10, args.memory_saves):
            save(f"Memory {i}")
        now, peak = memory()
        print(f"serve's resident memory: {ten} MB after 10 saves, {now} MB after {args.memory_saves}; "
              f"its peak: {ten_peak} MB after 10 saves, {peak} MB after {args.memory_saves} (target: no higher)", flush=True)
finally:
    with open(path, "wb") as f:
        f.write(original)
