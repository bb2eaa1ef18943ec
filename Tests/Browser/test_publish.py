"""`casefile publish` output in Chromium: the same folder works opened from file:// and served
under a sub-path.

The sample is published once per session with the debug binary into a temporary folder; a
second copy sits at /some/sub/path/ below a folder served by Python's http.server on loopback.
Selection is a real click on a row's link; "the CSS loaded" is read as a computed style that only
the stylesheet sets (the inspector column's 300 px width, and the selected row's highlight).
"""

import functools
import http.server
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import BINARY, REPO, QuietHandler, Site, probe, wait_for

SUB_PATH = "some/sub/path"
RECORD = "snail"

ROW_BG_JS = """
const bg = id => getComputedStyle(document.querySelector(`tr[data-record-id="${id}"]`)).backgroundColor;
return [bg(arguments[0]), bg(arguments[1])];
"""

SHEET_JS = """
const link = document.querySelector('link[rel=stylesheet]');
// From file:// Chromium will not let a script read the rules, only see that the sheet exists.
let rules = -1;
try { rules = link.sheet.cssRules.length; } catch (e) {}
return {href: link.getAttribute('href'), loaded: !!link.sheet && rules !== 0};
"""


def _publish(out: Path):
    result = subprocess.run(
        [str(BINARY), "publish", "--content", "Content", "--output", str(out)],
        cwd=REPO, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        pytest.fail(f"casefile publish failed (exit {result.returncode}):\n{result.stdout}\n{result.stderr}")


@pytest.fixture(scope="module")
def published():
    parent = Path(tempfile.mkdtemp(prefix="casefile-publish-"))
    _publish(parent / "public")
    yield Site(parent / "public")
    shutil.rmtree(parent, ignore_errors=True)


@pytest.fixture(scope="module")
def served():
    """The published sample at http://127.0.0.1:PORT/some/sub/path/ (a real server on loopback)."""
    root = Path(tempfile.mkdtemp(prefix="casefile-served-"))
    _publish(root / SUB_PATH)
    handler = functools.partial(QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/{SUB_PATH}/"
    server.shutdown()
    server.server_close()
    shutil.rmtree(root, ignore_errors=True)


def _select_by_click(driver):
    before = probe(driver)
    assert before["panels"] == [], "no row is selected before the click"
    driver.find_element(By.CSS_SELECTOR, f'tr[data-record-id="{RECORD}"] a[data-select]').click()
    return wait_for(driver, lambda s: s["panels"] == [RECORD])


def _assert_styled_and_selected(driver, state):
    assert state["hash"] == "#" + RECORD
    assert state["panels"] == [RECORD], state
    sheet = driver.execute_script(SHEET_JS)
    assert sheet["loaded"], f"the stylesheet {sheet['href']} did not load"
    assert sheet["href"].startswith("casefile.") and sheet["href"].endswith(".css"), sheet
    # Only casefile.css sizes the inspector column (300 px, the default idealWidth) and
    # highlights the selected row.
    assert abs(state["inspector"]["width"] - 300) <= 2, state["inspector"]
    selected, other = driver.execute_script(ROW_BG_JS, RECORD, "fish")
    assert selected != other, f"the selected row is not highlighted ({selected} vs {other})"


def test_published_site_from_file_url_selects_a_row(wide, published):
    wide.get(published.url("index.html"))
    assert wide.current_url.startswith("file://")
    _assert_styled_and_selected(wide, _select_by_click(wide))


def test_published_site_under_a_sub_path_loads_its_css_and_selects_a_row(wide, served):
    wide.get(served + "index.html")
    _assert_styled_and_selected(wide, _select_by_click(wide))
    # Following the navigation keeps to the sub-path: every link names a file below it.
    wide.find_element(By.CSS_SELECTOR, ".cf-nav a[href$='bulletins/index.html']").click()
    assert wide.current_url == served + "bulletins/index.html"
    assert wide.execute_script(SHEET_JS)["loaded"]


def test_published_site_links_only_to_files(published):
    """No link in the published pages names a folder (file:// cannot open one)."""
    import re
    bare = []
    for page in published.root.rglob("*.html"):
        for href in re.findall(r'href="([^"]*)"', page.read_text(encoding="utf-8")):
            path = href.split("#", 1)[0]
            if path and not re.match(r"^[a-z]+:", path) and (path.endswith("/") or not re.search(r"\.[a-z]+$", path)):
                bare.append(f"{page.relative_to(published.root)}: {href}")
    assert not bare, "links that name a folder:\n" + "\n".join(bare)
