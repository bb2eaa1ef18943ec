"""`casefile serve` on a copy of the sample case, for the editor's browser tests: started once a
session per language (`editing_fixtures.py`), its files put back after each test."""

import os
import queue
import re
import shutil
import signal
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from casedata import Case
from conftest import BINARY, REPO

SERVING = re.compile(r"^Serving .* at (http://127\.0\.0\.1:(\d+)/)")


class Serve:
    """`casefile serve --content COPY --port 0` on a copy of Content/ (with `site_addition`
    appended to its site.yaml), its address read from the first line it prints."""

    def __init__(self, root: Path, site_addition: str = ""):
        if not BINARY.is_file() or not os.access(BINARY, os.X_OK):
            pytest.exit(f"casefile binary not found at {BINARY}: run `swift build` in {REPO} first", returncode=2)
        self.content = root / "content"
        shutil.copytree(REPO / "Content", self.content)
        if site_addition:
            with open(self.content / "site.yaml", "a", encoding="utf-8") as f:
                f.write("\n" + site_addition)
        self.original = self.files()
        self.case = Case(self.content)
        self.stderr = open(root / "stderr.log", "w+", encoding="utf-8")
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--content", str(self.content), "--port", "0"],
            cwd=root, stdout=subprocess.PIPE, stderr=self.stderr, stdin=subprocess.DEVNULL, text=True)
        # Drain its output for as long as it runs (the rebuilds' reports), keeping the lines.
        self.lines, self.printed = queue.Queue(), []
        threading.Thread(target=self._read, daemon=True).start()
        try:
            first = self.lines.get(timeout=120)
        except queue.Empty:
            first = None
        match = SERVING.match(first or "")
        if not match:
            self.stderr.flush()
            said = (root / "stderr.log").read_text(encoding="utf-8", errors="replace")
            self.stop()
            pytest.fail(f"casefile serve did not say where it serves: first line {first!r}, "
                        f"exit status {self.process.returncode}\n{said}")
        self.url = match.group(1)
        self.baseline = self.fetch("index.html")

    def _read(self):
        for line in self.process.stdout:
            self.printed.append(line)
            self.lines.put(line)

    def page(self, path="index.html", fragment=""):
        return self.url + path + (("#" + fragment) if fragment else "")

    def fetch(self, path):
        with urllib.request.urlopen(self.url + path, timeout=30) as answer:
            return answer.read()

    def files(self):
        return {p.relative_to(self.content).as_posix(): p.read_bytes()
                for p in sorted(self.content.rglob("*")) if p.is_file()}

    def read(self, name="animals.yaml"):
        return (self.content / name).read_text(encoding="utf-8")

    def write(self, name, text):
        (self.content / name).write_text(text, encoding="utf-8")

    def restore(self, timeout=30):
        """Put every file back as it was, and wait until the server's pages are those of the
        case as it was (its watcher has rebuilt)."""
        now, changed = self.files(), False
        for name in now.keys() - self.original.keys():
            (self.content / name).unlink()
            changed = True
        for name, data in self.original.items():
            if now.get(name) != data:
                (self.content / name).parent.mkdir(parents=True, exist_ok=True)
                (self.content / name).write_bytes(data)
                changed = True
        if not changed or self.process.poll() is not None:  # a stopped server is started again on a new copy
            return
        deadline = time.monotonic() + timeout
        while self.fetch("index.html") != self.baseline:
            if time.monotonic() > deadline:
                pytest.fail(f"the server did not rebuild the restored case within {timeout} s:\n"
                            + "".join(self.printed[-20:]))
            time.sleep(0.1)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.stderr.close()
