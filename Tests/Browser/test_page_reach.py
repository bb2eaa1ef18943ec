"""Any page within two taps, in a browser: the pagination's jumps (`data-page-jump`) and the name
index (`nav[data-index]`) of a table of 200 pages, in every engine at 1280×800 and 390×844:
shown, inside the viewport (no horizontal overflow), each link at least 24×24 CSS px (WCAG
2.5.8's minimum target), reached by Tab in document order with a visible focus, and followed by
Enter; axe-core (in Chromium) finds nothing serious on such a page.

The case is Scripts/make-case.py's 2,000 suspects at 10 a page (200 pages, as the 10k case's
suspects at the default 50), built once for this module."""

import shutil

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import Site, arrived, build_generated_case, wait_for
from engines import EVERY_ENGINE
from test_conformance import AXE_RUN_JS, BAD_IMPACTS, axe_source  # noqa: F401 (a fixture)
from test_phone import open_page

PAGES = 200
PAGE_SIZE = 10
ARGS = ["--animals", str(PAGES * PAGE_SIZE), "--bulletins", "20", "--fruits", "20", "--notes", "0"]
NAME_ORDER = "suspects/by/suspect-asc"


@pytest.fixture(scope="module")
def reach():
    parent, _, out = build_generated_case("casefile-reach-", ARGS, f"\npageSize: {PAGE_SIZE}\n")
    yield Site(out)
    shutil.rmtree(parent, ignore_errors=True)


def listing(page):
    return f"{NAME_ORDER}.html" if page == 1 else f"{NAME_ORDER}.page-{page}.html"


LAYOUT_JS = """
const shown = e => !!e && getComputedStyle(e).display !== 'none' && getComputedStyle(e).visibility !== 'hidden'
                   && e.getBoundingClientRect().width > 0;
const box = a => { const r = a.getBoundingClientRect();
                   return {text: a.textContent.trim(), left: r.left, right: r.right, width: r.width, height: r.height}; };
const part = sel => { const nav = document.querySelector(sel);
                      return {shown: shown(nav), links: nav ? [...nav.querySelectorAll('a')].filter(shown).map(box) : []}; };
return {pagination: part('nav[data-pagination]'), index: part('nav[data-index]'),
        jumps: [...document.querySelectorAll('nav[data-pagination] a[data-page-jump]')].filter(shown).map(box),
        innerWidth, scrollWidth: document.documentElement.scrollWidth};
"""


@EVERY_ENGINE
@pytest.mark.parametrize("viewport", ["wide", "narrow"])
@pytest.mark.parametrize("page, has_index", [(listing(1), True), (listing(40), True), (listing(57), True),
                                             ("suspects/page-57.html", False)])
def test_jumps_and_index_are_shown_fit_the_width_and_are_big_enough_to_tap(request, engine, reach, viewport, page, has_index):
    driver = request.getfixturevalue(viewport)
    open_page(driver, reach, page)
    p = driver.execute_script(LAYOUT_JS)
    where = f"{viewport} {page}"
    assert p["pagination"]["shown"], f"{where}: no nav[data-pagination] shown"
    # Step 10 at 200 pages: 1, 10, 20, …, 200 are jumps on every page (but the current one).
    starts = {"1"} | {str(n) for n in range(10, PAGES + 1, 10)}
    number = page.rsplit("-", 1)[-1].split(".")[0] if "page-" in page else "1"
    assert starts - {number} <= {j["text"] for j in p["jumps"]}, f"{where}: jumps {[j['text'] for j in p['jumps']]}"
    assert p["index"]["shown"] == has_index, f"{where}: index shown {p['index']['shown']}"
    if has_index:
        assert len(p["index"]["links"]) >= 10, f"{where}: index links {[a['text'] for a in p['index']['links']]}"
    assert p["scrollWidth"] <= p["innerWidth"], f"{where}: scrollWidth {p['scrollWidth']} > {p['innerWidth']}"
    for a in p["pagination"]["links"] + p["index"]["links"]:
        assert a["left"] >= 0 and a["right"] <= p["innerWidth"] + 0.5, f"{where}: {a} lies outside the viewport"
        assert a["width"] >= 24 and a["height"] >= 24, f"{where}: {a['text']!r} is {a['width']}×{a['height']} px"


FOCUS_JS = """
const e = document.activeElement, s = getComputedStyle(e);
const nav = e.closest('nav[data-pagination], nav[data-index]');
return {where: nav ? (nav.matches('[data-index]') ? 'index' : 'pagination') : null, text: e.textContent.trim(),
        href: e.href || null, jump: e.hasAttribute('data-page-jump'),
        ring: (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.boxShadow || 'none') !== 'none'};
"""

ORDER_JS = """
const shown = e => getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().width > 0;
return [...document.querySelectorAll('nav[data-index] a, nav[data-pagination] a')].filter(shown)
  .map(a => [a.closest('[data-index]') ? 'index' : 'pagination', a.textContent.trim()]);
"""


@EVERY_ENGINE
@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_tab_reaches_the_index_and_every_jump_in_order_and_enter_follows(request, engine, reach, viewport):
    driver = request.getfixturevalue(viewport)
    open_page(driver, reach, listing(57))
    want = [tuple(x) for x in driver.execute_script(ORDER_JS)]
    reached, unseen, last = [], [], None
    for _ in range(400):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        f = driver.execute_script(FOCUS_JS)
        if f["where"]:
            reached.append((f["where"], f["text"]))
            if not f["ring"]:
                unseen.append(f)
            last = f
            if len(reached) == len(want):
                break
    assert reached == want, f"{viewport}: Tab reached {reached[:8]}… ({len(reached)}), want {want[:8]}… ({len(want)})"
    assert not unseen, f"{viewport}: focused without a ring: {unseen[:3]}"
    # The last link reached is a jump (200, the last page's); Enter follows it.
    assert last["jump"] and last["text"] == str(PAGES), f"{viewport}: the last link reached: {last}"
    before = driver.execute_script("return location.href")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    arrived(driver, before)
    assert driver.execute_script("return location.href").split("#")[0] == last["href"].split("#")[0], viewport


INDEX_JS = """
return [...document.querySelectorAll('nav[data-index] a')].filter(a => getComputedStyle(a).display !== 'none')
  .map(a => [a.textContent.trim(), a.href]);
"""

ROWS_JS = """
return [...document.querySelectorAll('[data-table] tbody tr[data-record-id] th')].map(th => th.textContent.trim());
"""


@EVERY_ENGINE
@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_a_letter_of_the_index_opens_the_page_where_it_starts(request, engine, reach, viewport):
    driver = request.getfixturevalue(viewport)
    open_page(driver, reach, listing(120))
    letters = driver.execute_script(INDEX_JS)
    assert len(letters) >= 10, letters
    for letter, href in (letters[0], letters[len(letters) // 2], letters[-1]):
        open_page(driver, reach, listing(120))
        before = driver.execute_script("return location.href")
        driver.execute_script("const a = [...document.querySelectorAll('nav[data-index] a')]"
                              ".find(a => a.href === arguments[0] && getComputedStyle(a).display !== 'none');"
                              "a.scrollIntoView({block: 'center'}); setTimeout(() => a.click(), 0);", href)
        arrived(driver, before)
        rows = wait_for(driver, lambda r: bool(r), read=lambda d: d.execute_script(ROWS_JS))
        first = [r for r in rows if r[:1].upper() == letter]
        assert first, f"{viewport}: {letter} → {driver.current_url}: no row begins with {letter}: {rows[:3]}"
        # The page before holds none: the letter starts here (the order is by name, so a row
        # before the first of the letter begins with an earlier one).
        assert rows.index(first[0]) == 0 or rows[0][:1].upper() != letter, (letter, rows[:3])
        if rows[0][:1].upper() == letter and "page-" in driver.current_url:
            n = int(driver.current_url.rsplit("page-", 1)[1].split(".")[0])
            open_page(driver, reach, listing(n - 1))
            previous = driver.execute_script(ROWS_JS)
            assert not any(r[:1].upper() == letter for r in previous), f"{letter} starts before page {n}: {previous[-2:]}"


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_axe_finds_nothing_serious_on_a_page_with_the_index_and_the_jumps(request, engine, reach, viewport, axe_source):
    # In Chromium, as the other axe checks (the Firefox driver here runs no asynchronous script).
    driver = request.getfixturevalue(viewport)
    driver.set_script_timeout(60)
    open_page(driver, reach, listing(57))
    driver.execute_script(axe_source)
    result = driver.execute_async_script(AXE_RUN_JS)
    assert "error" not in result, f"{engine}: axe.run() failed: {result['error']}"
    bad = [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
           for v in result["violations"] if v["impact"] in BAD_IMPACTS]
    assert not bad, f"{engine} {viewport}: " + "; ".join(bad)
