"""The bottom sheet as iOS has it, in every engine, at 390x844 (and the wide and middle widths,
where none of it may show):

- swiped down past its lowest detent the sheet goes away (the selection stays), and selecting
  the row again brings it back;
- the grabber is a link that moves the sheet to the next detent, as iOS's accessible grabber
  does; where scroll timelines exist the grabber shown follows where the sheet really is, so it
  is never stale after a drag (elsewhere it follows the fragment);
- the toolbar keeps a button that presents the sheet (the placeholder when nothing is selected)
  and dismisses it.

Heights come from the case's site.yaml (casedata.Case.detent_heights).
"""

import time

import pytest

from conftest import NARROW, load, probe, select, wait_for
from engines import CAPABILITIES, EVERY_ENGINE

TOL = 2

SHEET_JS = """
const sheet = document.querySelector('.cf-sheet');
const shown = e => !!e && getComputedStyle(e).display !== 'none' && getComputedStyle(e).visibility === 'visible'
                   && e.getClientRects().length > 0;
const grabbers = [...document.querySelectorAll('[data-inspector-panel] .cf-grabber')].filter(shown);
const toggles = [...document.querySelectorAll('[data-sheet-toggle]')].filter(shown);
const scroller = document.querySelector('.cf-sheet-scroller');
return {hash: location.hash,
        scrollerShown: getComputedStyle(scroller).display !== 'none',
        shown: scroller && getComputedStyle(scroller).display !== 'none'
               ? Math.max(0, innerHeight - sheet.getBoundingClientRect().top) : 0,
        grabbers: grabbers.map(g => ({detent: g.dataset.at, goes: g.dataset.detent, href: g.getAttribute('href'),
                                      name: g.getAttribute('aria-label'), rect: g.getBoundingClientRect().toJSON()})),
        toggles: toggles.map(t => ({kind: t.dataset.sheetToggle, href: t.getAttribute('href'),
                                    name: t.querySelector('.cf-visually-hidden').textContent.trim()})),
        switchShown: shown(document.querySelector('label.cf-toggle'))};
"""


def sheet(driver):
    return driver.execute_script(SHEET_JS)


def rest(driver, heights, timeout=3.0):
    """Wait until the sheet is still at one of `heights` (0 is dismissed) for 150 ms."""
    deadline = time.monotonic() + timeout
    last = sheet(driver)
    while time.monotonic() < deadline:
        time.sleep(0.15)
        s = sheet(driver)
        if abs(s["shown"] - last["shown"]) < 0.5 and any(abs(s["shown"] - h) <= TOL for h in heights):
            return s
        last = s
    return last


def scroll_sheet_to(driver, position):
    """Leave the sheet at `position` px of scroll, as a drag would when the finger lifts."""
    driver.execute_script(
        "const sc = document.querySelector('.cf-sheet-scroller');"
        "sc.style.scrollBehavior = 'auto'; sc.scrollTop = arguments[0];", position)


def click_row(driver, record):
    driver.execute_script(
        "document.querySelector(`[data-table] tr[data-record-id=\"${arguments[0]}\"] a[data-select]`).click()", record)


# ---------------------------------------------------------------- swipe down to dismiss


@EVERY_ENGINE
def test_swiped_past_the_lowest_detent_the_sheet_goes_and_the_row_brings_it_back(narrow, site, case, engine):
    heights = case.detent_heights(NARROW["height"])
    lowest = heights[0]
    select(narrow, site, "fish")
    assert abs(rest(narrow, heights)["shown"] - lowest) <= TOL
    # Let go a third of the way down from the lowest detent: it springs back.
    scroll_sheet_to(narrow, lowest * 2 / 3)
    s = rest(narrow, [0] + heights)
    assert abs(s["shown"] - lowest) <= TOL, f"{engine}: let go at {lowest * 2 / 3:.0f} px, rests at {s['shown']}"
    # Past half-way: it goes, the fragment (the selection) stays, the page takes taps again.
    scroll_sheet_to(narrow, lowest / 4)
    s = rest(narrow, [0] + heights)
    assert s["shown"] <= TOL and s["hash"] == "#fish", f"{engine}: {s}"
    row_fill = narrow.execute_script(
        "return getComputedStyle(document.querySelector('tr[data-record-id=\"fish\"]')).backgroundColor")
    assert row_fill not in ("rgba(0, 0, 0, 0)", "transparent"), "the row stays selected"
    hit = narrow.execute_script(
        "const r = document.querySelector('tr[data-record-id=\"snail\"] a[data-select]').getBoundingClientRect();"
        "const e = document.elementFromPoint(r.left + 10, Math.min(r.top + 10, innerHeight - 10));"
        "return e && !!e.closest('tr[data-record-id]')")
    assert hit, "with the sheet gone, a row near the bottom takes the tap"
    # Selecting the same row again presents the sheet again at its detent.
    click_row(narrow, "fish")
    s = rest(narrow, heights)
    assert abs(s["shown"] - lowest) <= TOL and s["hash"] == "#fish", f"{engine}: {s}"


# ---------------------------------------------------------------- the grabber


@EVERY_ENGINE
def test_the_grabber_moves_the_sheet_to_the_next_detent_and_round(narrow, site, case, engine):
    heights = case.detent_heights(NARROW["height"])
    names = [str(d) for d in case.site.get("sheet", {}).get("detents", [200, "medium", "large"])]
    select(narrow, site, "fish")
    s = rest(narrow, heights)
    for step in range(len(names) + 1):
        here = step % len(names)
        assert abs(s["shown"] - heights[here]) <= TOL, f"{engine}: step {step}: {s}"
        assert [g["detent"] for g in s["grabbers"]] == [names[here]], f"{engine}: one grabber, for {names[here]}: {s['grabbers']}"
        g = s["grabbers"][0]
        nxt = names[(here + 1) % len(names)]
        assert g["rect"]["width"] >= 44 - TOL or g["rect"]["height"] >= 20 - TOL, g
        assert nxt.lower() in g["name"].lower(), f"the grabber says where it goes: {g['name']!r}"
        assert g["goes"] == nxt, f"{engine}: data-detent names where the grabber moves the sheet: {g}"
        narrow.execute_script("document.querySelector(`[data-inspector-panel=\"fish\"] .cf-grabber[data-detent=\"${arguments[0]}\"]`).click()",
                              nxt)
        s = rest(narrow, [heights[(here + 1) % len(names)]])


@EVERY_ENGINE
def test_after_a_drag_the_grabber_follows_the_sheet_where_the_engine_can(narrow, site, case, engine):
    """Dragged from the lowest detent to the medium one, the fragment still names the lowest.
    With scroll timelines the grabber shown is the medium one (it moves on to large); without,
    it is still the lowest's (it moves to medium, where the sheet already is): the fallback."""
    heights = case.detent_heights(NARROW["height"])
    names = [str(d) for d in case.site.get("sheet", {}).get("detents", [200, "medium", "large"])]
    select(narrow, site, "fish")
    rest(narrow, heights)
    scroll_sheet_to(narrow, heights[1])
    s = rest(narrow, [heights[1]])
    assert abs(s["shown"] - heights[1]) <= TOL and s["hash"] == "#fish", s
    follows = CAPABILITIES[engine]["scroll-timeline"]
    want = names[1] if follows else names[0]
    s = wait_for(narrow, lambda s: [g["detent"] for g in s["grabbers"]] == [want], read=sheet)
    assert [g["detent"] for g in s["grabbers"]] == [want], f"{engine} (scroll timelines: {follows}): {s['grabbers']}"


@pytest.mark.parametrize("viewport", ["wide", "middle"])
@EVERY_ENGINE
def test_no_grabber_or_sheet_button_outside_the_sheet(request, viewport, site, engine):
    driver = request.getfixturevalue(viewport)
    select(driver, site, "fish")
    s = sheet(driver)
    assert s["grabbers"] == [] and s["toggles"] == [] and s["switchShown"], f"{engine} {viewport}: {s}"


# ---------------------------------------------------------------- the toolbar's button


@EVERY_ENGINE
def test_the_toolbar_button_presents_the_placeholder_and_dismisses_the_sheet(narrow, site, case, engine):
    heights = case.detent_heights(NARROW["height"])
    load(narrow, site, "index.html")
    s = sheet(narrow)
    assert not s["scrollerShown"] and not s["switchShown"], s
    assert [t["kind"] for t in s["toggles"]] == ["present"] and s["toggles"][0]["name"] == "Show Inspector", s
    narrow.find_element("css selector", '[data-sheet-toggle="present"]').click()
    s = rest(narrow, [heights[0]])
    p = probe(narrow)
    assert abs(s["shown"] - heights[0]) <= TOL and p["emptyVisible"] and p["panels"] == [], f"{engine}: {s} {p}"
    assert "select" in p["emptyText"].lower(), p["emptyText"]
    assert [t["kind"] for t in s["toggles"]] == ["dismiss"] and s["toggles"][0]["name"] == "Hide Inspector", s
    # The table behind still scrolls, and its last row can be reached above the sheet.
    narrow.find_element("css selector", '[data-sheet-toggle="dismiss"]').click()
    s = wait_for(narrow, lambda s: not s["scrollerShown"], read=sheet)
    assert not s["scrollerShown"] and [t["kind"] for t in s["toggles"]] == ["present"], s
    # With a record selected the button dismisses its sheet.
    select(narrow, site, "fish")
    s = rest(narrow, heights)
    assert [t["kind"] for t in s["toggles"]] == ["dismiss"], s
    narrow.find_element("css selector", '[data-sheet-toggle="dismiss"]').click()
    s = wait_for(narrow, lambda s: not s["scrollerShown"], read=sheet)
    assert not s["scrollerShown"] and probe(narrow)["panels"] == [], s
