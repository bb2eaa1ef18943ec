"""The preview's editor by keyboard, right to left and to axe-core, and its screenshots, on the
case served as test_editor.py says (`editing_fixtures.py`).

- Keyboard only: Tab to Edit, Enter; every input reached by Tab with a visible focus; Enter on
  Save saves.
- Right to left (`language: ar`): `dir=rtl`, Save at the header's left end, the form in the
  mirrored column.
- axe-core (Chromium, as test_conformance.py and test_rtl.py run it): no violation of any impact
  on the form and on the form answered 422, in English and in Arabic, at both widths; on a phone
  with the page behind the sheet dimmed, at its large and its medium detents.
- The banner after a save across the top of the page (Chromium), at both widths.
- Screenshots of the form (Docs/editor-*.png when Scripts/screenshots.sh asks, else a folder of the run's own).
"""

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import NARROW, SHOTS, WIDE, wait_for
from engines import EVERY_ENGINE, emulate_media
from test_conformance import AXE_RUN_JS, axe_source  # noqa: F401 (fixture)
from test_screenshots import png_size
from editing_pages import (SHOWN_JS, TOL, VIEWPORTS, _leaving, arrived, assert_in_inspector, follow, go,
                           replace_in_fish, select, wait_for_row)

DOCS = SHOTS


# ---------------------------------------------------------------- 6. keyboard only

FOCUS_JS = """
const e = document.activeElement;
const form = e && e.closest('form[data-edit-form]');
// A radio of a segmented control draws its ring on its label.
const drawn = e && e.matches('.cf-segmented input') ? e.closest('label') : e;
const cs = e ? getComputedStyle(drawn) : null;
return {edit: !!e && e.matches('a[data-edit]'), save: !!e && e.matches('[data-save]'), inForm: !!form,
        key: e ? (e.name ? e.name + (e.type === 'radio' || e.type === 'checkbox' ? '=' + e.value : '') : e.outerHTML.slice(0, 60)) : null,
        group: e && e.type === 'radio' ? e.name : null,
        focusVisible: !!e && e.matches(':focus-visible'), outline: cs ? cs.outlineStyle + ' ' + cs.outlineWidth : '',
        outlineWidth: cs ? parseFloat(cs.outlineWidth) || 0 : 0, outlineStyle: cs ? cs.outlineStyle : 'none',
        boxShadow: cs ? cs.boxShadow : 'none'};
"""
# Every control of the form a person fills in or presses, as Tab should reach it (one stop per
# radio group).
REACHABLE_JS = SHOWN_JS + """
const form = document.querySelector('form[data-edit-form]');
const keys = new Set();
for (const e of form.querySelectorAll('input:not([type=hidden]), select, textarea, button')) {
  const box = e.matches('.cf-segmented input') ? e.closest('label') : e;
  if (!shown(box) || e.disabled) continue;
  keys.add(e.type === 'radio' ? 'radio:' + e.name : e.name + (e.type === 'checkbox' ? '=' + e.value : ''));
}
return [...keys];
"""


def press(driver, key, shift=False):
    chain = ActionChains(driver)
    if shift:
        chain.key_down(Keys.SHIFT).send_keys(key).key_up(Keys.SHIFT)
    else:
        chain.send_keys(key)
    chain.perform()
    return driver.execute_script(FOCUS_JS)


def visible_focus(f):
    """A ring drawn around the focused element: an outline or a box-shadow."""
    return (f["outlineStyle"] != "none" and f["outlineWidth"] > 0) or f["boxShadow"] not in ("", "none")


def tab_to_and_press_enter(driver, engine, flag, what, tries, shift=False):
    """Tab (Shift+Tab) until the focus is on the control `flag` names (FOCUS_JS), which must show
    its focus; then Enter, and wait for the page it leads to."""
    for _ in range(tries):
        f = press(driver, Keys.TAB, shift=shift)
        if f[flag]:
            break
    else:
        pytest.fail(f"{engine}: {'Shift+Tab' if shift else 'Tab'} never reached {what}")
    assert visible_focus(f), f"{engine}: the focused {what} shows no focus: {f}"
    _leaving(driver)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    arrived(driver, f"Enter on {what}")


@EVERY_ENGINE
@VIEWPORTS
def test_keyboard_only_edit_tab_through_the_form_and_save(request, engine, viewport, served):
    driver = request.getfixturevalue(viewport)
    select(driver, served, "fish")
    tab_to_and_press_enter(driver, engine, "edit", "Edit", tries=120)
    assert "?edit=animals/fish" in driver.execute_script("return location.search"), engine
    assert_in_inspector(driver, served, viewport)

    wanted = set(driver.execute_script(REACHABLE_JS))
    reached, unseen, new = set(), [], "Fabrizio Keys"
    was_in = False
    for _ in range(250):
        f = press(driver, Keys.TAB)
        if not f["inForm"]:
            if was_in:
                break
            continue
        was_in = True
        reached.add("radio:" + f["group"] if f["group"] else f["key"])
        if not visible_focus(f):
            unseen.append(f)
        if f["key"] == "name":
            ActionChains(driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).send_keys(new).perform()
    assert was_in, f"{engine}: Tab never reached the form"
    assert wanted <= reached, f"{engine}: Tab did not reach {sorted(wanted - reached)}"
    assert not unseen, f"{engine}: focused without a visible focus: {unseen[:3]}"
    tab_to_and_press_enter(driver, engine, "save", "Save", tries=250, shift=True)
    s = wait_for_row(driver, "fish", lambda s: s["row"] is not None and new in s["row"] and s["bannerSeen"])
    assert s["bannerSeen"] and new in s["row"], f"{engine}: Enter on Save did not save: {s}"
    name = served.case.animals[0]["name"]
    assert served.read() == replace_in_fish(served.original["animals.yaml"].decode(),
                                            f"  name: {name}\n", f"  name: {new}\n"), engine


# ---------------------------------------------------------------- 7. right to left, and axe


@EVERY_ENGINE
@VIEWPORTS
def test_the_arabic_form_runs_right_to_left(request, engine, viewport, served_ar):
    driver = request.getfixturevalue(viewport)
    go(driver, served_ar.page("index.html?edit=animals/fish", "fish_large"))
    f = assert_in_inspector(driver, served_ar, viewport)
    assert f["dir"] == "rtl", f"{engine}: <html dir={f['dir']!r}>"
    assert driver.execute_script("return getComputedStyle(document.querySelector('form[data-edit-form]')).direction") == "rtl"
    save, title, cancel, header = f["save"], f["title"], f["cancel"], f["header"]
    assert save["right"] <= title["left"] + 1 and abs(save["left"] - header["left"]) <= 24, \
        f"{engine}: Save {save} is not at the left of the header {header} (title {title})"
    assert cancel["left"] >= title["right"] - 1 and abs(cancel["right"] - header["right"]) <= 24, \
        f"{engine}: Cancel {cancel} is not at the right of the header {header}"
    # Labels lead (right), values trail (left), as in the inspector.
    row = driver.execute_script(
        "const r = document.querySelector('form[data-edit-form] [data-edit-field=\"name\"]');"
        "return {label: r.querySelector('label').getBoundingClientRect().toJSON(),"
        " input: r.querySelector('input').getBoundingClientRect().toJSON()}")
    assert row["input"]["right"] <= row["label"]["left"] + 1, f"{engine}: the name's input is not left of its label: {row}"


def _invalid_form(driver, serve):
    """The fish form answered 422 (suspicionLevel 1.5)."""
    go(driver, serve.page("index.html?edit=animals/fish", "fish_large"))
    driver.execute_script("document.querySelector('form[data-edit-form] input[name=\"suspicionLevel\"]').value = '1.5'")
    follow(driver, "form[data-edit-form] [data-save]", "Save")
    assert driver.execute_script(SHOWN_JS + "return shown(document.querySelector('[data-edit-alert]'))"), \
        "the 422 form has no alert"


DIM_JS = SHOWN_JS + """
const sheet = document.querySelector('.cf-sheet'), dim = document.querySelector('[data-sheet-dim]');
return {sheetShown: sheet ? innerHeight - sheet.getBoundingClientRect().top : 0, dim: shown(dim),
        form: shown(document.querySelector('form[data-edit-form]'))};
"""


def at_medium_detent(driver, serve):
    """The fish form with the sheet at its medium detent (half the viewport), dimming the page
    behind it."""
    go(driver, serve.page("index.html?edit=animals/fish", "fish_medium"))
    medium = NARROW["height"] / 2
    assert medium in serve.case.detent_heights(NARROW["height"]), "the sample's sheet has no medium detent"
    s = wait_for(driver, lambda s: s["form"] and s["dim"] and abs(s["sheetShown"] - medium) <= TOL,
                 read=lambda d: d.execute_script(DIM_JS), timeout=5)
    assert s["form"] and abs(s["sheetShown"] - medium) <= TOL, f"the form is not in the sheet at its medium detent: {s}"
    assert s["dim"], f"the page behind the sheet at its medium detent is not dimmed: {s}"


# On a phone the sheet dims the page behind it at the detents above backgroundInteractionUpThrough
# (the sample's medium and large): the dim, an <a> that dismisses the sheet, must be inside a
# landmark for axe's region rule, as everything else of the page is. The form opens at the largest
# detent; it is checked at the medium one too.
@pytest.mark.parametrize("language", ["en", "ar"])
@VIEWPORTS
def test_axe_finds_nothing_on_the_form_and_on_the_form_answered_422(request, axe_source, language, viewport):
    driver = request.getfixturevalue(viewport)
    serve = request.getfixturevalue("served" if language == "en" else "served_ar")
    driver.set_script_timeout(60)
    found = []
    for what in ("form", "422") + (("form at the medium detent",) if viewport == "narrow" else ()):
        if what == "form":
            go(driver, serve.page("index.html?edit=animals/fish", "fish_large"))
        elif what == "422":
            _invalid_form(driver, serve)
        else:
            at_medium_detent(driver, serve)
        if what != "form at the medium detent":
            assert_in_inspector(driver, serve, viewport, what=f"the {what}")
        if viewport == "narrow":
            assert driver.execute_script(SHOWN_JS + "return shown(document.querySelector('[data-sheet-dim]'))"), \
                f"the page behind the {what} is not dimmed: axe would not see the dim"
        driver.execute_script(axe_source)
        result = driver.execute_async_script(AXE_RUN_JS)
        assert "error" not in result, f"axe.run() failed on the {what}: {result['error']}"
        found += [f"  {what}: {v['id']} ({n['impact'] or v['impact']}): {' >>> '.join(map(str, n['target']))}\n"
                  f"    {(n['summary'] or '').splitlines()[:3]}"
                  for v in result["violations"] for n in v["nodes"]]
    assert not found, f"axe on the editor in {language} at {viewport}:\n" + "\n".join(found)


# ---------------------------------------------------------------- 8. screenshots


@pytest.mark.parametrize("viewport, metrics, file", [("wide", WIDE, "editor-wide"), ("narrow", NARROW, "editor-phone")],
                         ids=["wide", "narrow"])
def test_screenshots_of_the_form(request, served, viewport, metrics, file):
    """The fish form in Chromium (CDP `Page.captureScreenshot`, exactly the viewport), light and dark."""
    import base64
    driver = request.getfixturevalue(viewport)
    for scheme, suffix in (("light", ""), ("dark", "-dark")):
        emulate_media(driver, scheme=scheme)
        go(driver, served.page("index.html?edit=animals/fish", "fish_large"))
        assert_in_inspector(driver, served, viewport)
        time.sleep(0.6)  # the sheet's snap
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False})
        data = base64.b64decode(shot["data"])
        assert png_size(data) == (metrics["width"], metrics["height"]), png_size(data)
        DOCS.mkdir(exist_ok=True)
        (DOCS / f"{file}{suffix}.png").write_bytes(data)
