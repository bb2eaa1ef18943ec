"""Every record's own page (`suspects/id/fish.html`), in every engine at 1280x800 and 390x844,
measured in the computed layout:

- the inspector offers it: a selected record's panel shows a "Link to this record" link
  (`data-permalink`) that a tap at its centre reaches (nothing covers it) and Enter follows;
- the record's page shows that record's panel in the page, no wider than the page nor than
  40rem, with no inspector and no sideways scroll; its mentions open the other records' own
  pages; its "Show in the table" link (`data-record-place`) selects the record in its table;
- it prints on one or two sheets of A4, without the site's controls or its own links.

The records and their names come from the sample's YAML (casedata.Case).
"""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import NARROW, WIDE, arrived, leave_by, select, wait_for
from engines import EVERY_ENGINE

LINK_JS = """
const a = document.querySelector(arguments[0]);
if (!a) return null;
const r = a.getBoundingClientRect();
const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
return {href: a.getAttribute('href'), url: a.href, text: a.textContent.trim(),
        shown: getComputedStyle(a).display !== 'none' && getComputedStyle(a).visibility === 'visible' && r.width > 0,
        inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
        reached: !!hit && hit.closest(arguments[0]) === a};
"""

RECORD_PAGE_JS = """
const panels = [...document.querySelectorAll('[data-record-page] [data-inspector-panel]')];
const shown = panels.filter(p => getComputedStyle(p).display !== 'none' && p.getClientRects().length > 0);
const r = shown.length ? shown[0].getBoundingClientRect() : null;
const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
return {page: document.body.dataset.page, panels: shown.map(p => p.dataset.inspectorPanel),
        title: shown.length ? shown[0].querySelector('.cf-panel-title').textContent.trim() : null,
        width: r ? r.width : 0, left: r ? r.left : 0, right: r ? r.right : 0, rem,
        innerWidth, scrollWidth: document.documentElement.scrollWidth,
        inspector: !!document.querySelector('[data-inspector]'),
        h1: document.querySelector('h1').getClientRects().length > 0};
"""

VIEWPORTS = ["wide", "narrow"]


def record_page(driver):
    return wait_for(driver, lambda s: s["page"] == "record" and len(s["panels"]) == 1,
                    read=lambda d: d.execute_script(RECORD_PAGE_JS), timeout=5)


def check_record_page(s, engine, record, title, viewport):
    assert s["page"] == "record" and s["panels"] == [record], f"{engine}: {s}"
    assert s["title"] == title, f"{engine}: {s['title']!r} is not {title!r}"
    assert not s["inspector"], f"{engine}: a record's page has no inspector"
    assert s["h1"], f"{engine}: no heading shown"
    width = (WIDE if viewport == "wide" else NARROW)["width"]
    assert s["scrollWidth"] <= width, f"{engine}: the record page scrolls sideways: {s}"
    assert 0 <= s["left"] and s["right"] <= width + 0.5, f"{engine}: the panel leaves the page: {s}"
    assert s["width"] <= 40 * s["rem"] + 0.5, f"{engine}: the panel is wider than 40rem: {s}"
    assert s["width"] >= min(width, 40 * s["rem"]) * 0.6, f"{engine}: the panel is squeezed: {s}"


@EVERY_ENGINE
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_inspector_offers_the_records_address_and_it_shows_the_record(request, engine, viewport, site, case):
    driver = request.getfixturevalue(viewport)
    fish = next(a for a in case.animals if a["id"] == "fish")
    select(driver, site, "fish")
    selector = '[data-inspector-panel="fish"] [data-permalink]'
    link = wait_for(driver, lambda s: s and s["shown"], read=lambda d: d.execute_script(LINK_JS, selector))
    assert link and link["shown"], f"{engine}: no link to the record in fish's panel: {link}"
    assert link["href"] == "suspects/id/fish.html", link
    assert link["text"], "the link says what it is"
    assert link["inView"] and link["reached"], f"{engine}: the link is not where a tap reaches it: {link}"
    # By keyboard: focused, Enter follows it.
    before = driver.execute_script("return location.href")
    driver.execute_script("document.querySelector(arguments[0]).focus()", selector)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    arrived(driver, before)
    assert driver.execute_script("return location.href") == link["url"], f"{engine}: Enter did not follow the link"
    check_record_page(record_page(driver), engine, "fish", fish["name"], viewport)


@EVERY_ENGINE
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_record_page_links_the_records_it_names_and_its_place_in_the_table(request, engine, viewport, site, case):
    driver = request.getfixturevalue(viewport)
    fish = next(a for a in case.animals if a["id"] == "fish")
    fruit_id = fish["favoriteFruits"][0]
    fruit = case.fruits[fruit_id]
    driver.get("about:blank")
    driver.get(site.url("suspects/id/fish.html"))
    check_record_page(record_page(driver), engine, "fish", fish["name"], viewport)
    # A favourite fruit opens that fruit's own page.
    leave_by(driver, "return document.querySelector(`[data-record-page] a[href$='/fruits/id/${arguments[0]}.html']`)", fruit_id)
    check_record_page(record_page(driver), engine, fruit_id, fruit["name"], viewport)
    # "Show in the table": the fruit's row, selected in its table.
    # (A page reached by a link cross-fades in where the engine can: hit-testing waits for it.)
    place = wait_for(driver, lambda s: s["reached"], read=lambda d: d.execute_script(LINK_JS, "[data-record-place]"))
    assert place["reached"], f"{engine}: the link to the table is covered: {place}"
    assert place["href"].endswith("#" + fruit_id), place
    leave_by(driver, "return document.querySelector('[data-record-place]')")
    s = wait_for(driver, lambda s: s["panels"] == [fruit_id], timeout=5)
    assert s["panels"] == [fruit_id], f"{engine}: the table does not show {fruit_id} selected: {s}"


@EVERY_ENGINE
def test_every_kind_of_record_has_a_page_that_shows_it(wide, engine, site, case):
    bulletin = case.bulletins[0]
    last_fruit = list(case.fruits)[-1]
    for path, record in [(f"bulletins/id/{bulletin['id']}.html", bulletin["id"]),
                         (f"fruits/id/{last_fruit}.html", last_fruit)]:
        wide.get("about:blank")
        wide.get(site.url(path))
        s = record_page(wide)
        assert s["panels"] == [record], f"{engine}: {path}: {s}"
        assert s["scrollWidth"] <= WIDE["width"], f"{engine}: {path} scrolls sideways"


def test_a_record_page_prints_the_record_on_one_or_two_sheets(wide, site, case, tmp_path):
    from test_print import check_no_controls, check_on_paper, flat, print_pdf
    fish = next(a for a in case.animals if a["id"] == "fish")
    wide.get("about:blank")
    wide.get(site.url("suspects/id/fish.html"))
    record_page(wide)
    pdf = print_pdf(wide, tmp_path)
    assert 1 <= pdf.sheets <= 2, f"fish's page prints on {pdf.sheets} sheets"
    check_on_paper(pdf, "fish's page")
    check_no_controls(pdf, "fish's page")
    text = flat(" ".join(pdf.text))
    assert fish["name"] in text and fish["alibi"][:30] in text, "the record is not on paper"
    from test_print import EN
    for key in ("showInTable", "linkToRecord"):
        assert EN[key] not in text, f"the link {EN[key]!r} prints"
