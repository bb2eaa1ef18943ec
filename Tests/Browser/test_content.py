"""What the pages show (Templates/README.md, "The pages"): suspicion as signal bars and a coloured label, fruit
swatches (three, then "+N", bordered in the selected row), emoji avatars on a round material,
times in the site's time zone, the rows of the other tables, the validation page, and an empty
collection's message (the charts: test_charts.py; the panels: test_panel_content.py).

Expected values are computed from the case's YAML (casedata.Case), never read back from the
page under test; what is asserted is what Chromium lays out and paints (computed style,
bounding boxes, the accessibility tree).
"""

import re
from datetime import datetime

import pytest
from selenium.webdriver.common.by import By

from casedata import OUT_OF_RANGE, SUSPICION_STEPS, ax_nodes, contrast, px, resolve_colors, rgba, suspicion
from conftest import load, wait_for


# ---------------------------------------------------------------- suspicion bars and labels

BARS_JS = """
return [...document.querySelectorAll('[data-table] tr[data-record-id]')].map(tr => {
  const s = tr.querySelector('.cf-suspicion');
  const label = s.querySelector('.cf-tone-label');
  return {id: tr.dataset.recordId, label: label.innerText.trim(), labelColor: getComputedStyle(label).color,
          bars: [...s.querySelectorAll('.cf-bar')].map(b => ({bg: getComputedStyle(b).backgroundColor,
                 h: b.getBoundingClientRect().height, w: b.getBoundingClientRect().width}))};
});
"""


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_suspicion_signal_bars_filled_by_level_and_coloured_label(request, site, case, viewport):
    driver = request.getfixturevalue(viewport)
    load(driver, site, "index.html")
    rows = {r["id"]: r for r in driver.execute_script(BARS_JS)}
    expected = {a["id"]: suspicion(a.get("suspicionLevel", 0)) for a in case.animals}
    assert set(rows) == set(expected)
    assert len({label for label, _ in expected.values()}) >= 3, "the sample should show several labels"
    # The empty track: the colour of every bar past the filled ones (one colour everywhere).
    track = {r["bars"][k]["bg"] for i, r in rows.items() for k in range(expected[i][1], 4)}
    assert len(track) == 1, f"unfilled bars should share one colour: {track}"
    fills, label_colors = {}, {}
    for rid, (label, filled) in expected.items():
        r = rows[rid]
        assert r["label"] == label, f"{rid}: label {r['label']!r}, want {label!r}"
        assert len(r["bars"]) == 4, rid
        heights = [b["h"] for b in r["bars"]]
        assert all(b["w"] > 0 for b in r["bars"]) and heights == sorted(heights) and heights[0] > 0, (
            f"{rid}: four rising signal bars, got heights {heights}"
        )
        lit = [b["bg"] not in track for b in r["bars"]]
        assert lit == [k < filled for k in range(4)], f"{rid}: {label} fills {filled} bars, got {lit}"
        fills.setdefault(label, set()).update(b["bg"] for b in r["bars"][:filled])
        label_colors.setdefault(label, set()).add(r["labelColor"])
    for label in fills:
        assert len(fills[label]) == 1 and len(label_colors[label]) == 1, (label, fills, label_colors)
    assert len({c for s in fills.values() for c in s}) == len(fills), f"each label its own fill: {fills}"
    assert len({c for s in label_colors.values() for c in s}) == len(label_colors), (
        f"each label its own text colour: {label_colors}"
    )


# The colours behind an element, innermost first, up to the root (a transparent one is skipped).
BACKDROP_JS = """
return arguments[0].map(sel => [...document.querySelectorAll(sel)].map(e => {
  const layers = [];
  for (let p = e; p; p = p.parentElement) {
    const bg = getComputedStyle(p).backgroundColor;
    if (bg !== 'rgba(0, 0, 0, 0)') layers.push(bg);
  }
  return {text: e.innerText.trim(), color: getComputedStyle(e).color, layers};
})).flat();
"""


def composite(layers):
    """Paint the background layers (innermost first) over white, the canvas."""
    r, g, b = 255.0, 255.0, 255.0
    for css in reversed(layers):
        lr, lg, lb, a = rgba(css)
        r, g, b = lr * a + r * (1 - a), lg * a + g * (1 - a), lb * a + b * (1 - a)
    return r, g, b


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_suspicion_labels_legible_in_both_themes(wide, site, case, scheme):
    """The coloured labels (and the text around them) keep WCAG AA contrast (4.5:1) on their
    rows, in the light and in the dark theme, and the dark theme really is dark."""
    wide.execute_cdp_cmd("Emulation.setEmulatedMedia",
                         {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    load(wide, site, "index.html", case.animals[0]["id"])
    items = wide.execute_script(BACKDROP_JS, [
        "[data-table] .cf-tone-label", "[data-table] .cf-item-title",
        "[data-inspector-panel] .cf-meter-line .cf-tone-label",
    ])
    assert len(items) >= 2 * len(case.animals), items
    page = composite(wide.execute_script(
        "return [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.documentElement).backgroundColor]"
        ".filter(c => c !== 'rgba(0, 0, 0, 0)')"))
    assert (sum(page) / 3 < 60) if scheme == "dark" else (sum(page) / 3 > 200), f"{scheme} page background {page}"
    for it in items:
        ratio = contrast(rgba(it["color"]), composite(it["layers"]))
        assert ratio >= 4.5, f"{scheme}: {it['text']!r} {it['color']} on {composite(it['layers'])}: {ratio:.2f}:1"


# ---------------------------------------------------------------- fruit swatches

SWATCHES_JS = """
const vis = e => getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0
                 && e.getBoundingClientRect().width > 0;
return [...document.querySelectorAll('[data-table] tr[data-record-id]')].map(tr => {
  const cell = tr.querySelector('.cf-swatches');
  const more = [...cell.querySelectorAll('.cf-more')].filter(vis);
  return {id: tr.dataset.recordId,
          swatches: [...cell.querySelectorAll('.cf-swatch')].filter(vis).map(s => {
            const cs = getComputedStyle(s), r = s.getBoundingClientRect();
            return {name: s.getAttribute('aria-label'), bg: cs.backgroundColor, w: r.width, h: r.height,
                    border: cs.borderTopColor, borderW: parseFloat(cs.borderTopWidth), borderStyle: cs.borderTopStyle};
          }),
          more: more.map(m => m.innerText.trim())};
});
"""


def test_table_shows_first_three_fruit_swatches_and_plus_n(wide, site, case):
    load(wide, site, "index.html")
    rows = {r["id"]: r for r in wide.execute_script(SWATCHES_JS)}
    assert any(len(case.favourites(a)) > 3 for a in case.animals), (
        "the sample should have an animal with more than three favourites"
    )
    for animal in case.animals:
        fav = [case.fruits[f] for f in case.favourites(animal)]
        r = rows[animal["id"]]
        shown = fav[:3]
        assert [s["name"] for s in r["swatches"]] == [f["name"] for f in shown], (animal["id"], r)
        want = resolve_colors(wide, [f["color"] for f in shown])
        assert [s["bg"] for s in r["swatches"]] == want, f"{animal['id']}: swatch colours {r['swatches']}"
        assert all(s["w"] >= 8 and abs(s["w"] - s["h"]) <= 0.5 for s in r["swatches"]), r["swatches"]
        assert r["more"] == ([f"+{len(fav) - 3}"] if len(fav) > 3 else []), (animal["id"], r["more"])


def test_selected_rows_swatches_are_bordered(wide, site, case):
    sel, other = case.animals[-1]["id"], case.animals[0]["id"]
    load(wide, site, "index.html", sel)
    rows = {r["id"]: r for r in wide.execute_script(SWATCHES_JS)}
    for s in rows[sel]["swatches"]:
        assert s["borderStyle"] != "none" and s["borderW"] > 0 and rgba(s["border"])[3] > 0.5, (
            f"a selected row's swatch should have a visible border: {s}"
        )
    for s in rows[other]["swatches"]:
        assert s["borderW"] == 0 or rgba(s["border"])[3] == 0, f"unselected swatch bordered: {s}"


# ---------------------------------------------------------------- emoji avatars

AVATARS_JS = """
return [...document.querySelectorAll(arguments[0])].map(a => {
  const cs = getComputedStyle(a), r = a.getBoundingClientRect();
  const range = document.createRange(); range.selectNodeContents(a);
  const g = range.getBoundingClientRect();
  return {text: a.textContent.trim(), w: r.width, h: r.height, radius: cs.borderTopLeftRadius,
          bg: cs.backgroundColor, glyphW: g.width, glyphH: g.height,
          id: a.closest('[data-record-id]') ? a.closest('[data-record-id]').dataset.recordId : null};
});
"""


def check_avatar(a, where):
    assert a["w"] > 0 and abs(a["w"] - a["h"]) <= 0.5, f"{where}: avatar box {a}"
    radius = px(a["radius"]) if px(a["radius"]) is not None else float(a["radius"].rstrip("%")) / 100 * a["w"]
    assert radius >= a["w"] / 2 - 0.5, f"{where}: avatar should be round, radius {a['radius']}"
    alpha = rgba(a["bg"])[3]
    assert 0 < alpha < 1, f"{where}: avatar background should be a translucent fill, not {a['bg']}"
    assert a["glyphW"] >= 0.4 * a["w"] and a["glyphH"] > 0, f"{where}: emoji glyph not drawn: {a}"


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_emoji_avatars_on_round_material(request, site, case, viewport):
    driver = request.getfixturevalue(viewport)
    first = case.animals[0]
    load(driver, site, "index.html", first["id"] if viewport == "wide" else first["id"] + "_large")
    rows = driver.execute_script(AVATARS_JS, "[data-table] tr[data-record-id] .cf-avatar")
    emoji = {a["id"]: a.get("emoji", "") for a in case.animals}
    assert {a["id"]: a["text"] for a in rows} == {k: v for k, v in emoji.items() if v}
    for a in rows:
        check_avatar(a, a["id"])
    panel = driver.execute_script(
        AVATARS_JS, f'[data-inspector-panel="{first["id"]}"] .cf-panel-header .cf-avatar'
    )
    assert len(panel) == 1 and panel[0]["text"] == first["emoji"], panel
    check_avatar(panel[0], "panel")
    assert panel[0]["w"] > rows[0]["w"], "the panel's avatar is the large one"


# ---------------------------------------------------------------- times in the site's zone

TIMES_JS = """
return [...document.querySelectorAll('[data-table] tr[data-record-id]')].map(tr => {
  const t = tr.querySelector('th time');
  const panel = document.querySelector(`[data-inspector-panel="${tr.dataset.recordId}"] .cf-panel-subtitle`);
  return {id: tr.dataset.recordId, text: t ? t.innerText.trim() : null, datetime: t ? t.dateTime : null,
          visible: !!t && t.getBoundingClientRect().width > 0, panel: panel ? panel.textContent.trim() : null};
});
"""


@pytest.mark.parametrize("which", ["sample", "tokyo"])
def test_bulletin_times_shown_in_site_time_zone(wide, site, case, variant, which):
    s, c = (site, case) if which == "sample" else variant("tokyo")
    load(wide, s, "bulletins/index.html")
    rows = {r["id"]: r for r in wide.execute_script(TIMES_JS)}
    assert set(rows) == {b["id"] for b in c.bulletins}
    offsets = set()
    for b in c.bulletins:
        r = rows[b["id"]]
        want = c.shown_time(b)
        assert r["visible"] and r["text"] == want, f"{b['id']} at {b['nibbledAt']}: shows {r['text']!r}, want {want!r} ({c.zone})"
        assert r["panel"] == want, (b["id"], r["panel"])
        assert datetime.fromisoformat(r["datetime"]) == datetime.fromisoformat(b["nibbledAt"]), r
        offsets.add(datetime.fromisoformat(b["nibbledAt"]).utcoffset())
        assert datetime.fromisoformat(r["datetime"]).utcoffset() == c.local(b).utcoffset(), r
    if which == "sample":
        assert len(offsets) > 1, "the sample should mix offsets, so conversion is exercised"


# ---------------------------------------------------------------- the other tables' rows

CELLS_JS = """
return [...document.querySelectorAll('[data-table] tr[data-record-id]')].map(tr => ({
  id: tr.dataset.recordId,
  cells: [...tr.children].map(c => c.innerText.replace(/\\s+/g, ' ').trim()),
  swatch: tr.querySelector('.cf-swatch') ? getComputedStyle(tr.querySelector('.cf-swatch')).backgroundColor : null,
  swatchW: tr.querySelector('.cf-swatch') ? tr.querySelector('.cf-swatch').getBoundingClientRect().width : 0,
}));
"""


def test_bulletins_table_rows(wide, site, case):
    """Templates/README.md: when, fruit with swatch, location, bites, suspects awake / asleep."""
    load(wide, site, "bulletins/index.html")
    rows = {r["id"]: r for r in wide.execute_script(CELLS_JS)}
    colors = resolve_colors(wide, [case.fruits[b["fruit"]]["color"] for b in case.bulletins])
    for b, color in zip(case.bulletins, colors):
        r = rows[b["id"]]
        fans = [a for a in case.animals if b["fruit"] in case.favourites(a)]
        asleep = sum(case.asleep(a, b) for a in fans)
        when, fruit, place, bites, suspects = r["cells"]
        assert when == case.shown_time(b) and fruit == case.fruits[b["fruit"]]["name"], r
        assert r["swatch"] == color and r["swatchW"] > 0, (b["id"], r["swatch"], color)
        assert place == b["location"], r
        # No bites: a dash, and "not recorded" for screen readers.
        assert bites == (str(b["bites"]) if "bites" in b else "— not recorded"), r
        assert suspects == f"{len(fans) - asleep} awake {asleep} asleep", (b["id"], suspects)


def test_fruits_table_rows(wide, site, case):
    """Templates/README.md: swatch and name, fans (animals that favour it), bulletins about it."""
    load(wide, site, "fruits/index.html")
    rows = {r["id"]: r for r in wide.execute_script(CELLS_JS)}
    assert set(rows) == set(case.fruits)
    colors = resolve_colors(wide, [f["color"] for f in case.fruits.values()])
    for f, color in zip(case.fruits.values(), colors):
        r = rows[f["id"]]
        fans = sum(f["id"] in case.favourites(a) for a in case.animals)
        about = sum(b["fruit"] == f["id"] for b in case.bulletins)
        marker = " ⚠︎ 1 problem" if f["id"] in case.unused_fruits() else ""
        assert r["cells"][0] == f["name"] + marker and r["swatch"] == color and r["swatchW"] > 0, (f["id"], r)
        assert r["cells"][1:] == [str(fans), str(about)], (f["id"], r["cells"])


# ---------------------------------------------------------------- the validation page

CARET_JS = """
const panel = document.querySelector(`[data-inspector-panel="${arguments[0]}"]`);
const marked = panel.querySelector('.cf-excerpt .cf-marked');
const caret = panel.querySelector('.cf-excerpt .cf-caret-line');
const charRect = (line, index) => {
  // index counts characters after the line number.
  const text = [...line.childNodes].filter(n => !(n.classList && n.classList.contains('cf-ln')))
                 .map(n => n.nodeType === 3 ? n : n.firstChild)[0];
  const r = document.createRange(); r.setStart(text, index); r.setEnd(text, index + 1);
  return r.getBoundingClientRect();
};
const caretText = [...caret.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('');
const markedText = [...marked.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('');
return {ln: marked.querySelector('.cf-ln').innerText.trim(),
        markedBg: getComputedStyle(marked).backgroundColor,
        plainBg: getComputedStyle(panel.querySelector('.cf-excerpt .cf-line:not(.cf-marked)')).backgroundColor,
        markedText, caretX: charRect(caret, caretText.indexOf('^')).left,
        columnX: charRect(marked, arguments[1] - 1).left};
"""


def test_validation_row_and_panel_point_at_the_problem(wide, invalid_site, case):
    """Templates/README.md: a row per problem (severity, rule, record, field, message, file:line:col); the
    panel shows the source lines with the column marked. The place is found in the variant's
    YAML, and the caret must sit under that column on screen."""
    source = (invalid_site.root.parent / "content" / "animals.yaml").read_text(encoding="utf-8")
    lines = source.split("\n")
    line = next(i for i, text in enumerate(lines, 1) if "suspicionLevel: 1.4" in text)
    col = lines[line - 1].index("1.4") + 1
    load(wide, invalid_site, "validation/index.html")
    rows = wide.execute_script(CELLS_JS)
    # The planted error first, then the sample's own warnings and notes.
    assert len(rows) == 1 + len(case.repeated_favourites()) + len(case.unused_fruits()), rows
    severity, message, rule, record, field, where = rows[0]["cells"]
    assert (severity, rule, record, field) == ("Error", "suspicion-range", "fish", "suspicionLevel"), rows
    assert "1.4" in message and where.endswith(f"animals.yaml:{line}:{col}"), (message, where)
    problem = rows[0]["id"]
    load(wide, invalid_site, "validation/index.html", problem)
    c = wide.execute_script(CARET_JS, problem, col)
    assert c["ln"] == str(line) and "suspicionLevel: 1.4" in c["markedText"], c
    assert c["markedBg"] != c["plainBg"], "the offending line is highlighted"
    assert abs(c["caretX"] - c["columnX"]) <= 1, f"caret at x={c['caretX']}, column {col} at x={c['columnX']}"
    wide.find_element(By.CSS_SELECTOR, f'[data-inspector-panel="{problem}"] a.cf-record-link').click()
    s = wait_for(wide, lambda s: s["panels"] == ["fish"])
    assert s["panels"] == ["fish"] and wide.execute_script("return document.body.dataset.page") == "suspects"


# ---------------------------------------------------------------- an empty collection


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_empty_collection_says_so(request, variant, viewport):
    driver = request.getfixturevalue(viewport)
    site, c = variant("empty")
    assert c.bulletins == []
    s = load(driver, site, "bulletins/index.html")
    e = driver.execute_script("""
      const e = document.querySelector('main .cf-empty');
      if (!e) return null;
      const r = e.getBoundingClientRect(), cs = getComputedStyle(e);
      return {text: e.innerText.trim(), w: r.width, h: r.height, top: r.top, display: cs.display,
              visibility: cs.visibility, opacity: parseFloat(cs.opacity),
              rows: document.querySelectorAll('tr[data-record-id]').length};
    """)
    assert e is not None, "no message on an empty page"
    assert e["display"] != "none" and e["visibility"] == "visible" and e["opacity"] > 0.5, e
    assert e["w"] > 0 and e["h"] > 0 and 0 <= e["top"] < driver.execute_script("return innerHeight"), e
    assert re.search(r"\bno bulletins\b", e["text"], re.I), e["text"]
    assert e["rows"] == 0
    assert s["scrollWidth"] <= s["clientWidth"], "no horizontal scroll"
    if viewport == "wide":
        # Nothing to select, so the inspector does not ask for a selection.
        title = driver.execute_script("return document.querySelector('[data-inspector-empty] .cf-unavailable-title').innerText")
        assert s["emptyVisible"] and title.strip() == "Nothing to inspect", s["emptyText"]
