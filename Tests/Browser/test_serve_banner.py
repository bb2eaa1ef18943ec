"""The preview's error banner (`#casefile-serve-banner`, added by `casefile serve` to every page
while the case has errors): across the top of the viewport, full width, one line, over nothing
of the page, which starts below it; at 1280x800, where the page is a grid of the viewport's
height (toolbar, table, inspector column) that the banner must not join, and at 390x844.

The server runs the real debug binary (test_editor.Serve) on a copy of the sample with fish's
suspicionLevel 1.4, one error; each table page is checked, measured with getBoundingClientRect,
in every engine.
"""

import shutil
import tempfile
import time
from pathlib import Path

import pytest

from conftest import INVALID_FISH, wait_for
from engines import EVERY_ENGINE
from editing_pages import go
from editing_serve import Serve

PAGES = ["index.html", "bulletins/index.html", "fruits/index.html", "validation/index.html"]


@pytest.fixture(scope="module")
def broken():
    """`casefile serve` on the sample with one error, once its pages carry the banner."""
    root = Path(tempfile.mkdtemp(prefix="casefile-banner-"))
    serve = Serve(root)
    name, old, new = INVALID_FISH
    text = serve.read(name)
    assert text.count(old) == 1, f"{name} does not hold {old!r} once"
    serve.write(name, text.replace(old, new))
    deadline = time.monotonic() + 30
    while b"casefile-serve-banner" not in serve.fetch("index.html"):
        assert time.monotonic() < deadline, "the server did not show the banner within 30 s:\n" + "".join(serve.printed[-20:])
        time.sleep(0.1)
    yield serve
    serve.stop()
    shutil.rmtree(root, ignore_errors=True)


BANNER_JS = """
const b = document.getElementById('casefile-serve-banner');
const r = e => e && e.getClientRects().length ? e.getBoundingClientRect().toJSON() : null;
const link = b && b.querySelector('a');
const on = (e, x, y) => { const h = document.elementFromPoint(x, y); return !!h && (h === e || e.contains(h)); };
const br = r(b), lr = r(link);
return {
  banner: br, link: lr, text: b ? b.textContent : null,
  // On top at both ends and in the middle of its line.
  onTop: !!br && [br.left + 2, (br.left + br.right) / 2, br.right - 2].every(x => on(b, x, (br.top + br.bottom) / 2)),
  linkOnTop: !!lr && on(link, (lr.left + lr.right) / 2, (lr.top + lr.bottom) / 2),
  rem: parseFloat(getComputedStyle(document.documentElement).fontSize),
  toolbar: r(document.querySelector('.cf-toolbar')), main: r(document.querySelector('.cf-main')),
  inspector: r(document.querySelector('[data-inspector]')),
  vw: innerWidth, vh: innerHeight,
  scrollWidth: document.documentElement.scrollWidth, scrollHeight: document.documentElement.scrollHeight,
};
"""


@EVERY_ENGINE
@pytest.mark.parametrize("viewport", ["wide", "narrow"])
@pytest.mark.parametrize("page", PAGES)
def test_the_error_banner_runs_across_the_top_and_the_page_starts_below_it(request, engine, viewport, page, broken):
    driver = request.getfixturevalue(viewport)
    go(driver, broken.page(page))
    s = wait_for(driver, lambda s: s["banner"] is not None and s["onTop"], read=lambda d: d.execute_script(BANNER_JS), timeout=5)
    b, vw, vh = s["banner"], s["vw"], s["vh"]
    where = f"{engine} {viewport} {page}"
    assert b, f"{where}: no banner"
    assert "1 error" in s["text"], f"{where}: {s['text']!r}"
    # Across the top, full width, one line of 2.5rem.
    assert abs(b["top"]) <= 1 and abs(b["left"]) <= 1 and abs(b["width"] - vw) <= 1, f"{where}: the banner is at {b}"
    assert abs(b["height"] - 2.5 * s["rem"]) <= 1, f"{where}: the banner is {b['height']} px high, not one line of 2.5rem"
    assert s["onTop"], f"{where}: something covers the banner {b}"
    # Its link whole and in view, however long the message.
    l = s["link"]
    assert l and l["left"] >= -1 and l["right"] <= vw + 1 and l["top"] >= b["top"] - 1 and l["bottom"] <= b["bottom"] + 1, \
        f"{where}: the link {l} is not whole in the banner {b}"
    assert s["linkOnTop"], f"{where}: the link {l} is covered"
    # The page below it: nothing of it under the banner, nothing wider than the viewport.
    for part in ("toolbar", "main"):
        assert s[part] and s[part]["top"] >= b["bottom"] - 1, f"{where}: the {part} {s[part]} starts under the banner {b}"
    assert s["scrollWidth"] <= vw, f"{where}: the page scrolls sideways ({s['scrollWidth']} px)"
    if viewport == "wide":
        # The grid keeps the viewport's height below the banner: the column from the banner down.
        ins = s["inspector"]
        assert ins and ins["top"] >= b["bottom"] - 1 and ins["bottom"] <= vh + 1, f"{where}: the column {ins}, banner {b}"
        assert s["scrollHeight"] <= vh + 1, f"{where}: the page scrolls ({s['scrollHeight']} px in {vh})"
