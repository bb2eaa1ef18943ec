"""The pages on a phone (390x844, below `inspector.compactBelow`), measured in every engine, and
the wide layout (1280x800) where it must stay as it was. This file holds the probes the phone
tests share and the table first: on a phone the first row starts in the upper 60 % of the screen,
no cell lies past the right edge, the document does not scroll sideways, each row is a list row
(its title in the first cell, the other values beneath), and a click anywhere on a row selects
it. The Filter and Chart controls are in test_phone_controls.py, the DOM hooks in
test_phone_hooks.py, a case big enough to paginate in test_phone_big_case.py.

Expected values come from the case's YAML (casedata.Case) and from layout the browser computes
(getBoundingClientRect, getComputedStyle, elementFromPoint), never from the pages' text alone.
"""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import NARROW, load, wait_for
from engines import EVERY_ENGINE, click_at
from test_filters import expected_suspects, slug

TOL = 2  # px
# The first row must start within this share of the viewport's height, at scroll 0.
UPPER = 0.6
# WebKitGTK's overlay scrollbar takes clicks this close to the viewport's right edge.
EDGE = 24

# ---------------------------------------------------------------- probes

# Whether an element is shown: laid out, visible, with an area, and not inside a visually-hidden
# box (clip-path / clip, or a 1x1 box that hides its overflow: the headers kept for assistive
# technology). Scrolling boxes do not count as hiding: a cell scrolled out of a scroll box is
# still past the edge for this suite.
SHOWN_JS = """
const de = document.documentElement;
const hiddenBox = a => {
  const s = getComputedStyle(a), r = a.getBoundingClientRect();
  return (s.clipPath && s.clipPath !== 'none') || (s.clip && s.clip !== 'auto')
      || (/hidden|clip/.test(s.overflowX) && /hidden|clip/.test(s.overflowY) && r.width * r.height <= 1);
};
const shown = e => {
  if (!e || !e.getClientRects().length) return false;
  const s = getComputedStyle(e), r = e.getBoundingClientRect();
  if (s.display === 'none' || s.visibility !== 'visible' || r.width * r.height <= 0) return false;
  for (let a = e; a && a !== de; a = a.parentElement) if (hiddenBox(a)) return false;
  return true;
};
const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                                                                 width: r.width, height: r.height}; };
const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
"""

TABLE_JS = SHOWN_JS + """
window.scrollTo(0, 0);
const cw = de.clientWidth;
const cells = [...document.querySelectorAll('[data-table] th, [data-table] td')].filter(shown);
const past = cells.filter(c => c.getBoundingClientRect().right > cw + 0.5).map(c => ({
  cell: c.tagName.toLowerCase() + (c.className ? '.' + c.className.split(' ').join('.') : ''),
  row: (c.closest('tr') && c.closest('tr').dataset.recordId) || '(header)',
  text: c.textContent.trim().slice(0, 40), left: c.getBoundingClientRect().left, right: c.getBoundingClientRect().right}));
const rows = [...document.querySelectorAll('[data-table] tbody tr[data-record-id]')].filter(shown);
const list = rows.slice(0, arguments[0]).map(row => {
  const kids = [...row.children].filter(shown);
  return {id: row.dataset.recordId, row: box(row),
          first: kids.length ? {box: box(kids[0]), text: kids[0].innerText.trim(),
                                // a table's row selects with a[data-select]; a listing's links to the record
                                select: !!kids[0].querySelector(row.closest('[data-listing]') ? 'a[href]' : 'a[data-select]')} : null,
          others: kids.slice(1).map(c => ({box: box(c), text: c.innerText.trim().slice(0, 40)})),
          // Cells with something in them that are not shown: values the list row lost.
          lost: [...row.children].filter(c => !shown(c) && (c.textContent.trim() || c.children.length))
                  .map(c => c.textContent.trim().slice(0, 40) || c.innerHTML.slice(0, 60))};
});
window.scrollTo(80, 0);
const sideways = scrollX;
window.scrollTo(0, 0);
return {clientWidth: cw, innerWidth, innerHeight, scrollWidth: de.scrollWidth, sideways,
        firstRow: rows.length ? {id: rows[0].dataset.recordId, top: rows[0].getBoundingClientRect().top} : null,
        rowCount: rows.length, cellCount: cells.length, past, list};
"""


def open_page(driver, site, path):
    """A fresh load of a page that may have no inspector (a listing), where conftest.load's probe
    would not work."""
    driver.get("about:blank")
    driver.get(site.url(path))


def table_layout(driver, rows=12):
    return driver.execute_script(TABLE_JS, rows)


def check_table_first(driver, what, rows=12, upper=UPPER, title_first=True):
    """On a phone: the first row in the upper 60 % of the screen at scroll 0 (unless upper is None), no shown cell past
    the right edge, no sideways scroll; each of the first `rows` rows a list row (the title cell
    first, across the row; the other cells beneath it, inside the row, none lost)."""
    t = table_layout(driver, rows)
    h = t["innerHeight"]
    assert t["innerWidth"] == NARROW["width"] and t["clientWidth"] <= NARROW["width"], f"{what}: viewport {t}"
    assert t["firstRow"], f"{what}: no row shown"
    assert upper is None or t["firstRow"]["top"] <= upper * h, (
        f"{what}: the first row ({t['firstRow']['id']}) starts at y={t['firstRow']['top']:.1f}, "
        f"below {upper:.0%} of the {h}px viewport ({upper * h:.1f})")
    assert not t["past"], f"{what}: cells past the right edge ({t['clientWidth']}px): {t['past'][:6]}"
    assert t["scrollWidth"] <= t["clientWidth"] and t["sideways"] == 0, (
        f"{what}: the document scrolls sideways: scrollWidth {t['scrollWidth']} > clientWidth "
        f"{t['clientWidth']}, scrollX after scrollTo(80, 0) = {t['sideways']}")
    for r in t["list"]:
        row, first = r["row"], r["first"]
        assert first and (first["select"] or not title_first), f"{what}: {r['id']}: the first cell shown holds no row link: {r}"
        for c in [first] + r["others"]:
            b = c["box"]
            assert (b["left"] >= row["left"] - 1 and b["right"] <= row["right"] + 1
                    and b["top"] >= row["top"] - 1 and b["bottom"] <= row["bottom"] + 1), (
                f"{what}: {r['id']}: the cell {c['text']!r} {b} lies outside its row {row}")
        for c in r["others"]:
            assert c["box"]["top"] >= first["box"]["bottom"] - 1, (
                f"{what}: {r['id']}: the cell {c['text']!r} (top {c['box']['top']:.1f}) is not beneath the "
                f"title cell {first['text']!r} (bottom {first['box']['bottom']:.1f})")
        assert not r["lost"], f"{what}: {r['id']}: cells with a value are not shown: {r['lost']}"
    return t


def title_of(case, page, record):
    """What a row's first cell says, from the YAML: a suspect's name, a bulletin's time."""
    if page.startswith("bulletins"):
        return case.shown_time(next(b for b in case.bulletins if b["id"] == record))
    return next(a["name"] for a in case.animals if a["id"] == record)


CONTROLS_JS = SHOWN_JS + """
const q = s => document.querySelector(s);
const form = q('form[data-filters]'), toggle = q('input#cf_filter_open'), badge = q('.cf-filter-count');
const button = q('label[for="cf_filter_open"]'), chartOpen = q('#cf_chart_open'), chartButton = q('label[for="cf_chart_open"]');
const chart = q('figure.cf-chart'), heading = q('.cf-heading'), controls = q('.cf-page-controls');
const range = document.createRange();
if (heading) range.selectNodeContents(heading);
const textBoxes = heading ? [...range.getClientRects()].filter(r => r.width * r.height > 0).map(r => ({left: r.left, top: r.top,
                             right: r.right, bottom: r.bottom})) : [];
const cw = de.clientWidth;
const chips = [...document.querySelectorAll('label.cf-chip')].map(l => {
  const i = l.querySelector('input[data-filter]'), r = l.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = r.width * r.height > 0 && x >= 0 && y >= 0 && x < cw && y < innerHeight ? document.elementFromPoint(x, y) : null;
  return {facet: i.dataset.filter, value: i.value, checked: i.checked, shown: shown(l), box: box(l),
          hits: !!hit && l.contains(hit), hit: hit ? hit.outerHTML.slice(0, 80) : null, visibility: getComputedStyle(i).visibility};
});
const styleOf = e => { const s = getComputedStyle(e); return {display: s.display, visibility: s.visibility, background: s.backgroundColor,
                       border: s.borderTopWidth, outline: s.outlineStyle, opacity: s.opacity}; };
return {
  clientWidth: cw, innerHeight,
  controls: controls ? {display: getComputedStyle(controls).display} : null,
  form: form ? {visibility: getComputedStyle(form).visibility, shown: shown(form), box: box(form)} : null,
  toggle: toggle ? {hook: toggle.hasAttribute('data-filter-toggle'), checked: toggle.checked, box: box(toggle),
                    opacity: getComputedStyle(toggle).opacity, display: getComputedStyle(toggle).display,
                    visibility: getComputedStyle(toggle).visibility, disabled: toggle.disabled, tabIndex: toggle.tabIndex} : null,
  button: button ? {shown: shown(button), box: box(button), cls: button.className, style: styleOf(button)} : null,
  badge: badge ? {shown: shown(badge), display: getComputedStyle(badge).display, box: box(badge),
                  before: getComputedStyle(badge, '::before').content} : null,
  chartOpen: chartOpen ? {checked: chartOpen.checked} : null,
  chartButton: chartButton ? {shown: shown(chartButton), box: box(chartButton), cls: chartButton.className} : null,
  chart: chart ? {display: getComputedStyle(chart).display, shown: shown(chart), box: box(chart)} : null,
  heading: heading ? box(heading) : null, headingText: textBoxes,
  chips,
  rows: [...document.querySelectorAll('[data-table] tr[data-record-id]')].filter(shown).map(r => r.dataset.recordId),
  focused: document.activeElement ? (document.activeElement.id || document.activeElement.tagName) : null,
};
"""


def controls(driver):
    return driver.execute_script(CONTROLS_JS)


def meets(a, b):
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def click_chip(driver, facet, value):
    """A real click on a chip's label, scrolled to the middle of the screen."""
    label = driver.execute_script(
        "const l = document.querySelector(`[data-filter=\"${arguments[0]}\"][value=\"${arguments[1]}\"]`).closest('label');"
        "l.scrollIntoView({block: 'center'}); return l;", facet, value)
    label.click()


def tab_to(driver, test, limit=60):
    """Press Tab until the script `test` (on document.activeElement as `e`) holds; True if it did."""
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.execute_script(f"const e = document.activeElement; return !!e && ({test})"):
            return True
    return False


def focused(driver):
    return driver.execute_script(
        "const e = document.activeElement; return e ? e.outerHTML.slice(0, 100) : null")


# The chip each page's test turns on, and the rows it should leave, from the YAML.
def chip_for(case, page):
    if page == "index.html":
        value = slug("Very suspicious")
        return "label", value, expected_suspects(case, labels={value})
    fruit = case.bulletins[0]["fruit"]
    return "fruit", slug(fruit), [b["id"] for b in case.bulletins if slug(b["fruit"]) == slug(fruit)]


# ---------------------------------------------------------------- the table first


@pytest.mark.parametrize("page", ["index.html", "bulletins/index.html"])
@EVERY_ENGINE
def test_the_table_comes_first_and_fits_the_phone(narrow, site, case, engine, page):
    load(narrow, site, page)
    t = check_table_first(narrow, f"{engine} {page}")
    for r in t["list"]:
        want = title_of(case, page, r["id"])
        assert want in r["first"]["text"], f"{engine} {page}: {r['id']}: the first cell says {r['first']['text']!r}, not {want!r}"


@pytest.mark.parametrize("page", ["fruits/index.html", "validation/index.html"])
@EVERY_ENGINE
def test_the_other_tables_fit_the_phone_too(narrow, site, engine, page):
    """The narrow table style applies to every `[data-table]` (Templates/README.md, DOM hooks): no
    cell past the edge, list rows. (Only Suspects and Bulletins must put the table in the upper
    60 %: the validation page has its summary first.)"""
    load(narrow, site, page)
    t = table_layout(narrow)
    if not t["firstRow"]:
        pytest.skip(f"{page} has no rows in the sample")
    # The validation table's row link is in its second column (the message), after the severity.
    check_table_first(narrow, f"{engine} {page}", upper=None, title_first=page != "validation/index.html")


ROW_POINT_JS = SHOWN_JS + """
const row = document.querySelector(`[data-table] tr[data-record-id="${arguments[0]}"]`);
row.scrollIntoView({block: 'center'});
const cells = [...row.querySelectorAll(':scope > td')].filter(shown);
const cell = cells[cells.length - 1] || row;
const r = cell.getBoundingClientRect(), rr = row.getBoundingClientRect();
const x = Math.min(r.left + r.width / 2, innerWidth - arguments[1]), y = r.top + r.height / 2;
const e = document.elementFromPoint(x, y);
return {x, y, cell: cell.textContent.trim().slice(0, 40), row: rr.toJSON(),
        fragment: decodeURIComponent(row.querySelector('a[data-select]').hash.slice(1)),
        hitRow: e && e.closest('tr[data-record-id]') ? e.closest('tr[data-record-id]').dataset.recordId : null,
        hit: e ? e.outerHTML.slice(0, 90) : null};
"""


@pytest.mark.parametrize("page", ["index.html", "bulletins/index.html"])
@EVERY_ENGINE
def test_a_click_on_a_rows_other_cell_selects_it_on_a_phone(narrow, site, case, engine, page):
    """A real click at the middle of the last cell shown (not the title cell) of the first row
    and of a middle row selects that row: the fragment and its panel."""
    ids = [a["id"] for a in case.animals] if page == "index.html" else [b["id"] for b in case.bulletins]
    load(narrow, site, page)
    for record in (ids[0], ids[len(ids) // 2]):
        p = narrow.execute_script(ROW_POINT_JS, record, EDGE)
        click_at(narrow, p["x"], p["y"])
        s = wait_for(narrow, lambda s: s["hash"] == "#" + p["fragment"] and s["panels"] == [record])
        assert s["hash"] == "#" + p["fragment"] and s["panels"] == [record], (
            f"{engine} {page}: a click at ({p['x']:.0f}, {p['y']:.0f}) in {record}'s cell {p['cell']!r} selected "
            f"{s['hash'] or 'nothing'} (panels {s['panels']}); the point is on {p['hit']}")
