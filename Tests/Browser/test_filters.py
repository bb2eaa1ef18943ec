"""Filter chips, without script: clicking a chip hides exactly the rows that do not match, values
of one facet add up and facets narrow, the reset button brings every row back, the keyboard alone
can do it, and "Showing N of M" counts the rows shown (CSS counters; read from Chromium's
accessibility tree, the one engine here whose WebDriver exposes generated text). What each row
should show is computed from the case's YAML (casedata), not from the page.
"""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from casedata import Case, ax_nodes, suspicion
from conftest import load, wait_for
from engines import EVERY_ENGINE

ROWS_JS = """
return [...document.querySelectorAll('[data-table] tr[data-record-id]')]
  .filter(r => getComputedStyle(r).display !== 'none' && r.getClientRects().length > 0)
  .map(r => r.dataset.recordId);
"""


def shown(driver):
    return driver.execute_script(ROWS_JS)


def chip(driver, facet, value):
    return driver.find_element("css selector", f'[data-filter="{facet}"][value="{value}"]')


FOLD_JS = """
const open = document.querySelector('#cf_filter_open');
const form = document.querySelector('[data-filters]');
const button = open && document.querySelector('label[for="cf_filter_open"]');
return {control: !!button && getComputedStyle(button).display !== 'none' && button.getClientRects().length > 0,
        open: !!open && open.checked, chipsShown: !!form && getComputedStyle(form).visibility === 'visible'};
"""


def unfold_filters(driver):
    """Below the breakpoint the chips fold behind the Filter control: a real click on it unfolds
    them. Wider, there is no control and the chips are always shown. Returns whether it clicked."""
    s = driver.execute_script(FOLD_JS)
    if not s["control"]:
        assert s["chipsShown"], f"no Filter control, yet the chips are hidden: {s}"
        return False
    if s["open"]:
        return False
    assert not s["chipsShown"], f"the chips should be folded behind the Filter control: {s}"
    driver.find_element("css selector", 'label[for="cf_filter_open"]').click()
    s = wait_for(driver, lambda s: s["chipsShown"], read=lambda d: d.execute_script(FOLD_JS))
    assert s["open"] and s["chipsShown"], f"the Filter control did not unfold the chips: {s}"
    return True


def click_chip(driver, facet, value):
    """A real click on the chip's label (the input inside it covers the chip), through the Filter
    control where the chips are folded behind it."""
    unfold_filters(driver)
    label = driver.execute_script(
        "return document.querySelector(`[data-filter=\"${arguments[0]}\"][value=\"${arguments[1]}\"]`).closest('label')",
        facet, value)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", label)
    label.click()


def slug(text):
    out, dash = [], False
    for ch in text.lower():
        if ch.isascii() and ch.isalnum():
            out.append(ch)
            dash = False
        elif not dash and out:
            out.append("-")
            dash = True
    return "".join(out).strip("-") or "record"


def expected_suspects(case: Case, labels=(), species=(), paws=()):
    out = []
    for a in case.animals:
        if labels and slug(suspicion(a.get("suspicionLevel", 0))[0]) not in labels:
            continue
        if species and slug(a["species"]) not in species:
            continue
        if paws and a.get("pawSize", "small") not in paws:
            continue
        out.append(a["id"])
    return out


def all_suspects_shown(driver, site, case):
    """Load site's suspects page: every suspect is a row shown. Returns their ids."""
    load(driver, site, "index.html")
    everyone = [a["id"] for a in case.animals]
    assert shown(driver) == everyone
    return everyone


def chip_shows(driver, case, facet, value, **narrowed):
    """Click a suspects chip; wait until exactly the suspects `narrowed` (expected_suspects'
    labels, species, paws: every chip now on) are the rows shown, and return them."""
    click_chip(driver, facet, value)
    want = expected_suspects(case, **narrowed)
    rows = wait_for(driver, lambda rows: rows == want, read=shown)
    assert rows == want, f"chip {facet}={value}: rows {rows}, want {want}"
    return want


def showing_text(driver):
    """The count as Chromium exposes it: the generated text comes as several static text nodes
    ("Showing ", "3", " of ", "10"), in document order."""
    import re
    text = "".join(n["name"] for n in ax_nodes(driver) if n["role"] in ("StaticText", "staticText"))
    m = re.search(r"Showing \d+ of \d+", text)
    return m.group(0) if m else None


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
@EVERY_ENGINE
def test_suspect_chips_hide_exactly_the_rows_that_do_not_match(request, viewport, site, case, engine):
    driver = request.getfixturevalue(viewport)
    everyone = all_suspects_shown(driver, site, case)
    folds = driver.execute_script(FOLD_JS)["control"]
    assert folds == (viewport == "narrow"), f"{engine} {viewport}: the Filter control is for narrow screens only"
    if engine == "chromium":
        assert showing_text(driver) == f"Showing {len(everyone)} of {len(everyone)}"

    very = slug("Very suspicious")
    want = chip_shows(driver, case, "label", very, labels={very})
    assert 0 < len(want) < len(everyone), "the sample should have some, not all, very suspicious"
    if engine == "chromium":
        assert showing_text(driver) == f"Showing {len(want)} of {len(everyone)}"

    # A second value of the same facet adds its rows (either).
    fishy = slug("Fishy")
    chip_shows(driver, case, "label", fishy, labels={very, fishy})

    # Another facet narrows (both).
    chip_shows(driver, case, "paw", "small", labels={very, fishy}, paws={"small"})

    driver.find_element("css selector", ".cf-chip-reset").click()
    assert wait_for(driver, lambda rows: rows == everyone, read=shown) == everyone
    assert not driver.execute_script("return [...document.querySelectorAll('[data-filter]')].some(i => i.checked)")


@pytest.mark.parametrize("page, facet", [("bulletins/index.html", "fruit"), ("bulletins/index.html", "awake"),
                                         ("fruits/index.html", "favoured"), ("validation/index.html", "severity"),
                                         ("validation/index.html", "rule"), ("validation/index.html", "file")])
@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_each_chip_of_each_table_matches_the_data(request, viewport, site, case, page, facet):
    """Every chip of the facet, one at a time: the rows shown are the records whose value
    (computed from the YAML, or from report.json for problems) is the chip's."""
    driver = request.getfixturevalue(viewport)
    import json
    load(driver, site, page)
    values = driver.execute_script(
        "return [...document.querySelectorAll(`[data-filter=\"${arguments[0]}\"]`)].map(i => i.value)", facet)
    assert len(values) >= 2, f"{page}: the facet {facet} should offer two values or more"
    report = json.loads((site.root / "validation" / "report.json").read_text(encoding="utf-8"))

    def value_of(record):
        if page.startswith("bulletins"):
            b = next(x for x in case.bulletins if x["id"] == record)
            if facet == "fruit":
                return slug(b["fruit"])
            fans = [a for a in case.animals if b["fruit"] in case.favourites(a)]
            return "awake" if any(not case.asleep(a, b) for a in fans) else "none-awake"
        if page.startswith("fruits"):
            return "favoured" if any(record in case.favourites(a) for a in case.animals) else "no-fans"
        p = report["problems"][int(record[1:]) - 1]
        return {"severity": p["severity"], "rule": p["rule"], "file": slug(p.get("file") or "") if p.get("file") else "none"}[facet]

    everyone = shown(driver)
    for value in values:
        load(driver, site, page)
        click_chip(driver, facet, value)
        want = [r for r in everyone if value_of(r) == value]
        got = wait_for(driver, lambda rows: rows == want, read=shown)
        assert got == want and want, (page, facet, value, got, want)


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
@EVERY_ENGINE
def test_the_keyboard_alone_filters_and_resets(request, viewport, site, case, engine):
    driver = request.getfixturevalue(viewport)
    load(driver, site, "index.html")
    everyone = [a["id"] for a in case.animals]
    target = slug("Extremely suspicious!")
    unfolded = False
    for _ in range(60):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.execute_script("return document.activeElement.matches('[data-filter-toggle]')"):
            # The Filter control (narrow screens): Space unfolds the chips, as a disclosure.
            assert viewport == "narrow", f"{engine}: the Filter control is reachable at {viewport}"
            ring = driver.execute_script(
                "return getComputedStyle(document.querySelector('label[for=cf_filter_open]')).outlineStyle")
            assert ring != "none", "the focused Filter control shows a ring"
            ActionChains(driver).send_keys(Keys.SPACE).perform()
            unfolded = True
            continue
        focused = driver.execute_script(
            "const e = document.activeElement; return e.matches('[data-filter]') ? [e.dataset.filter, e.value,"
            " getComputedStyle(e.closest('label')).outlineStyle] : null")
        if focused and focused[:2] == ["label", target]:
            break
    assert unfolded == (viewport == "narrow"), f"{engine} {viewport}: Tab reached the Filter control: {unfolded}"
    assert focused and focused[:2] == ["label", target], f"{engine} {viewport}: Tab never reached the chip: {focused}"
    assert focused[2] != "none", "the focused chip shows a ring"
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    want = expected_suspects(case, labels={target})
    assert wait_for(driver, lambda rows: rows == want, read=shown) == want
    for _ in range(40):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.execute_script("return document.activeElement.matches('.cf-chip-reset')"):
            break
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    assert wait_for(driver, lambda rows: rows == everyone, read=shown) == everyone


def test_selecting_a_row_keeps_the_filter(wide, site, case):
    load(wide, site, "index.html")
    very = slug("Very suspicious")
    click_chip(wide, "label", very)
    want = expected_suspects(case, labels={very})
    wait_for(wide, lambda rows: rows == want, read=shown)
    wide.execute_script(f"document.querySelector('tr[data-record-id=\"{want[0]}\"] a[data-select]').click()")
    s = wait_for(wide, lambda s: s["panels"] == [want[0]])
    assert s["panels"] == [want[0]] and shown(wide) == want
