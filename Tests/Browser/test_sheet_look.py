"""What site.yaml's `sheet.cornerRadius` and `sheet.background` do (as SwiftUI's
presentationCornerRadius and presentationBackground), at 390x844, and the suspicion gauge's end
symbols at every size, in every engine.
"""

import pytest

from casedata import rgba
from conftest import NARROW, load, wait_for
from engines import EVERY_ENGINE, supports

pytestmark = EVERY_ENGINE

NARROW_H = NARROW["height"]
TOL = 2

SHEET_JS = """
const sheet = document.querySelector('.cf-sheet'), before = getComputedStyle(sheet, '::before');
return {radius: getComputedStyle(sheet).borderTopLeftRadius, radiusEnd: getComputedStyle(sheet).borderTopRightRadius,
        bottomRadius: getComputedStyle(sheet).borderBottomLeftRadius,
        bg: before.backgroundColor, backdrop: before.backdropFilter || before.webkitBackdropFilter || 'none'};
"""


def sheet(driver, site):
    load(driver, site, "index.html", "fish_medium")
    wait_for(driver, lambda s: abs(s["sheetShown"] - NARROW_H / 2) <= TOL)
    return driver.execute_script(SHEET_JS)


def test_the_default_sheet_is_the_regular_material_with_12px_corners(narrow, engine, site):
    s = sheet(narrow, site)
    assert s["radius"] == "12px" and s["radiusEnd"] == "12px" and s["bottomRadius"] == "0px", s
    assert 0.6 < rgba(s["bg"])[3] < 0.8, f"not the regular material's tint: {s['bg']}"


def test_corner_radius_and_a_colour_background(narrow, engine, settings_site):
    s = sheet(narrow, settings_site("sheetLook"))
    assert s["radius"] == "28px" and s["radiusEnd"] == "28px" and s["bottomRadius"] == "0px", s
    # papayawhip, opaque, and nothing blurred behind an opaque sheet.
    assert rgba(s["bg"]) == (255, 239, 213, 1.0), s["bg"]
    assert s["backdrop"] == "none", s


def test_a_thicker_material_is_a_more_opaque_tint(narrow, engine, site, settings_site):
    regular = rgba(sheet(narrow, site)["bg"])[3]
    thick = sheet(narrow, settings_site("thickSheet"))
    if supports(narrow, "backdrop-filter", "blur(1px)") or supports(narrow, "-webkit-backdrop-filter", "blur(1px)"):
        assert rgba(thick["bg"])[3] > regular + 0.05, (thick, regular)
    else:  # the opaque fallback stands in for every material
        assert rgba(thick["bg"])[3] == 1.0, thick


GAUGE_JS = """
const panel = document.querySelector(`[data-inspector-panel="${arguments[0]}"]`);
const gauge = panel.querySelector('.cf-meter-gauge');
const [low, high] = gauge.querySelectorAll('.cf-meter-end');
const meter = gauge.querySelector('meter').getBoundingClientRect();
const box = e => e.getBoundingClientRect();
return {low: low.textContent, high: high.textContent, hidden: low.getAttribute('aria-hidden') + high.getAttribute('aria-hidden'),
        lowRight: box(low).right, highLeft: box(high).left, meterLeft: meter.left, meterRight: meter.right,
        middle: Math.abs((box(low).top + box(low).bottom) / 2 - (meter.top + meter.bottom) / 2),
        shown: box(low).width > 0 && box(high).width > 0};
"""


@pytest.mark.parametrize("viewport", ["wide", "middle", "narrow"])
def test_the_suspicion_gauge_has_its_two_end_symbols(request, engine, site, viewport):
    driver = request.getfixturevalue(viewport)
    load(driver, site, "index.html", "fish_medium" if viewport == "narrow" else "fish")
    wait_for(driver, lambda s: s["panels"] == ["fish"])
    g = driver.execute_script(GAUGE_JS, "fish")
    assert (g["low"], g["high"]) == ("?", "!!!"), g
    assert g["hidden"] == "truetrue", "the end symbols are read aloud besides the meter's label"
    assert g["shown"], g
    assert g["lowRight"] <= g["meterLeft"] + 1 and g["meterRight"] <= g["highLeft"] + 1, f"not at the ends: {g}"
    assert g["middle"] < 6, f"the symbols are not beside the bar: {g}"
