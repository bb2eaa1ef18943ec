"""The inspector with nothing selected, as SwiftUI's ContentUnavailableView: a symbol (an inline
SVG in a filled circle, hidden from assistive technology), a title and a line of description
under it, in the site's language, centred in the column at 1280x800 and, at 390x844, in the part
of the sheet that its lowest detent shows (under the grabber) once the toolbar's ⓘ presents it.

In English (the sample) and in Arabic, right to left (conftest's SETTINGS_VARIANTS["ar"]): the
expected title and description are the built-in string tables' (Templates/i18n/<language>.yaml),
the page's `select…` key and its `…Description`; the widths and the detent come from the layout
the browser computes and the case's site.yaml (casedata.Case.detent_heights), never from the
placeholder itself.
"""

from pathlib import Path

import pytest
import yaml

from conftest import NARROW, REPO, load, wait_for
from engines import EVERY_ENGINE

# How far the parts' centre may lie from the centre of what holds them (rounding, and a
# description whose last line is shorter than its first).
TOL = 3  # px

I18N = REPO / "Templates" / "i18n"

# page → (the title's key, the description's key)
PAGES = {
    "index.html": ("selectSuspect", "selectSuspectDescription"),
    "bulletins/index.html": ("selectBulletin", "selectBulletinDescription"),
    "fruits/index.html": ("selectFruit", "selectFruitDescription"),
}


def strings(language):
    return yaml.safe_load((I18N / f"{language}.yaml").read_text(encoding="utf-8"))


@pytest.fixture(params=["en", "ar"])
def language(request, site, settings_site):
    """(language, its site): the sample as it is, and built with `language: ar`."""
    return request.param, (site if request.param == "en" else settings_site("ar"))


PLACEHOLDER_JS = """
const empty = document.querySelector('[data-inspector-empty]');
const symbol = empty.querySelector('.cf-unavailable-symbol');
const svg = symbol && symbol.querySelector('svg');
const title = empty.querySelector('.cf-unavailable-title');
const description = empty.querySelector('.cf-unavailable-description');
const shown = e => !!e && getComputedStyle(e).display !== 'none' && getComputedStyle(e).visibility === 'visible'
                   && parseFloat(getComputedStyle(e).opacity) > 0.5 && e.getClientRects().length > 0;
const part = e => e && {shown: shown(e), rect: e.getBoundingClientRect().toJSON(), text: e.innerText.trim(),
                        size: parseFloat(getComputedStyle(e).fontSize), weight: parseInt(getComputedStyle(e).fontWeight),
                        color: getComputedStyle(e).color};
const content = document.querySelector('.cf-sheet-content');
const grabber = getComputedStyle(content, '::before');
return {
  symbol: part(symbol), title: part(title), description: part(description),
  svg: svg ? {hidden: symbol.getAttribute('aria-hidden') === 'true', w: svg.getBoundingClientRect().width,
              transform: getComputedStyle(svg).transform} : null,
  circle: symbol ? {radius: getComputedStyle(symbol).borderTopLeftRadius, fill: getComputedStyle(symbol).backgroundColor} : null,
  column: document.querySelector('.cf-sheet-scroller').getBoundingClientRect().toJSON(),
  inspector: document.querySelector('[data-inspector]').getBoundingClientRect().toJSON(),
  sheet: document.querySelector('.cf-sheet').getBoundingClientRect().toJSON(),
  grabber: grabber.content === 'none' || grabber.display === 'none' ? 0
           : parseFloat(grabber.marginTop) + parseFloat(grabber.height) + parseFloat(grabber.marginBottom),
  innerWidth, innerHeight, dir: getComputedStyle(document.body).direction,
};
"""


def placeholder(driver):
    return driver.execute_script(PLACEHOLDER_JS)


def centre(r, axis):
    return (r["left"] + r["right"]) / 2 if axis == "x" else (r["top"] + r["bottom"]) / 2


def check_parts(p, language, page, where):
    """The three parts shown, in order, with the table's wording; the symbol an SVG in a circle."""
    table = strings(language)
    title_key, description_key = PAGES[page]
    for name in ("symbol", "title", "description"):
        assert p[name] is not None and p[name]["shown"], f"{where}: the {name} is not shown: {p}"
    assert p["title"]["text"] == table[title_key], f"{where}: title {p['title']['text']!r}"
    assert p["description"]["text"] == table[description_key], f"{where}: description {p['description']['text']!r}"
    assert p["svg"] and p["svg"]["hidden"] and p["svg"]["w"] > 0, f"{where}: no aria-hidden SVG symbol: {p['svg']}"
    w, h = p["symbol"]["rect"]["width"], p["symbol"]["rect"]["height"]
    assert abs(w - h) < 1 and float(p["circle"]["radius"].rstrip("px%")) > 0, f"{where}: the symbol is not in a circle: {p}"
    assert p["symbol"]["rect"]["bottom"] <= p["title"]["rect"]["top"] <= p["description"]["rect"]["top"], \
        f"{where}: not symbol, then title, then description: {p}"
    # The title reads as one: bolder and larger than the description.
    assert p["title"]["weight"] >= 600 and p["title"]["size"] > p["description"]["size"], f"{where}: {p}"
    # The symbol mirrors with the page: the column it draws is on the left in Arabic.
    mirrored = p["svg"]["transform"].startswith("matrix(-1")
    assert mirrored == (p["dir"] == "rtl"), f"{where}: symbol transform {p['svg']['transform']} in {p['dir']}"


def check_centred(p, box, where):
    """Each part centred across `box`, and the three together centred down it."""
    for name in ("symbol", "title", "description"):
        off = centre(p[name]["rect"], "x") - centre(box, "x")
        assert abs(off) <= TOL, f"{where}: the {name} is {off:.1f} px off the centre across: {p[name]['rect']} in {box}"
    group = {"top": p["symbol"]["rect"]["top"], "bottom": p["description"]["rect"]["bottom"]}
    off = centre(group, "y") - centre(box, "y")
    assert abs(off) <= TOL, f"{where}: the placeholder is {off:.1f} px off the centre down: {group} in {box}"


@EVERY_ENGINE
@pytest.mark.parametrize("page", list(PAGES))
def test_wide_the_placeholder_is_centred_in_the_column(wide, engine, language, page):
    lang, site = language
    load(wide, site, page)
    p = wait_for(wide, lambda p: p["title"] and p["title"]["shown"], read=placeholder)
    where = f"{engine} {lang} {page} wide"
    check_parts(p, lang, page, where)
    column = p["column"]
    # The column is the inspector's cell: inside the inspector, on the trailing side.
    assert p["inspector"]["left"] - 1 <= column["left"] < column["right"] <= p["inspector"]["right"] + 1, where
    assert column["height"] > 300, f"{where}: the column's cell is {column['height']} px tall"
    check_centred(p, column, where)


@EVERY_ENGINE
@pytest.mark.parametrize("page", list(PAGES))
def test_narrow_the_placeholder_is_centred_in_the_sheet_at_its_lowest_detent(narrow, engine, language, case, page):
    lang, site = language
    lowest = case.detent_heights(NARROW["height"])[0]
    load(narrow, site, page, "_inspector")
    p = wait_for(narrow, lambda p: p["title"] and p["title"]["shown"]
                 and abs(p["innerHeight"] - p["sheet"]["top"] - lowest) <= 1, read=placeholder)
    where = f"{engine} {lang} {page} narrow"
    assert abs(p["innerHeight"] - p["sheet"]["top"] - lowest) <= 1, f"{where}: the sheet is not at {lowest}: {p['sheet']}"
    check_parts(p, lang, page, where)
    assert p["grabber"] > 0, f"{where}: the placeholder's sheet has no grabber"
    # What the detent shows of the sheet, under its grabber, across the sheet's width.
    shows = {"left": p["sheet"]["left"], "right": p["sheet"]["right"],
             "top": p["sheet"]["top"] + p["grabber"], "bottom": p["innerHeight"]}
    assert abs(p["sheet"]["width"] - p["innerWidth"]) <= 1, f"{where}: the sheet is not full width: {p['sheet']}"
    for name in ("symbol", "title", "description"):
        r = p[name]["rect"]
        assert shows["top"] <= r["top"] and r["bottom"] <= shows["bottom"], f"{where}: the {name} is out of sight: {r}"
    check_centred(p, shows, where)


def test_every_table_has_the_placeholders_phrases():
    """The phrases this file expects exist in every built-in table, each its own (not English
    left untranslated in another language)."""
    english = strings("en")
    tags = sorted(p.stem for p in Path(I18N).glob("*.yaml"))
    assert set(tags) >= {"en", "de", "fr", "es", "ja", "ar"}, tags
    for tag in tags:
        table = strings(tag)
        for keys in PAGES.values():
            for key in keys:
                assert isinstance(table.get(key), str) and table[key].strip(), f"{tag}.yaml has no {key}"
                if tag != "en":
                    assert table[key] != english[key], f"{tag}.yaml {key} is the English text"


def test_the_validation_pages_placeholder_and_an_empty_tables(wide, invalid_site, variant):
    """The fourth page's phrases; and a page with no rows says there is nothing to select."""
    table = strings("en")
    load(wide, invalid_site, "validation/index.html")
    p = wait_for(wide, lambda p: p["title"] and p["title"]["shown"], read=placeholder)
    assert (p["title"]["text"], p["description"]["text"]) == (table["selectProblem"], table["selectProblemDescription"]), p
    check_centred(p, p["column"], "validation wide")
    empty, c = variant("empty")
    assert c.bulletins == []
    load(wide, empty, "bulletins/index.html")
    p = wait_for(wide, lambda p: p["title"] and p["title"]["shown"], read=placeholder)
    assert (p["title"]["text"], p["description"]["text"]) == (table["nothingToInspect"], table["nothingToInspectDescription"]), p
    check_centred(p, p["column"], "empty bulletins wide")
