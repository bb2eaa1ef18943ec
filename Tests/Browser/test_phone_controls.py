"""The Filter and Chart controls on a phone (390x844) and wide (1280x800), in every engine: below
the breakpoint the chips (`form[data-filters]`) and the chart fold behind two checkboxes with
button-like labels at the heading's trailing end; a badge over the Filter button shows while any
chip is on; wide, the controls are not shown and the chips and the chart are. Measured with
test_phone.py's probes, from layout the browser computes.
"""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import load, wait_for
from engines import EVERY_ENGINE
from test_phone import chip_for, click_chip, controls, focused, meets, tab_to


# ---------------------------------------------------------------- the Filter and Chart controls


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
