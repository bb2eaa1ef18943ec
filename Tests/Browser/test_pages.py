"""The other pages (bulletins, fruits, validation), the compact sheet's dismissal, keyboard
use, the resize-grip width, reduced motion and print, measured in every engine (engines.py)
but print, which only Chromium can emulate.

Computed layout only (execute_script: getBoundingClientRect, getComputedStyle,
elementFromPoint), at the exact viewports of the `wide` (1280x800) and `narrow` (390x844)
fixtures. The validation page is taken from `invalid_site` (fish's suspicionLevel 1.4), so it has
a row; the others from the plain sample `site`. See Templates/README.md and Templates/README.md.
"""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import NARROW, load, wait_for
from engines import EVERY_ENGINE, emulate_media, set_viewport

NARROW_W, NARROW_H = NARROW["width"], NARROW["height"]
TOL = 2  # px

# (page, which built site, placeholder text)
PAGES = [
    ("bulletins/index.html", "site", "Select a bulletin to inspect"),
    ("fruits/index.html", "site", "Select a fruit to inspect"),
    ("validation/index.html", "invalid_site", "Select a problem to inspect"),
]
PAGE_IDS = ["bulletins", "fruits", "validation"]

FIRST_ROW_JS = """
const row = document.querySelector('[data-table] tr[data-record-id]');
if (!row) return null;
const link = row.querySelector('a[data-select]');
return {id: row.dataset.recordId, fragment: link ? decodeURIComponent(link.hash.slice(1)) : null};
"""

ROW_BG_JS = """
return getComputedStyle(document.querySelector(`[data-table] tr[data-record-id="${arguments[0]}"]`))
  .backgroundColor;
"""


def first_row(driver):
    row = driver.execute_script(FIRST_ROW_JS)
    assert row is not None, "the page's [data-table] has no tr[data-record-id]"
    assert row["fragment"], f"row {row['id']} has no a[data-select] with a fragment"
    return row


@pytest.fixture(params=PAGES, ids=PAGE_IDS)
def page(request):
    """(built site, page path, placeholder text) for each of the three pages."""
    path, which, placeholder = request.param
    return request.getfixturevalue(which), path, placeholder


# ---------------------------------------------------------------- the three pages


@EVERY_ENGINE
def test_wide_placeholder_per_page(wide, page):
    site, path, placeholder = page
    s = load(wide, site, path)
    assert (s["innerWidth"], s["innerHeight"]) == (1280, 800)
    assert s["emptyVisible"], "placeholder [data-inspector-empty] should show"
    assert s["panels"] == []
    text = wide.find_element(By.CSS_SELECTOR, "[data-inspector-empty]").text
    assert placeholder in text, text


@EVERY_ENGINE
def test_wide_deep_link_to_first_row(wide, page):
    site, path, _ = page
    load(wide, site, path)
    row = first_row(wide)
    unselected = wide.execute_script(ROW_BG_JS, row["id"])
    s = load(wide, site, path, row["fragment"])
    assert s["hash"] == "#" + row["fragment"]
    assert s["panels"] == [row["id"]], "exactly one visible panel, the first row's"
    assert not s["emptyVisible"]
    selected = wide.execute_script(ROW_BG_JS, row["id"])
    assert selected != unselected, f"row not highlighted (background stays {selected})"
    assert s["scrollY"] == 0, "a deep link must not jump"


@EVERY_ENGINE
def test_narrow_no_horizontal_scroll_per_page(narrow, page):
    site, path, _ = page
    s = load(narrow, site, path)
    assert (s["innerWidth"], s["innerHeight"]) == (NARROW_W, NARROW_H)
    assert s["scrollWidth"] <= NARROW_W, f"horizontal scroll: scrollWidth {s['scrollWidth']}"
    assert s["scrollWidth"] <= s["clientWidth"], (s["scrollWidth"], s["clientWidth"])


@EVERY_ENGINE
def test_narrow_first_row_sheet_at_200(narrow, page):
    site, path, _ = page
    load(narrow, site, path)
    row = first_row(narrow)
    load(narrow, site, path, row["fragment"])
    s = wait_for(narrow, lambda s: abs(s["sheetShown"] - 200) <= TOL)
    assert s["panels"] == [row["id"]]
    assert abs(s["sheetShown"] - 200) <= TOL, f"sheet shows {s['sheetShown']} px, want 200"
    assert not s["dimShown"], "no dimming at 200"
    assert s["scrollWidth"] <= NARROW_W, f"horizontal scroll: scrollWidth {s['scrollWidth']}"


INVALID_FIELD_JS = """
const panel = document.querySelector('[data-inspector-panel="fish"]');
const f = panel && panel.querySelector('[data-invalid="suspicion-range"]');
if (!f) return null;
const r = f.getBoundingClientRect();
return {display: getComputedStyle(f).display, width: r.width, height: r.height,
        visible: f.checkVisibility({visibilityProperty: true, opacityProperty: true}),
        text: f.textContent};
"""


@EVERY_ENGINE
@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_invalid_field_is_marked_in_fish_panel(request, engine, invalid_site, viewport):
    driver = request.getfixturevalue(viewport)
    fragment = "fish" if viewport == "wide" else "fish_large"
    s = load(driver, invalid_site, "index.html", fragment)
    assert s["panels"] == ["fish"]
    field = driver.execute_script(INVALID_FIELD_JS)
    assert field is not None, 'no [data-invalid="suspicion-range"] in fish\'s panel'
    assert field["display"] != "none" and field["visible"], field
    assert field["width"] > 0 and field["height"] > 0, field
    assert "1.4" in field["text"] or "between 0 and 1" in field["text"], field["text"]


# ---------------------------------------------------------------- narrow: dismissing


@EVERY_ENGINE
def test_narrow_tap_on_dim_layer_clears_selection(narrow, site):
    load(narrow, site, "index.html", "fish_medium")
    s = wait_for(narrow, lambda s: abs(s["sheetShown"] - NARROW_H / 2) <= TOL and s["dimShown"])
    assert s["panels"] == ["fish"] and s["dimShown"], s
    x, y = NARROW_W // 2, 100  # well above the sheet's top (422)
    hit = narrow.execute_script(
        "const e = document.elementFromPoint(arguments[0], arguments[1]);"
        "return e ? e.hasAttribute('data-sheet-dim') : null;",
        x, y,
    )
    assert hit, "the dim layer should be what a tap above the sheet hits"
    tap = ActionBuilder(narrow)
    tap.pointer_action.move_to_location(x, y).click()
    tap.perform()
    s = wait_for(narrow, lambda s: s["hash"] == "#_" and s["sheetShown"] == 0)
    assert s["hash"] == "#_"
    assert s["panels"] == [], "no visible panel after dismissing"
    assert s["sheetShown"] == 0, f"sheet still shows {s['sheetShown']} px"
    assert not s["dimShown"]


# ---------------------------------------------------------------- keyboard

FOCUS_JS = """
const e = document.activeElement;
const cs = getComputedStyle(e);
return {
  select: e.matches('a[data-select]'),
  record: e.closest('tr[data-record-id]') ? e.closest('tr[data-record-id]').dataset.recordId : null,
  focusVisible: e.matches(':focus-visible'),
  outlineStyle: cs.outlineStyle, outlineWidth: parseFloat(cs.outlineWidth) || 0,
  boxShadow: cs.boxShadow,
  tag: e.outerHTML.slice(0, 80),
};
"""


def tab_to_first_select_link(driver, limit=40):
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        f = driver.execute_script(FOCUS_JS)
        if f["select"]:
            return f
    pytest.fail(f"no a[data-select] reached in {limit} Tab presses")


@EVERY_ENGINE
@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_keyboard_tab_to_row_enter_selects_focus_visible(request, engine, site, viewport):
    driver = request.getfixturevalue(viewport)
    load(driver, site, "index.html")
    f = tab_to_first_select_link(driver)
    assert f["focusVisible"], f
    has_outline = f["outlineStyle"] != "none" and f["outlineWidth"] > 0
    has_ring = f["boxShadow"] not in ("", "none")
    assert has_outline or has_ring, f"focused row link has no visible focus indicator: {f}"
    record = f["record"]
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    s = wait_for(driver, lambda s: s["panels"] == [record])
    assert s["panels"] == [record], s["panels"]
    assert s["hash"].startswith("#") and record in s["hash"]


@EVERY_ENGINE
def test_keyboard_send_keys_enter_selects(wide, site):
    load(wide, site, "index.html")
    link = wide.find_element(By.CSS_SELECTOR, 'tr[data-record-id="snail"] a[data-select]')
    link.send_keys(Keys.ENTER)
    s = wait_for(wide, lambda s: s["panels"] == ["snail"])
    assert s["panels"] == ["snail"] and s["hash"] == "#snail"


# ---------------------------------------------------------------- resize grip leak


@EVERY_ENGINE
def test_resize_width_does_not_leak_into_sheet(wide, site):
    load(wide, site, "index.html", "fish")
    # A drag on the column's edge leaves an inline width on its resizer (test_resize.py).
    width = wide.execute_script(
        "document.querySelector('.cf-resizer').style.width = '379px';"
        "return document.querySelector('[data-inspector]').getBoundingClientRect().width;"
    )
    assert abs(width - 380) <= TOL, f"a resizer 379 px wide gives a {width} px column at wide"
    set_viewport(wide, NARROW_W, NARROW_H)
    s = wait_for(wide, lambda s: s["innerWidth"] == NARROW_W and s["sheet"] is not None)
    assert s["innerWidth"] == NARROW_W
    assert s["panels"] == ["fish"]
    assert s["sheet"] is not None, "no sheet at 390 px"
    assert abs(s["sheet"]["left"]) <= TOL, s["sheet"]
    assert abs(s["sheet"]["width"] - NARROW_W) <= TOL, f"sheet is {s['sheet']['width']} px wide"
    assert s["scrollWidth"] <= NARROW_W, f"horizontal scroll: scrollWidth {s['scrollWidth']}"


# ---------------------------------------------------------------- media

MOTION_JS = """
return arguments[0].map(sel => {
  const e = document.querySelector(sel);
  if (!e) return [sel, null];
  const cs = getComputedStyle(e);
  return [sel, {transition: cs.transitionDuration, animation: cs.animationDuration,
                animationName: cs.animationName, timeline: cs.animationTimeline}];
});
"""
# Every element and its ::before / ::after, with a non-zero transition or animation duration.
ANY_MOTION_JS = """
const nonzero = v => v.split(',').some(d => d.trim() !== 'auto' && parseFloat(d) > 0);
const out = [];
for (const e of document.querySelectorAll('*')) {
  for (const pseudo of [null, '::before', '::after']) {
    const cs = getComputedStyle(e, pseudo);
    if (nonzero(cs.transitionDuration) || nonzero(cs.animationDuration))
      out.push((e.className || e.tagName) + (pseudo || ''));
  }
}
return out.slice(0, 10);
"""
MOTION_SELECTORS = [".cf-sheet", ".cf-sheet-scroller", "tr[data-record-id]", "[data-sheet-dim]"]


def zero(durations):
    return all(float(d.strip().rstrip("s") or 0) == 0 for d in durations.split(",") if d.strip() != "auto")


@EVERY_ENGINE
def test_reduced_motion_turns_animation_off(narrow, site):
    load(narrow, site, "index.html", "fish_medium")
    wait_for(narrow, lambda s: s["dimShown"])
    normal = dict(narrow.execute_script(MOTION_JS, MOTION_SELECTORS))
    # Sanity: when motion is allowed the dimming layer is animated, by time (a fade) or by the
    # sheet's scroll position (a scroll-driven animation, whose duration is "auto").
    dim = normal["[data-sheet-dim]"]
    assert dim["animationName"] != "none", normal
    assert not zero(dim["animation"]) or dim["timeline"] not in ("auto", ""), normal
    emulate_media(narrow, reduced_motion=True)
    reduced = dict(narrow.execute_script(MOTION_JS, MOTION_SELECTORS))
    for sel, d in reduced.items():
        assert d is not None, f"{sel} missing"
        assert d["transition"] == "0s", (sel, d)
        assert d["animation"] == "0s" or (d["animationName"] == "none" and zero(d["animation"])), (sel, d)
    moving = narrow.execute_script(ANY_MOTION_JS)
    assert moving == [], f"still animated or transitioned under reduced motion: {moving}"


PRINT_JS = """
const hidden = e => !e || getComputedStyle(e).display === 'none' || e.getClientRects().length === 0;
const shown = e => !!e && getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0;
const q = s => document.querySelector(s);
const panel = q(`[data-inspector-panel="${arguments[0]}"]`);
return {
  header: getComputedStyle(q('header.cf-toolbar')).display,
  toggleLabel: getComputedStyle(q('[data-inspector-toggle]').closest('label')).display,
  toggleHidden: hidden(q('[data-inspector-toggle]')),
  dim: getComputedStyle(q('[data-sheet-dim]')).display,
  detentsHidden: [...document.querySelectorAll('[data-detent]')].every(hidden),
  detentDisplays: [...new Set([...document.querySelectorAll('[data-detent]')]
                     .map(e => { let d = e; while (d && getComputedStyle(d).display !== 'none') d = d.parentElement;
                                 return d ? 'none@' + d.className : getComputedStyle(e).display; }))],
  table: getComputedStyle(q('[data-table]')).display,
  tableShown: shown(q('[data-table]')),
  panel: panel ? getComputedStyle(panel).display : 'missing',
  panelShown: shown(panel),
  panelHeight: panel ? panel.getBoundingClientRect().height : 0,
};
"""


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_print_hides_chrome_and_shows_table_and_panel(request, site, viewport):
    driver = request.getfixturevalue(viewport)
    load(driver, site, "index.html", "fish")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    p = driver.execute_script(PRINT_JS, "fish")
    assert p["header"] == "none", p
    assert p["toggleLabel"] == "none" and p["toggleHidden"], p
    assert p["dim"] == "none", p
    assert p["detentsHidden"], p
    assert p["table"] != "none" and p["tableShown"], p
    assert p["panel"] != "none" and p["panelShown"] and p["panelHeight"] > 0, p
