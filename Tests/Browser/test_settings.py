"""site.yaml settings reflected in the rendered layout (Templates/README.md, "The inspector").

Each variant is the sample case with one block appended to site.yaml, built once per session by
the `settings_site` fixture (see SETTINGS_VARIANTS in conftest.py). Computed layout only, at the
exact viewports of `wide` (1280x800) and `narrow` (390x844).
"""

from conftest import NARROW, load, wait_for

WIDE_W = 1280
NARROW_W, NARROW_H = NARROW["width"], NARROW["height"]
TOL = 2  # px


# ---------------------------------------------------------------- placement


def test_placement_under_toolbar(wide, settings_site):
    s = load(wide, settings_site("underToolbar"), "index.html", "fish")
    assert s["innerWidth"] == WIDE_W
    header, insp = s["header"], s["inspector"]
    assert header is not None and insp is not None, s
    assert abs(header["left"]) <= TOL and abs(header["width"] - WIDE_W) <= TOL, (
        f"the header should span the full width: {header}"
    )
    assert insp["top"] >= header["bottom"] - 0.5, (
        f"the inspector starts at {insp['top']}, above the header's bottom {header['bottom']}"
    )
    assert abs(insp["width"] - 300) <= TOL and s["panels"] == ["fish"], s


def test_placement_full_height_is_the_default(wide, site):
    s = load(wide, site, "index.html", "fish")
    header, insp = s["header"], s["inspector"]
    assert abs(insp["top"]) <= 0.5, f"a fullHeight inspector starts at the top, not {insp['top']}"
    assert abs(insp["height"] - s["innerHeight"]) <= TOL, insp
    assert header["width"] < WIDE_W, f"the header should stop beside the column: {header}"
    assert abs(header["right"] - insp["left"]) <= TOL, (header, insp)


# ---------------------------------------------------------------- presented / widths


def test_presented_false_starts_collapsed(wide, settings_site):
    s = load(wide, settings_site("notPresented"), "index.html")
    assert s["toggleChecked"] is False, "the toggle should start unchecked"
    assert s["inspectorDisplay"] == "none", f"inspector display is {s['inspectorDisplay']}"
    # A deep link selects, but the column stays collapsed until the toggle presents it.
    s = load(wide, settings_site("notPresented"), "index.html", "fish")
    assert s["inspectorDisplay"] == "none" and s["toggleChecked"] is False


def test_presented_false_does_not_hide_the_sheet(narrow, settings_site):
    s = load(narrow, settings_site("notPresented"), "index.html", "fish")
    s = wait_for(narrow, lambda s: abs(s["sheetShown"] - 200) <= TOL)
    assert s["panels"] == ["fish"] and abs(s["sheetShown"] - 200) <= TOL, s


def test_ideal_and_max_width(wide, settings_site):
    site = settings_site("widths")
    s = load(wide, site, "index.html")
    assert abs(s["inspector"]["width"] - 350) <= TOL, f"inspector is {s['inspector']['width']} px"
    # maxWidth 450: a resizer dragged beyond it (its inline width, as the drag leaves it) is clamped.
    width = wide.execute_script(
        "document.querySelector('.cf-resizer').style.width = '600px';"
        "return document.querySelector('[data-inspector]').getBoundingClientRect().width;"
    )
    assert abs(width - 450) <= TOL, f"a 600 px inline width gives {width}, want maxWidth 450"


# ---------------------------------------------------------------- sheet detents


def test_custom_detents_and_no_background_interaction(narrow, settings_site):
    site = settings_site("detents")
    load(narrow, site, "index.html", "fish")
    s = wait_for(narrow, lambda s: abs(s["sheetShown"] - 300) <= TOL)
    assert s["panels"] == ["fish"]
    assert abs(s["sheetShown"] - 300) <= TOL, f"sheet shows {s['sheetShown']} px, want 300"
    assert s["dimShown"], (
        "backgroundInteractionUpThrough: none should dim at every detent"
    )
    detents = narrow.execute_script(
        "return [...document.querySelectorAll('[data-inspector-panel=\"fish\"] [data-detent]')]"
        ".map(a => [a.dataset.at, a.dataset.detent])"
    )
    # A grabber per detent, each naming where it moves the sheet: from 300 to large and back.
    assert detents == [["300", "large"], ["large", "300"]], detents
    load(narrow, site, "index.html", "fish_large")
    s = wait_for(narrow, lambda s: s["sheetShown"] > 0.85 * NARROW_H)
    assert 0.85 * NARROW_H <= s["sheetShown"] < NARROW_H, s["sheetShown"]
