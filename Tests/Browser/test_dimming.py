"""The dimming layer and the sheet's real position (compact layout, 390 x 844).

Templates/README.md ("Techniques known to work"): the sheet scroller's scroll-timeline drives the dim's
opacity and visibility through a scroll-driven animation, so dragging the sheet above the
backgroundInteractionUpThrough detent (200) dims the page behind even though the URL fragment
still names the 200 detent; back at 200 the dim is transparent and hidden, so it takes no
clicks. Scrolling is done by setting scrollTop, as a drag would, without touching the fragment.
Under reduced motion the scroll-driven rule is off and the dim follows the :target-ed detent
only (the fallback), which the other tests here check with and without reduced motion.

Every engine runs these (engines.py). Where an engine has no scroll-driven animations
(engines.CAPABILITIES: Firefox ESR) the fallback is its only path: the test of the following dim
is skipped there, saying so, and the fallback is checked with motion allowed.
"""

import time

import pytest

from conftest import load, wait_for
from engines import CAPABILITIES, EVERY_ENGINE, emulate_media, supports

pytestmark = EVERY_ENGINE

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


def scroll_sheet(driver, top):
    # An instant jump (no smooth scrolling), as a drag would leave it; snapping keeps it at a
    # detent since 200 and 422 are both snap points. A relative scroll, as a drag or a wheel is:
    # after an absolute one (scrollTop, scrollTo) WebKit snaps back to the detent it was at.
    driver.execute_script(
        "const sc = document.querySelector('.cf-sheet-scroller');"
        "sc.scrollBy({top: arguments[0] - sc.scrollTop, behavior: 'instant'});",
        top,
    )


def hidden(s):
    return s["display"] == "none" or s["visibility"] == "hidden" or s["opacity"] < 0.05


def not_laid_over(s):
    """Nothing dims: not displayed, no area, or hidden (and so not hit)."""
    return s["display"] == "none" or s["area"] == 0 or s["visibility"] == "hidden"


def load_at_200(driver, site):
    """The page with the sheet at 200, settled: WebKit scrolls to the fragment's detent once more
    a moment after the load, undoing a scroll made before that."""
    load(driver, site, "index.html", RECORD)
    wait_for(driver, lambda s: abs(s["sheetShown"] - 200) <= TOL, timeout=3.0, read=dim_state)
    time.sleep(0.4)
    return dim_state(driver)


def scroll_to_medium(driver, site):
    """Scroll the sheet from 200 to medium. The first sheet a WebKitGTK process shows snaps back
    to the detent it was at after such a scroll, and later ones do not: one fresh load and a
    second try (a sheet that never stays at medium still fails)."""
    for attempt in range(2):
        scroll_sheet(driver, MEDIUM)
        s = wait_for(driver, lambda s: abs(s["sheetShown"] - MEDIUM) <= TOL and s["opacity"] > 0.3, timeout=3.0, read=dim_state)
        if abs(s["sheetShown"] - MEDIUM) <= TOL or attempt:
            return s
        load_at_200(driver, site)


def check_follows_scroll(driver, site):
    s = load_at_200(driver, site)
    assert abs(s["sheetShown"] - 200) <= TOL, s
    assert hidden(s) and not_laid_over(s), f"dim shows at 200: {s}"
    assert not s["dimHit"]

    s = scroll_to_medium(driver, site)
    assert s["hash"] == "#" + RECORD, "the fragment must not change"
    assert abs(s["sheetShown"] - MEDIUM) <= TOL, s
    assert s["display"] != "none" and s["area"] > 0, f"dim should cover the page: {s}"
    assert s["opacity"] > 0.3, f"dim should follow the sheet to medium: {s}"
    assert s["dimHit"], "above the up-through detent the dim takes taps (to dismiss)"

    scroll_sheet(driver, 200)
    s = wait_for(driver, lambda s: abs(s["sheetShown"] - 200) <= TOL and hidden(s), timeout=3.0, read=dim_state)
    assert s["hash"] == "#" + RECORD
    assert abs(s["sheetShown"] - 200) <= TOL, s
    assert hidden(s), f"dim should clear back at 200: {s}"
    assert not s["dimHit"], "at 200 the page behind must get the clicks"


def check_follows_target(driver, site):
    """The fallback: scrolled to medium with the fragment still naming the 200 detent, the page
    stays undimmed and usable; the medium detent's own fragment dims it."""
    load_at_200(driver, site)
    scroll_sheet(driver, MEDIUM)
    s = wait_for(driver, lambda s: abs(s["sheetShown"] - MEDIUM) <= TOL, timeout=3.0, read=dim_state)
    assert abs(s["sheetShown"] - MEDIUM) <= TOL and s["hash"] == "#" + RECORD, s
    time.sleep(0.3)
    s = dim_state(driver)
    assert hidden(s) or not_laid_over(s), f"the fallback dims only at a dimming :target: {s}"
    assert not s["dimHit"], "undimmed, the page behind takes the clicks"
    load(driver, site, "index.html", RECORD + "_medium")
    s = wait_for(driver, lambda s: s["opacity"] > 0.9 and s["area"] > 0, timeout=3.0, read=dim_state)
    assert s["display"] != "none" and s["area"] > 0 and s["opacity"] > 0.9, s
    assert s["dimHit"], "dimmed, the dim takes taps (to dismiss)"


def scroll_timeline(driver, engine):
    """Whether the engine has scroll-driven animations, as engines.CAPABILITIES declares."""
    declared = CAPABILITIES[engine]["scroll-timeline"]
    assert supports(driver, "animation-timeline", "scroll()") == declared, (
        f"{engine} no longer answers as engines.CAPABILITIES says (scroll-timeline: {declared})")
    return declared


def test_dim_follows_sheet_scroll_position(narrow, site, engine):
    if not scroll_timeline(narrow, engine):
        pytest.skip(f"{engine} has no scroll-driven animations: the dim follows the :target-ed "
                    "detent instead (test_dim_follows_the_targeted_detent_where_it_cannot_follow_the_sheet)")
    check_follows_scroll(narrow, site)


def test_dim_follows_the_targeted_detent_where_it_cannot_follow_the_sheet(narrow, site, engine):
    """The fallback: in an engine without scroll-driven animations as it is, elsewhere under
    reduced motion (which the engine must be able to emulate)."""
    if scroll_timeline(narrow, engine):
        emulate_media(narrow, reduced_motion=True)
    check_follows_target(narrow, site)


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_dim_at_200_is_transparent_and_lets_clicks_through(narrow, site, reduced):
    if reduced:
        emulate_media(narrow, reduced_motion=True)
    load(narrow, site, "index.html", RECORD)
    s = wait_for(narrow, lambda s: abs(s["sheetShown"] - 200) <= TOL, timeout=3.0, read=dim_state)
    assert abs(s["sheetShown"] - 200) <= TOL, s
    assert hidden(s) and not_laid_over(s), f"dim shows at 200: {s}"
    assert not s["dimHit"]


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
@pytest.mark.parametrize("fragment", [RECORD + "_medium", RECORD + "_large"])
def test_dim_shows_at_deep_linked_dimming_detent(narrow, site, fragment, reduced):
    if reduced:
        emulate_media(narrow, reduced_motion=True)
    load(narrow, site, "index.html", fragment)
    s = wait_for(narrow, lambda s: s["opacity"] > 0.9 and s["area"] > 0, timeout=3.0, read=dim_state)
    assert s["display"] != "none" and s["area"] > 0 and s["opacity"] > 0.9, s
