"""Fixtures for Casefile's browser tests.

The sample site is built once per session with the already-built debug binary
(`swift build` first), then opened from file:// URLs. `wide` and `narrow` are a browser at
1280x800 and 390x844 of the test's `engine`: Chromium for every test, and also WebKitGTK and
Firefox ESR for tests marked `engines` (engines.py starts them; CASEFILE_ENGINES picks which
run). Chromium gets exact CSS-pixel metrics through CDP `Emulation.setDeviceMetricsOverride`;
the others a window whose inner size is exactly the viewport.
"""

import http.server
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
import engines
from selenium.common.exceptions import JavascriptException, NoSuchFrameException
from casedata import VARIANTS, Case

REPO = Path(__file__).resolve().parents[2]
# Where the screenshot tests put their images: Docs/ (tracked files, which the README shows) only
# when CASEFILE_SCREENSHOTS is 1 (Scripts/screenshots.sh sets it), else a folder of this run's
# own, so that a test run leaves every tracked file as it was. Either way each image is checked.
SHOTS = (REPO / "Docs" if os.environ.get("CASEFILE_SCREENSHOTS") == "1"
         else Path(tempfile.mkdtemp(prefix="casefile-screenshots-")))
BINARY = REPO / ".build" / "debug" / "casefile"

WIDE = {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}
NARROW = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
# A tablet in portrait, or a split screen: wider than the sheet's breakpoint (700), narrower than
# the column's overlay width (1000).
MIDDLE = {"width": 820, "height": 1180, "deviceScaleFactor": 1, "mobile": False}
VIEWPORTS = {"wide": WIDE, "narrow": NARROW, "middle": MIDDLE}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A static file server's handler that logs nothing (the tests' own servers on loopback)."""

    def log_message(self, format, *args):
        pass


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


@pytest.fixture(scope="session")
def _browsers():
    """Browsers by (engine, viewport), each started when a test first needs it (a WebKit one on
    an Xvfb display of its own), all quit at the end of the session."""
    started, display = {}, []

    def xvfb():
        display.append(engines.Xvfb())
        return display[-1]

    def get(engine, name):
        if (engine, name) not in started:
            started[(engine, name)] = engines.start(engine, VIEWPORTS[name], xvfb)
        return started[(engine, name)]

    yield get
    for driver in started.values():
        try:
            driver.quit()
        except Exception:  # a browser that died already
            pass
    for d in display:
        d.stop()


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "engines(*names): run the test once in each named engine that CASEFILE_ENGINES lists "
        "(unmarked tests run in Chromium only)",
    )
    # Deprecations inside the drivers' own packages, not the suite's.
    for warning in ("ignore:setting remote_server_addr:DeprecationWarning",
                    "ignore::DeprecationWarning:mozinfo.*", "ignore::DeprecationWarning:mozrunner.*"):
        config.addinivalue_line("filterwarnings", warning)


def pytest_generate_tests(metafunc):
    marker = metafunc.definition.get_closest_marker("engines")
    if marker and "engine" in metafunc.fixturenames:
        metafunc.parametrize("engine", [
            e if e in engines.ENABLED else pytest.param(e, marks=pytest.mark.skip(
                reason=f"{e} is not in CASEFILE_ENGINES={','.join(engines.ENABLED)}"))
            for e in marker.args
        ], indirect=True)


@pytest.fixture
def engine(request):
    """The engine this test runs in: a parameter for tests marked `engines`, else Chromium."""
    name = getattr(request, "param", "chromium")
    if name not in engines.ENABLED:
        pytest.skip(f"{name} is not in CASEFILE_ENGINES={','.join(engines.ENABLED)}")
    return name


@pytest.fixture
def wide(_browsers, engine):
    """The engine's browser at 1280x800 (Chromium: deviceScaleFactor 1, not mobile), on about:blank."""
    yield engines.fresh(_browsers(engine, "wide"), WIDE)


@pytest.fixture
def narrow(_browsers, engine):
    """The engine's browser at 390x844 (Chromium: deviceScaleFactor 1, mobile), on about:blank."""
    yield engines.fresh(_browsers(engine, "narrow"), NARROW)


@pytest.fixture
def middle(_browsers, engine):
    """The engine's browser at 820x1180 (Chromium: deviceScaleFactor 1, not mobile), on about:blank."""
    yield engines.fresh(_browsers(engine, "middle"), MIDDLE)


def build_generated_case(prefix, args, site_yaml):
    """A case made by Scripts/make-case.py with `args`, `site_yaml` appended to its site.yaml,
    built with the debug binary into a new temporary folder: (folder, case, site root). The
    caller removes the folder."""
    if not BINARY.is_file():
        pytest.exit(f"casefile binary not found at {BINARY}: run `swift build` in {REPO} first", returncode=2)
    parent = Path(tempfile.mkdtemp(prefix=prefix))
    content, out = parent / "case", parent / "site"
    made = subprocess.run(["python3", str(REPO / "Scripts" / "make-case.py"), str(content), *args],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, f"make-case.py failed:\n{made.stdout}\n{made.stderr}"
    with open(content / "site.yaml", "a", encoding="utf-8") as f:
        f.write(site_yaml)
    built = subprocess.run([str(BINARY), "build", "--content", str(content), "--output", str(out)],
                           cwd=REPO, capture_output=True, text=True, timeout=300)
    if built.returncode != 0 or not (out / "index.html").is_file():
        pytest.fail(f"casefile build of {args} failed (exit {built.returncode}):\n{built.stdout}\n{built.stderr}")
    return parent, content, out


# ---------------------------------------------------------------- site variants
#
# Variants of the sample case, each built once per session from a copy of Content/ with one
# change: a planted validation error, or settings appended to site.yaml. They are built with
# the same debug binary as `site` (even when CASEFILE_SITE points `site` elsewhere).

# fish's suspicionLevel 0.3 → 1.4: one `suspicion-range` error, so the validation page has a row.
INVALID_FISH = ("animals.yaml", "suspicionLevel: 0.3\n", "suspicionLevel: 1.4\n")

# site.yaml additions for test_settings.py, by variant name.
SETTINGS_VARIANTS = {
    "underToolbar": "inspector:\n  placement: underToolbar\n",
    "notPresented": "inspector:\n  presented: false\n",
    "widths": "inspector:\n  idealWidth: 350\n  maxWidth: 450\n",
    "detents": "sheet:\n  detents: [300, large]\n  backgroundInteractionUpThrough: none\n",
    "sheetLook": "sheet:\n  cornerRadius: 28\n  background: papayawhip\n",
    "thickSheet": "sheet:\n  background: thickMaterial\n",
    "noOverlay": "inspector:\n  overlayBelow: 0\n",
    "ar": "language: ar\n",
    "ja": "language: ja\n",
}


def _build_variant(parent: Path, name: str, edit, expect_errors: bool) -> Site:
    """Copy Content/ to parent/name/content, apply edit(content_dir), build parent/name/site."""
    if not BINARY.is_file() or not os.access(BINARY, os.X_OK):
        pytest.exit(
            f"casefile binary not found at {BINARY}: run `swift build` in {REPO} first",
            returncode=2,
        )
    content = parent / name / "content"
    out = parent / name / "site"
    shutil.copytree(REPO / "Content", content)
    edit(content)
    result = subprocess.run(
        [str(BINARY), "build", "--content", str(content), "--output", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    # `build` exits 1 when the case has errors and still writes the site.
    expected = (0, 1) if expect_errors else (0,)
    if result.returncode not in expected or not (out / "index.html").is_file():
        pytest.fail(
            "casefile build of variant %r failed (exit %d):\n%s\n%s"
            % (name, result.returncode, result.stdout, result.stderr)
        )
    return Site(out)


@pytest.fixture(scope="session")
def _variants_dir():
    parent = Path(tempfile.mkdtemp(prefix="casefile-variants-"))
    yield parent
    shutil.rmtree(parent, ignore_errors=True)


@pytest.fixture(scope="session")
def invalid_site(_variants_dir):
    """The sample with fish's suspicionLevel 1.4: one error, its row first on the validation page."""
    path, old, new = INVALID_FISH

    def edit(content):
        text = (content / path).read_text(encoding="utf-8")
        assert text.count(old) >= 1, f"{old!r} not in {path}: update INVALID_FISH"
        (content / path).write_text(text.replace(old, new, 1), encoding="utf-8")

    return _build_variant(_variants_dir, "invalid", edit, expect_errors=True)


@pytest.fixture(scope="session")
def settings_site(_variants_dir):
    """A factory: settings_site("underToolbar") builds (once) the sample with that site.yaml
    addition from SETTINGS_VARIANTS."""
    built = {}

    def get(name):
        if name not in built:
            addition = SETTINGS_VARIANTS[name]

            def edit(content):
                with open(content / "site.yaml", "a", encoding="utf-8") as f:
                    f.write("\n" + addition)

            built[name] = _build_variant(_variants_dir, name, edit, expect_errors=False)
        return built[name]

    return get


@pytest.fixture(scope="session")
def case():
    """The sample case's YAML (casedata.Case): where tests compute what a page should show."""
    return Case(REPO / "Content")


@pytest.fixture(scope="session")
def variant(_variants_dir):
    """A factory: variant("paged") builds (once) the sample with casedata.VARIANTS["paged"]'s
    edit and returns (Site, Case) for it."""
    built = {}

    def get(name):
        if name not in built:
            edit, has_errors = VARIANTS[name]
            site = _build_variant(_variants_dir, name, edit, expect_errors=has_errors)
            built[name] = (site, Case(_variants_dir / name / "content"))
        return built[name]

    return get


# ---------------------------------------------------------------- page probes
#
# Shared by test_pages.py and test_settings.py (`from conftest import …`).

PROBE_JS = """
const vis = e => !!e && getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0;
const rect = e => e && e.getClientRects().length ? e.getBoundingClientRect().toJSON() : null;
const insp = document.querySelector('[data-inspector]');
const header = document.querySelector('header.cf-toolbar, body > header');
const sheet = document.querySelector('.cf-sheet');
const dim = document.querySelector('[data-sheet-dim]');
const toggle = document.querySelector('[data-inspector-toggle]');
const sheetRect = rect(sheet);
const dimRect = rect(dim);
return {
  hash: location.hash,
  innerWidth, innerHeight, scrollY,
  scrollWidth: document.documentElement.scrollWidth,
  clientWidth: document.documentElement.clientWidth,
  inspectorDisplay: getComputedStyle(insp).display,
  inspector: rect(insp),
  header: rect(header),
  toggleChecked: toggle ? toggle.checked : null,
  emptyVisible: vis(document.querySelector('[data-inspector-empty]')),
  emptyText: (document.querySelector('[data-inspector-empty]') || {}).textContent || '',
  panels: [...document.querySelectorAll('[data-inspector-panel]')]
            .filter(vis).map(e => e.dataset.inspectorPanel),
  sheet: sheetRect,
  sheetShown: sheetRect ? Math.max(0, innerHeight - sheetRect.top) : 0,
  dimDisplay: dim ? getComputedStyle(dim).display : 'missing',
  dimArea: dimRect ? dimRect.width * dimRect.height : 0,
  // Shown: laid out, visible and not transparent (the scroll-driven dim is hidden by
  // visibility and opacity, not display, while the sheet rests at or below the up-through detent).
  dimShown: !!dim && getComputedStyle(dim).display !== 'none' && !!dimRect && dimRect.width * dimRect.height > 0
            && getComputedStyle(dim).visibility === 'visible' && parseFloat(getComputedStyle(dim).opacity) > 0.05,
};
"""


def probe(driver):
    return driver.execute_script(PROBE_JS)


def wait_for(driver, predicate, timeout=2.0, read=None):
    """Poll the page until predicate(state) holds; return the last state either way. The state
    is probe(driver) unless `read` names another reader of the page (a test's own script)."""
    read = read or probe
    deadline = time.monotonic() + timeout
    while True:
        s = read(driver)
        if predicate(s) or time.monotonic() > deadline:
            return s
        time.sleep(0.05)


def load(driver, site, page, fragment=""):
    """A fresh load (from about:blank) of site's page, optionally with a fragment."""
    driver.get("about:blank")
    driver.get(site.url(page + (("#" + fragment) if fragment else "")))
    return probe(driver)


SELECT_FRAGMENT_JS = """
return decodeURIComponent(document.querySelector(
  `[data-table] tr[data-record-id="${arguments[0]}"] a[data-select]`).hash.slice(1));
"""


ARRIVED_JS = ("return location.href !== arguments[0] && document.readyState === 'complete'"
              " && !!document.querySelector('[data-table], .cf-main')")


def arrived(driver, before, timeout=5):
    """Wait until a page at another address than `before` has loaded (its table or 404 body there).
    A read that the old page's unload cuts short (WebKit's driver fails such a script: "Callback
    was not called before the unload event") counts as not yet arrived."""
    def read(d):
        try:
            return d.execute_script(ARRIVED_JS, before) is True
        except (NoSuchFrameException, JavascriptException) as error:
            if "unload" not in str(error) and not isinstance(error, NoSuchFrameException):
                raise
            return False
    wait_for(driver, lambda done: done, read=read, timeout=timeout)


def leave_by(driver, find_link, *args):
    """Click the link the script `find_link` returns (with `args`) and wait until the next page
    has loaded. The click runs after the script returns: WebKit's driver fails a script whose
    page unloads under it."""
    before = driver.execute_script("return location.href")
    driver.execute_script(f"const a = (() => {{ {find_link} }})(); setTimeout(() => a.click(), 0);", *args)
    arrived(driver, before)


def select(driver, site, record, page="index.html"):
    """Load page, then the fragment its row for record links to (selecting it); wait for its panel."""
    load(driver, site, page)
    load(driver, site, page, driver.execute_script(SELECT_FRAGMENT_JS, record))
    return wait_for(driver, lambda s: s["panels"] == [record])


# The editor tests' servers (`casefile serve` on copies of the sample), shared by their modules:
# imported last, as they read BINARY and REPO above.
from editing_fixtures import _serves, served, served_ar  # noqa: E402,F401
