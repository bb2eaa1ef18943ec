"""Screenshots for the README: written into Docs/ by Scripts/screenshots.sh (CASEFILE_SCREENSHOTS=1),
and into a folder of the run's own by every other test run (conftest.SHOTS).

The Chromium ones are taken with CDP `Page.captureScreenshot`, so the image is exactly the
emulated viewport (1280x800 or 390x844 at deviceScaleFactor 1); the PNG's IHDR size is checked
against it. One set per engine (`screenshot-<engine>-<size>.png`, a row selected at 1280x800,
820x1180 and 390x844) is taken with WebDriver's own screenshot, which every engine has; its size
is checked against the viewport the page reports.
"""

import base64
import struct
import time

import pytest

from conftest import NARROW, SHOTS, WIDE, load, wait_for
from test_page_reach import reach  # noqa: F401 (a fixture)
from engines import EVERY_ENGINE

DOCS = SHOTS


def png_size(data: bytes):
    """(width, height) from a PNG's IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR", "IHDR is not the first chunk"
    return struct.unpack(">II", data[16:24])


def capture(driver, name, metrics):
    # Let animations (the dim's fade, the sheet's snap) settle before the shot.
    time.sleep(0.4)
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False}
    )
    data = base64.b64decode(shot["data"])
    assert png_size(data) == (
        metrics["width"] * metrics["deviceScaleFactor"],
        metrics["height"] * metrics["deviceScaleFactor"],
    ), name
    DOCS.mkdir(exist_ok=True)
    (DOCS / name).write_bytes(data)
    return data


@pytest.mark.parametrize(
    "name, fragment, check",
    [
        ("screenshot-wide.png", "fish", lambda s: s["panels"] == ["fish"]),
        ("screenshot-wide-empty.png", "", lambda s: s["panels"] == [] and s["emptyVisible"]),
        ("screenshot-wide-warning.png", "mouse", lambda s: s["panels"] == ["mouse"]),
        ("screenshot-wide-validation.png", "p1", lambda s: s["panels"] == ["p1"]),
    ],
    ids=["selected", "empty", "warning", "validation"],
)
def test_wide_screenshots(wide, site, name, fragment, check):
    page = "validation/index.html" if "validation" in name else "index.html"
    load(wide, site, page, fragment)
    s = wait_for(wide, check)
    assert check(s), s
    assert (s["innerWidth"], s["innerHeight"]) == (WIDE["width"], WIDE["height"])
    capture(wide, name, WIDE)


@pytest.mark.parametrize(
    "name, fragment, shown",
    [
        ("screenshot-narrow.png", "fish", 200),
        ("screenshot-narrow-medium.png", "fish_medium", NARROW["height"] / 2),
    ],
    ids=["200", "medium"],
)
def test_narrow_screenshots(narrow, site, name, fragment, shown):
    load(narrow, site, "index.html", fragment)
    s = wait_for(narrow, lambda s: s["panels"] == ["fish"] and abs(s["sheetShown"] - shown) <= 2, timeout=10)
    assert s["panels"] == ["fish"] and abs(s["sheetShown"] - shown) <= 2, s
    assert (s["innerWidth"], s["innerHeight"]) == (NARROW["width"], NARROW["height"])
    capture(narrow, name, NARROW)


@pytest.mark.parametrize("language", ["ar", "ja"])
def test_language_screenshots(wide, narrow, settings_site, language):
    """The suspects page in Arabic (right to left: the inspector on the left) and Japanese, a row
    selected, at 1280x800 and with the sheet at its medium detent at 390x844."""
    site = settings_site(language)
    load(wide, site, "index.html", "fish")
    s = wait_for(wide, lambda s: s["panels"] == ["fish"])
    assert s["panels"] == ["fish"] and (s["innerWidth"], s["innerHeight"]) == (WIDE["width"], WIDE["height"]), s
    assert wide.execute_script("return document.documentElement.lang") == language
    capture(wide, f"screenshot-{language}-wide.png", WIDE)
    load(narrow, site, "index.html", "fish_medium")
    # The sheet slides up to its detent: on a loaded machine that took over the default 2 s.
    s = wait_for(narrow, lambda s: s["panels"] == ["fish"] and abs(s["sheetShown"] - NARROW["height"] / 2) <= 2,
                 timeout=10)
    assert s["panels"] == ["fish"] and abs(s["sheetShown"] - NARROW["height"] / 2) <= 2, s
    capture(narrow, f"screenshot-{language}-narrow.png", NARROW)


@EVERY_ENGINE
@pytest.mark.parametrize("viewport, fragment", [("wide", "fish"), ("middle", "fish"), ("narrow", "fish_medium")],
                         ids=["wide", "middle", "narrow"])
def test_screenshots_per_engine(request, engine, site, viewport, fragment):
    driver = request.getfixturevalue(viewport)
    load(driver, site, "index.html", fragment)
    s = wait_for(driver, lambda s: s["panels"] == ["fish"])
    assert s["panels"] == ["fish"], s
    time.sleep(0.6)  # the sheet's snap and the dim's fade settle
    data = driver.get_screenshot_as_png()
    width, height, ratio = driver.execute_script("return [innerWidth, innerHeight, devicePixelRatio]")
    assert png_size(data) == (round(width * ratio), round(height * ratio)), (engine, viewport, png_size(data))
    DOCS.mkdir(exist_ok=True)
    (DOCS / f"screenshot-{engine}-{viewport}.png").write_bytes(data)


@pytest.mark.parametrize("viewport, metrics", [("wide", WIDE), ("narrow", NARROW)], ids=["wide", "narrow"])
def test_filter_screenshots(request, site, viewport, metrics):
    """The Suspects table with the "Very suspicious" chip on, for the README."""
    driver = request.getfixturevalue(viewport)
    load(driver, site, "index.html")
    if viewport == "narrow":  # the chips fold behind the Filter control
        driver.find_element("css selector", 'label[for="cf_filter_open"]').click()
    label = driver.execute_script(
        "return document.querySelector('[data-filter=\"label\"][value=\"very-suspicious\"]').closest('label')")
    label.click()
    rows = wait_for(driver, lambda n: n < 10, read=lambda d: d.execute_script(
        "return [...document.querySelectorAll('tr[data-record-id]')].filter(r => getComputedStyle(r).display !== 'none').length"))
    assert rows < 10, rows
    if viewport == "narrow":  # the Filter control, its badge and the chips, from the top
        driver.execute_script("scrollTo(0, 0)")
    else:
        driver.execute_script("document.querySelector('[data-filters]').scrollIntoView({block: 'start'}); scrollBy(0, -12)")
    capture(driver, f"screenshot-filters-{viewport}.png", metrics)


@pytest.mark.parametrize("viewport, metrics", [("wide", WIDE), ("narrow", NARROW)], ids=["wide", "narrow"])
def test_record_page_screenshots(request, site, viewport, metrics):
    """Fabrizio's own page (suspects/id/fish.html), for the README."""
    driver = request.getfixturevalue(viewport)
    driver.get("about:blank")
    driver.get(site.url("suspects/id/fish.html"))
    shown = wait_for(driver, lambda p: p == ["fish"], read=lambda d: d.execute_script(
        "return [...document.querySelectorAll('[data-record-page] [data-inspector-panel]')].map(p => p.dataset.inspectorPanel)"))
    assert shown == ["fish"], shown
    capture(driver, f"screenshot-record-{viewport}.png", metrics)


@pytest.mark.parametrize("viewport, metrics", [("wide", WIDE), ("narrow", NARROW)], ids=["wide", "narrow"])
def test_index_screenshots(request, reach, viewport, metrics):
    """Page 57 of the suspects by name in a case of 200 pages: the name index and the jumps."""
    from test_page_reach import listing
    driver = request.getfixturevalue(viewport)
    driver.get("about:blank")
    driver.get(reach.url(listing(57)))
    found = wait_for(driver, lambda n: n > 0, read=lambda d: d.execute_script(
        "return document.querySelectorAll('nav[data-index] a').length"))
    assert found > 0, "no index on the page"
    driver.execute_script("document.querySelector('nav[data-index]').scrollIntoView({block: 'start'}); scrollBy(0, -12)")
    capture(driver, f"screenshot-index-{viewport}.png", metrics)


def test_printed_record_screenshot(wide, site, tmp_path):
    """The first sheet of Fabrizio's page printed at A4 (Chromium's print to PDF, pdftoppm)."""
    import shutil
    import subprocess
    from test_print import print_pdf
    wide.get("about:blank")
    wide.get(site.url("suspects/id/fish.html"))
    pdf = print_pdf(wide, tmp_path)
    assert pdf.sheets >= 1
    if not shutil.which("pdftoppm"):
        pytest.fail("pdftoppm not found: install poppler-utils (Scripts/install-deps.sh --test)")
    source = pdf.path
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", str(source),
                    str(tmp_path / "sheet")], check=True)
    data = (tmp_path / "sheet.png").read_bytes()
    width, height = png_size(data)
    assert abs(width / height - 210 / 297) < 0.01, (width, height)  # A4 portrait
    (DOCS / "screenshot-print-record.png").write_bytes(data)
