"""The editor tests' servers as fixtures (registered by conftest.py's `pytest_plugins`, so that
the session's servers are shared by every module that uses them)."""

import shutil
import tempfile
from pathlib import Path

import pytest

from editing_serve import Serve


@pytest.fixture(scope="session")
def _serves():
    """Serve by language ("en": the sample as it is; "ar": with `language: ar`), each started
    when a test first needs it and stopped with SIGTERM at the end of the session."""
    parent = Path(tempfile.mkdtemp(prefix="casefile-editor-"))
    started = {}

    def get(language):
        if language in started and started[language].process.poll() is not None:
            # Stopped from outside (a signal for every `casefile serve` on the machine): a new
            # one, on a fresh copy.
            started.pop(language).stop()
        if language not in started:
            root = Path(tempfile.mkdtemp(prefix=language + "-", dir=parent))
            started[language] = Serve(root, "" if language == "en" else f"language: {language}\n")
        return started[language]

    yield get
    for serve in started.values():
        serve.stop()
    shutil.rmtree(parent, ignore_errors=True)


def _restored(serve):
    """`serve` with its files as in Content/ before and after the test."""
    serve.restore()
    yield serve
    serve.restore()


@pytest.fixture
def served(_serves):
    """The English case's server."""
    yield from _restored(_serves("en"))


@pytest.fixture
def served_ar(_serves):
    """The Arabic case's server (`language: ar`)."""
    yield from _restored(_serves("ar"))
