"""Fixtures for Casefile's browser tests (issue 3).

The sample site is built once per session with the already-built debug binary
(`swift build` first), then opened from file:// URLs in Debian's headless Chromium through
chromedriver. Each viewport gets exact CSS-pixel metrics through CDP
`Emulation.setDeviceMetricsOverride`, so layout numbers do not depend on window chrome.
"""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPO = Path(__file__).resolve().parents[2]
BINARY = REPO / ".build" / "debug" / "casefile"

CHROMIUM = os.environ.get("CASEFILE_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CASEFILE_CHROMEDRIVER", "/usr/bin/chromedriver")

WIDE = {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}
NARROW = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}


class Site:
    """The built sample site: `site.url("index.html#fish")` gives a file:// URL."""

    def __init__(self, root: Path):
        self.root = root

    def url(self, page: str = "index.html") -> str:
        return self.root.as_uri() + "/" + page


@pytest.fixture(scope="session")
def site():
    prebuilt = os.environ.get("CASEFILE_SITE")
    if prebuilt:  # test an already-built site (e.g. one rendered with custom templates)
        root = Path(prebuilt).resolve()
        if not (root / "index.html").is_file():
            pytest.exit(f"CASEFILE_SITE={prebuilt} has no index.html", returncode=2)
        yield Site(root)
        return
    if not BINARY.is_file() or not os.access(BINARY, os.X_OK):
        pytest.exit(
            f"casefile binary not found at {BINARY}: run `swift build` in {REPO} first",
            returncode=2,
        )
    out = Path(tempfile.mkdtemp(prefix="casefile-browser-")) / "site"
    result = subprocess.run(
        [str(BINARY), "build", "--content", "Content", "--output", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if result.returncode != 0 or not (out / "index.html").is_file():
        pytest.exit(
            "casefile build failed (exit %d):\n%s\n%s"
            % (result.returncode, result.stdout, result.stderr),
            returncode=2,
        )
    yield Site(out)
    shutil.rmtree(out.parent, ignore_errors=True)


def _start_chromium(metrics):
    for path in (CHROMIUM, CHROMEDRIVER):
        if not Path(path).exists():
            pytest.exit(
                f"{path} missing: apt-get install -y chromium chromium-driver "
                "fonts-noto-color-emoji",
                returncode=2,
            )
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--window-size=%d,%d" % (metrics["width"], metrics["height"]),
        "--force-device-scale-factor=1",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", dict(metrics))
    return driver


def _fresh(driver, metrics):
    """Reset per-test state: no emulated media, the exact metrics, a blank page."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", dict(metrics))
    driver.get("about:blank")
    return driver


@pytest.fixture(scope="session")
def _wide_session():
    driver = _start_chromium(WIDE)
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def _narrow_session():
    driver = _start_chromium(NARROW)
    yield driver
    driver.quit()


@pytest.fixture
def wide(_wide_session):
    """Chromium at 1280x800, deviceScaleFactor 1, not mobile, on about:blank."""
    yield _fresh(_wide_session, WIDE)


@pytest.fixture
def narrow(_narrow_session):
    """Chromium at 390x844, deviceScaleFactor 1, mobile, on about:blank."""
    yield _fresh(_narrow_session, NARROW)
