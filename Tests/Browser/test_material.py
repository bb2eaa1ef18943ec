"""The bottom sheet's material (390x844), in every engine.

Where the engine has backdrop-filter (engines.CAPABILITIES: all three as they ship) the sheet is
a thin material: a translucent tint over a blur of the page behind, on a ::before that fills the
sheet. Where it has not, the page behind would show through the tint unblurred, under the
sheet's text: the material is then an opaque fill (`@supports not (backdrop-filter: …)` in the
stylesheet). Firefox ESR can turn backdrop-filter off (its `layout.css.backdrop-filter.enabled`
preference), which is how the fallback is checked in a real engine.
"""

import re

import pytest

from casedata import contrast, over, rgba
from conftest import NARROW, load, wait_for
from engines import CAPABILITIES, EVERY_ENGINE, emulate_media, supports

NARROW_H = NARROW["height"]
TOL = 2  # px

MATERIAL_JS = """
const sheet = document.querySelector('.cf-sheet');
const before = getComputedStyle(sheet, '::before');
const r = sheet.getBoundingClientRect();
const text = document.querySelector('[data-inspector-panel="fish"] .cf-panel-subtitle');
return {backdrop: before.backdropFilter || before.webkitBackdropFilter || 'none', bg: before.backgroundColor,
        content: before.content, display: before.display,
        width: parseFloat(before.width), height: parseFloat(before.height),
        sheetBg: getComputedStyle(sheet).backgroundColor, sheetW: r.width, sheetH: r.height,
        contentBg: getComputedStyle(document.querySelector('.cf-sheet-content')).backgroundColor,
        text: getComputedStyle(text).color, body: getComputedStyle(document.body).color};
"""


def material(driver, site, scheme):
    emulate_media(driver, scheme=scheme)
    load(driver, site, "index.html", "fish_medium")
    wait_for(driver, lambda s: abs(s["sheetShown"] - NARROW_H / 2) <= TOL)
    m = driver.execute_script(MATERIAL_JS)
    # The ::before fills the sheet, and nothing opaque is painted over it.
    assert m["display"] != "none" and m["content"] not in ("none", "normal"), m
    assert abs(m["width"] - m["sheetW"]) <= TOL and abs(m["height"] - m["sheetH"]) <= TOL, m
    assert rgba(m["sheetBg"])[3] == 0 and rgba(m["contentBg"])[3] == 0, m
    # The tint follows the theme: light on a light page, dark on a dark one.
    tint = rgba(m["bg"])
    if scheme == "light":
        assert sum(tint[:3]) / 3 > 180, tint
    else:
        assert sum(tint[:3]) / 3 < 80, tint
    return m, tint


def check_opaque_fallback(m, tint):
    assert m["backdrop"] == "none", f"backdrop-filter applies where it is unsupported: {m}"
    assert tint[3] >= 0.95, f"without a blur the material must be opaque enough, not {m['bg']}"
    # Whatever is behind (here the page's own text colour, the worst case), the sheet's secondary
    # text keeps 4.5:1 against the fill.
    worst = over(tint, rgba(m["body"]))
    assert contrast(rgba(m["text"]), worst) >= 4.5, (m["text"], worst)


@EVERY_ENGINE
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_narrow_sheet_material_blurs_or_is_opaque(narrow, site, engine, scheme):
    """Each engine takes the path engines.CAPABILITIES declares for it."""
    blur_supported = CAPABILITIES[engine]["backdrop-filter"]
    answer = any(supports(narrow, prop, "blur(1px)") for prop in ("backdrop-filter", "-webkit-backdrop-filter"))
    assert answer == blur_supported, (
        f"{engine} no longer answers as engines.CAPABILITIES says (backdrop-filter: {blur_supported})")
    m, tint = material(narrow, site, scheme)
    if blur_supported:
        blur = re.search(r"blur\(([\d.]+)px\)", m["backdrop"])
        assert blur and float(blur.group(1)) > 0, f"{engine}: no backdrop blur on the sheet's ::before: {m}"
        assert 0 < tint[3] < 1, f"{engine}: the material should be translucent, not {m['bg']}"
    else:
        check_opaque_fallback(m, tint)


@pytest.mark.engines("firefox")
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_narrow_sheet_is_opaque_where_backdrop_filter_is_unsupported(narrow, site, engine, scheme):
    narrow.set_pref("layout.css.backdrop-filter.enabled", False)
    assert not supports(narrow, "backdrop-filter", "blur(1px)"), "the preference did not turn it off"
    m, tint = material(narrow, site, scheme)
    check_opaque_fallback(m, tint)
