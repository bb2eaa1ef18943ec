"""Screenshots for the README, written into Docs/ (issue: screenshots).

Each is taken with CDP `Page.captureScreenshot`, so the image is exactly the emulated viewport
(1280x800 or 390x844 at deviceScaleFactor 1); the PNG's IHDR size is checked against it.
"""

import base64
import struct
import time

import pytest

from conftest import NARROW, REPO, WIDE, load, wait_for

DOCS = REPO / "Docs"


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
    ],
    ids=["selected", "empty"],
)
def test_wide_screenshots(wide, site, name, fragment, check):
    load(wide, site, "index.html", fragment)
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
    s = wait_for(narrow, lambda s: s["panels"] == ["fish"] and abs(s["sheetShown"] - shown) <= 2)
    assert s["panels"] == ["fish"] and abs(s["sheetShown"] - shown) <= 2, s
    assert (s["innerWidth"], s["innerHeight"]) == (NARROW["width"], NARROW["height"])
    capture(narrow, name, NARROW)
