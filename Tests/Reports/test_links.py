"""The published sample passes Debian's LinkChecker with its AnchorCheck plugin on: every link
of every page leads to a file, and every #fragment to an id on it (the close control's `#_`
included). Deploys are often gated on such a checker, so any warning or error fails the test.

LinkChecker, run as root, drops its privileges to `nobody`: the published folder is made
readable by everyone for it.
"""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from report_helpers import SAMPLE, binary, run  # noqa: F401  (binary is a fixture)


@pytest.fixture
def published(binary) -> Path:
    if shutil.which("linkchecker") is None:
        pytest.fail("linkchecker is not installed: run Scripts/install-deps.sh --test")
    parent = Path(tempfile.mkdtemp(prefix="casefile-links-"))
    out = parent / "public"
    result = run("publish", "--content", str(SAMPLE), "--output", str(out))
    assert result.returncode == 0, result.stderr
    for folder, _, files in os.walk(parent):
        os.chmod(folder, 0o755)
        for name in files:
            os.chmod(os.path.join(folder, name), 0o644)
    yield out
    shutil.rmtree(parent, ignore_errors=True)


def linkcheck(site: Path) -> subprocess.CompletedProcess:
    config = site.parent / "linkcheckerrc"
    config.write_text("[AnchorCheck]\n", encoding="utf-8")
    os.chmod(config, 0o644)
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 5, pages
    return subprocess.run(["linkchecker", "--config", str(config), "--no-status", "--output", "text",
                           *(p.as_uri() for p in pages)],
                          capture_output=True, text=True, timeout=300)


def test_the_published_sample_has_no_broken_link_or_anchor(published: Path):
    result = linkcheck(published)
    assert "0 warnings found. 0 errors found." in result.stdout, result.stdout[-4000:]
    assert result.returncode == 0, result.stdout[-4000:]


def test_the_checker_reports_a_missing_anchor(published: Path):
    # The same site with the close control's target taken out: the checker must see it.
    for page in published.rglob("*.html"):
        page.write_text(page.read_text(encoding="utf-8").replace('<span id="_" hidden></span>', ""), encoding="utf-8")
    result = linkcheck(published)
    assert result.returncode == 1
    assert "Anchor `_'" in result.stdout, result.stdout[-4000:]
