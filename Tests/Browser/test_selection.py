"""Selecting a row by clicking it, in every engine (Chromium, WebKitGTK, Firefox ESR) at 1280x800
and 390x844.

Each row's `a[data-select]` has a `::after` overlay that makes the whole row clickable. It must
be anchored inside its row: WebKit keeps table rows `position: static` whatever the stylesheet
says, and an overlay anchored to the row there escapes to the page, so that a click anywhere (a
row, the toolbar, the toggle) selects the table's last row. These tests click with real pointer
input at a point of the row (its leading cell, its middle, its trailing end) and at points
outside the table, and check what the fragment and the inspector become.
"""

import pytest

from conftest import load, wait_for
from engines import EVERY_ENGINE, click_at

pytestmark = EVERY_ENGINE

# The part of a row one can click, after scrolling it to the middle of the viewport (at 390x844
# the page is taller than the viewport): inside the table's scrolling box (a wide table scrolls
# sideways in it) and clear of the viewport's last EDGE px, where WebKitGTK's overlay scrollbar
# takes the clicks. And what a click at (x, y) would hit.
EDGE = 24
ROW_JS = """
const row = document.querySelector(`[data-table] tr[data-record-id="${arguments[0]}"]`);
row.scrollIntoView({block: 'center'});
const link = row.querySelector('a[data-select]');
const r = row.getBoundingClientRect(), box = row.closest('.cf-table-scroll').getBoundingClientRect();
return {left: Math.max(r.left, box.left, 0), right: Math.min(r.right, box.right, innerWidth - arguments[1]),
        top: r.top, height: r.height, fragment: decodeURIComponent(link.hash.slice(1))};
"""
HIT_JS = """
const e = document.elementFromPoint(arguments[0], arguments[1]);
const row = e && e.closest('tr[data-record-id]');
return {row: row ? row.dataset.recordId : null, what: e ? e.outerHTML.slice(0, 90) : null};
"""
ROW_IDS_JS = "return [...document.querySelectorAll('[data-table] tr[data-record-id]')].map(r => r.dataset.recordId)"

# Across the row: in its leading cell, at its middle, near its trailing end.
ACROSS = [0.03, 0.5, 0.97]


def click_row(driver, record, fx):
    """A click at fraction fx of the row's clickable width, mid-height; returns the row's
    fragment and what the point hits."""
    r = driver.execute_script(ROW_JS, record, EDGE)
    x, y = r["left"] + fx * (r["right"] - r["left"]), r["top"] + r["height"] / 2
    hit = driver.execute_script(HIT_JS, x, y)
    click_at(driver, x, y)
    return r["fragment"], hit


def check_clicks(driver, site, page, plan):
    """One load of page, then a click for each (record, fx) of plan. Consecutive clicks are on
    different rows, so each must change the selection, to exactly that row."""
    load(driver, site, page)
    for record, fx in plan:
        where = f"at {fx:.0%} of {record}'s row on {page}"
        fragment, hit = click_row(driver, record, fx)
        s = wait_for(driver, lambda s: s["hash"] == "#" + fragment)
        assert s["hash"] == "#" + fragment, (
            f"a click {where} selected {s['hash'] or 'nothing'}: the point is on {hit['what']}")
        assert s["panels"] == [record], f"a click {where} shows the panels {s['panels']}"
        assert hit["row"] == record, f"the point {where} is on {hit['what']}"


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_a_click_anywhere_on_a_row_selects_that_row(request, engine, site, case, viewport):
    """The first row and one in the middle (never the last, which an escaped overlay would pick),
    each clicked in three places, in turn."""
    driver = request.getfixturevalue(viewport)
    ids = [a["id"] for a in case.animals]
    load(driver, site, "index.html")
    assert driver.execute_script(ROW_IDS_JS) == ids, "the Suspects table lists the animals in file order"
    first, middle = ids[0], ids[len(ids) // 2]
    assert middle != ids[-1]
    plan = [(row, fx) for fx in ACROSS for row in (first, middle)]
    check_clicks(driver, site, "index.html", plan)


PAGES = [("bulletins/index.html", "site"), ("fruits/index.html", "site"),
         ("validation/index.html", "empty")]


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
@pytest.mark.parametrize("page, which", PAGES, ids=["bulletins", "fruits", "validation"])
def test_a_click_on_a_row_of_every_table_selects_it(request, engine, variant, viewport, page, which):
    """The first two rows, at both ends. On the validation page (of the `empty` variant, which
    has many problems) the select link is in the second cell: the overlay reaches back over the
    severity cell too."""
    driver = request.getfixturevalue(viewport)
    site = request.getfixturevalue("site") if which == "site" else variant(which)[0]
    load(driver, site, page)
    ids = driver.execute_script(ROW_IDS_JS)
    assert len(ids) >= 3, f"{page} should have at least three rows: {ids}"
    plan = [(ids[0], ACROSS[0]), (ids[1], ACROSS[-1]), (ids[0], ACROSS[-1]), (ids[1], ACROSS[0])]
    check_clicks(driver, site, page, plan)


# Points outside the table, each (name, script returning [x, y] or null), in the order clicked:
# the toggle last, since it changes the wide layout.
OUTSIDE = {
    "toolbar": "const r = document.querySelector('.cf-site-description').getBoundingClientRect();"
               "return [r.right - 4, r.top + r.height / 2];",
    "heading": "const r = document.querySelector('.cf-heading').getBoundingClientRect();"
               "return [r.left + r.width / 2, r.top + r.height / 2];",
    "chart": "const r = document.querySelector('.cf-chart svg').getBoundingClientRect();"
             "return [r.left + r.width / 2, r.top + 4];",
    "caption": "const r = document.querySelector('[data-table] caption').getBoundingClientRect();"
               "return [r.left + 4, r.top + r.height / 2];",
    "toggle": "const l = document.querySelector('[data-inspector-toggle]').closest('label');"
              "if (getComputedStyle(l).display === 'none') return null;"
              "const r = l.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];",
}


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_a_click_outside_the_table_selects_nothing(request, engine, site, viewport):
    """The toolbar, the heading, the chart, the caption and the toggle (wide only: it is hidden on
    narrow screens) take their own clicks, one after the other; none selects a row."""
    driver = request.getfixturevalue(viewport)
    load(driver, site, "index.html")
    clicked = []
    for name, script in OUTSIDE.items():
        point = driver.execute_script(script)
        if point is None:
            assert name == "toggle" and viewport == "narrow", f"no {name} at {viewport}"
            continue
        hit = driver.execute_script(HIT_JS, *point)
        click_at(driver, *point)
        s = wait_for(driver, lambda s: s["hash"] != "", timeout=0.3)
        assert s["hash"] == "" and s["panels"] == [], (
            f"a click on the {name} selected {s['hash']}: the point is on {hit['what']}")
        assert hit["row"] is None, f"the {name} is under {hit['row']}'s row: {hit['what']}"
        clicked.append(name)
    assert "toolbar" in clicked and ("toggle" in clicked) == (viewport == "wide"), clicked
