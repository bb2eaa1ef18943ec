"""The inspector column (wide) and the bottom sheet (narrow), measured in every engine
(Chromium, WebKitGTK, Firefox ESR: engines.py).

Everything here is computed layout read through execute_script (getBoundingClientRect,
getComputedStyle, elementFromPoint); the pages themselves carry no script. See
Templates/README.md for the behaviours and for how selection,
markers and detents work.
"""


import pytest
from selenium.webdriver.common.by import By

from conftest import wait_for
from engines import EVERY_ENGINE, emulate_media, set_viewport

pytestmark = EVERY_ENGINE

PAGE = "index.html"  # the suspects page
RECORD = "fish"
OTHER = "snail"

WIDE_H = 800
NARROW_W, NARROW_H = 390, 844
# The large detent leaves the top of the page showing: `.cf-marker.cf-at-large { top:
# calc(100vh - 3rem) }` in the stylesheet, i.e. 48 px at the default 16 px root font size.
LARGE_TOP_INSET = 48
TOL = 2  # px

STATE_JS = """
const vis = e => !!e && getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0;
const insp = document.querySelector('[data-inspector]');
const table = document.querySelector('[data-table]');
const main = document.querySelector('main');
const sheet = document.querySelector('.cf-sheet');
const dim = document.querySelector('[data-sheet-dim]');
const sheetRect = sheet && sheet.getClientRects().length ? sheet.getBoundingClientRect() : null;
const dimRect = dim && dim.getClientRects().length ? dim.getBoundingClientRect() : null;
return {
  hash: location.hash,
  innerWidth, innerHeight, scrollY,
  mainScrollTop: main ? main.scrollTop : 0,
  scrollWidth: document.documentElement.scrollWidth,
  clientWidth: document.documentElement.clientWidth,
  inspectorDisplay: getComputedStyle(insp).display,
  inspectorWidth: insp.getBoundingClientRect().width,
  inspectorMin: getComputedStyle(insp).minWidth,
  inspectorMax: getComputedStyle(insp).maxWidth,
  tableWidth: table ? table.getBoundingClientRect().width : 0,
  mainWidth: main.getBoundingClientRect().width,
  emptyVisible: vis(document.querySelector('[data-inspector-empty]')),
  panels: [...document.querySelectorAll('[data-inspector-panel]')]
            .filter(vis).map(e => e.dataset.inspectorPanel),
  sheetTop: sheetRect ? sheetRect.top : null,
  sheetShown: sheetRect ? Math.max(0, innerHeight - sheetRect.top) : 0,
  dimDisplay: dim ? getComputedStyle(dim).display : 'missing',
  dimArea: dimRect ? dimRect.width * dimRect.height : 0,
  // Shown: laid out, visible and not transparent (the scroll-driven dim is hidden by
  // visibility and opacity, not display, while the sheet rests at or below the up-through detent).
  dimShown: !!dim && getComputedStyle(dim).display !== 'none' && !!dimRect && dimRect.width * dimRect.height > 0
            && getComputedStyle(dim).visibility === 'visible' && parseFloat(getComputedStyle(dim).opacity) > 0.05,
  bodyBg: getComputedStyle(document.body).backgroundColor,
};
"""

ROW_BG_JS = """
const bg = id => getComputedStyle(document.querySelector(`tr[data-record-id="${id}"]`)).backgroundColor;
return [bg(arguments[0]), bg(arguments[1])];
"""


def state(driver):
    return driver.execute_script(STATE_JS)


def open_page(driver, site, fragment=""):
    """A fresh load (from about:blank) of the suspects page, optionally with a fragment."""
    driver.get("about:blank")
    driver.get(site.url(PAGE + (("#" + fragment) if fragment else "")))
    return state(driver)


def select_link(driver, record):
    return driver.find_element(By.CSS_SELECTOR, f'tr[data-record-id="{record}"] a[data-select]')


def toggle_label(driver):
    toggle = driver.find_element(By.CSS_SELECTOR, "[data-inspector-toggle]")
    return toggle.find_element(By.XPATH, "ancestor::label[1]")


# ---------------------------------------------------------------- wide (1280 x 800)


def test_wide_viewport_is_exact(wide, site):
    s = open_page(wide, site)
    assert (s["innerWidth"], s["innerHeight"]) == (1280, WIDE_H)


RESIZE_JS = """
document.querySelector('.cf-resizer').style.width = arguments[0] + 'px';
return document.querySelector('[data-inspector]').getBoundingClientRect().width;
"""


def test_wide_inspector_starts_at_ideal_width_within_bounds(wide, site):
    s = open_page(wide, site)
    assert s["inspectorDisplay"] != "none"
    assert abs(s["inspectorWidth"] - 300) <= TOL, s
    # Resizing sets the edge's resizer's width (test_resize.py drags it); the column follows,
    # clamped to minWidth 200 … maxWidth 400 (min(400px, 60vw): 400 px at 1280).
    for inline, want in ((600, 400), (50, 200), (320, 321)):
        width = wide.execute_script(RESIZE_JS, inline)
        assert abs(width - want) <= TOL, f"a resizer {inline} px wide gives a {width} px column, want {want}"


def test_wide_placeholder_without_fragment(wide, site):
    s = open_page(wide, site)
    assert s["hash"] == ""
    assert s["emptyVisible"], "placeholder [data-inspector-empty] should show"
    assert s["panels"] == []
    text = wide.find_element(By.CSS_SELECTOR, "[data-inspector-empty]").text
    assert "Select a suspect to inspect" in text


def test_wide_deep_link_selects_on_fresh_load(wide, site):
    s = open_page(wide, site, RECORD)
    assert s["panels"] == [RECORD]
    assert not s["emptyVisible"]
    selected, unselected = wide.execute_script(ROW_BG_JS, RECORD, OTHER)
    assert selected != unselected, "selected row should be highlighted"
    assert s["scrollY"] == 0 and s["mainScrollTop"] == 0, "a deep link must not jump"


def test_wide_click_selects_highlights_and_does_not_scroll(wide, site):
    open_page(wide, site)
    before = state(wide)
    link = select_link(wide, OTHER)
    link.click()
    s = wait_for(wide, lambda s: s["panels"] == [OTHER], read=state)
    assert s["hash"] == "#" + OTHER
    assert s["panels"] == [OTHER], "exactly one visible panel"
    assert not s["emptyVisible"]
    selected, unselected = wide.execute_script(ROW_BG_JS, OTHER, RECORD)
    assert selected != unselected, "selected row should be highlighted"
    assert s["scrollY"] == before["scrollY"]
    assert s["mainScrollTop"] == before["mainScrollTop"]


def test_wide_click_in_scrolled_table_does_not_jump(wide, site):
    """At 1280x800 the sample table fits; a short wide viewport makes `main` scroll."""
    set_viewport(wide, 1280, 420)
    open_page(wide, site)
    top = wide.execute_script(
        "const m = document.querySelector('main'); m.scrollTop = m.scrollHeight; return m.scrollTop"
    )
    assert top > 0, "main should scroll at 1280x420"
    rows = wide.find_elements(By.CSS_SELECTOR, "tr[data-record-id]")
    last = rows[-1].get_attribute("data-record-id")
    before = state(wide)
    select_link(wide, last).click()
    s = wait_for(wide, lambda s: s["panels"] == [last], read=state)
    assert s["panels"] == [last]
    assert s["mainScrollTop"] == before["mainScrollTop"], (before["mainScrollTop"], s["mainScrollTop"])
    assert s["scrollY"] == before["scrollY"] == 0


def test_wide_toggle_collapses_and_presents(wide, site):
    s0 = open_page(wide, site, RECORD)
    assert s0["inspectorDisplay"] != "none" and s0["inspectorWidth"] > 0
    toggle_label(wide).click()
    s1 = wait_for(wide, lambda s: s["inspectorDisplay"] == "none" or s["inspectorWidth"] == 0, read=state)
    assert s1["inspectorDisplay"] == "none" or s1["inspectorWidth"] == 0, s1
    assert s1["tableWidth"] > s0["tableWidth"] or s1["mainWidth"] > s0["mainWidth"], (s0, s1)
    assert s1["mainWidth"] >= 1280 - TOL, "the table's column should take the full width"
    toggle_label(wide).click()
    s2 = wait_for(wide, lambda s: s["inspectorDisplay"] != "none" and s["inspectorWidth"] > 0, read=state)
    assert s2["inspectorDisplay"] != "none"
    assert abs(s2["inspectorWidth"] - 300) <= TOL, s2
    assert s2["panels"] == [RECORD], "toggling keeps the selection"


def test_wide_back_returns_to_previous_selection(wide, site):
    open_page(wide, site, RECORD)
    select_link(wide, OTHER).click()
    s = wait_for(wide, lambda s: s["panels"] == [OTHER], read=state)
    assert s["panels"] == [OTHER]
    wide.back()
    s = wait_for(wide, lambda s: s["panels"] == [RECORD], read=state)
    assert s["hash"] == "#" + RECORD
    assert s["panels"] == [RECORD]
    selected, unselected = wide.execute_script(ROW_BG_JS, RECORD, OTHER)
    assert selected != unselected


def test_wide_dark_color_scheme_changes_body_background(wide, site):
    emulate_media(wide, scheme="light")
    light = open_page(wide, site)["bodyBg"]
    emulate_media(wide, scheme="dark")
    dark = wait_for(wide, lambda s: s["bodyBg"] != light, read=state)["bodyBg"]
    assert dark != light, f"body background stays {light} in dark mode"
    emulate_media(wide, scheme="light")
    assert wait_for(wide, lambda s: s["bodyBg"] == light, read=state)["bodyBg"] == light


# ---------------------------------------------------------------- narrow (390 x 844)


def test_narrow_viewport_is_exact(narrow, site):
    s = open_page(narrow, site)
    assert (s["innerWidth"], s["innerHeight"]) == (NARROW_W, NARROW_H)


def test_narrow_no_sheet_without_selection(narrow, site):
    s = open_page(narrow, site)
    assert s["panels"] == []
    assert s["sheetShown"] == 0, s
    assert not s["dimShown"]
    assert s["scrollWidth"] <= NARROW_W, "no horizontal scroll"


@pytest.mark.parametrize(
    "fragment, shown, dims",
    [
        (RECORD, 200, False),
        (RECORD + "_medium", NARROW_H / 2, True),
        (RECORD + "_large", NARROW_H - LARGE_TOP_INSET, True),
    ],
    ids=["200", "medium", "large"],
)
def test_narrow_deep_linked_detent(narrow, site, fragment, shown, dims):
    open_page(narrow, site, fragment)
    # Where the dim follows the fragment it fades in (0.25 s): wait for it too.
    s = wait_for(narrow, lambda s: abs(s["sheetShown"] - shown) <= TOL and s["dimShown"] == dims, read=state)
    assert s["panels"] == [RECORD]
    assert abs(s["sheetShown"] - shown) <= TOL, f"sheet shows {s['sheetShown']} px, want {shown}"
    if dims:
        assert s["dimShown"], "dimming layer should show"
    else:
        assert not s["dimShown"], "no dimming at 200"
    assert s["scrollWidth"] <= NARROW_W, f"horizontal scroll: scrollWidth {s['scrollWidth']}"


def test_narrow_large_detent_is_nearly_full_height(narrow, site):
    open_page(narrow, site, RECORD + "_large")
    s = wait_for(narrow, lambda s: s["sheetShown"] > NARROW_H / 2, read=state)
    assert 0.85 * NARROW_H <= s["sheetShown"] < NARROW_H, s["sheetShown"]


def test_narrow_row_behind_sheet_is_clickable_at_200(narrow, site):
    open_page(narrow, site, RECORD)
    s = wait_for(narrow, lambda s: abs(s["sheetShown"] - 200) <= TOL, read=state)
    assert abs(s["sheetShown"] - 200) <= TOL
    link = select_link(narrow, OTHER)
    narrow.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    hit = narrow.execute_script(
        """
        const row = arguments[0].closest('tr');
        const r = row.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const e = document.elementFromPoint(x, y);
        return {y, inTable: !!(e && e.closest('[data-table]')),
                inRow: !!(e && e.closest('tr') === row), what: e ? e.outerHTML.slice(0, 80) : null};
        """,
        link,
    )
    assert hit["y"] < NARROW_H - 200, "the row should be above the 200 px sheet"
    assert hit["inTable"] and hit["inRow"], f"elementFromPoint hit {hit['what']}"
    link.click()  # Selenium refuses with "element click intercepted" if something covers it
    s = wait_for(narrow, lambda s: s["panels"] == [OTHER], read=state)
    assert s["hash"] == "#" + OTHER and s["panels"] == [OTHER]


def test_narrow_grabber_moves_sheet_from_200_to_medium(narrow, site):
    open_page(narrow, site, RECORD)
    wait_for(narrow, lambda s: abs(s["sheetShown"] - 200) <= TOL, read=state)
    narrow.find_element(
        By.CSS_SELECTOR, f'[data-inspector-panel="{RECORD}"] .cf-grabber[data-at="200"][data-detent="medium"]'
    ).click()
    s = wait_for(narrow, lambda s: abs(s["sheetShown"] - NARROW_H / 2) <= TOL and s["dimShown"], timeout=3, read=state)
    assert s["hash"] == "#" + RECORD + "_medium"
    assert abs(s["sheetShown"] - NARROW_H / 2) <= TOL, s["sheetShown"]
    assert s["dimShown"]


def test_narrow_no_horizontal_scroll(narrow, site):
    s = open_page(narrow, site)
    assert s["scrollWidth"] <= NARROW_W, s["scrollWidth"]
    assert s["scrollWidth"] <= s["clientWidth"], (s["scrollWidth"], s["clientWidth"])
