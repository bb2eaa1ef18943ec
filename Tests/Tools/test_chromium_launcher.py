"""Tools/casefile_bench/chromium.py: the one headless Chromium the benchmark starts (and whose
binary and headless flag the browser suite's chromedriver uses), driven through its DevTools
port, then stopped with nothing left behind."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS.parent / "Tools"))
from casefile_bench import chromium  # noqa: E402


def test_the_flags_open_devtools_and_name_the_profile():
    flags = chromium.flags("/tmp/profile")
    assert flags[:3] == ["--headless=new", "--remote-debugging-port=0", "--user-data-dir=/tmp/profile"]
    assert ("--no-sandbox" in flags) == (os.geteuid() == 0)


def test_the_browser_suite_starts_the_shared_chromium():
    # engines.py as the suite imports it, after the shared module was given another binary and
    # headless flag: the suite's Chromium follows them.
    script = ("import sys; sys.path[:0] = sys.argv[1:]\n"
              "from casefile_bench import chromium\n"
              "chromium.BINARY, chromium.HEADLESS = '/opt/other/chromium', '--headless=old'\n"
              "import engines\n"
              "print(engines.CHROMIUM, engines.CHROMIUM_FLAGS[0])\n")
    result = subprocess.run([sys.executable, "-W", "ignore", "-c", script, str(TESTS.parent / "Tools"),
                             str(TESTS / "Browser")], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "/opt/other/chromium --headless=old\n"


def test_a_page_is_driven_over_devtools_and_the_browser_stops(tmp_path):
    if not Path(chromium.BINARY).exists():
        pytest.skip(f"no Chromium at {chromium.BINARY} (Scripts/install-deps.sh --bench)")
    work = str(tmp_path)
    browser = chromium.Chromium(chromium.BINARY, work)
    try:
        assert browser.version.startswith(("Chrome/", "HeadlessChrome/"))
        page = browser.open_page()
        page.call("Page.enable")
        page.call("Page.navigate", {"url": "data:text/html,<title>t</title><p>one</p><p>two</p>"})
        page.wait_event("Page.loadEventFired", timeout=30)
        assert page.evaluate("document.querySelectorAll('p').length") == 2
        browser.close_page(page)
        assert browser.healthy()
    finally:
        browser.stop()
    assert browser.proc.poll() is not None          # the process has ended
    assert not os.path.exists(browser.profile)      # and its profile is gone
    assert os.listdir(work) == [os.path.basename(browser.profile) + ".log"]   # its log stays
