"""Orders and listings, without script: every column header links to the table in that column's
order (a pre-rendered listing, `aria-sort` on the sorted column, the header's link turning the
order round), rows in the order computed here from the case's YAML; a table longer than a page
offers, on each filter chip, a listing of that value's records across the whole table. Each row
of a listing links to its record's own page.
"""

import json

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from casedata import Case, suspicion
from conftest import arrived, leave_by, load, wait_for
from engines import EVERY_ENGINE
from test_filters import slug

LISTING_JS = """
const rows = [...document.querySelectorAll('[data-table] tbody tr[data-record-id]')].map(r => r.dataset.recordId);
const sorted = [...document.querySelectorAll('[data-table] thead th[aria-sort]')]
  .map(th => [th.textContent.replace(/[▲▼]/g, '').trim(), th.getAttribute('aria-sort')]);
return {path: location.pathname.split('/').slice(-3).join('/'), rows, sorted,
        headers: [...document.querySelectorAll('[data-table] thead th')].map(th => th.textContent.replace(/[▲▼]/g, '').trim())};
"""


def listing(driver):
    return driver.execute_script(LISTING_JS)


def click_header(driver, label):
    leave_by(driver, "return [...document.querySelectorAll('[data-table] thead th a')]"
             ".find(a => a.textContent.replace(/[▲▼]/g, '').trim() === arguments[0])", label)
    return listing(driver)


def every_row(driver):
    """The rows of the table shown and of the pages after it, following their "next" links, and
    the sorted header of the first."""
    rows, sorted_ = [], None
    while True:
        s = listing(driver)
        rows += s["rows"]
        sorted_ = s["sorted"] if sorted_ is None else sorted_
        nxt = driver.execute_script("const a = document.querySelector('nav[data-pagination] a[rel=next]'); return a && a.href")
        if not nxt:
            return rows, sorted_
        driver.get(nxt)


def orders(case: Case, site_root):
    """Each table's columns and the records' ascending order by each, from the YAML (ties in
    file order), as Docs/pages.md ("Orders") describes them."""
    animals, bulletins, fruits = case.animals, case.bulletins, list(case.fruits.values())
    fruit_name = lambda f: case.fruits[f]["name"] if f in case.fruits else f

    def awake(b):
        fans = [a for a in animals if b["fruit"] in case.favourites(a)]
        return sum(not case.asleep(a, b) for a in fans)

    def by(records, key):
        return [r for _, r in sorted(((key(r), i), r["id"] if "id" in r else r) for i, r in enumerate(records))]

    report = json.loads((site_root / "validation" / "report.json").read_text(encoding="utf-8"))
    problems = [dict(p, id=f"p{i + 1}") for i, p in enumerate(report["problems"])]
    rank = {"error": 0, "warning": 1, "note": 2}
    return {
        "index.html": {
            "Suspect": by(animals, lambda a: a["name"].lower()),
            "Favourite fruits": by(animals, lambda a: len(case.favourites(a))),
            "Suspicion": by(animals, lambda a: a.get("suspicionLevel", 0)),
        },
        "bulletins/index.html": {
            "When": by(bulletins, lambda b: case.local(b).timestamp()),
            "Fruit": by(bulletins, lambda b: fruit_name(b["fruit"]).lower()),
            "Location": by(bulletins, lambda b: b["location"].lower()),
            "Bites": by(bulletins, lambda b: b.get("bites", -1)),
            "Suspects": by(bulletins, awake),
        },
        "fruits/index.html": {
            "Fruit": by(fruits, lambda f: f["name"].lower()),
            "Fans": by(fruits, lambda f: sum(f["id"] in case.favourites(a) for a in animals)),
            "Bulletins": by(fruits, lambda f: sum(b["fruit"] == f["id"] for b in bulletins)),
        },
        "validation/index.html": {
            "Severity": by(problems, lambda p: rank[p["severity"]]),
            "Message": by(problems, lambda p: p["message"].lower()),
            "Rule": by(problems, lambda p: p["rule"]),
            "Record": by(problems, lambda p: p.get("record") or ""),
            "Field": by(problems, lambda p: p.get("field") or ""),
            "Location": by(problems, lambda p: (p.get("file") or "", p.get("line") or 0, p.get("column") or 0)),
        },
    }


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
@pytest.mark.parametrize("page", ["index.html", "bulletins/index.html", "fruits/index.html", "validation/index.html"])
def test_every_header_gives_the_rows_in_its_order_both_ways(request, viewport, site, case, page):
    driver = request.getfixturevalue(viewport)
    want = orders(case, site.root)[page]
    load(driver, site, page)
    assert listing(driver)["headers"] == list(want), "the columns are the ones the orders know"
    for label, ascending in want.items():
        load(driver, site, page)
        s = click_header(driver, label)
        assert s["rows"] == ascending and s["sorted"] == [[label, "ascending"]], (page, label, s)
        s = click_header(driver, label)
        assert s["rows"] == ascending[::-1] and s["sorted"] == [[label, "descending"]], (page, label, s)
        s = click_header(driver, label)
        assert s["sorted"] == [[label, "ascending"]], "a third click turns it round again"


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
@EVERY_ENGINE
def test_a_listing_row_opens_its_records_own_page(request, viewport, site, case, engine):
    driver = request.getfixturevalue(viewport)
    load(driver, site, "index.html")
    s = click_header(driver, "Suspicion")
    top = s["rows"][0]
    leave_by(driver, "return document.querySelector(`tr[data-record-id=\"${arguments[0]}\"] a`)", top)
    shown = "return [location.pathname.split('/').slice(-3).join('/'), document.body.dataset.page," \
            " [...document.querySelectorAll('[data-record-page] [data-inspector-panel]')].map(p => p.dataset.inspectorPanel)]"
    page = wait_for(driver, lambda p: p[1] == "record", read=lambda d: d.execute_script(shown), timeout=5)
    assert page == [f"suspects/id/{top}.html", "record", [top]], f"{engine} {viewport}: {page}"


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
@EVERY_ENGINE
def test_the_keyboard_reaches_a_header_and_sorts(request, viewport, site, case, engine):
    driver = request.getfixturevalue(viewport)
    want = orders(case, site.root)["index.html"]["Suspicion"]
    load(driver, site, "index.html")
    for _ in range(80):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.execute_script("const e = document.activeElement; return e.matches('th a.cf-sort') && e.textContent.trim() === 'Suspicion'"):
            break
    else:
        pytest.fail(f"{engine} {viewport}: Tab never reached the Suspicion header")
    before = driver.execute_script("return location.href")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    arrived(driver, before)
    s = listing(driver)
    assert s["rows"] == want, s


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_chips_of_a_long_table_link_to_its_whole_listing(request, viewport, variant):
    """pageSize 3: the Suspects table spans pages; each chip links to its value's listing of the
    whole table, which lists exactly the matching records, across its own pages."""
    driver = request.getfixturevalue(viewport)
    site, c = variant("paged")
    load(driver, site, "index.html")
    chips = driver.execute_script(
        "return [...document.querySelectorAll('.cf-chip-link')].map(a => [a.dataset.facet, a.dataset.value,"
        " a.getAttribute('href'), a.textContent.trim()])")
    assert chips, "the chips of a paged table link to their listings"
    labels = {a["id"]: slug(suspicion(a.get("suspicionLevel", 0))[0]) for a in c.animals}
    for facet, value, href, text in chips:
        if facet != "label":
            continue
        want = [a["id"] for a in c.animals if labels[a["id"]] == value]
        assert text.endswith(str(len(want))), (value, text)
        driver.get(site.url(href))
        got, _ = every_row(driver)
        assert got == want, (value, got, want)


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
@EVERY_ENGINE
def test_a_default_order_lists_the_table_pages_in_it(request, viewport, variant, engine):
    """defaultOrder `suspects: suspicion descending` with pageSize 3: the table's pages, one after
    the other, list the suspects by suspicion computed from the YAML, highest first (ties turned
    round with the rest), the Suspicion header says so, and a suspect's row is on the page its
    links lead to. The listings of that column agree: the header's link turns the order round,
    and the descending listing is the pages' order."""
    driver = request.getfixturevalue(viewport)
    site, c = variant("ordered")
    want = orders(c, site.root)["index.html"]["Suspicion"][::-1]
    load(driver, site, "index.html")
    got, sorted_ = every_row(driver)
    assert got == want, (engine, viewport, got, want)
    assert sorted_ == [["Suspicion", "descending"]], sorted_
    load(driver, site, "index.html")
    click_header(driver, "Suspicion")
    assert every_row(driver) == (want[::-1], [["Suspicion", "ascending"]]), (engine, viewport)
    driver.get(site.url("suspects/by/suspicion-desc.html"))
    assert every_row(driver) == (want, [["Suspicion", "descending"]]), (engine, viewport)
    # The last suspect in the order is on the last page: a fruit's fan link there finds it.
    last = want[-1]
    pages = -(-len(want) // c.site["pageSize"])
    assert (site.root / "suspects" / f"page-{pages}.html").read_text(encoding="utf-8").count(f'<tr data-record-id="{last}"') == 1
    fan_links = [p for p in (site.root / "fruits").glob("*.html")
                 if f'href="../suspects/page-{pages}.html#{last}"' in p.read_text(encoding="utf-8")]
    assert fan_links or not any(True for _ in c.favourites(next(a for a in c.animals if a["id"] == last))), last
