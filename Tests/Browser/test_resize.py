"""Resizing the inspector column from anywhere along its leading edge, in every engine, at
1280x800 and at a middle width (820x1180, where the column overlays the table), with real
pointer input.

A drag that starts on the edge (its first few px) at the top, the middle or the bottom of the
column widens or narrows it by the distance dragged, clamped to minWidth … maxWidth (200 … 400 in
the sample); the pointer shows col-resize there; a point a little further in is the column's
content, not the edge (its links stay clickable).
"""

import pytest
from selenium.webdriver.common.actions.action_builder import ActionBuilder

from conftest import load, select, wait_for
from engines import EVERY_ENGINE

pytestmark = EVERY_ENGINE

EDGE_JS = """
const ins = document.querySelector('[data-inspector]').getBoundingClientRect();
const at = (x, y) => { const e = document.elementFromPoint(x, y);
  return e ? {resizer: !!e.closest('.cf-resizer'), cursor: getComputedStyle(e).cursor, inside: !!e.closest('[data-inspector]')} : null; };
const ys = [ins.top + 40, (ins.top + ins.bottom) / 2, ins.bottom - 40];
return {left: ins.left, width: ins.width, top: ins.top, bottom: ins.bottom, ys,
        edge: ys.map(y => at(ins.left + 2, y)), content: ys.map(y => at(ins.left + 24, y))};
"""
WIDTH_JS = "return document.querySelector('[data-inspector]').getBoundingClientRect().width"


def drag(driver, x, y, dx):
    actions = ActionBuilder(driver, duration=0)
    actions.pointer_action.move_to_location(int(x), int(y)).pointer_down()
    for step in range(1, 11):
        actions.pointer_action.move_to_location(int(x + dx * step / 10), int(y))
    actions.pointer_action.pointer_up()
    actions.perform()


def open_column(driver, site, case, viewport):
    if viewport == "middle":  # the overlaying column shows while a row is selected
        select(driver, site, case.animals[1]["id"])
    else:
        load(driver, site, "index.html")
    return driver.execute_script(EDGE_JS)


@pytest.mark.parametrize("viewport", ["wide", "middle"])
def test_the_whole_leading_edge_resizes_the_column(request, engine, site, case, viewport):
    driver = request.getfixturevalue(viewport)
    e = open_column(driver, site, case, viewport)
    assert abs(e["width"] - 300) <= 2, e
    for where, hit in zip(("top", "middle", "bottom"), e["edge"]):
        assert hit and hit["resizer"] and hit["cursor"] == "col-resize", f"the edge at its {where}: {hit}"
    for where, hit in zip(("top", "middle", "bottom"), e["content"]):
        assert hit and hit["inside"] and not hit["resizer"], f"24 px in, at the {where}: {hit}"
    # Wider by 60 from the middle, narrower by 40 from near the bottom, then past the bounds
    # from near the top.
    plan = [(1, -60, 360), (2, 40, 320), (0, -300, 400), (1, 250, 200)]
    for index, dx, want in plan:
        e = driver.execute_script(EDGE_JS)
        drag(driver, e["left"] + 2, e["ys"][index], dx)
        width = wait_for(driver, lambda w: abs(w - want) <= 3, read=lambda d: d.execute_script(WIDTH_JS))
        assert abs(width - want) <= 3, f"a {dx:+} px drag at y={e['ys'][index]:.0f} left the column {width} px wide, want {want}"
