"""Printing, in Chromium (the one engine whose driver can emulate print media and print: CDP
`Emulation.setEmulatedMedia` and `Page.printToPDF`), checked two ways:

- the computed style of every page kind (the four tables, a listing in a column's order, a
  listing of one filter value, the 404 page) under print media: no toolbar, chips, Chart and
  Filter controls, downloads, page links, inspector column or sheet; the table shown with every
  column, its header row a `table-header-group` (repeated on each sheet of paper), its rows
  `break-inside: avoid`; the colours light even for a reader in dark mode; a link out of the site
  followed by its address, a link inside it not;
- PDFs printed at A4 portrait and read back with poppler-utils (`pdfinfo`, `pdftotext`): a page
  of 50 rows (a case made by Scripts/make-case.py, pageSize 50) has every column header on every
  sheet of paper, every row on exactly one sheet (none cut in two), no word outside the paper's
  printable area, none of the controls' words, and as many sheets as its rows need (a sheet
  holds what the print layout's heights say it can); the sample's table page prints on one or two
  sheets, and with a record selected, the record follows on a sheet of its own.

Expected words come from the case's YAML (casedata.Case) and the English string table
(Templates/i18n/en.yaml); expected sheets from the print layout's heights and the A4 page.
"""

import base64
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from casedata import Case
from conftest import REPO, Site, build_generated_case, load

EN = yaml.safe_load((REPO / "Templates" / "i18n" / "en.yaml").read_text(encoding="utf-8"))

# A4 portrait, and the stylesheet's @page margin (styles/print: 12 mm).
A4_MM = (210, 297)
MARGIN_MM = 12
PX_PER_MM = 96 / 25.4
PT_PER_MM = 72 / 25.4
PRINTABLE_PX = tuple((d - 2 * MARGIN_MM) * PX_PER_MM for d in A4_MM)

# The words of the screen's controls, which paper has no use for.
CONTROL_KEYS = ["filter", "chart", "previous", "next", "showAll", "downloadThisTable", "toggleInspector",
                "showInspector", "hideInspector", "backToTable", "goToHomePage"]

BIG_ROWS = 50


def require_poppler():
    missing = [tool for tool in ("pdfinfo", "pdftotext") if not shutil.which(tool)]
    if missing:
        pytest.fail(f"{', '.join(missing)} not found: install poppler-utils (Scripts/install-deps.sh --test)")


@pytest.fixture(scope="module")
def big():
    """Scripts/make-case.py's 60 animals and 60 bulletins (YAML, no notes), pageSize 50: page 1 of
    each table holds 50 rows."""
    parent, content, out = build_generated_case("casefile-print-", ["--animals", "60", "--bulletins", "60", "--fruits", "30",
                                                                    "--notes", "0", "--format", "yaml"], f"\npageSize: {BIG_ROWS}\n")
    yield Site(out), Case(content)
    shutil.rmtree(parent, ignore_errors=True)


def open_page(driver, site, page, fragment=""):
    """A fresh load of any page kind (conftest's `load` probes an inspector, which listings and
    the 404 page have not)."""
    driver.get("about:blank")
    driver.get(site.url(page + (("#" + fragment) if fragment else "")))


def emulate_print(driver, scheme=None):
    features = [{"name": "prefers-color-scheme", "value": scheme}] if scheme else []
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print", "features": features})


# ---------------------------------------------------------------- computed style under print media

PRINT_STYLE_JS = """
const all = s => [...document.querySelectorAll(s)];
const gone = e => getComputedStyle(e).display === 'none' || e.getClientRects().length === 0
                  || getComputedStyle(e).visibility === 'hidden';
const shown = e => !!e && !gone(e);
const table = document.querySelector('[data-table]');
const thead = table && table.querySelector('thead');
return {
  // Each is null when the page has none, else whether every one is hidden.
  hidden: Object.fromEntries([
      ['toolbar', 'header.cf-toolbar'], ['toggles', '[data-inspector-toggle]'], ['chips', '[data-filters]'],
      ['filterControl', '[data-filter-toggle], .cf-page-controls'], ['downloads', '.cf-downloads'],
      ['pageLinks', '[data-pagination] a'], ['inspector', '[data-inspector]'], ['sheet', '.cf-sheet'],
      ['dim', '[data-sheet-dim]'], ['grabbers', '[data-detent]'], ['backLink', '.cf-listing-about a'],
      ['homeButton', '.cf-notfound .cf-button']]
    .map(([k, s]) => [k, all(s).length ? all(s).every(e => !shown(e)) : null])),
  table: shown(table),
  theadDisplay: thead ? getComputedStyle(thead).display : null,
  headers: thead ? [...thead.querySelectorAll('th')].map(th => ({text: th.innerText.trim(), shown: shown(th),
                     width: th.getBoundingClientRect().width})) : [],
  rows: all('[data-table] tr[data-record-id]').length,
  rowBreaks: [...new Set(all('[data-table] tr[data-record-id]').map(r => getComputedStyle(r).breakInside))],
  body: {bg: getComputedStyle(document.body).backgroundColor, color: getComputedStyle(document.body).color},
  heading: {color: getComputedStyle(document.querySelector('h1')).color, shown: shown(document.querySelector('h1'))},
  // Text in the tokens' colours: a row's header cell, the caption.
  inks: all('[data-table] tbody th, [data-table] caption, .cf-unavailable-title').slice(0, 3)
          .map(e => getComputedStyle(e).color),
};
"""


def luminance(css):
    """The relative luminance (WCAG) of an rgb()/rgba() colour."""
    r, g, b = (int(v) / 255 for v in re.findall(r"[\d.]+", css)[:3])
    lin = lambda c: c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def print_style(driver):
    return driver.execute_script(PRINT_STYLE_JS)


def facet_listing(site):
    """A listing of one filter value (TABLE/FACET/VALUE.html) the generated case has: a table
    longer than a page gets one for each value of each facet."""
    found = sorted(p for p in Path(site.root, "suspects").glob("*/*.html") if p.parent.name not in ("by", "id"))
    assert found, f"no filter value listing under {site.root}/suspects"
    return found[0].relative_to(site.root).as_posix()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("kind", ["suspects", "bulletins", "fruits", "validation", "order", "value", "notfound"])
def test_print_shows_the_table_and_none_of_the_controls(wide, site, invalid_site, big, kind, scheme):
    big_site, _ = big
    where = {
        "suspects": (big_site, "index.html"), "bulletins": (big_site, "bulletins/index.html"),
        "fruits": (site, "fruits/index.html"), "validation": (invalid_site, "validation/index.html"),
        "order": (big_site, None), "value": (big_site, facet_listing(big_site)), "notfound": (site, "404.html"),
    }
    on, page = where[kind]
    if page is None:  # the first column's order, as its header links to it
        load(wide, on, "index.html")
        page = wide.execute_script("return document.querySelector('[data-table] thead th a.cf-sort').getAttribute('href')")
    open_page(wide, on, page)
    screen = print_style(wide)
    emulate_print(wide, scheme)
    p = print_style(wide)
    where = f"{kind} ({page}, {scheme})"
    # Every part the page has is hidden on paper; the toolbar every page has.
    assert p["hidden"]["toolbar"] is True, f"{where}: {p['hidden']}"
    for part, hidden in p["hidden"].items():
        assert hidden in (True, None), f"{where}: the {part} prints: {p['hidden']}"
    if kind in ("suspects", "bulletins"):
        # The big case's tables have chips, a Filter control's box and page links to hide.
        assert all(p["hidden"][k] is True for k in ("chips", "pageLinks", "inspector", "downloads")), f"{where}: {p['hidden']}"
    assert p["body"]["bg"] == "rgb(255, 255, 255)", f"{where}: paper is not white: {p['body']}"
    assert p["heading"]["shown"] and p["heading"]["color"] == "rgb(0, 0, 0)", f"{where}: heading {p['heading']}"
    assert p["inks"] and all(luminance(c) < 0.25 for c in p["inks"]), f"{where}: light text on white paper: {p['inks']}"
    if kind == "notfound":
        assert p["rows"] == 0 and p["hidden"]["homeButton"] is True, f"{where}: {p}"
        return
    assert p["table"], f"{where}: the table does not print"
    assert p["rows"] == screen["rows"] > 0, f"{where}: {p['rows']} rows print of {screen['rows']}"
    assert p["theadDisplay"] == "table-header-group", f"{where}: thead is {p['theadDisplay']}"
    assert p["rowBreaks"] == ["avoid"], f"{where}: rows break-inside {p['rowBreaks']}"
    # Every column the screen has, each with its header, on paper too.
    assert [h["text"] for h in p["headers"]] == [h["text"] for h in screen["headers"]], where
    assert all(h["shown"] and h["width"] > 0 for h in p["headers"]), f"{where}: {p['headers']}"


LINKS_JS = """
const after = a => getComputedStyle(a, '::after').content;
const panel = document.querySelector(`[data-inspector-panel="${arguments[0]}"]`);
const links = [...panel.querySelectorAll('.cf-note a[href]')];
return links.map(a => ({href: a.getAttribute('href'), text: a.textContent, after: after(a)}));
"""


def test_print_follows_a_link_out_of_the_site_by_its_address_and_no_other(wide, variant):
    """fish's note (the sample's, with a named link out of the site added) holds an autolink,
    whose text is its address, a named link out and case links: only the named link out prints
    its address after it."""
    site, case = variant("outside")
    note = (case.root / "notes" / "animals" / "fish.md").read_text(encoding="utf-8")
    bare = re.findall(r"^https?://\S+$", note, re.M)
    named = re.findall(r"\]\((https?://[^)\s]+)\)", note)
    assert bare and named, f"fish's note has no autolink or no named link out of the site: {note}"
    load(wide, site, "index.html", "fish")
    emulate_print(wide)
    links = wide.execute_script(LINKS_JS, "fish")
    out = [link for link in links if re.match(r"https?://", link["href"])]
    inside = [link for link in links if not re.match(r"https?://", link["href"])]
    assert sorted(link["href"] for link in out) == sorted(bare + named), links
    assert inside, f"fish's note has no case link: {links}"
    for link in out:
        if link["text"] == link["href"]:
            assert link["after"] in ("none", "normal"), f"an autolink prints its address twice: {link}"
        else:
            assert link["after"] == '" (" attr(href) ")"' or link["href"] in link["after"], link
    for link in inside:
        assert link["after"] in ("none", "normal"), f"a link inside the site prints its address: {link}"


# ---------------------------------------------------------------- PDFs

LAYOUT_JS = """
const table = document.querySelector('[data-table]');
const top = e => e.getBoundingClientRect().top + scrollY;
const rows = [...table.querySelectorAll('tbody tr[data-record-id]')];
return {tableTop: top(table.tHead),
        thead: table.tHead.getBoundingClientRect().height,
        rows: rows.map(r => r.getBoundingClientRect().height),
        ids: rows.map(r => r.dataset.recordId),
        after: document.documentElement.scrollHeight - (table.tBodies[0].getBoundingClientRect().bottom + scrollY),
        headers: [...table.tHead.querySelectorAll('th')].map(th => th.innerText.replace(/[▲▼]/g, '').trim())};
"""


def print_layout(driver):
    """The page's table laid out for print at A4's printable width: the heights the sheets are
    filled with."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": round(PRINTABLE_PX[0]), "height": round(PRINTABLE_PX[1]), "deviceScaleFactor": 1, "mobile": False})
    emulate_print(driver)
    return driver.execute_script(LAYOUT_JS)


def sheets_needed(layout):
    """Sheets of paper the layout fills when no row is cut and the header row starts each sheet
    the table continues on."""
    height = PRINTABLE_PX[1]
    sheets, y = 1, layout["tableTop"]
    while y > height:
        sheets, y = sheets + 1, y - height
    y += layout["thead"]
    for h in layout["rows"]:
        if y + h > height + 0.5:
            sheets, y = sheets + 1, layout["thead"]
        y += h
    y += layout["after"]
    while y > height + 0.5:
        sheets, y = sheets + 1, y - height
    return sheets


class Pdf:
    """A printed PDF, read back with poppler-utils: its sheets' text and words."""

    def __init__(self, data: bytes, folder: Path):
        self.path = folder / "page.pdf"
        self.path.write_bytes(data)
        info = subprocess.run(["pdfinfo", str(self.path)], capture_output=True, text=True, check=True).stdout
        self.sheets = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
        w, h = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", info, re.M).groups()
        self.size = (float(w), float(h))
        self.text = [self.read("-f", str(n), "-l", str(n)) for n in range(1, self.sheets + 1)]

    def read(self, *args):
        return subprocess.run(["pdftotext", *args, str(self.path), "-"], capture_output=True, text=True, check=True).stdout

    def words(self):
        """(sheet, xMin, yMin, xMax, yMax, word) of every word, in PDF points."""
        html = self.read("-bbox")
        sheets = re.split(r"<page ", html)[1:]
        return [(n + 1, *map(float, m.groups()[:4]), m.group(5))
                for n, page in enumerate(sheets)
                for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', page)]


def flat(text):
    return re.sub(r"\s+", " ", text)


def print_pdf(driver, tmp_path):
    """Print the loaded page at A4 portrait (the stylesheet's @page sets the margins), as a
    reader's Print would, with no headers or footers."""
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    result = driver.execute_cdp_cmd("Page.printToPDF", {
        "paperWidth": A4_MM[0] / 25.4, "paperHeight": A4_MM[1] / 25.4, "printBackground": False,
        "displayHeaderFooter": False, "preferCSSPageSize": False})
    require_poppler()
    return Pdf(base64.b64decode(result["data"]), tmp_path)


def check_no_controls(pdf, where):
    text = flat(" ".join(pdf.text))
    for key in CONTROL_KEYS:
        assert not re.search(rf"(?<!\w){re.escape(EN[key])}(?!\w)", text), f"{where}: the control {EN[key]!r} prints"


def check_on_paper(pdf, where):
    """No word outside the printable area: nothing clipped at the paper's edge or under its margin."""
    w, h = pdf.size
    assert abs(w - A4_MM[0] * PT_PER_MM) < 2 and abs(h - A4_MM[1] * PT_PER_MM) < 2, f"{where}: not A4: {pdf.size}"
    margin = MARGIN_MM * PT_PER_MM
    words = pdf.words()
    assert words, f"{where}: no text in the PDF"
    out = [word for word in words if word[1] < margin - 1 or word[3] > w - margin + 1
           or word[2] < margin - 1 or word[4] > h - margin + 1]
    assert not out, f"{where}: {len(out)} words beyond the printable area, first {out[:5]}"


@pytest.mark.parametrize("table", ["suspects", "bulletins"])
def test_a_page_of_fifty_rows_prints_as_a_table_on_a4(wide, big, table, tmp_path):
    site, case = big
    page = {"suspects": "index.html", "bulletins": "bulletins/index.html"}[table]
    load(wide, site, page)
    layout = print_layout(wide)
    assert len(layout["ids"]) == BIG_ROWS, f"page 1 has {len(layout['ids'])} rows, not {BIG_ROWS}"
    # Each row by the words its first cell prints: a suspect's name, a bulletin's time.
    if table == "suspects":
        names = {a["id"]: a["name"] for a in case.animals}
    else:
        names = {b["id"]: case.shown_time(b) for b in case.bulletins}
    labels = [names[i] for i in layout["ids"]]
    pdf = print_pdf(wide, tmp_path)
    where = f"{table}: {pdf.sheets} sheets"
    check_on_paper(pdf, where)
    check_no_controls(pdf, where)
    # The line saying which page of the table this is stays (its links go).
    pages = -(-len(case.animals if table == "suspects" else case.bulletins) // BIG_ROWS)
    page_of = EN["pageOf"].replace("{page}", "1").replace("{pages}", str(pages))
    assert page_of in flat(pdf.text[-1]), f"{where}: the last sheet does not say {page_of!r}"
    # The header row on every sheet the table is on: every column's header.
    for n, text in enumerate(pdf.text, 1):
        missing = [h for h in layout["headers"] if h not in flat(text)]
        assert not missing, f"{where}: sheet {n} lacks the headers {missing}"
    # Every row on exactly one sheet, in order: none cut in two, none lost.
    on = []
    for label in labels:
        found = [n for n, text in enumerate(pdf.text, 1) if flat(text).count(label) > 0]
        assert len(found) == 1, f"{where}: {label!r} prints on sheets {found}"
        on.append(found[0])
    assert on == sorted(on) and on[0] == 1, f"{where}: rows by sheet {on}"
    # As many sheets as the rows need, give or take the one a rounding at a sheet's end may add.
    need = sheets_needed(layout)
    assert need >= 2, f"{BIG_ROWS} rows should not fit on one A4 sheet: {layout}"
    assert abs(pdf.sheets - need) <= 1, f"{where}, the print layout's heights need {need}"


def test_the_samples_table_page_prints_on_one_or_two_sheets_and_a_record_after_it(wide, site, case, tmp_path):
    load(wide, site, "index.html")
    (tmp_path / "table").mkdir()
    pdf = print_pdf(wide, tmp_path / "table")
    assert 1 <= pdf.sheets <= 2, f"the sample's table prints on {pdf.sheets} sheets"
    check_on_paper(pdf, "the sample's table")
    check_no_controls(pdf, "the sample's table")
    names = [a["name"] for a in case.animals]
    text = flat(" ".join(pdf.text))
    assert all(name in text for name in names), [name for name in names if name not in text]
    # A selected record prints after the table, starting a sheet of its own, with its note.
    fish = next(a for a in case.animals if a["id"] == "fish")
    load(wide, site, "index.html", "fish")
    (tmp_path / "record").mkdir()
    record = print_pdf(wide, tmp_path / "record")
    assert record.sheets in (pdf.sheets + 1, pdf.sheets + 2), f"table {pdf.sheets} sheets, with the record {record.sheets}"
    first = pdf.sheets + 1
    assert fish["alibi"][:30] in flat(" ".join(record.text[first - 1:])), "the record's alibi is not after the table"
    assert fish["alibi"][:30] not in flat(" ".join(record.text[:first - 1])), "the record prints beside the table"
    check_on_paper(record, "the sample's table and fish")
    # The note's link out is an autolink: its text is its address, which prints once.
    url = re.search(r"https?://\S+", (case.root / "notes" / "animals" / "fish.md").read_text(encoding="utf-8")).group(0)
    printed = flat(" ".join(record.text)).replace(" ", "")
    assert printed.count(url) == 1, f"the note's autolink prints its address {printed.count(url)} times"
