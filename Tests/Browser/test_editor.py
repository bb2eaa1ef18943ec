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
- The form by keyboard, right to left, to axe-core, and its screenshots: test_editor_access.py.

Each case (English, Arabic) is served once per session, from its own copy of Content/; after
each test the copy's files are put back as they were and the test waits until the server's pages
are those of the untouched case again (the watcher's rebuild), so tests do not see each other's
saves. Expected values come from the case's YAML and the files on disk, never from the page.
"""

import pytest

from casedata import Case
from engines import EVERY_ENGINE
from editing_pages import (SHOWN_JS, VIEWPORTS, assert_in_inspector, deletable, follow, form_box, go, replace_in_fish,
                           select, status, type_into, wait_for_row)


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
