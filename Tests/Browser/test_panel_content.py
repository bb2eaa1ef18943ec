"""What the inspector's panels hold (Templates/README.md, "The pages"): grouped sections with
their headers, every fruit and bulletin of a suspect, a bulletin's suspects asleep or awake, a
fruit's fans and bulletins, and case links in notes opening the record they name, selected.
Expected values are computed from the case's YAML (casedata.Case), never read back from the page
under test.
"""

import re

import pytest
from selenium.webdriver.common.by import By

from casedata import resolve_colors, rgba, suspicion
from conftest import load, wait_for


# ---------------------------------------------------------------- grouped sections

SECTIONS_JS = """
const panel = document.querySelector(`[data-inspector-panel="${arguments[0]}"]`);
const sheet = document.querySelector('.cf-sheet');
const behind = arguments[1] ? getComputedStyle(sheet, '::before').backgroundColor
                            : getComputedStyle(document.querySelector('[data-inspector]')).backgroundColor;
return {behind, sections: [...panel.querySelectorAll(':scope > .cf-section')].filter(s => s.getClientRects().length)
  .map(s => {
    const h = s.querySelector(':scope > h3'), g = h && h.nextElementSibling;
    const hr = h.getBoundingClientRect(), gr = g.getBoundingClientRect(), cs = getComputedStyle(g);
    return {title: h.innerText.trim(), hVisible: hr.width > 0 && hr.height > 0, hBottom: hr.bottom, gTop: gr.top,
            gH: gr.height, radius: parseFloat(cs.borderTopLeftRadius), bg: cs.backgroundColor};
  })};
"""


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_panel_content_in_grouped_sections_with_headers(request, site, viewport):
    driver = request.getfixturevalue(viewport)
    load(driver, site, "index.html", "fish" if viewport == "wide" else "fish_large")
    d = driver.execute_script(SECTIONS_JS, "fish", viewport == "narrow")
    titles = [s["title"].lower() for s in d["sections"]]
    assert titles[:2] == ["identity", "interview"], titles
    for s in d["sections"]:
        assert s["hVisible"] and s["hBottom"] <= s["gTop"] + 0.5, f"header above its group: {s}"
        assert s["gH"] > 0 and s["radius"] > 0, f"a rounded group: {s}"
        assert s["bg"] != d["behind"] and rgba(s["bg"])[3] > 0, f"the group stands out from {d['behind']}: {s}"


# ---------------------------------------------------------------- case links and panels


def test_case_link_in_a_note_opens_the_record_selected(wide, site, case):
    note = (case.root / "notes" / "animals" / "fish.md").read_text(encoding="utf-8")
    target = re.search(r"\]\(bulletin:([a-z0-9-]+)\)", note).group(1)
    load(wide, site, "index.html", "fish")
    link = wide.find_element(
        By.XPATH, f'//*[@data-inspector-panel="fish"]//*[contains(@class,"cf-note")]'
                  f'//a[contains(@href, "#{target}")]'
    )
    link.click()
    s = wait_for(wide, lambda s: s["panels"] == [target])
    assert s["panels"] == [target] and s["hash"] == "#" + target, s
    assert wide.execute_script("return document.body.dataset.page") == "bulletins"
    assert s["scrollY"] == 0


def panel_section(driver, site, record, title):
    """The visible list items of the panel section whose header starts with title; hrefs are
    relative to the site's root."""
    return driver.execute_script("""
      const panel = document.querySelector(`[data-inspector-panel="${arguments[0]}"]`);
      const sec = [...panel.querySelectorAll('.cf-section')].find(s =>
        s.querySelector('h3') && s.querySelector('h3').innerText.trim().toLowerCase().startsWith(arguments[1]));
      if (!sec) return null;
      return [...sec.querySelectorAll('li')].filter(e => e.getClientRects().length).map(e => {
        const a = e.querySelector('a');
        const badge = e.querySelector('.cf-badge');
        const sw = e.querySelector('.cf-swatch');
        return {text: e.innerText.trim(), href: a && a.href.startsWith(arguments[2]) ? a.href.slice(arguments[2].length) : null,
                badge: badge ? badge.innerText.replace(/[^A-Za-z]/g, '') : null,
                swatch: sw ? getComputedStyle(sw).backgroundColor : null};
      });
    """, record, title.lower(), site.url(""))


def test_suspect_panel_lists_every_fruit_and_the_bulletins(wide, site, case):
    animal = max(case.animals, key=lambda a: len(case.favourites(a)))
    load(wide, site, "index.html", animal["id"])
    fruits = panel_section(wide, site, animal["id"], "identity")
    fav = [case.fruits[f] for f in case.favourites(animal)]
    assert [f["text"] for f in fruits] == [f["name"] for f in fav], "all favourites, not just three"
    assert [f["swatch"] for f in fruits] == resolve_colors(wide, [f["color"] for f in fav])
    assert all(f["href"] == f"fruits/index.html#{x['id']}" for f, x in zip(fruits, fav)), fruits
    bulletins = panel_section(wide, site, animal["id"], "bulletins")
    about = [b for b in case.bulletins if b["fruit"] in case.favourites(animal)]
    assert len(bulletins) == len(about) > 0, (bulletins, about)
    got = {b["href"]: b["badge"] for b in bulletins}
    want = {f"bulletins/index.html#{b['id']}": "Asleep" if case.asleep(animal, b) else "Awake" for b in about}
    assert got == want
    # Identity and Interview: name, species, paw size, alibi, "Sleep at / Awake at", the meter.
    rows = wide.execute_script("""
      const panel = document.querySelector(`[data-inspector-panel="${arguments[0]}"]`);
      const m = panel.querySelector('meter');
      return {rows: Object.fromEntries([...panel.querySelectorAll('.cf-row')].filter(r => r.getClientRects().length)
                .map(r => [r.querySelector('dt').innerText.trim(), r.querySelector('dd').innerText.trim()])),
              meter: m ? [m.value, m.getBoundingClientRect().width, m.getBoundingClientRect().height] : null};
    """, animal["id"])
    r = rows["rows"]
    assert (r["Name"], r["Species"], r["Paw size"]) == (animal["name"], animal["species"], animal.get("pawSize", "small"))
    assert r["Alibi"] == animal["alibi"], r
    if animal.get("sleepSchedule"):
        assert (r["Sleep at"], r["Awake at"]) == (animal["sleepSchedule"]["sleep"], animal["sleepSchedule"]["wake"]), r
    assert r["Suspicion"].endswith(suspicion(animal.get("suspicionLevel", 0))[0]), r["Suspicion"]
    value, width, height = rows["meter"]
    assert abs(value - animal.get("suspicionLevel", 0)) < 1e-9 and width > 20 and height > 0, rows["meter"]


def test_bulletin_panel_links_its_suspects_asleep_or_awake(wide, site, case):
    for b in case.bulletins:
        fans = [a for a in case.animals if b["fruit"] in case.favourites(a)]
        if len({case.asleep(a, b) for a in fans}) == 2:
            break
    else:
        pytest.fail("the sample should have a bulletin with suspects both asleep and awake")
    load(wide, site, "bulletins/index.html", b["id"])
    items = panel_section(wide, site, b["id"], "suspects")
    got = {i["href"]: i["badge"] for i in items}
    want = {f"index.html#{a['id']}": "Asleep" if case.asleep(a, b) else "Awake" for a in fans}
    assert got == want, f"{b['id']} at {case.local(b)}"


def test_fruit_panel_links_fans_and_bulletins(wide, site, case):
    fruit = max(case.fruits.values(),
                key=lambda f: sum(f["id"] in case.favourites(a) for a in case.animals))
    load(wide, site, "fruits/index.html", fruit["id"])
    fans = panel_section(wide, site, fruit["id"], "fans")
    want = [a["id"] for a in case.animals if fruit["id"] in case.favourites(a)]
    assert sorted(f["href"] for f in fans) == sorted(f"index.html#{a}" for a in want), fans
    bulletins = panel_section(wide, site, fruit["id"], "bulletins")
    about = [b["id"] for b in case.bulletins if b["fruit"] == fruit["id"]]
    assert len(about) > 0, f"the sample should have a bulletin about {fruit['id']}"
    assert sorted(x["href"] for x in bulletins) == sorted(f"bulletins/index.html#{b}" for b in about), bulletins
