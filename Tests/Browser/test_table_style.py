"""The table as SwiftUI draws one, in every engine, at 1280x800, 820x1180 and 390x844.

- The selected row is a solid accent fill with white text: its background is opaque, its name,
  subtitle and suspicion label are white (or nearly), and the text keeps a 4.5:1 contrast on the
  fill; the other rows keep their usual colours.
- No striping: every unselected row has the same background as the first.
- A table with no rows shows what ContentUnavailableView shows: a symbol in a circle, a title,
  one line of guidance, centred.
"""

import pytest

from casedata import contrast, over, rgba
from conftest import load, wait_for
from engines import EVERY_ENGINE

pytestmark = EVERY_ENGINE

VIEWPORTS = ["wide", "middle", "narrow"]

ROW_JS = """
const row = document.querySelector(`[data-table] tr[data-record-id="${arguments[0]}"]`);
const color = e => getComputedStyle(e).color;
return {bg: getComputedStyle(row).backgroundColor,
        title: color(row.querySelector('.cf-item-title')),
        subtitle: color(row.querySelector('.cf-item-subtitle')),
        label: color(row.querySelector('.cf-tone-label')),
        fragment: decodeURIComponent(row.querySelector('a[data-select]').hash.slice(1))};
"""

ROW_BACKGROUNDS_JS = """
return [...document.querySelectorAll('[data-table] tr[data-record-id]')]
  .map(r => getComputedStyle(r).backgroundColor);
"""


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_selected_row_is_an_accent_fill_with_white_text(request, engine, site, case, viewport):
    driver = request.getfixturevalue(viewport)
    ids = [a["id"] for a in case.animals]
    chosen, other = ids[1], ids[2]
    load(driver, site, "index.html")
    before = driver.execute_script(ROW_JS, chosen)
    load(driver, site, "index.html", before["fragment"])
    wait_for(driver, lambda s: s["panels"] == [chosen])
    row = driver.execute_script(ROW_JS, chosen)
    plain = driver.execute_script(ROW_JS, other)

    fill = rgba(row["bg"])
    assert fill[3] == 1, f"the selected row's fill is not solid: {row['bg']}"
    r, g, b = fill[:3]
    assert b > 150 and b > r + 80 and b > g + 40, f"the fill is not the blue accent: {row['bg']}"
    for part in ("title", "subtitle", "label"):
        ink = rgba(row[part])
        seen = over(ink, fill)
        assert min(seen) > 200, f"the selected row's {part} is not white: {row[part]} on {row['bg']}"
        assert contrast(seen, fill) >= 4.5, f"{part} {row[part]} on {row['bg']}: {contrast(seen, fill):.2f}:1"
    # The other rows are as they were: no fill, their own colours.
    assert rgba(plain["bg"])[3] == 0, f"an unselected row is filled: {plain['bg']}"
    assert plain["title"] != row["title"] and plain["label"] != row["label"], plain
    assert before["title"] == plain["title"], "selecting a row changed another row's text"


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_rows_are_not_striped(request, engine, site, viewport):
    driver = request.getfixturevalue(viewport)
    load(driver, site, "index.html")
    backgrounds = driver.execute_script(ROW_BACKGROUNDS_JS)
    assert len(backgrounds) >= 4
    assert set(backgrounds) == {backgrounds[0]}, f"rows differ in background: {backgrounds}"
    assert rgba(backgrounds[0])[3] == 0, backgrounds[0]


EMPTY_JS = """
const e = document.querySelector('main .cf-empty');
if (!e) return null;
const symbol = e.querySelector('.cf-empty-symbol'), title = e.querySelector('.cf-empty-title'),
      guidance = e.querySelector('.cf-empty-guidance'), main = document.querySelector('main');
const box = x => x.getBoundingClientRect();
const s = getComputedStyle(symbol);
return {symbol: {w: box(symbol).width, h: box(symbol).height, radius: s.borderTopLeftRadius, bg: s.backgroundColor,
                 svg: !!symbol.querySelector('svg'), center: box(symbol).left + box(symbol).width / 2},
        title: {text: title.innerText.trim(), size: parseFloat(getComputedStyle(title).fontSize),
                weight: getComputedStyle(title).fontWeight, center: box(title).left + box(title).width / 2,
                top: box(title).top},
        guidance: {text: guidance.innerText.trim(), size: parseFloat(getComputedStyle(guidance).fontSize),
                   lines: Math.round(box(guidance).height / parseFloat(getComputedStyle(guidance).lineHeight || 20)),
                   top: box(guidance).top},
        symbolBottom: box(symbol).bottom,
        mainCenter: box(main).left + box(main).width / 2};
"""


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_an_empty_table_shows_a_content_unavailable_view(request, engine, variant, viewport):
    driver = request.getfixturevalue(viewport)
    site, c = variant("empty")
    assert c.bulletins == []
    load(driver, site, "bulletins/index.html")
    e = driver.execute_script(EMPTY_JS)
    assert e is not None, "no empty state on a page without rows"
    symbol, title, guidance = e["symbol"], e["title"], e["guidance"]
    # A symbol in a circle, above a title, above one line of guidance; all centred.
    assert symbol["svg"] and abs(symbol["w"] - symbol["h"]) < 1 and symbol["w"] >= 40, symbol
    assert symbol["radius"] in ("50%",) or float(symbol["radius"].rstrip("px")) >= symbol["w"] / 2 - 1, symbol
    assert rgba(symbol["bg"])[3] > 0, "the symbol's circle is not filled"
    assert title["text"].lower() == "no bulletins yet", title
    assert title["size"] > guidance["size"] and int(title["weight"]) >= 600, (title, guidance)
    assert "bulletins.yaml" in guidance["text"], guidance
    assert e["symbolBottom"] <= title["top"] <= guidance["top"], e
    for part in (symbol, title):
        assert abs(part["center"] - e["mainCenter"]) < 24, f"not centred: {part} vs {e['mainCenter']}"
