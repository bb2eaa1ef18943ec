"""The inspector column at middle widths (820x1180: above the sheet's breakpoint, 700, below
`inspector.overlayBelow`, 1000 by default), in every engine.

As SwiftUI's inspector does in iPad split screen, the column lies over the table instead of
narrowing it, and only while a row is selected: the table keeps the window's whole width, the
column (its usual width, a shadow on its leading side) covers the table's trailing part. At
1280x800 the column still takes its own space beside the table, and with `overlayBelow: 0` the
middle width narrows the table as a wide window does.
"""

import pytest

from conftest import load, select
from engines import EVERY_ENGINE

pytestmark = EVERY_ENGINE

LAYOUT_JS = """
const table = document.querySelector('.cf-table-scroll').getBoundingClientRect();
const ins = document.querySelector('.cf-inspector');
const r = ins.getBoundingClientRect(), cs = getComputedStyle(ins);
return {tableLeft: table.left, tableRight: table.right, tableWidth: table.width, vw: innerWidth,
        display: cs.display, left: r.left, right: r.right, width: r.width, shadow: cs.boxShadow,
        hit: (() => { const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                      return e ? !!e.closest('.cf-inspector') : false; })()};
"""
def select_layout(driver, site, record):
    select(driver, site, record)
    return driver.execute_script(LAYOUT_JS)


def test_at_a_middle_width_the_column_overlays_the_table(middle, engine, site, case):
    load(middle, site, "index.html")
    idle = middle.execute_script(LAYOUT_JS)
    # Nothing selected: no column, the table has the window.
    assert idle["display"] == "none", f"the column shows with nothing selected: {idle}"
    record = case.animals[1]["id"]
    s = select_layout(middle, site, record)
    assert s["display"] != "none" and s["width"] >= 200, s
    # The table is as wide as without the column: the column lies over it.
    assert abs(s["tableWidth"] - idle["tableWidth"]) <= 1, (idle, s)
    assert s["left"] < s["tableRight"] - 100, f"the column does not cover the table: {s}"
    assert abs(s["right"] - s["vw"]) <= 1, f"the column is not at the trailing edge: {s}"
    assert s["hit"], "the column is not on top of the table"
    assert s["shadow"] != "none", "the overlaying column has no shadow"


def test_at_a_wide_width_the_column_takes_its_own_space(wide, engine, site, case):
    s = select_layout(wide, site, case.animals[1]["id"])
    assert s["display"] != "none"
    assert s["tableRight"] <= s["left"] + 1, f"the column overlaps the table at 1280 px: {s}"


def test_overlay_below_zero_narrows_the_table_at_a_middle_width(middle, engine, settings_site, case):
    site = settings_site("noOverlay")
    s = select_layout(middle, site, case.animals[1]["id"])
    assert s["display"] != "none", s
    assert s["tableRight"] <= s["left"] + 1, f"overlayBelow: 0 still overlays: {s}"
