"""Right-to-left pages: the sample built with `language: ar` (conftest's SETTINGS_VARIANTS["ar"]),
whose pages carry `<html dir="rtl">`, in every engine at 1280x800, 820x1180 and 390x844.

Everything mirrors, measured in the computed layout: the inspector column sits on the left, its
separator and its resize grip on its inner (right) edge, and dragging that edge rightwards widens
it within minWidth … maxWidth; at a middle width the overlaying column lies against the left edge,
its shadow falling on the table; the chips run right to left and still filter; the charts' first
bar is the rightmost. What does not mirror stays as it is: the sheet at the bottom, full width,
with the same detents; ids and file:line:column places run left to right, isolated from the
right-to-left text around them. The Arabic and Japanese string tables are being written, so
nothing here depends on the pages' wording. The Nu checker and axe-core find nothing on any page
of the sample in Arabic or in Japanese.
"""

import re
import subprocess

import pytest

from conftest import NARROW, load, probe, select, wait_for
from engines import EVERY_ENGINE
from test_conformance import AXE_RUN_JS, _describe, _unknown_to_vnu, axe_source, vnu_jar  # noqa: F401 (fixtures)
from test_filters import all_suspects_shown, chip_shows, shown, slug
from test_resize import drag
from test_sheet_ios import TOL, rest, scroll_sheet_to, sheet


@pytest.fixture(scope="session")
def ar_site(settings_site):
    return settings_site("ar")


# ---------------------------------------------------------------- the page's direction


@EVERY_ENGINE
def test_the_arabic_pages_run_right_to_left_and_the_english_ones_left_to_right(wide, engine, ar_site, site):
    read = "return [document.documentElement.dir, getComputedStyle(document.body).direction]"
    for page in ("index.html", "bulletins/index.html", "fruits/index.html", "validation/index.html", "404.html"):
        wide.get("about:blank")
        wide.get(ar_site.url(page))
        assert wide.execute_script(read) == ["rtl", "rtl"], f"{engine}: {page}"
    load(wide, site, "index.html")
    assert wide.execute_script(read)[1] == "ltr", f"{engine}: the English pages run left to right"


# ---------------------------------------------------------------- the column, and resizing it

COLUMN_JS = """
const insp = document.querySelector('[data-inspector]');
const ins = insp.getBoundingClientRect(), cs = getComputedStyle(insp);
const main = document.querySelector('.cf-main').getBoundingClientRect();
const at = (x, y) => { const e = document.elementFromPoint(x, y);
  return e ? {resizer: !!e.closest('.cf-resizer'), cursor: getComputedStyle(e).cursor, inside: !!e.closest('[data-inspector]')} : null; };
const ys = [ins.top + 40, (ins.top + ins.bottom) / 2, ins.bottom - 40];
const toggle = document.querySelector('label.cf-toggle:has(input[data-inspector-toggle])').getBoundingClientRect();
return {left: ins.left, right: ins.right, width: ins.width, top: ins.top, bottom: ins.bottom, ys,
        mainLeft: main.left, mainRight: main.right, vw: innerWidth,
        borderLeft: parseFloat(cs.borderLeftWidth), borderRight: parseFloat(cs.borderRightWidth),
        shadow: cs.boxShadow, toggle: toggle.toJSON(),
        inner: ys.map(y => at(ins.right - 2, y)), outer: ys.map(y => at(ins.left + 2, y)),
        content: ys.map(y => at(ins.right - 24, y))};
"""
WIDTH_JS = "return document.querySelector('[data-inspector]').getBoundingClientRect().width"


def column(driver):
    return driver.execute_script(COLUMN_JS)


@EVERY_ENGINE
def test_wide_the_column_is_on_the_left_its_separator_and_toggle_mirrored(wide, engine, ar_site):
    load(wide, ar_site, "index.html")
    c = column(wide)
    assert abs(c["left"]) <= 1 and abs(c["width"] - 300) <= 2, f"{engine}: the column is not at the left edge: {c}"
    assert c["right"] <= c["mainLeft"] + 1, f"{engine}: the column overlaps the table area: {c}"
    assert abs(c["mainRight"] - c["vw"]) <= 1, f"{engine}: the table area does not reach the right edge: {c}"
    # The separator is on the column's inner side, the one next to the table.
    assert c["borderRight"] == 1 and c["borderLeft"] == 0, f"{engine}: separator {c['borderLeft']} | {c['borderRight']}"
    # The switch moved into the column's bar sits at the bar's trailing (left) end.
    t = c["toggle"]
    assert c["left"] <= t["left"] and t["right"] <= c["left"] + 60 and t["top"] < 60, f"{engine}: toggle at {t}, column {c}"


@EVERY_ENGINE
def test_wide_selecting_a_row_presents_its_panel_with_the_close_button_at_the_left(wide, engine, ar_site):
    record = "fish"  # a suspect with an emoji avatar
    s = select(wide, ar_site, record)
    assert s["panels"] == [record], f"{engine}: {s}"
    r = wide.execute_script(
        "const p = document.querySelector(`[data-inspector-panel=\"${arguments[0]}\"]`);"
        "const rect = s => p.querySelector(s).getBoundingClientRect().toJSON();"
        "return {close: rect('.cf-close'), title: rect('.cf-panel-title'), avatar: rect('.cf-panel-header .cf-avatar'),"
        " fill: getComputedStyle(document.querySelector(`tr[data-record-id=\"${arguments[0]}\"]`)).backgroundColor}", record)
    assert r["fill"] not in ("rgba(0, 0, 0, 0)", "transparent"), f"{engine}: the selected row is not filled"
    assert r["close"]["right"] <= r["title"]["left"] + 1, f"{engine}: the close button is not left of the title: {r}"
    assert r["title"]["right"] <= r["avatar"]["left"] + 1, f"{engine}: the avatar is not right of the title: {r}"


MIRRORED_JS = """
const row = [...document.querySelectorAll('[data-table] tr[data-record-id]')]
  .find(r => { const m = r.querySelector('.cf-more'); return m && getComputedStyle(m).display !== 'none'; });
const swatches = [...row.querySelectorAll('.cf-swatches .cf-swatch')].map(s => s.getBoundingClientRect().toJSON());
const more = row.querySelector('.cf-more').getBoundingClientRect().toJSON();
const line = getComputedStyle(document.querySelector(`[data-inspector-panel="${arguments[0]}"] .cf-group:not(.cf-note) > * + *`), '::before');
return {swatches, more, lineLeft: line.left, lineRight: line.right};
"""


@EVERY_ENGINE
def test_wide_swatches_badges_and_separators_mirror(wide, engine, ar_site):
    select(wide, ar_site, "fish")
    m = wide.execute_script(MIRRORED_JS, "fish")
    xs = [s["left"] for s in m["swatches"]]
    assert len(xs) >= 2 and xs == sorted(xs, reverse=True), f"{engine}: the swatches do not run right to left: {xs}"
    assert m["more"]["right"] <= m["swatches"][-1]["left"] + 1, f"{engine}: the +N badge is not after (left of) the swatches: {m}"
    # A grouped row's separator is inset on its leading (right) side.
    assert (m["lineLeft"], m["lineRight"]) == ("0px", "16px"), f"{engine}: separator inset {m['lineLeft']} | {m['lineRight']}"


@pytest.mark.parametrize("viewport", ["wide", "middle"])
@EVERY_ENGINE
def test_dragging_the_inner_edge_resizes_the_column_within_its_widths(request, engine, ar_site, case, viewport):
    driver = request.getfixturevalue(viewport)
    if viewport == "middle":  # the overlaying column shows while a row is selected
        select(driver, ar_site, case.animals[1]["id"])
    else:
        load(driver, ar_site, "index.html")
    c = column(driver)
    assert abs(c["width"] - 300) <= 2 and abs(c["left"]) <= 1, c
    for where, hit in zip(("top", "middle", "bottom"), c["inner"]):
        assert hit and hit["resizer"] and hit["cursor"] == "col-resize", f"{engine}: the inner edge at its {where}: {hit}"
    for where, hit in zip(("top", "middle", "bottom"), c["content"]):
        assert hit and hit["inside"] and not hit["resizer"], f"{engine}: 24 px in, at the {where}: {hit}"
    for where, hit in zip(("top", "middle", "bottom"), c["outer"]):
        assert not (hit and hit["resizer"]), f"{engine}: the outer (left) edge resizes at its {where}: {hit}"
    # Rightwards widens, leftwards narrows; clamped at maxWidth and minWidth.
    plan = [(1, 60, 360), (2, -40, 320), (0, 300, 400), (1, -250, 200)]
    for index, dx, want in plan:
        c = column(driver)
        drag(driver, c["right"] - 2, c["ys"][index], dx)
        width = wait_for(driver, lambda w: abs(w - want) <= 3, read=lambda d: d.execute_script(WIDTH_JS))
        assert abs(width - want) <= 3, f"{engine} {viewport}: a {dx:+} px drag left the column {width} px wide, want {want}"
        assert abs(column(driver)["left"]) <= 1, f"{engine} {viewport}: the column left the left edge"


# ---------------------------------------------------------------- the overlay at a middle width


@EVERY_ENGINE
def test_middle_the_overlaying_column_lies_against_the_left_edge(middle, engine, ar_site, case):
    load(middle, ar_site, "index.html")
    idle = middle.execute_script(
        "return document.querySelector('.cf-table-scroll').getBoundingClientRect().toJSON()")
    select(middle, ar_site, case.animals[1]["id"])
    c = column(middle)
    table = middle.execute_script(
        "return document.querySelector('.cf-table-scroll').getBoundingClientRect().toJSON()")
    assert abs(c["left"]) <= 1 and c["width"] >= 200, f"{engine}: the column is not against the left edge: {c}"
    assert abs(table["width"] - idle["width"]) <= 1, f"{engine}: the column narrowed the table: {idle} {table}"
    assert c["right"] > table["left"] + 100, f"{engine}: the column does not lie over the table: {c} {table}"
    hit = middle.execute_script(
        "const e = document.elementFromPoint(arguments[0], arguments[1]); return !!e && !!e.closest('.cf-inspector')",
        c["left"] + c["width"] / 2, (c["top"] + c["bottom"]) / 2)
    assert hit, f"{engine}: the column is not on top of the table"
    # Its shadow falls to its right, on the table: a positive horizontal offset.
    offsets = [float(v) for v in re.findall(r"(-?[\d.]+)px", c["shadow"])]
    assert offsets and offsets[0] > 0, f"{engine}: the shadow is not mirrored: {c['shadow']}"


# ---------------------------------------------------------------- the sheet on a phone


@EVERY_ENGINE
def test_narrow_the_sheet_is_at_the_bottom_full_width_and_its_detents_work(narrow, engine, ar_site, case):
    heights = case.detent_heights(NARROW["height"])
    names = [str(d) for d in case.site.get("sheet", {}).get("detents", [200, "medium", "large"])]
    s = select(narrow, ar_site, "fish")
    assert s["panels"] == ["fish"], s
    s = rest(narrow, heights)
    assert abs(s["shown"] - heights[0]) <= TOL, f"{engine}: {s}"
    r = narrow.execute_script("return document.querySelector('.cf-sheet').getBoundingClientRect().toJSON()")
    assert abs(r["left"]) <= 1 and abs(r["width"] - NARROW["width"]) <= 1, f"{engine}: the sheet is not full width: {r}"
    assert abs(r["top"] - (NARROW["height"] - heights[0])) <= TOL, f"{engine}: the sheet is not at the bottom: {r}"
    assert probe(narrow)["scrollWidth"] <= NARROW["width"], f"{engine}: the page scrolls sideways"
    # The grabber steps through every detent and round, as in the ltr sheet.
    for step in range(len(names) + 1):
        here = step % len(names)
        assert abs(s["shown"] - heights[here]) <= TOL, f"{engine}: step {step}: {s}"
        # The grabber shown follows the sheet's scroll timeline, which may settle a frame or more
        # after the sheet does (on a loaded machine): wait for it rather than read it once.
        s = wait_for(narrow, lambda s: [g["detent"] for g in s["grabbers"]] == [names[here]], read=sheet)
        assert [g["detent"] for g in s["grabbers"]] == [names[here]], f"{engine}: step {step}: {s['grabbers']}"
        nxt = names[(here + 1) % len(names)]
        assert s["grabbers"][0]["goes"] == nxt, s["grabbers"]
        narrow.execute_script(
            "document.querySelector(`[data-inspector-panel=\"fish\"] .cf-grabber[data-detent=\"${arguments[0]}\"]`).click()", nxt)
        s = rest(narrow, [heights[(here + 1) % len(names)]])
    # Let go between detents: it snaps to the nearest; swiped past the lowest, it goes.
    scroll_sheet_to(narrow, (heights[0] + heights[1]) / 2 + 20)
    s = rest(narrow, heights)
    assert abs(s["shown"] - heights[1]) <= TOL, f"{engine}: let go past half-way to medium, rests at {s['shown']}"
    scroll_sheet_to(narrow, heights[0] / 4)
    s = rest(narrow, [0] + heights)
    assert s["shown"] <= TOL and s["hash"].startswith("#fish"), f"{engine}: {s}"


# ---------------------------------------------------------------- chips

CHIPS_JS = """
const facet = document.querySelector(`[data-filter="${arguments[0]}"]`).closest('fieldset');
const chips = [...facet.querySelectorAll('.cf-chip')].map(c => c.getBoundingClientRect().toJSON());
return {chips, legend: facet.querySelector('legend').getBoundingClientRect().toJSON()};
"""


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
@EVERY_ENGINE
def test_chips_run_right_to_left_and_filter_the_rows(request, viewport, engine, ar_site, case):
    driver = request.getfixturevalue(viewport)
    everyone = all_suspects_shown(driver, ar_site, case)
    very, fishy = slug("Very suspicious"), slug("Fishy")
    chip_shows(driver, case, "label", very, labels={very})  # unfolds the chips where they fold
    c = driver.execute_script(CHIPS_JS, "label")
    first, second = c["chips"][0], c["chips"][1]
    if abs(first["top"] - second["top"]) < 4:  # on one line
        assert first["left"] >= second["right"], f"{engine} {viewport}: the first chip is not right of the second: {c}"
    else:
        assert first["top"] < second["top"], c
    if abs(c["legend"]["top"] - first["top"]) < 8:
        assert c["legend"]["left"] >= first["right"] - 1, f"{engine} {viewport}: the legend is not at the right: {c}"
    chip_shows(driver, case, "label", fishy, labels={very, fishy})
    driver.find_element("css selector", ".cf-chip-reset").click()
    assert wait_for(driver, lambda rows: rows == everyone, read=shown) == everyone


# ---------------------------------------------------------------- values isolated in Arabic text

# Arabic text is put around the value in the page (the sample's strings are still English): "في"
# before it, " 2 مرة" after it. Isolated, the value is one unit of the right-to-left line, and the
# 2 lies to its left; not isolated, the 2 is taken into the value's left-to-right run and lies to
# its right.
ISOLATION_JS = """
// The first such value that starts with a letter (a place may start with "<built-in>").
const el = [...document.querySelectorAll(arguments[0])].find(e => /^[a-z]/i.test(e.textContent));
el.scrollIntoView({block: 'center'});
el.parentElement.style.whiteSpace = 'nowrap';
el.before('\u0641\u064a ');
const after = document.createTextNode(' 2 \u0645\u0631\u0629');
el.after(after);
const measure = () => {
  const r = document.createRange(); r.setStart(after, 1); r.setEnd(after, 2);
  const two = r.getBoundingClientRect(), v = el.getBoundingClientRect();
  return {text: el.textContent, value: v.toJSON(), two: two.toJSON(),
          bidi: getComputedStyle(el).unicodeBidi, direction: getComputedStyle(el).direction};
};
const styled = measure();
el.style.unicodeBidi = 'normal'; el.style.direction = 'rtl';
const plain = measure();
el.style.unicodeBidi = ''; el.style.direction = '';
return {styled, plain};
"""


def _validation_page_with_a_record_link(site):
    for page in sorted(site.root.glob("validation/*.html")):
        if re.search(r'class="cf-record-link" href="[^"]', page.read_text(encoding="utf-8")):
            return page.relative_to(site.root).as_posix()
    pytest.fail("no validation page with a problem that names a record")


@pytest.mark.parametrize("what, selector", [
    ("a record id", "a.cf-record-link:not([href=''])"),
    ("a file:line:column", "tr:has(a.cf-record-link:not([href=''])) .cf-location > .cf-opt"),
    ("a rule", "tr:has(a.cf-record-link:not([href=''])) code.cf-rule-id"),
])
@EVERY_ENGINE
def test_ids_and_places_in_arabic_text_are_isolated(wide, engine, ar_site, what, selector):
    load(wide, ar_site, _validation_page_with_a_record_link(ar_site))
    r = wide.execute_script(ISOLATION_JS, selector)
    s, p = r["styled"], r["plain"]
    assert s["bidi"] == "isolate" and s["direction"] == "ltr", f"{engine}: {what} {s}"
    # Isolated: the 2 after the value is left of it, and the value's box is as in its own run.
    assert s["two"]["right"] <= s["value"]["left"] + 1, f"{engine}: {what} {s['text']!r} is not isolated: {s}"
    # The probe tells the difference: without the isolation the 2 joins the value's run, at its right.
    assert p["two"]["left"] >= p["value"]["right"] - 1, f"{engine}: the probe cannot tell ({what}): {p}"


# ---------------------------------------------------------------- the charts

BARS_JS = """
return [...document.querySelectorAll('.cf-chart svg rect')].map(r => r.getBoundingClientRect().left);
"""


@pytest.mark.parametrize("page", ["index.html", "bulletins/index.html"])
def test_the_charts_run_right_to_left(wide, ar_site, site, page):
    load(wide, ar_site, page)
    rtl = wide.execute_script(BARS_JS)
    assert len(rtl) >= 3 and rtl == sorted(rtl, reverse=True) and len(set(rtl)) == len(rtl), \
        f"{page}: the first bar is not the rightmost: {rtl}"
    load(wide, site, page)
    ltr = wide.execute_script(BARS_JS)
    assert ltr == sorted(ltr) and len(ltr) == len(rtl), f"{page} in English: {ltr}"


# ---------------------------------------------------------------- the Nu checker and axe-core


@pytest.fixture(scope="session")
def localized_sites(settings_site):
    return {language: settings_site(language) for language in ("ar", "ja")}


@pytest.mark.parametrize("language", ["ar", "ja"])
def test_the_nu_checker_finds_nothing_on_any_page(vnu_jar, localized_sites, language):
    java, jar, version = vnu_jar
    root = localized_sites[language].root
    files = sorted(root.rglob("*.html")) + sorted(root.glob("casefile.*.css"))
    assert len(files) > 6, files
    result = subprocess.run([java, "-jar", str(jar), "--errors-only", "--format", "json", "--also-check-css"]
                            + [str(f) for f in files], capture_output=True, text=True, timeout=600)
    import json
    messages = json.loads(result.stderr.strip() or result.stdout.strip())["messages"]
    errors = [m for m in messages if m.get("type") in ("error", "non-document-error")
              and not _unknown_to_vnu("casefile.css" if m.get("url", "").endswith(".css") else "page", m)]
    assert not errors, f"vnu {version} on the sample in {language}:\n" + "\n".join(
        _describe(m.get("url", "?").rsplit("/site/", 1)[-1], "", [m]) for m in errors)


_axe_findings = {}


def axe_findings(request, language, viewport):
    """axe-core's violations, every impact, on every page of the sample in `language` at 1280x800,
    and on one page of each kind, a row selected, at 390x844: [(page, rule, target, impact)]."""
    if (language, viewport) in _axe_findings:
        return _axe_findings[(language, viewport)]
    driver = request.getfixturevalue(viewport)
    source = request.getfixturevalue("axe_source")
    driver.set_script_timeout(60)
    root = request.getfixturevalue("localized_sites")[language].root
    pages = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.html"))
    if viewport == "narrow":
        pages = [p for p in pages if p.endswith("index.html") or p == "404.html"]
    found = []
    for page in pages:
        url = root.as_uri() + "/" + page
        driver.get("about:blank")
        driver.get(url)
        if viewport == "narrow":
            href = driver.execute_script(
                "const a = document.querySelector('tr[data-record-id] a[data-select]'); return a && a.getAttribute('href')")
            if href:
                driver.get("about:blank")
                driver.get(url + href)
        driver.execute_script(source)
        result = driver.execute_async_script(AXE_RUN_JS)
        assert "error" not in result, f"axe.run() failed on {url}: {result['error']}"
        found += [(page, v["id"], " >>> ".join(map(str, n["target"])), n["impact"] or v["impact"])
                  for v in result["violations"] for n in v["nodes"]]
    _axe_findings[(language, viewport)] = found
    return found


def _listed(findings):
    return "\n".join(f"  {page}: {rule} ({impact}): {target}" for page, rule, target, impact in findings)


@pytest.mark.parametrize("language", ["ar", "ja"])
@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_axe_finds_nothing_on_any_page(request, language, viewport):
    found = axe_findings(request, language, viewport)
    assert not found, f"axe on the sample in {language} at {viewport}:\n" + _listed(found)

