"""Headless Chromium: the binary and headless mode that both the benchmark and the browser suite
use, and a launcher that opens its DevTools port for the benchmark's CDP client.

The browser suite (Tests/Browser/engines.py) starts Chromium through chromedriver with BINARY and
HEADLESS and flags of its own; Scripts/reader-bench.py starts it here, with no WebDriver in
between, and opens a page per measurement in a browser context of its own.
"""
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time

from .devtools import DevTools

# CASEFILE_CHROMIUM names another Chromium, for the suite and the benchmark alike.
BINARY = os.environ.get("CASEFILE_CHROMIUM", "/usr/bin/chromium")
HEADLESS = "--headless=new"

# What the benchmark's Chromium is started with, besides the profile folder: no first-run
# work, no background networking or updates, and no throttling of a page in the background.
DEVTOOLS_FLAGS = (HEADLESS, "--remote-debugging-port=0",
                  "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-default-apps", "--mute-audio", "--disable-background-timer-throttling",
                  "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
                  "--password-store=basic", "--use-mock-keychain")

DEVTOOLS_LINE = re.compile(r"DevTools listening on ws://[^:/]+:(\d+)(/devtools/browser/\S+)")


def flags(profile):
    """The command line's flags for a browser whose profile is `profile` (a sandbox unless root,
    where Chromium refuses one)."""
    out = [*DEVTOOLS_FLAGS[:2], f"--user-data-dir={profile}", *DEVTOOLS_FLAGS[2:]]
    if os.geteuid() == 0:
        out.append("--no-sandbox")
    return out


class Chromium:
    """One headless Chromium in its own process group, with a DevTools client to the browser."""

    def __init__(self, path, workdir):
        self.path = path
        self.workdir = workdir
        self.proc = None
        self.browser = None
        self.launch()

    def launch(self):
        if self.proc is not None:   # launched already: stop that one, never leave it behind
            self.stop()
        self.profile = tempfile.mkdtemp(prefix="chromium-", dir=self.workdir)
        self.logfile = os.path.join(self.profile + ".log")
        with open(self.logfile, "wb") as err:
            self.proc = subprocess.Popen([self.path, *flags(self.profile), "about:blank"],
                                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                         stderr=err, start_new_session=True)
        self.port, browser_path = self._endpoint(timeout=60)
        self.browser = DevTools(f"ws://127.0.0.1:{self.port}{browser_path}")
        self.version = self.browser.call("Browser.getVersion").get("product", "?")

    def _endpoint(self, timeout):
        """The port and browser path, from DevToolsActivePort or the 'DevTools listening' line."""
        deadline = time.monotonic() + timeout
        active = os.path.join(self.profile, "DevToolsActivePort")
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"chromium exited ({self.proc.returncode}): {self._log_tail()}")
            try:
                with open(active) as f:
                    lines = f.read().split()
                if len(lines) >= 2:
                    return int(lines[0]), lines[1]
            except (OSError, ValueError):
                pass
            with open(self.logfile, encoding="utf-8", errors="replace") as f:
                match = DEVTOOLS_LINE.search(f.read())
            if match:
                return int(match.group(1)), match.group(2)
            time.sleep(0.1)
        raise TimeoutError(f"chromium gave no DevTools endpoint within {timeout} s: {self._log_tail()}")

    def _log_tail(self):
        try:
            with open(self.logfile, encoding="utf-8", errors="replace") as f:
                return f.read()[-1500:]
        except OSError:
            return ""

    def stop(self):
        if self.browser:
            try:
                self.browser.call("Browser.close", timeout=5)
            except Exception:
                pass
            self.browser.close()
            self.browser = None
        if self.proc and self.proc.poll() is None:
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                for sig in (signal.SIGTERM, signal.SIGKILL):
                    try:
                        os.killpg(self.proc.pid, sig)   # its own group: only what we started
                        self.proc.wait(timeout=5)
                        break
                    except (ProcessLookupError, subprocess.TimeoutExpired):
                        pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def healthy(self):
        try:
            return self.proc.poll() is None and bool(self.browser.call("Browser.getVersion", timeout=10))
        except Exception:
            return False

    def restart(self):
        self.launch()

    def open_page(self):
        """A blank page in a browser context of its own (no shared cache or connections)."""
        context = self.browser.call("Target.createBrowserContext")["browserContextId"]
        target = self.browser.call("Target.createTarget",
                                   {"url": "about:blank", "browserContextId": context})["targetId"]
        page = DevTools(f"ws://127.0.0.1:{self.port}/devtools/page/{target}")
        page.target, page.context = target, context
        return page

    def close_page(self, page):
        page.close()
        for method, params in (("Target.closeTarget", {"targetId": page.target}),
                               ("Target.disposeBrowserContext", {"browserContextId": page.context})):
            try:
                self.browser.call(method, params, timeout=20)
            except Exception:
                pass
