"""The two inline SVG charts above the Suspects and Bulletins tables (Templates/README.md, "The
pages"): one bar per suspicion label or hour, as tall as its count, each labelled, in each label's
tone. Expected values are computed from the case's YAML (casedata.Case), never read back from the
page under test.
"""

import pytest

from casedata import OUT_OF_RANGE, SUSPICION_STEPS, ax_nodes, suspicion
from conftest import load


# ---------------------------------------------------------------- the two charts

CHART_JS = """
const svg = document.querySelector('main svg[role="img"]');
if (!svg) return null;
const r = svg.getBoundingClientRect();
return {w: r.width, h: r.height, right: r.right,
        bars: [...svg.querySelectorAll('rect')].map(b => b.getBoundingClientRect().height),
        fills: [...svg.querySelectorAll('rect')].map(b => getComputedStyle(b).fill),
        scripts: document.querySelectorAll('script').length,
        handlers: [...document.querySelectorAll('*')].some(e => [...e.attributes].some(a => a.name.startsWith('on')))};
"""


def unfold_chart(driver):
    """Below the breakpoint the chart folds behind the Chart control, so that the table comes
    first: folded, the chart takes no room; a real click on the control shows it."""
    control = driver.execute_script(
        "const l = document.querySelector('label[for=\"cf_chart_open\"]');"
        "return !!l && getComputedStyle(l).display !== 'none' && l.getClientRects().length > 0")
    if not control:
        return False
    folded = driver.execute_script(CHART_JS)
    assert folded is not None and folded["h"] == 0, f"the chart should be folded behind the Chart control: {folded}"
    driver.find_element("css selector", 'label[for="cf_chart_open"]').click()
    return True


def check_chart(driver, counts, title_word):
    unfolded = unfold_chart(driver)
    assert unfolded == (driver.execute_script("return innerWidth") < 700), "the Chart control is for narrow screens only"
    ch = driver.execute_script(CHART_JS)
    assert ch is not None, "no inline svg[role=img] chart in main"
    vw = driver.execute_script("return innerWidth")
    assert ch["w"] > 100 and ch["h"] > 20 and ch["right"] <= vw + 0.5, ch
    assert ch["scripts"] == 0 and not ch["handlers"], "no script on the page"
    images = [n for n in ax_nodes(driver) if n["role"] in ("image", "img") and title_word in n["name"]]
    assert len(images) == 1, "the chart should be an image named by its title"
    assert images[0]["description"], "the chart needs a text alternative (its <desc>)"
    assert len(ch["bars"]) == len(counts), (ch["bars"], counts)
    assert [h > 0.5 for h in ch["bars"]] == [c > 0 for c in counts], (ch["bars"], counts)
    scale = max(ch["bars"]) / max(counts)
    for h, c in zip(ch["bars"], counts):
        assert abs(h - c * scale) <= 1, f"bar heights {ch['bars']} not proportional to {counts}"
    return ch


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_suspects_chart_counts_suspects_per_label(request, site, case, viewport):
    driver = request.getfixturevalue(viewport)
    load(driver, site, "index.html")
    labels = [label for _, _, label in SUSPICION_STEPS]
    got = [suspicion(a.get("suspicionLevel", 0))[0] for a in case.animals]
    counts = [got.count(label) for label in labels] + ([got.count(OUT_OF_RANGE)] if OUT_OF_RANGE in got else [])
    ch = check_chart(driver, counts, "suspicion")
    # Each bar wears its label's tone: as many distinct fills as labels with suspects.
    assert len({f for f, c in zip(ch["fills"], counts) if c}) == sum(1 for c in counts if c), ch["fills"]


@pytest.mark.parametrize("viewport", ["wide", "narrow"])
def test_bulletins_chart_counts_nibbles_by_hour(request, site, case, viewport):
    driver = request.getfixturevalue(viewport)
    load(driver, site, "bulletins/index.html")
    counts = [0] * 24
    for b in case.bulletins:
        counts[case.local(b).hour] += 1
    check_chart(driver, counts, "hour")
