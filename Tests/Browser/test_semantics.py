"""Page semantics and page-level structure (Templates/README.md): landmarks, table semantics and html[lang]
read from Chromium's accessibility tree (CDP Accessibility.getFullAXTree), the toolbar's
content, the viewport meta and <title> on every page kind, pagination, and 404.html.
"""

import re
import time

import pytest
from selenium.webdriver.common.by import By

from casedata import DEFAULT_LANGUAGE, DEFAULT_PAGE_SIZE, Case, ax_nodes
from conftest import NARROW, load, wait_for

NARROW_W = NARROW["width"]


# ---------------------------------------------------------------- landmarks and semantics

PAGE_KINDS = [
    ("index.html", "site"),
    ("bulletins/index.html", "site"),
    ("fruits/index.html", "site"),
    ("validation/index.html", "invalid_site"),
]
KIND_IDS = ["suspects", "bulletins", "fruits", "validation"]

SEMANTICS_JS = """
const t = document.querySelector('[data-table]');
return {lang: document.documentElement.lang,
        caption: t && t.caption ? t.caption.innerText.trim() : null,
        colHeads: t ? t.querySelectorAll('thead th[scope="col"]').length : 0,
        theadCells: t ? t.querySelectorAll('thead th, thead td').length : 0,
        rows: t ? t.querySelectorAll('tbody tr[data-record-id]').length : 0,
        rowHeads: t ? t.querySelectorAll('tbody tr[data-record-id] > th[scope="row"]').length : 0};
"""


@pytest.mark.parametrize("page, which", PAGE_KINDS, ids=KIND_IDS)
def test_landmarks_and_table_semantics(wide, request, case, page, which):
    site = request.getfixturevalue(which)
    load(wide, site, page)
    nodes = ax_nodes(wide)
    roles = lambda role: [n for n in nodes if n["role"] == role]
    assert len(roles("banner")) == 1, "one header landmark (the toolbar)"
    assert len(roles("main")) == 1 and roles("main")[0]["name"], "one named main landmark"
    asides = roles("complementary")
    assert len(asides) == 1 and asides[0]["name"].strip(), f"the inspector as a labelled aside: {asides}"
    d = wide.execute_script(SEMANTICS_JS)
    assert d["lang"] == case.site.get("language", DEFAULT_LANGUAGE)
    tables = roles("table")
    assert len(tables) == 1 and d["caption"] and tables[0]["name"] == d["caption"], (tables, d)
    assert d["colHeads"] == d["theadCells"] > 0, d
    assert len(roles("columnheader")) == d["colHeads"], "every column header is exposed as one"
    assert d["rows"] > 0 and len(roles("rowheader")) == d["rowHeads"] == d["rows"], d


def test_html_lang_follows_site_language(wide, variant):
    site, c = variant("paged")
    load(wide, site, "index.html")
    assert c.site["language"] != DEFAULT_LANGUAGE
    assert wide.execute_script("return document.documentElement.lang") == c.site["language"]


def test_toolbar_has_title_pages_counts_and_toggle(wide, invalid_site):
    """Templates/README.md: the header has the site title, links to the four pages, the count of errors
    and warnings linking to the validation page, and the toggle."""
    c = Case(invalid_site.root.parent / "content")
    load(wide, invalid_site, "bulletins/index.html")
    bar = wide.execute_script("""
      const h = document.querySelector('body > header');
      const vis = e => e.getBoundingClientRect().width > 0 && getComputedStyle(e).visibility !== 'hidden';
      const counts = h.querySelector('a[href*="validation"]:not(nav a)');
      return {title: h.querySelector('.cf-site-title').innerText.trim(),
              nav: [...h.querySelectorAll('nav a')].filter(vis).map(a => [a.innerText.trim(), a.pathname]),
              counts: counts ? counts.innerText.replace(/\\s+/g, ' ').trim() : null,
              countsVisible: !!counts && vis(counts),
              toggle: vis(h.querySelector('[data-inspector-toggle]').closest('label'))};
    """)
    assert bar["title"] == c.site["title"]
    assert [n[0] for n in bar["nav"]] == ["Suspects", "Bulletins", "Fruits", "Validation"], bar["nav"]
    paths = [p.rsplit("/", 2)[-2:] for _, p in bar["nav"]]
    assert paths[1:] == [["bulletins", "index.html"], ["fruits", "index.html"], ["validation", "index.html"]]
    assert bar["countsVisible"] and re.search(r"\b1 error\b", bar["counts"]), bar["counts"]
    assert bar["toggle"]


# ---------------------------------------------------------------- viewport meta and titles

META_PAGES = ["index.html", "bulletins/index.html", "fruits/index.html", "validation/index.html",
              "404.html", "suspects/page-2.html"]


@pytest.mark.parametrize("page", META_PAGES, ids=lambda p: p.replace("/", "-").replace(".html", ""))
def test_every_page_kind_has_viewport_meta_and_title(narrow, variant, page):
    site, c = variant("paged")
    assert (site.root / page).is_file(), f"{page} not written"
    narrow.get(site.url(page))  # not load(): 404.html has no inspector to probe
    m = narrow.execute_script(
        "return {meta: [...document.querySelectorAll('meta[name=viewport]')].map(m => m.content),"
        " title: document.title, innerWidth, scrollWidth: document.documentElement.scrollWidth}"
    )
    assert m["meta"] == ["width=device-width, initial-scale=1"], m
    assert m["title"].strip() and c.site["title"] in m["title"], m["title"]
    # Mobile emulation honours the meta: without it the layout viewport would be 980 px wide.
    assert m["innerWidth"] == NARROW_W and m["scrollWidth"] <= NARROW_W, m


# ---------------------------------------------------------------- pagination

PAGER_JS = """
const nav = document.querySelector('nav[data-pagination]');
const vis = e => !!e && getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().width > 0;
return {rows: [...document.querySelectorAll('[data-table] tr[data-record-id]')].map(r => r.dataset.recordId),
        nav: vis(nav), numbers: nav ? [...nav.querySelectorAll('ol a')].filter(vis).map(a => a.innerText.trim()) : [],
        current: nav ? [...nav.querySelectorAll('a[aria-current="page"]')].filter(vis).map(a => [a.innerText.trim(),
                 getComputedStyle(a).backgroundColor]) : [],
        other: nav ? [...nav.querySelectorAll('ol a:not([aria-current])')].filter(vis).map(a => getComputedStyle(a).backgroundColor) : [],
        scrollWidth: document.documentElement.scrollWidth, title: document.title};
"""


def click_pager(driver, selector):
    """Click a link in the pagination nav and wait for the next page's table."""
    before = driver.execute_script("return location.href")
    driver.find_element(By.CSS_SELECTOR, "nav[data-pagination] " + selector).click()
    deadline = time.monotonic() + 3
    while driver.execute_script("return location.href") == before and time.monotonic() < deadline:
        time.sleep(0.05)
    return driver.execute_script(PAGER_JS)


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_pagination_splits_the_table_and_its_links_work(request, variant, viewport):
    driver = request.getfixturevalue(viewport)
    site, c = variant("paged")
    size = c.site["pageSize"]
    ids = [a["id"] for a in c.animals]
    pages = [ids[i:i + size] for i in range(0, len(ids), size)]
    assert len(pages) > 2
    load(driver, site, "index.html")
    p = driver.execute_script(PAGER_JS)
    assert p["nav"], "no visible nav[data-pagination]"
    assert p["rows"] == pages[0]
    assert p["numbers"] == [str(i + 1) for i in range(len(pages))], p["numbers"]
    assert [n for n, _ in p["current"]] == ["1"] and p["current"][0][1] not in p["other"], p
    assert p["scrollWidth"] <= driver.execute_script("return innerWidth"), "no horizontal scroll"
    # The variant is French: "{heading}, page {page} sur {pages} · {site}" (Templates/i18n/fr.yaml).
    assert f"page 1 sur {len(pages)}" in p["title"], p["title"]
    p = click_pager(driver, 'a[rel="next"]')
    assert p["rows"] == pages[1] and [n for n, _ in p["current"]] == ["2"], p
    # Tabs, history and bookmarks tell the pages apart.
    assert f"page 2 sur {len(pages)}" in p["title"] and c.site["title"] in p["title"], p["title"]
    p = click_pager(driver, "ol li:last-child a")
    assert p["rows"] == pages[-1] and [n for n, _ in p["current"]] == [str(len(pages))], p
    p = click_pager(driver, 'a[rel="prev"]')
    assert p["rows"] == pages[-2], p
    # A record on a later page is deep-linkable there.
    here = driver.execute_script("return location.href").split("#")[0]
    record = pages[-2][0]
    driver.get(here + "#" + record)
    s = wait_for(driver, lambda s: s["panels"] == [record])
    assert s["panels"] == [record]


def test_no_pagination_when_the_table_fits_one_page(wide, site, case):
    assert len(case.animals) <= case.site.get("pageSize", DEFAULT_PAGE_SIZE)
    load(wide, site, "index.html")
    assert not wide.execute_script(PAGER_JS)["nav"]


def test_404_page_exists_and_leads_home(wide, site):
    wide.get(site.url("404.html"))  # not load(): the page has no inspector to probe
    d = wide.execute_script("""
      const h = document.querySelector('main h1, main .cf-unavailable-title');
      const home = [...document.querySelectorAll('main a')].find(a => a.pathname.endsWith('/index.html'));
      return {heading: h ? h.innerText.trim() : '', hw: h ? h.getBoundingClientRect().width : 0,
              home: !!home && home.getBoundingClientRect().width > 0};
    """)
    assert d["heading"] and d["hw"] > 0 and d["home"], d
    wide.find_element(By.CSS_SELECTOR, 'main a[href$="index.html"]').click()
    deadline = time.monotonic() + 3
    while wide.execute_script("return document.body.dataset.page || ''") != "suspects" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert wide.execute_script("return document.body.dataset.page") == "suspects"
