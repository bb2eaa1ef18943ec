"""Moving around the editor's pages in a browser: opening a record, following links, waiting for
the page a save lands on, reading the form's box and the banner, for the editor's tests."""

import re
import time

import pytest

from conftest import NARROW, wait_for

TOL = 2  # px


# ---------------------------------------------------------------- moving around

SHOWN_JS = """
const shown = e => !!e && e.getClientRects().length > 0 && getComputedStyle(e).display !== 'none'
  && getComputedStyle(e).visibility === 'visible' && e.getBoundingClientRect().width * e.getBoundingClientRect().height > 0;
// Scrolls e into view as a person would: the inspector's scroller (the column, or the sheet past
// its largest detent) only, clear of the form's pinned header. (scrollIntoView would also scroll
// boxes that clip their overflow, moving what the tests measure.)
const reveal = e => {
  const sc = e && e.closest('.cf-sheet-scroller');
  if (!sc) return;
  const head = e.closest('[data-inspector-panel]') && e.closest('[data-inspector-panel]').querySelector('.cf-edit-header');
  const pinned = head && getComputedStyle(head).position === 'sticky' ? head.getBoundingClientRect().height : 0;
  const box = sc.getBoundingClientRect(), r = e.getBoundingClientRect();
  const top = Math.max(box.top, 0) + pinned + 8, bottom = Math.min(box.bottom, innerHeight) - 8;
  if (r.top < top) sc.scrollTop -= top - r.top;
  else if (r.bottom > bottom) sc.scrollTop += r.bottom - bottom;
};
"""


def go(driver, url):
    """A fresh load of url (from about:blank)."""
    driver.get("about:blank")
    driver.get(url)


def select(driver, serve, record):
    """The suspects page, then the fragment its row for `record` links to (selecting it)."""
    go(driver, serve.page())
    fragment = driver.execute_script(
        "return decodeURIComponent(document.querySelector("
        "`[data-table] tr[data-record-id=\"${arguments[0]}\"] a[data-select]`).hash.slice(1))", record)
    go(driver, serve.page(fragment=fragment))
    shown = wait_for(driver, bool, read=lambda d: d.execute_script(
        SHOWN_JS + "return shown(document.querySelector(`[data-inspector-panel=\"${arguments[0]}\"]`))", record))
    assert shown, f"{driver.engine}: {record}'s panel is not shown at #{fragment}"


def _settled_page(driver):
    try:
        return driver.execute_script(
            "return !window.__cfLeaving && document.readyState === 'complete' && !!document.body")
    except Exception:  # the page unloading under the script (WebKit, Marionette)
        return False


def _leaving(driver):
    driver.execute_script("window.__cfLeaving = true")


def arrived(driver, what, timeout=20):
    """Wait until another document than the one marked by _leaving has loaded."""
    deadline = time.monotonic() + timeout
    while not _settled_page(driver):
        assert time.monotonic() < deadline, f"{driver.engine}: no new page after {what} within {timeout} s"
        time.sleep(0.05)


HIT_JS = SHOWN_JS + """
const e = [...document.querySelectorAll(arguments[0])].find(shown);
if (!e) return {found: false};
reveal(e);
const r = e.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
const h = document.elementFromPoint(x, y);
return {found: true, hit: !!h && (h === e || e.contains(h) || (!!h.closest('label') && h.closest('label').contains(e))),
        at: h ? h.outerHTML.slice(0, 120) : null, rect: r.toJSON(), vw: innerWidth, vh: innerHeight};
"""


def follow(driver, selector, what=None):
    """Click the shown element `selector` finds (a link or a submit button) once it is on top at
    its centre, where a pointer would click it, and wait for the page it leads to. The click
    runs after the script returns: WebKit's driver fails a script whose page unloads under it."""
    what = what or selector
    hit = wait_for(driver, lambda h: h["found"] and h["hit"], read=lambda d: d.execute_script(HIT_JS, selector))
    assert hit["found"], f"{driver.engine}: nothing shown matches {selector}"
    assert hit["hit"], f"{driver.engine}: {what} is covered at its centre by {hit['at']}: {hit}"
    _leaving(driver)
    driver.execute_script(SHOWN_JS + "const e = [...document.querySelectorAll(arguments[0])].find(shown);"
                          "setTimeout(() => e.click(), 0);", selector)
    arrived(driver, what)


def status(driver):
    """The HTTP status of the page's own load, where the engine tells it (responseStatus)."""
    return driver.execute_script(
        "const n = performance.getEntriesByType('navigation')[0];"
        "return n && typeof n.responseStatus === 'number' && n.responseStatus > 0 ? n.responseStatus : null")


def type_into(driver, selector, text):
    field = driver.find_element("css selector", selector)
    field.clear()
    field.send_keys(text)
    value = driver.execute_script("return document.querySelector(arguments[0]).value", selector)
    assert value == text, f"{driver.engine}: {selector} holds {value!r} after typing {text!r}"


# ---------------------------------------------------------------- where the form is

FORM_JS = SHOWN_JS + """
const rect = e => e && e.getClientRects().length ? e.getBoundingClientRect().toJSON() : null;
const form = [...document.querySelectorAll('form[data-edit-form], form[data-delete-form]')].find(shown) || null;
const panel = form && form.closest('[data-inspector-panel]');
const hit = e => { if (!e) return false; const r = e.getBoundingClientRect();
  const h = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return !!h && (h === e || e.contains(h)); };
const header = form && form.querySelector('.cf-edit-header');
const controls = form ? [...form.querySelectorAll('input:not([type=hidden]), select, textarea, button, label, legend, h2, h3, p')]
  .filter(shown) : [];
const box = panel && panel.getBoundingClientRect();
return {
  form: rect(form), formShown: shown(form), panel: rect(panel), panelId: panel && panel.dataset.inspectorPanel,
  inspector: rect(document.querySelector('[data-inspector]')), sheet: rect(document.querySelector('.cf-sheet')),
  table: rect(document.querySelector('.cf-table-scroll')),
  header: rect(header),
  save: rect(form && form.querySelector('[data-save]')), title: rect(header && header.querySelector('.cf-panel-title')),
  cancel: rect(form && form.querySelector('[data-cancel]')),
  firstHit: hit(form && (form.querySelector('[data-save]') || form.querySelector('[data-confirm-delete]'))),
  nameHit: hit(form && form.querySelector('input[name="name"]')),
  // Anything of the form wider than its panel (not inside a box that scrolls it).
  overflowing: box ? controls.filter(e => { const r = e.getBoundingClientRect();
      return r.left < box.left - 1 || r.right > box.right + 1; }).map(e => e.outerHTML.slice(0, 80)) : [],
  vw: innerWidth, vh: innerHeight, scrollWidth: document.documentElement.scrollWidth,
  dir: document.documentElement.dir, hash: location.hash,
};
"""


def form_box(driver):
    return driver.execute_script(FORM_JS)


def large_detent(serve):
    return serve.case.detent_heights(NARROW["height"])[-1]


def assert_in_inspector(driver, serve, viewport, before=None, what="the form"):
    """The form is shown where the inspector is: the column, right of the table (left in a
    right-to-left page), its box as it was with the record's panel; or the sheet, at the bottom,
    full width, at its largest detent. `before` is FORM_JS's reading of the page with the panel."""
    engine = driver.engine
    if viewport == "wide":
        f = wait_for(driver, lambda f: f["formShown"] and f["firstHit"], read=form_box, timeout=5)
        assert f["formShown"], f"{engine}: {what} is not shown: {f}"
        ins, form = f["inspector"], f["form"]
        assert ins["left"] - 1 <= form["left"] and form["right"] <= ins["right"] + 1, \
            f"{engine}: {what} {form} is not in the inspector's column {ins}"
        if f["dir"] == "rtl":
            assert ins["right"] <= f["table"]["left"] + 1 and abs(ins["left"]) <= 1, f"{engine}: column {ins}, table {f['table']}"
        else:
            assert ins["left"] >= f["table"]["right"] - 1 and abs(ins["right"] - f["vw"]) <= 1, \
                f"{engine}: column {ins}, table {f['table']}"
        if before:
            for side in ("left", "right", "top"):
                assert abs(ins[side] - before["inspector"][side]) <= 1, \
                    f"{engine}: the column moved from {before['inspector']} to {ins}"
                assert abs(f["panel"][side] - before["panel"][side]) <= 1, \
                    f"{engine}: {what}'s panel {f['panel']} is not where the record's was {before['panel']}"
    else:
        height = large_detent(serve)
        f = wait_for(driver, lambda f: f["formShown"] and f["firstHit"] and f["sheet"]
                     and abs(f["vh"] - f["sheet"]["top"] - height) <= TOL, read=form_box, timeout=5)
        assert f["formShown"], f"{engine}: {what} is not shown: {f}"
        sheet, form = f["sheet"], f["form"]
        assert abs(sheet["left"]) <= 1 and abs(sheet["width"] - f["vw"]) <= 1, f"{engine}: the sheet is not full width: {sheet}"
        assert abs(f["vh"] - sheet["top"] - height) <= TOL and sheet["bottom"] >= f["vh"] - 1, \
            f"{engine}: the sheet {sheet} does not rest at the bottom at its largest detent ({height} px)"
        assert sheet["left"] - 1 <= form["left"] and form["right"] <= sheet["right"] + 1 \
            and form["top"] >= sheet["top"] - 1, f"{engine}: {what} {form} is not in the sheet {sheet}"
        assert f["scrollWidth"] <= f["vw"], f"{engine}: the page scrolls sideways ({f['scrollWidth']} px)"
    assert f["firstHit"], f"{engine}: {what}'s first button is covered: {f}"
    assert not f["overflowing"], f"{engine}: {what} overflows its panel: {f['overflowing']}"
    return f


BANNER_JS = SHOWN_JS + """
const b = document.querySelector('[data-saved-banner]');
const row = document.querySelector(`[data-table] tr[data-record-id="${arguments[0]}"]`);
const panel = document.querySelector(`[data-inspector-panel="${arguments[0]}"]`);
const br = b && b.getBoundingClientRect();
const on = br && document.elementFromPoint((br.left + br.right) / 2, (br.top + br.bottom) / 2);
return {banner: shown(b), bannerRect: br ? br.toJSON() : null, bannerText: b ? b.textContent : '',
        // On screen, whole, and on top where it is.
        bannerSeen: shown(b) && br.top >= -1 && br.bottom <= innerHeight + 1 && !!on && b.contains(on),
        row: row ? row.textContent.replace(/\\s+/g, ' ').trim() : null,
        panel: shown(panel) ? panel.querySelector('.cf-panel-title').textContent.trim() : null,
        path: location.pathname, search: location.search, hash: location.hash};
"""


def after_save(driver, record):
    return driver.execute_script(BANNER_JS, record)


def wait_for_row(driver, record, predicate, timeout=15):
    """The record's row as predicate wants it: the server answers after its rebuild, and the
    preview reloads open pages; after a while the page is loaded again to be sure."""
    deadline, reloaded = time.monotonic() + timeout, False
    while True:
        s = after_save(driver, record)
        if predicate(s) or time.monotonic() > deadline:
            return s
        if not reloaded and time.monotonic() > deadline - timeout / 2:
            driver.get(driver.execute_script("return location.href"))
            reloaded = True
        time.sleep(0.1)


def fish_block(text):
    """fish's lines in animals.yaml."""
    m = re.search(r"(?m)^- id: fish\n(?:  .*\n)+", text)
    assert m, "animals.yaml has no fish"
    return m


def replace_in_fish(text, old, new):
    m = fish_block(text)
    assert m.group(0).count(old) == 1, f"fish's block does not hold {old!r} once"
    return text[:m.start()] + m.group(0).replace(old, new) + text[m.end():]


VIEWPORTS = pytest.mark.parametrize("viewport", ["wide", "narrow"])


def deletable(serve):
    """The last suspect that no bulletin names and no note links to: deleting it leaves the case
    without errors, so the tables show its deletion (with errors they keep the last good pages)."""
    named = {b.get("reportedBy") for b in serve.case.bulletins}
    notes = "".join(p.read_text(encoding="utf-8") for p in (serve.content / "notes").rglob("*.md"))
    free = [a["id"] for a in serve.case.animals if a["id"] not in named and f"(animal:{a['id']})" not in notes]
    assert free, "every suspect of the sample is named elsewhere: nothing to delete cleanly"
    return free[-1]
