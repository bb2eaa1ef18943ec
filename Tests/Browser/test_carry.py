"""The toolbar's switch remembered from page to page, without script: while the inspector is
collapsed, every page link (site title, the four pages, the problem counts, pagination) is its
twin that carries `#_collapsed`, and a page reached with `#_collapsed` starts collapsed, its
switch off. Checked in every engine at 1280x800 and 820x1180 (the switch is not shown at
390x844, where the sheet has its own button: nothing is carried there).
"""

import pytest

from conftest import leave_by, load, probe, select, wait_for
from engines import EVERY_ENGINE

STATE_JS = """
const shown = e => !!e && getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0;
const switches = [...document.querySelectorAll('label.cf-toggle')].filter(shown).map(l => l.querySelector('input'));
const insp = document.querySelector('[data-inspector]');
const links = [...document.querySelectorAll('.cf-toolbar a, .cf-pagination a')].filter(shown);
return {path: location.pathname.split('/').slice(-2).join('/'), hash: location.hash,
        switches: switches.map(s => s.checked),
        inspector: shown(insp) && insp.getBoundingClientRect().width > 0,
        nav: [...document.querySelectorAll('.cf-nav a')].filter(shown).map(a => a.getAttribute('href')),
        links: links.map(a => a.getAttribute('href'))};
"""


def state(driver):
    return driver.execute_script(STATE_JS)


def flip_switch(driver):
    driver.execute_script(
        "[...document.querySelectorAll('label.cf-toggle')].find(l => getComputedStyle(l).display !== 'none')"
        ".querySelector('input').click()")


def follow(driver, selector, text):
    """Follow the shown link matching selector and text; the next page's state."""
    leave_by(driver, "return [...document.querySelectorAll(arguments[0])].find(a => getComputedStyle(a).display !== 'none'"
             " && a.getClientRects().length && a.textContent.trim().startsWith(arguments[1]))", selector, text)
    return state(driver)


@pytest.mark.parametrize("viewport", ["wide", "middle"])
@EVERY_ENGINE
def test_collapsed_stays_collapsed_on_the_next_page(request, viewport, site, engine):
    driver = request.getfixturevalue(viewport)
    load(driver, site, "index.html")
    s = state(driver)
    assert s["switches"] == [True] and all("#" not in h for h in s["nav"]), s
    flip_switch(driver)
    s = wait_for(driver, lambda s: not s["inspector"], read=state)
    assert s["switches"] == [False] and not s["inspector"], s
    assert s["nav"] and all(h.endswith("#_collapsed") for h in s["nav"]), f"{engine}: the links carry the state: {s['nav']}"
    assert all(h.endswith("#_collapsed") for h in s["links"] if not h.startswith("#")), s["links"]

    s = follow(driver, ".cf-nav a", "Bulletins")
    assert (s["path"], s["hash"]) == ("bulletins/index.html", "#_collapsed"), s
    assert s["switches"] == [False] and not s["inspector"], f"{engine} {viewport}: arrives collapsed: {s}"
    assert all(h.endswith("#_collapsed") for h in s["nav"]), s["nav"]

    s = follow(driver, ".cf-counts", "")
    assert (s["path"], s["hash"]) == ("validation/index.html", "#_collapsed") and not s["inspector"], s

    # Switched on again: the inspector is back, and the links no longer carry anything.
    flip_switch(driver)
    s = wait_for(driver, lambda s: s["inspector"] or viewport == "middle", read=state)
    assert s["switches"] == [True] and all("#" not in h for h in s["nav"]), s
    if viewport == "wide":
        assert s["inspector"], "presented again, with its placeholder"
    s = follow(driver, ".cf-nav a", "Fruits")
    assert (s["path"], s["hash"]) == ("fruits/index.html", "") and s["switches"] == [True], s
    if viewport == "wide":
        assert s["inspector"], s


@EVERY_ENGINE
def test_selecting_a_row_on_a_carried_page_presents_it(wide, site, engine):
    """On a page reached collapsed, selecting a row presents the inspector with that record (the
    fragment no longer carries the state; the page's own switch, on, governs)."""
    load(wide, site, "bulletins/index.html", "_collapsed")
    assert not state(wide)["inspector"]
    wide.execute_script("document.querySelector('[data-table] a[data-select]').click()")
    s = wait_for(wide, lambda s: len(s["panels"]) == 1)
    assert len(s["panels"]) == 1, s
    assert state(wide)["inspector"] and state(wide)["switches"] == [True]


@EVERY_ENGINE
def test_pagination_carries_the_state(wide, variant, engine):
    site, c = variant("paged")
    load(wide, site, "index.html")
    flip_switch(wide)
    wait_for(wide, lambda s: not s["inspector"], read=state)
    s = follow(wide, ".cf-pagination a[rel=next]", "")
    assert s["hash"] == "#_collapsed" and s["path"].endswith(".html") and s["path"] != "index.html", s
    assert not s["inspector"] and s["switches"] == [False], s


@EVERY_ENGINE
def test_nothing_is_carried_on_a_phone(narrow, site, engine):
    select(narrow, site, "fish")
    s = state(narrow)
    assert s["switches"] == [] and all("#" not in h for h in s["nav"]), s
    assert probe(narrow)["panels"] == ["fish"]
