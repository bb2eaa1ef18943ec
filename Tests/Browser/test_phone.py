"""The pages on a phone (390x844, below `inspector.compactBelow`), measured in every engine, and
the wide layout (1280x800) where it must stay as it was:

- the Filter and Chart controls: below the breakpoint the chips (`form[data-filters]`) and the
  chart fold behind two checkboxes with button-like labels at the heading's trailing end; a badge
  over the Filter button shows while any chip is on; wide, the controls are not shown and the
  chips and the chart are;
- the table first: on a phone the first row starts in the upper 60 % of the screen, no cell
  lies past the right edge, the document does not scroll sideways, each row is a list row (its
  title in the first cell, the other values beneath), and a click anywhere on a row selects it;
- the DOM hooks: exactly one `[data-inspector-toggle]` shown at each width (the switch wide, the
  ⓘ links narrow) and the grabbers' `data-at` / `data-detent`;
- listings paginated, on a case big enough for it (230 animals, 230 bulletins, pageSize 100),
  built once for this module with Scripts/make-case.py.

Expected values come from the case's YAML (casedata.Case) and from layout the browser computes
(getBoundingClientRect, getComputedStyle, elementFromPoint), never from the pages' text alone.
"""

import shutil
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from casedata import DEFAULT_DETENTS, Case, suspicion
from conftest import NARROW, Site, arrived, build_generated_case, load, select, wait_for
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


# ---------------------------------------------------------------- 1. the Filter and Chart controls


@pytest.mark.parametrize("page", ["index.html", "bulletins/index.html"])
@pytest.mark.parametrize("viewport", ["wide", "narrow"])
@EVERY_ENGINE
def test_controls_fold_the_chips_and_chart_on_a_phone_only(request, viewport, site, case, engine, page):
    """Narrow: the Filter and Chart buttons at the heading's trailing end, clear of its text; the
    chips folded (visibility hidden, not hit by a click at their place), the chart not displayed,
    no badge. Wide: no controls, the chips and the chart shown, no badge even with a chip on."""
    driver = request.getfixturevalue(viewport)
    where = f"{engine} {viewport} {page}"
    load(driver, site, page)
    c = controls(driver)
    assert c["form"] and c["chips"] and c["chart"], f"{where}: the page has chips and a chart: {c}"
    if viewport == "wide":
        assert c["controls"] and c["controls"]["display"] == "none", f"{where}: .cf-page-controls {c['controls']}"
        assert not c["button"]["shown"] and not c["chartButton"]["shown"], f"{where}: a control is shown: {c}"
        assert c["form"]["visibility"] == "visible" and c["form"]["shown"], f"{where}: the chips' form {c['form']}"
        assert c["chart"]["shown"] and c["chart"]["box"]["height"] > 40, f"{where}: the chart {c['chart']}"
        unreachable = [(x["value"], x["hit"]) for x in c["chips"] if x["box"]["bottom"] <= c["innerHeight"] and not x["hits"]]
        assert all(x["shown"] for x in c["chips"]) and not unreachable, f"{where}: chips not shown or not hit: {unreachable}"
        assert not c["badge"]["shown"], f"{where}: the badge shows with no chip on: {c['badge']}"
        facet, value, want = chip_for(case, page)
        click_chip(driver, facet, value)
        c = wait_for(driver, lambda c: c["rows"] == want, read=controls)
        assert c["rows"] == want, f"{where}: {c['rows']} != {want}"
        assert not c["badge"]["shown"] and c["badge"]["display"] == "none", f"{where}: the badge shows wide: {c['badge']}"
        return
    # Narrow.
    assert c["controls"]["display"] != "none", f"{where}: .cf-page-controls not displayed"
    buttons = [c[name] for name in ("chartButton", "button")]
    for b in buttons:
        assert b["shown"], f"{where}: {b['cls']} not shown: {b}"
        assert b["box"]["right"] <= c["clientWidth"] + 0.5, f"{where}: {b['cls']} runs past the edge: {b['box']}"
        assert b["box"]["top"] < c["heading"]["bottom"] and b["box"]["bottom"] > c["heading"]["top"], (
            f"{where}: {b['cls']} {b['box']} is not level with the heading {c['heading']}")
        assert b["box"]["height"] >= 28, f"{where}: {b['cls']} is {b['box']['height']}px tall"
        overlap = [t for t in c["headingText"] if meets(t, b["box"])]
        assert not overlap, f"{where}: the heading's text {overlap} runs under {b['cls']} {b['box']}"
    chart_b, filter_b = (b["box"] for b in buttons)
    assert max(chart_b["right"], filter_b["right"]) >= c["clientWidth"] - 40, (
        f"{where}: the controls end at {max(chart_b['right'], filter_b['right']):.1f}, not at the trailing end ({c['clientWidth']})")
    assert not meets(chart_b, filter_b), f"{where}: the Chart {chart_b} and Filter {filter_b} buttons overlap"
    looks = c["button"]["style"]
    assert looks["background"] not in ("rgba(0, 0, 0, 0)", "transparent") or looks["border"] not in ("0px", ""), (
        f"{where}: the Filter label has neither fill nor border: {looks}")
    t = c["toggle"]
    assert t and t["hook"] and not t["checked"], f"{where}: input#cf_filter_open[data-filter-toggle] {t}"
    assert (t["box"]["width"] <= 1 and t["box"]["height"] <= 1) or float(t["opacity"]) == 0, f"{where}: the checkbox shows: {t}"
    assert t["display"] != "none" and t["visibility"] == "visible" and not t["disabled"] and t["tabIndex"] >= 0, (
        f"{where}: the checkbox cannot take focus: {t}")
    assert c["form"]["visibility"] == "hidden", f"{where}: folded chips' form visibility {c['form']['visibility']}"
    assert all(x["visibility"] == "hidden" for x in c["chips"]), f"{where}: a folded chip is visible"
    hit = [(x["value"], x["hit"]) for x in c["chips"] if x["hits"]]
    assert not hit, f"{where}: a click at a folded chip's place hits it: {hit}"
    assert c["chart"]["display"] == "none", f"{where}: folded chart display {c['chart']['display']}"
    assert not c["badge"]["shown"], f"{where}: the badge shows with no chip on: {c['badge']}"


@pytest.mark.parametrize("page", ["index.html", "bulletins/index.html"])
@EVERY_ENGINE
def test_the_filter_button_unfolds_the_chips_and_the_badge_counts(narrow, site, case, engine, page):
    """A real click on the Filter label unfolds the chips (visible, each hit where it is); a chip
    narrows the rows (from the YAML) and the badge shows over the button; folded again the rows
    stay filtered and the badge stays; Show all turns it off."""
    where = f"{engine} {page}"
    load(narrow, site, page)
    everyone = controls(narrow)["rows"]
    narrow.find_element("css selector", 'label[for="cf_filter_open"]').click()
    c = wait_for(narrow, lambda c: c["form"]["visibility"] == "visible", read=controls)
    assert c["toggle"]["checked"] and c["form"]["visibility"] == "visible" and c["form"]["shown"], f"{where}: {c['form']}"
    for x in c["chips"]:
        narrow.execute_script(
            "document.querySelector(`[data-filter=\"${arguments[0]}\"][value=\"${arguments[1]}\"]`).closest('label')"
            ".scrollIntoView({block: 'center'})", x["facet"], x["value"])
        y = next(y for y in controls(narrow)["chips"] if (y["facet"], y["value"]) == (x["facet"], x["value"]))
        assert y["shown"] and y["hits"], f"{where}: the unfolded chip {x['value']} is not clickable: {y}"
    assert not controls(narrow)["badge"]["shown"], f"{where}: the badge shows with no chip on"

    facet, value, want = chip_for(case, page)
    assert 0 < len(want) < len(everyone)
    click_chip(narrow, facet, value)
    c = wait_for(narrow, lambda c: c["rows"] == want and c["badge"]["shown"], read=controls)
    assert c["rows"] == want, f"{where}: rows {c['rows']} != {want}"
    assert c["badge"]["shown"], f"{where}: one chip on, the badge is not shown: {c['badge']}"
    narrow.execute_script("window.scrollTo(0, 0)")
    c = controls(narrow)
    assert meets(c["badge"]["box"], c["button"]["box"]), f"{where}: the badge {c['badge']['box']} is not over the button {c['button']['box']}"
    if engine == "chromium":
        assert "counter" in c["badge"]["before"], f"{where}: the badge's ::before content {c['badge']['before']!r}"

    narrow.find_element("css selector", 'label[for="cf_filter_open"]').click()
    c = wait_for(narrow, lambda c: c["form"]["visibility"] == "hidden", read=controls)
    assert c["form"]["visibility"] == "hidden" and c["rows"] == want and c["badge"]["shown"], (
        f"{where}: folded again: form {c['form']['visibility']}, rows {c['rows']}, badge {c['badge']}")

    narrow.find_element("css selector", 'label[for="cf_filter_open"]').click()
    wait_for(narrow, lambda c: c["form"]["visibility"] == "visible", read=controls)
    reset = narrow.execute_script("const b = document.querySelector('.cf-chip-reset'); b.scrollIntoView({block: 'center'}); return b;")
    reset.click()
    c = wait_for(narrow, lambda c: c["rows"] == everyone and not c["badge"]["shown"], read=controls)
    assert c["rows"] == everyone and not c["badge"]["shown"], f"{where}: after Show all: rows {c['rows']}, badge {c['badge']}"


def tabs_to_the_table(driver, limit=20):
    """Press Tab until the focus is on a chip or in the table; what got the focus on the way."""
    seen = []
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        f = driver.execute_script(
            "const e = document.activeElement; return !e ? null : {chip: e.matches('[data-filter]') || !!e.closest('form[data-filters]'),"
            " table: !!e.closest('[data-table]'), what: e.outerHTML.slice(0, 70)}")
        if not f:
            break
        seen.append(f)
        if f["chip"] or f["table"]:
            break
    return seen


@EVERY_ENGINE
def test_the_filter_checkbox_is_in_the_tab_order_and_the_folded_chips_are_not(narrow, site, engine):
    """Tab reaches #cf_filter_open (its label shows a focus ring); folded, Tab from there goes on to
    the table without focusing a chip; Space unfolds them, and Tab from there reaches a chip before
    the table."""
    load(narrow, site, "index.html")
    assert tab_to(narrow, "e.id === 'cf_filter_open'"), f"{engine}: Tab never reached #cf_filter_open: {focused(narrow)}"
    ring = narrow.execute_script("return getComputedStyle(document.querySelector('label[for=\"cf_filter_open\"]')).outlineStyle")
    assert ring != "none", f"{engine}: the focused Filter control shows no focus ring"
    seen = tabs_to_the_table(narrow)
    assert seen and seen[-1]["table"] and not any(f["chip"] for f in seen), (
        f"{engine}: folded, Tab from the Filter control went {[f['what'] for f in seen]}")
    narrow.execute_script("document.getElementById('cf_filter_open').focus()")
    ActionChains(narrow).send_keys(Keys.SPACE).perform()
    c = wait_for(narrow, lambda c: c["form"]["visibility"] == "visible", read=controls)
    assert c["toggle"]["checked"] and c["form"]["visibility"] == "visible", f"{engine}: Space did not unfold: {c['form']}"
    seen = tabs_to_the_table(narrow)
    assert seen and seen[-1]["chip"], f"{engine}: unfolded, Tab from the Filter control went {[f['what'] for f in seen]}"


@pytest.mark.parametrize("page", ["index.html", "bulletins/index.html"])
@EVERY_ENGINE
def test_the_chart_button_shows_and_hides_the_chart(narrow, site, engine, page):
    where = f"{engine} {page}"
    load(narrow, site, page)
    assert controls(narrow)["chart"]["display"] == "none", where
    narrow.find_element("css selector", 'label[for="cf_chart_open"]').click()
    c = wait_for(narrow, lambda c: c["chart"]["shown"], read=controls)
    assert c["chartOpen"]["checked"] and c["chart"]["shown"] and c["chart"]["box"]["height"] > 40, f"{where}: {c['chart']}"
    assert c["chart"]["box"]["right"] <= c["clientWidth"] + 0.5, f"{where}: the chart runs past the edge: {c['chart']['box']}"
    narrow.execute_script("window.scrollTo(0, 0)")
    narrow.find_element("css selector", 'label[for="cf_chart_open"]').click()
    c = wait_for(narrow, lambda c: c["chart"]["display"] == "none", read=controls)
    assert c["chart"]["display"] == "none", f"{where}: folded again: {c['chart']}"


def test_no_chart_control_without_a_chart(narrow, site):
    load(narrow, site, "fruits/index.html")
    c = controls(narrow)
    assert c["chart"] is None and c["chartButton"] is None and c["button"] and c["button"]["shown"], c


# ---------------------------------------------------------------- 2. the table first


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


# ---------------------------------------------------------------- 3. hooks

TOGGLES_JS = SHOWN_JS + """
const sheet = document.querySelector('.cf-sheet'), scroller = document.querySelector('.cf-sheet-scroller');
const up = scroller && getComputedStyle(scroller).display !== 'none' && sheet.getClientRects().length;
return {
  links: [...document.querySelectorAll('a[data-sheet-toggle]')].map(a => ({kind: a.dataset.sheetToggle,
           hook: a.hasAttribute('data-inspector-toggle'), href: a.getAttribute('href')})),
  shown: [...document.querySelectorAll('[data-inspector-toggle]')]
           .filter(e => e.tagName === 'INPUT' ? shown(e.closest('label') || e) : shown(e))
           .map(e => e.tagName === 'INPUT' ? 'switch' : e.tagName === 'A' ? 'link:' + e.dataset.sheetToggle : e.tagName),
  hash: location.hash,
  sheetShown: up ? Math.max(0, innerHeight - sheet.getBoundingClientRect().top) : 0,
  empty: shown(document.querySelector('[data-inspector-empty]')),
};
"""


def toggles(driver):
    return driver.execute_script(TOGGLES_JS)


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
@EVERY_ENGINE
def test_exactly_one_inspector_toggle_is_shown(request, viewport, site, case, engine):
    driver = request.getfixturevalue(viewport)
    where = f"{engine} {viewport}"
    load(driver, site, "index.html")
    t = toggles(driver)
    assert t["links"] and all(l["hook"] for l in t["links"]), f"{where}: a[data-sheet-toggle] without data-inspector-toggle: {t['links']}"
    if viewport == "wide":
        assert t["shown"] == ["switch"], f"{where}: shown [data-inspector-toggle]: {t['shown']}"
        return
    lowest = case.detent_heights(NARROW["height"])[0]
    assert t["shown"] == ["link:present"], f"{where}: shown [data-inspector-toggle] with nothing selected: {t['shown']}"
    driver.find_element("css selector", 'a[data-inspector-toggle][data-sheet-toggle="present"]').click()
    t = wait_for(driver, lambda t: t["hash"] == "#_inspector" and abs(t["sheetShown"] - lowest) <= TOL, read=toggles)
    assert t["hash"] == "#_inspector" and t["empty"] and abs(t["sheetShown"] - lowest) <= TOL, (
        f"{where}: after Show Inspector: hash {t['hash']}, placeholder shown {t['empty']}, sheet {t['sheetShown']:.1f}px (want {lowest})")
    assert t["shown"] == ["link:dismiss"], f"{where}: with the sheet up, shown: {t['shown']}"
    driver.find_element("css selector", 'a[data-inspector-toggle][data-sheet-toggle="dismiss"]').click()
    t = wait_for(driver, lambda t: t["sheetShown"] <= TOL and t["shown"] == ["link:present"], read=toggles)
    assert t["sheetShown"] <= TOL and not t["empty"] and t["shown"] == ["link:present"], f"{where}: after Hide Inspector: {t}"


GRABBER_JS = SHOWN_JS + """
const panel = document.querySelector(`[data-inspector-panel="${arguments[0]}"]`);
const sheet = document.querySelector('.cf-sheet'), scroller = document.querySelector('.cf-sheet-scroller');
const up = scroller && getComputedStyle(scroller).display !== 'none' && sheet.getClientRects().length;
return {hash: location.hash,
        sheetShown: up ? Math.max(0, innerHeight - sheet.getBoundingClientRect().top) : 0,
        all: [...panel.querySelectorAll('a.cf-grabber')].map(g => [g.dataset.at, g.dataset.detent]),
        shown: [...panel.querySelectorAll('a.cf-grabber')].filter(shown).map(g => [g.dataset.at, g.dataset.detent]),
        large: [...panel.querySelectorAll('[data-detent="large"]')].filter(shown).length};
"""


def grabbers(driver, record):
    return driver.execute_script(GRABBER_JS, record)


def rest_at(driver, record, height, timeout=3.0):
    """Wait until the sheet stays at `height` (two reads 150 ms apart agree)."""
    deadline = time.monotonic() + timeout
    last = grabbers(driver, record)
    while time.monotonic() < deadline:
        time.sleep(0.15)
        g = grabbers(driver, record)
        if abs(g["sheetShown"] - last["sheetShown"]) < 0.5 and abs(g["sheetShown"] - height) <= TOL:
            return g
        last = g
    return last


@EVERY_ENGINE
def test_each_grabber_names_the_next_detent_and_the_large_one_goes_large(narrow, site, case, engine):
    """From each detent (deep-linked): the grabber shown has data-at = that detent and data-detent =
    the next in sheet.detents; following the grabbers until the one whose data-detent is "large"
    shows, a real click on it leaves the sheet at the large height."""
    record = "fish"
    names = [str(d) for d in case.site.get("sheet", {}).get("detents", DEFAULT_DETENTS)]
    heights = dict(zip(names, case.detent_heights(NARROW["height"])))
    nxt = {n: names[(i + 1) % len(names)] for i, n in enumerate(names)}
    assert "large" in names
    select(narrow, site, record)
    g = grabbers(narrow, record)
    assert sorted(g["all"]) == sorted([n, nxt[n]] for n in names), f"{engine}: grabbers (data-at, data-detent): {g['all']}"
    # Where each detent is deep-linked: the fragment of the grabber that moves the sheet there.
    markers = narrow.execute_script(
        "return Object.fromEntries([...document.querySelectorAll(`[data-inspector-panel=\"${arguments[0]}\"] a.cf-grabber`)]"
        ".map(g => [g.dataset.detent, decodeURIComponent(g.hash.slice(1))]))", record)
    assert sorted(markers) == sorted(names), f"{engine}: the grabbers lead to {markers}"
    for start in names:
        load(narrow, site, "index.html", markers[start])
        here = start
        g = rest_at(narrow, record, heights[here])
        for _ in range(len(names) + 1):
            assert abs(g["sheetShown"] - heights[here]) <= TOL, f"{engine}: from {start}: the sheet shows {g['sheetShown']:.1f}px, not {here}'s {heights[here]}"
            # Where scroll timelines exist the grabber shown follows the sheet's scroll position: give
            # the timeline a moment to catch up with a sheet that has just come to rest.
            g = wait_for(narrow, lambda g: g["shown"] == [[here, nxt[here]]], read=lambda d: grabbers(d, record))
            assert g["shown"] == [[here, nxt[here]]], (
                f"{engine}: from {start}, at {here}: the grabber shown is {g['shown']} (data-at, data-detent), want {[[here, nxt[here]]]}")
            if nxt[here] == "large":
                break
            narrow.find_element("css selector", f'[data-inspector-panel="{record}"] a.cf-grabber[data-at="{here}"]').click()
            here = nxt[here]
            g = rest_at(narrow, record, heights[here])
        assert g["large"] == 1, f"{engine}: from {start}: {g['large']} shown elements with data-detent=large"
        narrow.find_element("css selector", f'[data-inspector-panel="{record}"] a.cf-grabber[data-detent="large"]').click()
        g = rest_at(narrow, record, heights["large"])
        g = wait_for(narrow, lambda g: g["shown"] == [["large", nxt["large"]]], read=lambda d: grabbers(d, record))
        assert abs(g["sheetShown"] - heights["large"]) <= TOL, (
            f"{engine}: from {start}: the data-detent=large grabber left the sheet at {g['sheetShown']:.1f}px, not {heights['large']}")
        assert g["shown"] == [["large", nxt["large"]]], f"{engine}: from {start}: at large the grabber shown is {g['shown']}"


# ---------------------------------------------------------------- 4. listings paginated (a big case)

BIG_ARGS = ["--animals", "230", "--bulletins", "230", "--fruits", "30", "--notes", "0.2", "--format", "yaml"]
PAGE_SIZE = 100


class Big:
    """The big case: its site, its YAML, and the Suspects table's columns' listing stems (read once
    from index.html's header links)."""

    def __init__(self, site, case):
        self.site, self.case, self.stems = site, case, {}

    def stem(self, driver, label):
        """'suspects/by/suspect' for the column headed `label`, from index.html's a.cf-sort."""
        if not self.stems:
            load(driver, self.site, "index.html")
            for text, href in driver.execute_script(
                    "return [...document.querySelectorAll('[data-table] thead th a.cf-sort')]"
                    ".map(a => [a.textContent.replace(/[▲▼]/g, '').trim(), a.getAttribute('href')])"):
                assert href.endswith("-asc.html") or href.endswith("-desc.html"), (text, href)
                self.stems[text] = href.rsplit("-", 1)[0]
        assert label in self.stems, f"no column {label!r}: {list(self.stems)}"
        return self.stems[label]

    def listing(self, driver, label, descending, page=1):
        stem = self.stem(driver, label) + ("-desc" if descending else "-asc")
        return stem + (".html" if page == 1 else f".page-{page}.html")


@pytest.fixture(scope="module")
def big():
    """Scripts/make-case.py's 230 animals and 230 bulletins (YAML), pageSize 100, built once."""
    parent, content, out = build_generated_case("casefile-phone-", BIG_ARGS, f"\npageSize: {PAGE_SIZE}\n")
    yield Big(Site(out), Case(content))
    shutil.rmtree(parent, ignore_errors=True)


def ascending(case, label):
    """The animals' ids in the column's ascending order, from the YAML: text without regard to
    case, ties in file order."""
    keys = {"Suspect": lambda a: a["name"].lower(), "Suspicion": lambda a: a.get("suspicionLevel", 0)}[label]
    return [a["id"] for _, _, a in sorted((keys(a), i, a) for i, a in enumerate(case.animals))]


PAGE_JS = SHOWN_JS + """
const nav = document.querySelector('nav[data-pagination]');
return {href: location.href.split('#')[0], title: document.title,
        rows: [...document.querySelectorAll('[data-table] tbody tr[data-record-id]')].map(r => r.dataset.recordId),
        sorted: [...document.querySelectorAll('[data-table] thead th[aria-sort]')]
                  .map(th => [th.textContent.replace(/[▲▼]/g, '').trim(), th.getAttribute('aria-sort')]),
        nav: shown(nav),
        pages: nav ? [...nav.querySelectorAll('a')].filter(shown).filter(a => !a.rel)
                       .map(a => [a.textContent.trim(), a.href.split('#')[0], a.getAttribute('aria-current')]) : [],
        next: nav ? [...nav.querySelectorAll('a[rel=next]')].filter(shown).map(a => a.href.split('#')[0]) : []};
"""


def page_state(driver):
    return driver.execute_script(PAGE_JS)


@pytest.mark.parametrize("label, descending", [("Suspect", False), ("Suspect", True),
                                               ("Suspicion", False), ("Suspicion", True)])
def test_a_listing_is_split_into_pages_in_its_order(wide, big, label, descending):
    want = ascending(big.case, label)
    want = want[::-1] if descending else want
    assert len(want) == 230
    urls = [big.site.url(big.listing(wide, label, descending, n)) for n in (1, 2, 3)]
    fourth = big.site.root / big.listing(wide, label, descending, 4)
    assert not fourth.exists(), f"{fourth.name} exists: 230 rows make 3 pages of {PAGE_SIZE}"
    rows = []
    for n, url in enumerate(urls, 1):
        open_page(wide, big.site, url[len(big.site.url("")):])
        p = page_state(wide)
        what = f"{label} {'desc' if descending else 'asc'} page {n}"
        assert len(p["rows"]) == [100, 100, 30][n - 1], f"{what}: {len(p['rows'])} rows"
        assert p["sorted"] == [[label, "descending" if descending else "ascending"]], f"{what}: th[aria-sort] {p['sorted']}"
        assert f"page {n} of 3" in p["title"], f"{what}: <title> {p['title']!r}"
        assert p["nav"], f"{what}: no nav[data-pagination] shown"
        numbered = [(t, h) for t, h, _ in p["pages"] if t.isdigit()]
        assert numbered == [(str(i), u) for i, u in enumerate(urls, 1)], f"{what}: page links {p['pages']}"
        assert [t for t, _, cur in p["pages"] if cur == "page"] == [str(n)], f"{what}: aria-current {p['pages']}"
        rows += p["rows"]
    assert len(set(rows)) == len(rows) == 230, f"{label}: {len(rows)} rows, {len(set(rows))} different"
    bad = next((i for i, (a, b) in enumerate(zip(rows, want)) if a != b), None)
    assert rows == want, f"{label} {'desc' if descending else 'asc'}: first difference at row {bad}: {rows[bad:bad + 3]} != {want[bad:bad + 3]}"


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
@EVERY_ENGINE
def test_the_next_link_of_a_listing_leads_to_its_page_2(request, viewport, big, engine):
    driver = request.getfixturevalue(viewport)
    want = ascending(big.case, "Suspect")
    open_page(driver, big.site, big.listing(driver, "Suspect", False))
    p = page_state(driver)
    assert p["rows"] == want[:100] and len(p["next"]) == 1, f"{engine} {viewport}: page 1 rows {len(p['rows'])}, next {p['next']}"
    link = driver.execute_script(SHOWN_JS + "const a = [...document.querySelectorAll('nav[data-pagination] a[rel=next]')]"
                                 ".filter(shown)[0]; if (a) a.scrollIntoView({block: 'center'}); return a || null;")
    assert link, f"{engine} {viewport}: no Next link shown"
    before = driver.execute_script("return location.href")
    link.click()
    arrived(driver, before)
    p = page_state(driver)
    assert p["href"] == big.site.url(big.listing(driver, "Suspect", False, 2)), f"{engine} {viewport}: landed on {p['href']}"
    assert p["rows"] == want[100:200] and p["sorted"] == [["Suspect", "ascending"]], f"{engine} {viewport}: {p['rows'][:3]} {p['sorted']}"


def test_a_chips_all_link_lists_exactly_its_records_paginated_when_long(wide, big):
    """Every chip's "all N" link on the big case's Suspects page: N is the count from the YAML,
    the listing lists exactly those records, on ceil(N / 100) pages (page 2 and on at
    `….page-N.html`), with no page after the last."""
    c = big.case
    value_of = {
        "label": lambda a: slug(suspicion(a.get("suspicionLevel", 0))[0]),
        "species": lambda a: slug(a["species"]),
        "paw": lambda a: a.get("pawSize", "small"),
    }
    load(wide, big.site, "index.html")
    links = wide.execute_script(
        "return [...document.querySelectorAll('a.cf-chip-link')].map(a => [a.dataset.facet, a.dataset.value,"
        " a.getAttribute('href'), a.textContent.trim()])")
    assert links, "the chips of the 3-page Suspects table link to their listings"
    facets = {f for f, *_ in links}
    assert {"label", "paw"} <= facets, facets
    long_seen = short_seen = False
    for facet, value, href, text in links:
        if facet not in value_of:
            continue
        want = [a["id"] for a in c.animals if value_of[facet](a) == value]
        assert text == f"all {len(want)}", (facet, value, text, len(want))
        pages = -(-len(want) // PAGE_SIZE)
        assert href.endswith(".html") and ".page-" not in href, href
        stem = href[:-len(".html")]
        rows = []
        for n in range(1, pages + 1):
            open_page(wide, big.site, href if n == 1 else f"{stem}.page-{n}.html")
            p = page_state(wide)
            assert len(p["rows"]) == min(PAGE_SIZE, len(want) - (n - 1) * PAGE_SIZE), (facet, value, n, len(p["rows"]))
            assert p["nav"] == (pages > 1), f"{facet}={value} ({len(want)}) page {n}: pagination shown {p['nav']}"
            if pages > 1:
                assert f"page {n} of {pages}" in p["title"], (facet, value, p["title"])
            rows += p["rows"]
        assert not (big.site.root / f"{stem}.page-{pages + 1}.html").exists(), f"{stem}: a page after the last"
        assert sorted(rows) == sorted(want) and len(set(rows)) == len(rows), (
            f"{facet}={value}: {len(rows)} rows listed, {len(want)} records; "
            f"missing {sorted(set(want) - set(rows))[:5]}, extra {sorted(set(rows) - set(want))[:5]}")
        long_seen |= pages > 1
        short_seen |= pages == 1
    assert long_seen and short_seen, "the big case has a value over 100 rows and one under"


# ---------------------------------------------------------------- 5. the big case on a phone

BIG_PAGES = ["index.html", "suspects/page-2.html", "bulletins/index.html",
             ("Suspect", False, 1), ("Suspect", False, 2), ("Suspicion", True, 3)]


@pytest.mark.parametrize("page", BIG_PAGES, ids=lambda p: p if isinstance(p, str) else
                         f"listing-{p[0].lower()}-{'desc' if p[1] else 'asc'}-{p[2]}")
@EVERY_ENGINE
def test_the_big_cases_pages_put_the_table_first_on_a_phone(narrow, big, engine, page):
    path = page if isinstance(page, str) else big.listing(narrow, *page)
    open_page(narrow, big.site, path)
    check_table_first(narrow, f"{engine} {path}", rows=8)
