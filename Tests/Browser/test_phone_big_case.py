"""The pages of a case big enough to paginate (230 animals, 230 bulletins, pageSize 100, built
once for this module with Scripts/make-case.py), with test_phone.py's probes:

- listings paginated: each order's listing split into pages in its order, each facet's listing
  holding its records and no others, the Next link usable in every engine;
- the big case's pages and listings put the table first on a phone.

Expected values come from the case's YAML (casedata.Case) and from layout the browser computes,
never from the pages' text alone.
"""

import shutil

import pytest

from casedata import Case, suspicion
from conftest import Site, arrived, build_generated_case, load
from engines import EVERY_ENGINE
from test_filters import slug
from test_phone import SHOWN_JS, check_table_first, open_page


# ---------------------------------------------------------------- 1. listings paginated

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


# ---------------------------------------------------------------- 2. the big case on a phone

BIG_PAGES = ["index.html", "suspects/page-2.html", "bulletins/index.html",
             ("Suspect", False, 1), ("Suspect", False, 2), ("Suspicion", True, 3)]


@pytest.mark.parametrize("page", BIG_PAGES, ids=lambda p: p if isinstance(p, str) else
                         f"listing-{p[0].lower()}-{'desc' if p[1] else 'asc'}-{p[2]}")
@EVERY_ENGINE
def test_the_big_cases_pages_put_the_table_first_on_a_phone(narrow, big, engine, page):
    path = page if isinstance(page, str) else big.listing(narrow, *page)
    open_page(narrow, big.site, path)
    check_table_first(narrow, f"{engine} {path}", rows=8)
