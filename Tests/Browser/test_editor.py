"""The preview's editor: `casefile serve` running the real debug binary on a copy of the sample
case, driven in every engine at 1280x800 and 390x844.

- Edit: the form takes the record's panel's place, in the inspector's column (wide: the column's
  box as it was, right of the table) or in the sheet (narrow: at the bottom, full width, at its
  largest detent); a new name is saved, the page after the save shows the banner and the new
  name, and the data file changed only in that value.
- A value out of range is refused (the alert, the message under its field, the value kept,
  `aria-invalid`), then saved once fixed; New adds a row; Delete, confirmed, takes the row away
  and the banner's Undo brings it back (the file as it was, byte for byte); a record changed on
  disk since its form opened answers with what the file holds beside the field.
- Keyboard only: Tab to Edit, Enter; every input reached by Tab with a visible focus; Enter on
  Save saves.
- Right to left (`language: ar`): `dir=rtl`, Save at the header's left end, the form in the
  mirrored column.
- axe-core (Chromium, as test_conformance.py and test_rtl.py run it): no violation of any impact
  on the form and on the form answered 422, in English and in Arabic, at both widths; on a phone
  with the page behind the sheet dimmed, at its large and its medium detents.
- The banner after a save across the top of the page (Chromium), at both widths.
- Screenshots of the form (Docs/editor-*.png), only when CASEFILE_EDITOR_SCREENSHOTS=1 asks.

Each case (English, Arabic) is served once per session, from its own copy of Content/; after
each test the copy's files are put back as they were and the test waits until the server's pages
are those of the untouched case again (the watcher's rebuild), so tests do not see each other's
saves. Expected values come from the case's YAML and the files on disk, never from the page.
"""

import os
import queue
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from casedata import Case
from conftest import BINARY, NARROW, REPO, WIDE, wait_for
from engines import EVERY_ENGINE, emulate_media
from test_conformance import AXE_RUN_JS, axe_source  # noqa: F401 (fixture)
from test_screenshots import png_size

TOL = 2  # px
DOCS = REPO / "Docs"
# Screenshots are written into Docs/ (tracked files) only when this is set to 1.
SCREENSHOTS = os.environ.get("CASEFILE_EDITOR_SCREENSHOTS") == "1"
SERVING = re.compile(r"^Serving .* at (http://127\.0\.0\.1:(\d+)/)")


# ---------------------------------------------------------------- the server


class Serve:
    """`casefile serve --content COPY --port 0` on a copy of Content/ (with `site_addition`
    appended to its site.yaml), its address read from the first line it prints."""

    def __init__(self, root: Path, site_addition: str = ""):
        if not BINARY.is_file() or not os.access(BINARY, os.X_OK):
            pytest.exit(f"casefile binary not found at {BINARY}: run `swift build` in {REPO} first", returncode=2)
        self.content = root / "content"
        shutil.copytree(REPO / "Content", self.content)
        if site_addition:
            with open(self.content / "site.yaml", "a", encoding="utf-8") as f:
                f.write("\n" + site_addition)
        self.original = self.files()
        self.case = Case(self.content)
        self.stderr = open(root / "stderr.log", "w+", encoding="utf-8")
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--content", str(self.content), "--port", "0"],
            cwd=root, stdout=subprocess.PIPE, stderr=self.stderr, stdin=subprocess.DEVNULL, text=True)
        # Drain its output for as long as it runs (the rebuilds' reports), keeping the lines.
        self.lines, self.printed = queue.Queue(), []
        threading.Thread(target=self._read, daemon=True).start()
        try:
            first = self.lines.get(timeout=120)
        except queue.Empty:
            first = None
        match = SERVING.match(first or "")
        if not match:
            self.stderr.flush()
            said = (root / "stderr.log").read_text(encoding="utf-8", errors="replace")
            self.stop()
            pytest.fail(f"casefile serve did not say where it serves: first line {first!r}, "
                        f"exit status {self.process.returncode}\n{said}")
        self.url = match.group(1)
        self.baseline = self.fetch("index.html")

    def _read(self):
        for line in self.process.stdout:
            self.printed.append(line)
            self.lines.put(line)

    def page(self, path="index.html", fragment=""):
        return self.url + path + (("#" + fragment) if fragment else "")

    def fetch(self, path):
        with urllib.request.urlopen(self.url + path, timeout=30) as answer:
            return answer.read()

    def files(self):
        return {p.relative_to(self.content).as_posix(): p.read_bytes()
                for p in sorted(self.content.rglob("*")) if p.is_file()}

    def read(self, name="animals.yaml"):
        return (self.content / name).read_text(encoding="utf-8")

    def write(self, name, text):
        (self.content / name).write_text(text, encoding="utf-8")

    def restore(self, timeout=30):
        """Put every file back as it was, and wait until the server's pages are those of the
        case as it was (its watcher has rebuilt)."""
        now, changed = self.files(), False
        for name in now.keys() - self.original.keys():
            (self.content / name).unlink()
            changed = True
        for name, data in self.original.items():
            if now.get(name) != data:
                (self.content / name).parent.mkdir(parents=True, exist_ok=True)
                (self.content / name).write_bytes(data)
                changed = True
        if not changed or self.process.poll() is not None:  # a stopped server is started again on a new copy
            return
        deadline = time.monotonic() + timeout
        while self.fetch("index.html") != self.baseline:
            if time.monotonic() > deadline:
                pytest.fail(f"the server did not rebuild the restored case within {timeout} s:\n"
                            + "".join(self.printed[-20:]))
            time.sleep(0.1)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.stderr.close()


@pytest.fixture(scope="session")
def _serves():
    """Serve by language ("en": the sample as it is; "ar": with `language: ar`), each started
    when a test first needs it and stopped with SIGTERM at the end of the session."""
    parent = Path(tempfile.mkdtemp(prefix="casefile-editor-"))
    started = {}

    def get(language):
        if language in started and started[language].process.poll() is not None:
            # Stopped from outside (a signal for every `casefile serve` on the machine): a new
            # one, on a fresh copy.
            started.pop(language).stop()
        if language not in started:
            root = Path(tempfile.mkdtemp(prefix=language + "-", dir=parent))
            started[language] = Serve(root, "" if language == "en" else f"language: {language}\n")
        return started[language]

    yield get
    for serve in started.values():
        serve.stop()
    shutil.rmtree(parent, ignore_errors=True)


@pytest.fixture
def served(_serves):
    """The English case's server, its files as in Content/ before and after the test."""
    serve = _serves("en")
    serve.restore()
    yield serve
    serve.restore()


@pytest.fixture
def served_ar(_serves):
    serve = _serves("ar")
    serve.restore()
    yield serve
    serve.restore()


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


# ---------------------------------------------------------------- 1. edit and save


@EVERY_ENGINE
@VIEWPORTS
def test_the_form_takes_the_panels_place_and_saves_a_new_name(request, engine, viewport, served):
    driver = request.getfixturevalue(viewport)
    name = served.case.animals[0]["name"]
    assert served.case.animals[0]["id"] == "fish", "the sample's first suspect is no longer fish"
    select(driver, served, "fish")
    before = form_box(driver)  # no form yet: the panel's and the column's boxes
    before["panel"] = driver.execute_script(
        "return document.querySelector('[data-inspector-panel=\"fish\"]').getBoundingClientRect().toJSON()")
    follow(driver, '[data-inspector-panel="fish"] a[data-edit]', "Edit")
    url = driver.execute_script("return location.pathname + location.search + location.hash")
    assert "?edit=animals/fish" in url and url.endswith("#fish_large"), f"{engine}: Edit led to {url}"
    f = assert_in_inspector(driver, served, viewport, before if viewport == "wide" else None)
    assert f["panelId"] == "fish", f
    assert f["nameHit"], f"{engine}: the Name input is covered: {f}"

    new = name + "a"
    type_into(driver, 'form[data-edit-form] input[name="name"]', new)
    follow(driver, "form[data-edit-form] [data-save]", "Save")
    s = wait_for_row(driver, "fish", lambda s: s["row"] is not None and new in s["row"] and s["bannerSeen"])
    assert s["path"] in ("/", "/index.html") and "saved=" in s["search"] and s["hash"].startswith("#fish"), \
        f"{engine}: Save did not land on fish's page: {s}"
    assert s["bannerSeen"], f"{engine}: the banner is not in view after the save: {s}"
    assert new in s["row"], f"{engine}: the row does not show {new!r}: {s}"
    assert s["panel"] and new in s["panel"], f"{engine}: the panel does not show {new!r}: {s}"
    want = replace_in_fish(served.original["animals.yaml"].decode(), f"  name: {name}\n", f"  name: {new}\n")
    assert served.read() == want, f"{engine}: animals.yaml changed in more than fish's name"
    assert served.files().keys() == served.original.keys()


@pytest.mark.parametrize("viewport", ["wide",
    "narrow"])
def test_the_saved_banner_runs_across_the_top_of_the_page(request, viewport, served):
    driver = request.getfixturevalue(viewport)
    go(driver, served.page("index.html?edit=animals/fish", "fish_large"))
    assert_in_inspector(driver, served, viewport)
    type_into(driver, 'form[data-edit-form] input[name="name"]', "Fabrice")
    follow(driver, "form[data-edit-form] [data-save]", "Save")
    s = wait_for_row(driver, "fish", lambda s: s["bannerSeen"])
    r = s["bannerRect"]
    assert s["bannerSeen"], s
    assert abs(r["top"]) <= 1 and abs(r["left"]) <= 1 and abs(r["width"] - driver.execute_script("return innerWidth")) <= 1, \
        f"the banner is not across the top of the page: {r}"


# ---------------------------------------------------------------- 2. an invalid value

FIELD_JS = SHOWN_JS + """
const row = document.querySelector(`form[data-edit-form] [data-edit-field="${arguments[0]}"]`);
const input = row && row.querySelector(`[name="${arguments[0]}"]`);
const message = document.querySelector(`form[data-edit-form] [data-field-error="${arguments[0]}"]`);
const alert = document.querySelector('[data-edit-alert]');
const r = e => e ? e.getBoundingClientRect().toJSON() : null;
reveal(message);
return {alert: shown(alert), role: alert && alert.getAttribute('role'), alertText: alert ? alert.textContent : '',
        message: shown(message), messageText: message ? message.textContent : '',
        value: input && input.value, invalid: input && input.getAttribute('aria-invalid'),
        describedBy: input && input.getAttribute('aria-describedby'), messageId: message && message.id,
        input: r(input), messageRect: r(message), row: r(row)};
"""


@EVERY_ENGINE
@VIEWPORTS
def test_a_value_out_of_range_is_refused_at_its_field_then_saved_when_fixed(request, engine, viewport, served):
    driver = request.getfixturevalue(viewport)
    go(driver, served.page("index.html?edit=animals/fish", "fish_large"))
    assert_in_inspector(driver, served, viewport)
    type_into(driver, 'form[data-edit-form] input[name="suspicionLevel"]', "1.5")
    follow(driver, "form[data-edit-form] [data-save]", "Save")
    assert status(driver) in (None, 422), f"{engine}: answered {status(driver)}"
    assert_in_inspector(driver, served, viewport, what="the form answered 422")
    f = driver.execute_script(FIELD_JS, "suspicionLevel")
    assert f["alert"] and f["role"] == "alert", f"{engine}: no alert: {f}"
    assert f["message"], f"{engine}: the field's message is not shown: {f}"
    assert f["value"] == "1.5", f"{engine}: the input holds {f['value']!r}, not what was typed"
    assert f["invalid"] == "true" and f["describedBy"] == f["messageId"], f"{engine}: {f}"
    # Under its field: below the input, in the field's row.
    m, i, row = f["messageRect"], f["input"], f["row"]
    assert m["top"] >= i["bottom"] - 1, f"{engine}: the message {m} is not under the input {i}"
    assert row["left"] - 1 <= m["left"] and m["right"] <= row["right"] + 1 and m["bottom"] <= row["bottom"] + 1, \
        f"{engine}: the message {m} is not in the field's row {row}"
    assert served.read() == served.original["animals.yaml"].decode(), f"{engine}: a refused save wrote"

    type_into(driver, 'form[data-edit-form] input[name="suspicionLevel"]', "0.5")
    follow(driver, "form[data-edit-form] [data-save]", "Save")
    s = wait_for_row(driver, "fish", lambda s: s["bannerSeen"])
    assert s["bannerSeen"] and "saved=" in s["search"], f"{engine}: {s}"
    want = replace_in_fish(served.original["animals.yaml"].decode(), "  suspicionLevel: 0.3\n", "  suspicionLevel: 0.5\n")
    assert served.read() == want, f"{engine}: animals.yaml changed in more than fish's level"


# ---------------------------------------------------------------- 3. new


@EVERY_ENGINE
@VIEWPORTS
def test_a_new_suspect_appears_in_the_table(request, engine, viewport, served):
    driver = request.getfixturevalue(viewport)
    go(driver, served.page())
    follow(driver, 'a[data-new="suspects"]', "New suspect")
    assert driver.execute_script("return location.search + location.hash") == "?new=animals#_new"
    assert_in_inspector(driver, served, viewport, what="the new suspect's form")
    type_into(driver, 'form[data-edit-form] input[name="name"]', "Hedda")
    type_into(driver, 'form[data-edit-form] input[name="species"]', "Hedgehog")
    follow(driver, "form[data-edit-form] [data-save]", "Save")
    s = wait_for_row(driver, "hedda", lambda s: s["row"] is not None and s["bannerSeen"])
    assert s["row"] and "Hedda" in s["row"] and "Hedgehog" in s["row"], f"{engine}: no row for the new suspect: {s}"
    assert s["bannerSeen"] and s["hash"].startswith("#hedda"), f"{engine}: {s}"
    shown = driver.execute_script(SHOWN_JS + "return shown(document.querySelector('[data-table] tr[data-record-id=\"hedda\"]'))")
    assert shown, f"{engine}: the new row is not shown"
    added = Case(served.content).animals
    assert [a["id"] for a in added] == [a["id"] for a in served.case.animals] + ["hedda"], f"{engine}: {added[-1]}"
    assert served.read().startswith(served.original["animals.yaml"].decode()), f"{engine}: the save changed other records"


# ---------------------------------------------------------------- 4. delete and undo


@EVERY_ENGINE
@VIEWPORTS
def test_delete_confirmed_takes_the_row_away_and_undo_brings_it_back(request, engine, viewport, served):
    driver = request.getfixturevalue(viewport)
    record = deletable(served)
    go(driver, served.page(f"index.html?edit=animals/{record}", f"{record}_large"))
    assert_in_inspector(driver, served, viewport)
    follow(driver, "a[data-delete]", "Delete")
    f = assert_in_inspector(driver, served, viewport, what="the confirmation")
    assert driver.execute_script(SHOWN_JS + "return shown(document.querySelector('form[data-delete-form] [data-confirm-delete]'))"), f
    follow(driver, "form[data-delete-form] [data-confirm-delete]", "Delete (confirmed)")
    s = wait_for_row(driver, record, lambda s: s["row"] is None and s["bannerSeen"])
    assert s["row"] is None, f"{engine}: {record}'s row is still there: {s}"
    assert s["bannerSeen"], f"{engine}: no banner in view after the delete: {s}"
    assert f"- id: {record}\n" not in served.read(), f"{engine}: {record} is still in animals.yaml"

    follow(driver, "[data-saved-banner] [data-undo]", "Undo")
    go(driver, served.page())
    s = wait_for_row(driver, record, lambda s: s["row"] is not None)
    assert s["row"] is not None, f"{engine}: Undo did not bring {record}'s row back"
    assert served.files() == served.original, f"{engine}: Undo did not put every file back as it was"


# ---------------------------------------------------------------- 5. a conflict

ON_DISK_JS = SHOWN_JS + """
const row = document.querySelector(`form[data-edit-form] [data-edit-field="${arguments[0]}"]`);
const disk = document.querySelector(`form[data-edit-form] [data-on-disk="${arguments[0]}"]`);
const input = row && row.querySelector(`[name="${arguments[0]}"]`);
reveal(disk);
const r = e => e ? e.getBoundingClientRect().toJSON() : null;
return {shown: shown(disk), text: disk ? disk.textContent : '', rect: r(disk), input: r(input), row: r(row),
        value: input && input.value, name: document.querySelector('form[data-edit-form] input[name="name"]').value};
"""


@EVERY_ENGINE
@VIEWPORTS
def test_a_record_changed_on_disk_shows_the_files_value_beside_the_field(request, engine, viewport, served):
    driver = request.getfixturevalue(viewport)
    go(driver, served.page("index.html?edit=animals/fish", "fish_large"))
    assert_in_inspector(driver, served, viewport)
    changed = replace_in_fish(served.read(), "  suspicionLevel: 0.3\n", "  suspicionLevel: 0.4\n")
    served.write("animals.yaml", changed)
    type_into(driver, 'form[data-edit-form] input[name="name"]', "Fabrice")
    follow(driver, "form[data-edit-form] [data-save]", "Save")
    assert status(driver) in (None, 409), f"{engine}: answered {status(driver)}"
    assert_in_inspector(driver, served, viewport, what="the form answered 409")
    d = driver.execute_script(ON_DISK_JS, "suspicionLevel")
    assert d["shown"] and "0.4" in d["text"], f"{engine}: the value on disk is not shown: {d}"
    assert d["value"] == "0.3" and d["name"] == "Fabrice", f"{engine}: the form lost what it held: {d}"
    r, row = d["rect"], d["row"]
    assert row["left"] - 1 <= r["left"] and r["right"] <= row["right"] + 1 and row["top"] - 1 <= r["top"] \
        and r["bottom"] <= row["bottom"] + 1 and r["top"] >= d["input"]["top"] - 1, \
        f"{engine}: the value on disk {r} is not beside its field {d['input']} (row {row})"
    assert served.read() == changed, f"{engine}: the conflicting save wrote"


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


@EVERY_ENGINE
@VIEWPORTS
def test_keyboard_only_edit_tab_through_the_form_and_save(request, engine, viewport, served):
    driver = request.getfixturevalue(viewport)
    select(driver, served, "fish")
    for _ in range(120):
        f = press(driver, Keys.TAB)
        if f["edit"]:
            break
    else:
        pytest.fail(f"{engine}: Tab never reached the Edit link")
    assert visible_focus(f), f"{engine}: the focused Edit link shows no focus: {f}"
    _leaving(driver)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    arrived(driver, "Enter on Edit")
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
    for _ in range(250):
        f = press(driver, Keys.TAB, shift=True)
        if f["save"]:
            break
    else:
        pytest.fail(f"{engine}: Shift+Tab never got back to Save")
    assert visible_focus(f), f"{engine}: the focused Save shows no focus: {f}"
    _leaving(driver)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    arrived(driver, "Enter on Save")
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


@pytest.mark.skipif(not SCREENSHOTS, reason="writes Docs/editor-*.png only when CASEFILE_EDITOR_SCREENSHOTS=1")
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
