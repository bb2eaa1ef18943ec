"""Input on the inspector, measured in Chromium: resizing the column by dragging its leading edge
(CDP Input.dispatchMouseEvent), the bottom sheet snapping to its detents after a touch drag
(CDP Input.dispatchTouchEvent with touch emulation), a scroll or a wheel, the table behind the
sheet scrolling at the lowest detent, and the toggle and the grabber operated from the
keyboard (Tab, Space, Enter through Selenium's key actions).

Expected sizes and detents come from the case's site.yaml (casedata.Case) and Templates/README.md.
"""

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from casedata import DEFAULT_INSPECTOR, Case, ax_nodes
from conftest import NARROW, WIDE, load, wait_for

WIDE_W = WIDE["width"]
NARROW_W, NARROW_H = NARROW["width"], NARROW["height"]
TOL = 2  # px


def inspector_width(driver):
    return driver.execute_script(
        "return document.querySelector('[data-inspector]').getBoundingClientRect().width"
    )


# ---------------------------------------------------------------- wide: resizing by dragging


def mouse(driver, kind, x, y, buttons=0):
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
        "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1,
    })


def drag(driver, x, y, dx, steps=8):
    mouse(driver, "mouseMoved", x, y)
    mouse(driver, "mousePressed", x, y, buttons=1)
    for i in range(1, steps + 1):
        mouse(driver, "mouseMoved", x + dx * i / steps, y, buttons=1)
    mouse(driver, "mouseReleased", x + dx, y)


@pytest.mark.parametrize("which", ["sample", "widths"])
def test_wide_dragging_the_leading_edge_resizes_within_min_and_max(wide, site, case, settings_site, which):
    """The resize grip sits on the column's leading (left) bottom corner; dragging it left widens
    the column, right narrows it, and the width stops at minWidth and maxWidth (the defaults, and
    the `widths` variant's idealWidth 350 / maxWidth 450)."""
    if which != "sample":
        site = settings_site(which)
        case = Case(site.root.parent / "content")
    bounds = {**DEFAULT_INSPECTOR, **case.site.get("inspector", {})}
    lo, ideal, hi = bounds["minWidth"], bounds["idealWidth"], min(bounds["maxWidth"], 0.6 * WIDE_W)
    load(wide, site, "index.html", "fish")
    rect = wide.execute_script(
        "return document.querySelector('[data-inspector]').getBoundingClientRect().toJSON()"
    )
    assert abs(rect["width"] - ideal) <= TOL, rect
    grip_x, grip_y = rect["left"] + 4, rect["bottom"] - 4

    # The trailing bottom corner is not a grip: nothing changes.
    drag(wide, rect["right"] - 4, grip_y, -60)
    assert abs(inspector_width(wide) - ideal) <= TOL, "dragging the trailing corner resized"

    step = (hi - ideal) / 2  # stays inside the bounds
    drag(wide, grip_x, grip_y, -step)
    w = inspector_width(wide)
    assert abs(w - (ideal + step)) <= TOL, f"dragging the leading edge {step} px left gives {w}"
    main_w = wide.execute_script("return document.querySelector('main').getBoundingClientRect().width")
    assert abs(main_w + w - WIDE_W) <= TOL, "the table's column gives up what the inspector takes"

    left = wide.execute_script("return document.querySelector('[data-inspector]').getBoundingClientRect().left")
    drag(wide, left + 4, grip_y, -3 * (hi - lo))
    assert abs(inspector_width(wide) - hi) <= TOL, f"dragged far left: {inspector_width(wide)}, max {hi}"

    left = wide.execute_script("return document.querySelector('[data-inspector]').getBoundingClientRect().left")
    drag(wide, left + 4, grip_y, 3 * (hi - lo))
    assert abs(inspector_width(wide) - lo) <= TOL, f"dragged far right: {inspector_width(wide)}, min {lo}"
    assert wide.execute_script("return location.hash") == "#fish"


# ---------------------------------------------------------------- narrow: snapping

SHEET_JS = """
const sc = document.querySelector('.cf-sheet-scroller');
const sheet = document.querySelector('.cf-sheet');
return {shown: Math.max(0, innerHeight - sheet.getBoundingClientRect().top), scrollTop: sc.scrollTop,
        hash: location.hash};
"""


def sheet_state(driver):
    return driver.execute_script(SHEET_JS)


def settle(driver, detents, timeout=2.0):
    """Wait until the sheet rests: at one of the detents and unmoved for 100 ms. Returns the last
    reading, resting or not (a sheet that does not snap runs out the timeout)."""
    deadline = time.monotonic() + timeout
    last = sheet_state(driver)
    while time.monotonic() < deadline:
        time.sleep(0.1)
        s = sheet_state(driver)
        still = abs(s["shown"] - last["shown"]) < 0.5
        if still and any(abs(s["shown"] - d) <= TOL for d in detents):
            return s
        last = s
    return last


def nearest(detents, y):
    return min(detents, key=lambda d: abs(d - y))


@pytest.fixture
def touch(narrow):
    narrow.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    yield narrow
    narrow.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def finger(driver, kind, y=None):
    points = [] if y is None else [{"x": NARROW_W / 2, "y": y}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


@pytest.mark.parametrize("distance", [60, 160, 500], ids=["small", "half", "far"])
def test_narrow_dragging_the_sheet_snaps_to_the_nearest_detent(touch, site, case, distance):
    """A finger drags the sheet up from the 200 detent, holds still, lets go: while held it sits
    between detents; released, it settles on the detent nearest to where it was let go."""
    detents = case.detent_heights(NARROW_H)
    load(touch, site, "index.html", "fish")
    start = settle(touch, detents)
    assert abs(start["shown"] - detents[0]) <= TOL, start
    y0 = NARROW_H - 60  # on the sheet's grabber area
    finger(touch, "touchStart", y0)
    for i in range(1, 11):
        finger(touch, "touchMove", y0 - distance * i / 10)
    time.sleep(0.25)  # hold still: no fling
    finger(touch, "touchMove", y0 - distance)
    held = sheet_state(touch)
    finger(touch, "touchEnd")
    assert all(abs(held["shown"] - d) > TOL for d in detents), (
        f"the held sheet should sit between detents, not at one: {held['shown']}"
    )
    assert held["shown"] > start["shown"] + TOL, "the drag did not move the sheet"
    want = nearest(detents, held["shown"])
    s = settle(touch, detents)
    assert abs(s["shown"] - want) <= TOL, f"let go at {held['shown']}: settled at {s['shown']}, want {want}"
    assert s["hash"] == "#fish", "a drag does not change the fragment"


def test_narrow_scrolling_the_sheet_snaps_to_the_nearest_detent(narrow, site, case):
    """Left between detents (as a drag or a scroll would leave it), the sheet snaps to the
    nearest; below the lowest detent it comes back up to it."""
    detents = case.detent_heights(NARROW_H)
    load(narrow, site, "index.html", "fish")
    settle(narrow, detents)
    for position in (120, 300, 330, 600, 700):
        narrow.execute_script(
            "const sc = document.querySelector('.cf-sheet-scroller');"
            "sc.style.scrollBehavior = 'auto'; sc.scrollTop = arguments[0];",
            position,
        )
        s = settle(narrow, detents)
        want = nearest(detents, position)
        assert abs(s["shown"] - want) <= TOL, f"left at {position}: shows {s['shown']}, want {want}"
        assert s["hash"] == "#fish"


def test_narrow_wheel_over_the_sheet_snaps_to_the_next_detent(narrow, site, case):
    detents = case.detent_heights(NARROW_H)
    load(narrow, site, "index.html", "fish")
    settle(narrow, detents)
    narrow.execute_cdp_cmd("Input.dispatchMouseEvent", {
        "type": "mouseWheel", "x": NARROW_W / 2, "y": NARROW_H - 40, "deltaX": 0, "deltaY": 150,
    })
    s = settle(narrow, detents)
    want = nearest(detents, detents[0] + 150)
    assert abs(s["shown"] - want) <= TOL, f"a 150 px wheel from {detents[0]} shows {s['shown']}, want {want}"


def test_narrow_table_behind_scrolls_at_the_lowest_detent(narrow, site, case):
    """At 200 (backgroundInteractionUpThrough) a wheel over the table scrolls the page, and the
    sheet stays where it is."""
    detents = case.detent_heights(NARROW_H)
    load(narrow, site, "index.html", "fish")
    s0 = settle(narrow, detents)
    assert narrow.execute_script("return document.documentElement.scrollHeight > innerHeight + 100"), (
        "the suspects page should be taller than the viewport at 390x844"
    )
    narrow.execute_cdp_cmd("Input.dispatchMouseEvent", {
        "type": "mouseWheel", "x": NARROW_W / 2, "y": 300, "deltaX": 0, "deltaY": 200,
    })
    deadline = time.monotonic() + 2
    while narrow.execute_script("return scrollY") == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert narrow.execute_script("return scrollY") > 0, "the page behind did not scroll"
    s = settle(narrow, detents)
    assert abs(s["shown"] - s0["shown"]) <= TOL and s["hash"] == "#fish", s


# ---------------------------------------------------------------- the toggle, by keyboard

FOCUS_JS = """
const e = document.activeElement;
const label = e.closest('label');
const cs = label ? getComputedStyle(label) : null;
return {toggle: e.matches('[data-inspector-toggle]'), checked: e.checked,
        ring: !!cs && cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0,
        inspector: getComputedStyle(document.querySelector('[data-inspector]')).display,
        width: document.querySelector('[data-inspector]').getBoundingClientRect().width};
"""


def switch_node(driver):
    nodes = [n for n in ax_nodes(driver) if n["role"] == "switch"]
    assert len(nodes) == 1, f"one switch in the accessibility tree, got {nodes}"
    return nodes[0]


def test_toggle_is_a_keyboard_operable_switch(wide, site, case):
    ideal = {**DEFAULT_INSPECTOR, **case.site.get("inspector", {})}["idealWidth"]
    load(wide, site, "index.html", "fish")
    sw = switch_node(wide)
    assert sw["name"] == "Toggle Inspector" and sw["props"].get("checked") == "true", sw
    for _ in range(30):
        ActionChains(wide).send_keys(Keys.TAB).perform()
        f = wide.execute_script(FOCUS_JS)
        if f["toggle"]:
            break
    assert f["toggle"], "Tab never reached the toggle"
    assert f["ring"], "the focused toggle shows no focus ring"
    icon = wide.execute_script(
        "const s = document.activeElement.closest('label').querySelector('span[aria-hidden]');"
        "const r = s.getBoundingClientRect(); return [r.width, r.height, getComputedStyle(s).borderTopLeftRadius]"
    )
    assert icon[0] > 8 and icon[1] > 8, f"the ⓘ icon is not drawn: {icon}"
    ActionChains(wide).send_keys(Keys.SPACE).perform()
    f = wide.execute_script(FOCUS_JS)
    assert f["toggle"] and f["checked"] is False, f
    assert f["inspector"] == "none" or f["width"] == 0, f"Space should collapse the column: {f}"
    assert switch_node(wide)["props"].get("checked") == "false"
    ActionChains(wide).send_keys(Keys.SPACE).perform()
    f = wide.execute_script(FOCUS_JS)
    assert f["checked"] is True and f["inspector"] != "none" and abs(f["width"] - ideal) <= TOL, f


def test_keyboard_reaches_the_grabber_and_enter_moves_the_sheet(narrow, site, case):
    detents = case.detent_heights(NARROW_H)
    load(narrow, site, "index.html", "fish")
    for _ in range(80):
        ActionChains(narrow).send_keys(Keys.TAB).perform()
        d = narrow.execute_script(
            "const e = document.activeElement; return e.matches('.cf-grabber') ? "
            "[e.dataset.at, e.matches(':focus-visible'), getComputedStyle(e).outlineStyle, e.dataset.detent] : null"
        )
        if d:
            break
    assert d and d[0] == "200", f"Tab never reached the grabber (at the 200 detent): {d}"
    assert d[1] and d[2] != "none", f"no visible focus on the grabber: {d}"
    ActionChains(narrow).send_keys(Keys.ENTER).perform()
    s = wait_for(narrow, lambda s: abs(s["sheetShown"] - detents[1]) <= TOL, timeout=3)
    assert s["hash"] == "#fish_medium" and abs(s["sheetShown"] - detents[1]) <= TOL, s
