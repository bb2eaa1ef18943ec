"""The dimming layer and the sheet's real position (compact layout, 390 x 844).

Templates/README.md ("Techniques known to work"): the sheet scroller's scroll-timeline drives the dim's
opacity and visibility through a scroll-driven animation, so dragging the sheet above the
backgroundInteractionUpThrough detent (200) dims the page behind even though the URL fragment
still names the 200 detent; back at 200 the dim is transparent and hidden, so it takes no
clicks. Scrolling is done by setting scrollTop, as a drag would, without touching the fragment.
Under reduced motion the scroll-driven rule is off and the dim follows the :target-ed detent
only (the fallback), which the other tests here check with and without reduced motion.
"""

import time

import pytest

from conftest import load

RECORD = "fish"
NARROW_H = 844
MEDIUM = NARROW_H // 2  # 422: the medium detent's height
TOL = 2

DIM_JS = """
const dim = document.querySelector('[data-sheet-dim]');
const sheet = document.querySelector('.cf-sheet');
const sc = document.querySelector('.cf-sheet-scroller');
const r = dim.getClientRects().length ? dim.getBoundingClientRect() : null;
const cs = getComputedStyle(dim);
const hit = document.elementFromPoint(innerWidth / 2, 100);
return {
  hash: location.hash,
  scrollTop: sc.scrollTop,
  sheetShown: Math.max(0, innerHeight - sheet.getBoundingClientRect().top),
  display: cs.display,
  visibility: cs.visibility,
  opacity: parseFloat(cs.opacity),
  area: r ? r.width * r.height : 0,
  dimHit: !!(hit && hit.closest('[data-sheet-dim]')),
};
"""


def dim_state(driver):
    return driver.execute_script(DIM_JS)


def wait_dim(driver, predicate, timeout=3.0):
    deadline = time.monotonic() + timeout
    while True:
        s = dim_state(driver)
        if predicate(s) or time.monotonic() > deadline:
            return s
        time.sleep(0.05)


def scroll_sheet(driver, top):
    # An instant jump (no smooth scrolling), as a drag would leave it; snapping keeps it at a
    # detent since 200 and 422 are both snap points.
    driver.execute_script(
        "const sc = document.querySelector('.cf-sheet-scroller');"
        "sc.style.scrollBehavior = 'auto'; sc.scrollTop = arguments[0];",
        top,
    )


def hidden(s):
    return s["display"] == "none" or s["visibility"] == "hidden" or s["opacity"] < 0.05


def not_laid_over(s):
    """Nothing dims: not displayed, no area, or hidden (and so not hit)."""
    return s["display"] == "none" or s["area"] == 0 or s["visibility"] == "hidden"


def check_follows_scroll(driver, site):
    load(driver, site, "index.html", RECORD)
    s = wait_dim(driver, lambda s: abs(s["sheetShown"] - 200) <= TOL)
    assert abs(s["sheetShown"] - 200) <= TOL, s
    assert hidden(s) and not_laid_over(s), f"dim shows at 200: {s}"
    assert not s["dimHit"]

    scroll_sheet(driver, MEDIUM)
    s = wait_dim(driver, lambda s: abs(s["sheetShown"] - MEDIUM) <= TOL and s["opacity"] > 0.3)
    assert s["hash"] == "#" + RECORD, "the fragment must not change"
    assert abs(s["sheetShown"] - MEDIUM) <= TOL, s
    assert s["display"] != "none" and s["area"] > 0, f"dim should cover the page: {s}"
    assert s["opacity"] > 0.3, f"dim should follow the sheet to medium: {s}"
    assert s["dimHit"], "above the up-through detent the dim takes taps (to dismiss)"

    scroll_sheet(driver, 200)
    s = wait_dim(driver, lambda s: abs(s["sheetShown"] - 200) <= TOL and hidden(s))
    assert s["hash"] == "#" + RECORD
    assert abs(s["sheetShown"] - 200) <= TOL, s
    assert hidden(s), f"dim should clear back at 200: {s}"
    assert not s["dimHit"], "at 200 the page behind must get the clicks"


def test_dim_follows_sheet_scroll_position(narrow, site):
    check_follows_scroll(narrow, site)


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_dim_at_200_is_transparent_and_lets_clicks_through(narrow, site, reduced):
    if reduced:
        narrow.execute_cdp_cmd(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]},
        )
    load(narrow, site, "index.html", RECORD)
    s = wait_dim(narrow, lambda s: abs(s["sheetShown"] - 200) <= TOL)
    assert abs(s["sheetShown"] - 200) <= TOL, s
    assert hidden(s) and not_laid_over(s), f"dim shows at 200: {s}"
    assert not s["dimHit"]


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
@pytest.mark.parametrize("fragment", [RECORD + "_medium", RECORD + "_large"])
def test_dim_shows_at_deep_linked_dimming_detent(narrow, site, fragment, reduced):
    if reduced:
        narrow.execute_cdp_cmd(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]},
        )
    load(narrow, site, "index.html", fragment)
    s = wait_dim(narrow, lambda s: s["opacity"] > 0.9 and s["area"] > 0)
    assert s["display"] != "none" and s["area"] > 0 and s["opacity"] > 0.9, s
