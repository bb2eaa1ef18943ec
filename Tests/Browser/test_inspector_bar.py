"""The inspector's own top bar (placement fullHeight, 1280x800), in every engine.

The column has a bar as tall as the toolbar beside it, titled with what it shows; while the
column is presented the toggle sits at the bar's end (and returns to the toolbar when the
column is collapsed); under the bar a hairline, and a scroll-edge shadow once the content
scrolls (in engines with scroll timelines; engines.CAPABILITIES); the record's header stays in
view as its panel scrolls. With placement underToolbar, at 820x1180 (the overlaying column) and
at 390x844 (the sheet) there is no bar.
"""

import pytest

from conftest import load, wait_for
from engines import CAPABILITIES, EVERY_ENGINE

pytestmark = EVERY_ENGINE

BAR_JS = """
const box = s => { const e = document.querySelector(s); if (!e) return null;
  const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
    height: r.height, display: getComputedStyle(e).display}; };
const bar = document.querySelector('.cf-inspector-bar'), cs = getComputedStyle(bar);
const scroller = document.querySelector('.cf-sheet-scroller');
const shown = [...document.querySelectorAll('[data-inspector-panel]')].find(p => getComputedStyle(p).display !== 'none');
const h = shown ? shown.querySelector('.cf-panel-header').getBoundingClientRect() : null;
return {bar: box('.cf-inspector-bar'), toolbar: box('.cf-toolbar'), toggle: box('.cf-toggle'),
        inspector: box('[data-inspector]'), title: bar.innerText.trim(), shadow: cs.boxShadow,
        hairline: cs.borderBottomWidth + ' ' + cs.borderBottomStyle,
        scrollTop: scroller.scrollTop, scrollerTop: scroller.getBoundingClientRect().top,
        header: h ? {top: h.top, bottom: h.bottom} : null};
"""
SCROLL_JS = "const s = document.querySelector('.cf-sheet-scroller'); s.scrollTop = arguments[0]; return s.scrollTop"


def inside(inner, outer, tol=1):
    return (inner["left"] >= outer["left"] - tol and inner["right"] <= outer["right"] + tol
            and inner["top"] >= outer["top"] - tol and inner["bottom"] <= outer["bottom"] + tol)


def shadow_blur(css):
    """The largest blur radius in a computed box-shadow ('none' → 0); a transparent shadow → 0."""
    if css == "none" or "rgba(0, 0, 0, 0)" in css or "transparent" in css:
        return 0
    numbers = [float(t[:-2]) for t in css.replace(",", " ").split() if t.endswith("px")]
    return max(numbers[2::4] or [0])


@pytest.mark.parametrize("page,title", [("index.html", "Suspect"), ("bulletins/index.html", "Bulletin")])
def test_the_column_has_a_bar_as_tall_as_the_toolbar(wide, engine, site, case, page, title):
    load(wide, site, page)
    b = wide.execute_script(BAR_JS)
    assert b["bar"]["display"] != "none", b
    assert abs(b["bar"]["height"] - b["toolbar"]["height"]) <= 1, (b["bar"], b["toolbar"])
    assert abs(b["bar"]["top"] - b["toolbar"]["top"]) <= 1 and abs(b["bar"]["left"] - b["inspector"]["left"]) <= 2, b
    assert b["title"] == title, b["title"]
    assert b["hairline"].startswith("1px solid"), b["hairline"]
    # Presented: the toggle is at the bar's end, not in the toolbar.
    assert inside(b["toggle"], b["bar"]), (b["toggle"], b["bar"])
    assert b["bar"]["right"] - b["toggle"]["right"] < 24, "the toggle is not at the bar's end"


def test_the_toggle_returns_to_the_toolbar_when_the_column_is_collapsed(wide, engine, site):
    load(wide, site, "index.html", "fish")
    wait_for(wide, lambda s: s["panels"] == ["fish"])
    wide.find_element("css selector", ".cf-toggle").click()
    b = wait_for(wide, lambda b: b["inspector"]["display"] == "none", read=lambda d: d.execute_script(BAR_JS))
    assert b["inspector"]["display"] == "none", b
    assert inside(b["toggle"], b["toolbar"]), (b["toggle"], b["toolbar"])
    wide.find_element("css selector", ".cf-toggle").click()
    b = wait_for(wide, lambda b: b["inspector"]["display"] != "none", read=lambda d: d.execute_script(BAR_JS))
    assert inside(b["toggle"], b["bar"]), (b["toggle"], b["bar"])


def test_scroll_edge_shadow_and_the_header_stays_in_view(wide, engine, site):
    load(wide, site, "index.html", "fish")
    wait_for(wide, lambda s: s["panels"] == ["fish"])
    top = wide.execute_script(BAR_JS)
    assert top["scrollTop"] == 0 and top["header"], top
    assert wide.execute_script(SCROLL_JS, 240) > 100, "the panel does not scroll (too short to test)"
    # A scroll-driven animation catches up on the next frames.
    scrolled = wait_for(wide, lambda b: shadow_blur(b["shadow"]) >= 8 or not CAPABILITIES[engine]["scroll-timeline"],
                        read=lambda d: d.execute_script(BAR_JS))
    # The header is pinned to the top of the scrolling area, under the bar.
    assert abs(scrolled["header"]["top"] - scrolled["scrollerTop"]) <= 1, scrolled
    assert scrolled["header"]["top"] >= scrolled["bar"]["bottom"] - 1, scrolled
    if CAPABILITIES[engine]["scroll-timeline"]:
        assert shadow_blur(top["shadow"]) == 0, f"a shadow before scrolling: {top['shadow']}"
        assert shadow_blur(scrolled["shadow"]) >= 8, f"no scroll-edge shadow: {scrolled['shadow']}"
    else:
        assert scrolled["hairline"].startswith("1px solid"), scrolled


@pytest.mark.parametrize("viewport", ["middle", "narrow"])
def test_no_bar_on_smaller_windows(request, engine, site, case, viewport):
    driver = request.getfixturevalue(viewport)
    load(driver, site, "index.html", "fish_medium" if viewport == "narrow" else "fish")
    wait_for(driver, lambda s: s["panels"] == ["fish"])
    b = driver.execute_script(BAR_JS)
    assert b["bar"]["display"] == "none", b
    assert inside(b["toggle"], b["toolbar"]) or b["toggle"]["height"] == 0, b


def test_no_bar_under_the_toolbar(wide, engine, settings_site):
    load(wide, settings_site("underToolbar"), "index.html")
    b = wide.execute_script(BAR_JS)
    assert b["bar"]["display"] == "none", b
    assert inside(b["toggle"], b["toolbar"]), b
