"""The DOM hooks on a phone (390x844) and wide (1280x800), in every engine: exactly one
`[data-inspector-toggle]` shown at each width (the switch wide, the ⓘ links narrow), and the
grabbers' `data-at` / `data-detent`, each naming the next detent. Measured with test_phone.py's
probes, from layout the browser computes.
"""

import time

import pytest

from casedata import DEFAULT_DETENTS
from conftest import NARROW, load, select, wait_for
from engines import EVERY_ENGINE
from test_phone import SHOWN_JS, TOL


# ---------------------------------------------------------------- hooks

TOGGLES_JS = SHOWN_JS + """
const sheet = document.querySelector('.cf-sheet'), scroller = document.querySelector('.cf-sheet-scroller');
const up = scroller && getComputedStyle(scroller).display !== 'none' && sheet.getClientRects().length;
return {
  links: [...document.querySelectorAll('a[data-sheet-toggle]')].map(a => ({kind: a.dataset.sheetToggle,
           hook: a.hasAttribute('data-inspector-toggle'), href: a.getAttribute('href')})),
  shown: [...document.querySelectorAll('[data-inspector-toggle]')]
           .filter(e => e.tagName === 'INPUT' ? shown(e.closest('label') || e) : shown(e))
           .map(e => e.tagName === 'INPUT' ? 'switch' : e.tagName === 'A' ? 'link:' + e.dataset.sheetToggle : e.tagName),
  hash: location.hash,
  sheetShown: up ? Math.max(0, innerHeight - sheet.getBoundingClientRect().top) : 0,
  empty: shown(document.querySelector('[data-inspector-empty]')),
};
"""


def toggles(driver):
    return driver.execute_script(TOGGLES_JS)


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
@EVERY_ENGINE
def test_exactly_one_inspector_toggle_is_shown(request, viewport, site, case, engine):
    driver = request.getfixturevalue(viewport)
    where = f"{engine} {viewport}"
    load(driver, site, "index.html")
    t = toggles(driver)
    assert t["links"] and all(l["hook"] for l in t["links"]), f"{where}: a[data-sheet-toggle] without data-inspector-toggle: {t['links']}"
    if viewport == "wide":
        assert t["shown"] == ["switch"], f"{where}: shown [data-inspector-toggle]: {t['shown']}"
        return
    lowest = case.detent_heights(NARROW["height"])[0]
    assert t["shown"] == ["link:present"], f"{where}: shown [data-inspector-toggle] with nothing selected: {t['shown']}"
    driver.find_element("css selector", 'a[data-inspector-toggle][data-sheet-toggle="present"]').click()
    t = wait_for(driver, lambda t: t["hash"] == "#_inspector" and abs(t["sheetShown"] - lowest) <= TOL, read=toggles)
    assert t["hash"] == "#_inspector" and t["empty"] and abs(t["sheetShown"] - lowest) <= TOL, (
        f"{where}: after Show Inspector: hash {t['hash']}, placeholder shown {t['empty']}, sheet {t['sheetShown']:.1f}px (want {lowest})")
    assert t["shown"] == ["link:dismiss"], f"{where}: with the sheet up, shown: {t['shown']}"
    driver.find_element("css selector", 'a[data-inspector-toggle][data-sheet-toggle="dismiss"]').click()
    t = wait_for(driver, lambda t: t["sheetShown"] <= TOL and t["shown"] == ["link:present"], read=toggles)
    assert t["sheetShown"] <= TOL and not t["empty"] and t["shown"] == ["link:present"], f"{where}: after Hide Inspector: {t}"


GRABBER_JS = SHOWN_JS + """
const panel = document.querySelector(`[data-inspector-panel="${arguments[0]}"]`);
const sheet = document.querySelector('.cf-sheet'), scroller = document.querySelector('.cf-sheet-scroller');
const up = scroller && getComputedStyle(scroller).display !== 'none' && sheet.getClientRects().length;
return {hash: location.hash,
        sheetShown: up ? Math.max(0, innerHeight - sheet.getBoundingClientRect().top) : 0,
        all: [...panel.querySelectorAll('a.cf-grabber')].map(g => [g.dataset.at, g.dataset.detent]),
        shown: [...panel.querySelectorAll('a.cf-grabber')].filter(shown).map(g => [g.dataset.at, g.dataset.detent]),
        large: [...panel.querySelectorAll('[data-detent="large"]')].filter(shown).length};
"""


def grabbers(driver, record):
    return driver.execute_script(GRABBER_JS, record)


def rest_at(driver, record, height, timeout=3.0):
    """Wait until the sheet stays at `height` (two reads 150 ms apart agree)."""
    deadline = time.monotonic() + timeout
    last = grabbers(driver, record)
    while time.monotonic() < deadline:
        time.sleep(0.15)
        g = grabbers(driver, record)
        if abs(g["sheetShown"] - last["sheetShown"]) < 0.5 and abs(g["sheetShown"] - height) <= TOL:
            return g
        last = g
    return last


@EVERY_ENGINE
def test_each_grabber_names_the_next_detent_and_the_large_one_goes_large(narrow, site, case, engine):
    """From each detent (deep-linked): the grabber shown has data-at = that detent and data-detent =
    the next in sheet.detents; following the grabbers until the one whose data-detent is "large"
    shows, a real click on it leaves the sheet at the large height."""
    record = "fish"
    names = [str(d) for d in case.site.get("sheet", {}).get("detents", DEFAULT_DETENTS)]
    heights = dict(zip(names, case.detent_heights(NARROW["height"])))
    nxt = {n: names[(i + 1) % len(names)] for i, n in enumerate(names)}
    assert "large" in names
    select(narrow, site, record)
    g = grabbers(narrow, record)
    assert sorted(g["all"]) == sorted([n, nxt[n]] for n in names), f"{engine}: grabbers (data-at, data-detent): {g['all']}"
    # Where each detent is deep-linked: the fragment of the grabber that moves the sheet there.
    markers = narrow.execute_script(
        "return Object.fromEntries([...document.querySelectorAll(`[data-inspector-panel=\"${arguments[0]}\"] a.cf-grabber`)]"
        ".map(g => [g.dataset.detent, decodeURIComponent(g.hash.slice(1))]))", record)
    assert sorted(markers) == sorted(names), f"{engine}: the grabbers lead to {markers}"
    for start in names:
        load(narrow, site, "index.html", markers[start])
        here = start
        g = rest_at(narrow, record, heights[here])
        for _ in range(len(names) + 1):
            assert abs(g["sheetShown"] - heights[here]) <= TOL, f"{engine}: from {start}: the sheet shows {g['sheetShown']:.1f}px, not {here}'s {heights[here]}"
            # Where scroll timelines exist the grabber shown follows the sheet's scroll position: give
            # the timeline a moment to catch up with a sheet that has just come to rest.
            g = wait_for(narrow, lambda g: g["shown"] == [[here, nxt[here]]], read=lambda d: grabbers(d, record))
            assert g["shown"] == [[here, nxt[here]]], (
                f"{engine}: from {start}, at {here}: the grabber shown is {g['shown']} (data-at, data-detent), want {[[here, nxt[here]]]}")
            if nxt[here] == "large":
                break
            narrow.find_element("css selector", f'[data-inspector-panel="{record}"] a.cf-grabber[data-at="{here}"]').click()
            here = nxt[here]
            g = rest_at(narrow, record, heights[here])
        assert g["large"] == 1, f"{engine}: from {start}: {g['large']} shown elements with data-detent=large"
        narrow.find_element("css selector", f'[data-inspector-panel="{record}"] a.cf-grabber[data-detent="large"]').click()
        g = rest_at(narrow, record, heights["large"])
        g = wait_for(narrow, lambda g: g["shown"] == [["large", nxt["large"]]], read=lambda d: grabbers(d, record))
        assert abs(g["sheetShown"] - heights["large"]) <= TOL, (
            f"{engine}: from {start}: the data-detent=large grabber left the sheet at {g['sheetShown']:.1f}px, not {heights['large']}")
        assert g["shown"] == [["large", nxt["large"]]], f"{engine}: from {start}: at large the grabber shown is {g['shown']}"
