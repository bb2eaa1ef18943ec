"""Paths, helpers and fixtures shared by the report and schema tests.

They run the already-built debug binary (`swift build` first) on copies of the sample case with
planted problems. There is no conftest.py here: Tests/Browser's test modules import their own
`conftest`, and two modules of that name cannot be collected in one run; the test modules here
import the fixtures they use from this module instead.
"""

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BINARY = REPO / ".build" / "debug" / "casefile"
SAMPLE = REPO / "Content"
HERE = Path(__file__).resolve().parent


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BINARY), *args], capture_output=True, text=True, timeout=120)


def plant(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"the sample's {path.name} no longer holds {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")



@pytest.fixture(scope="session")
def binary() -> Path:
    if not BINARY.is_file():
        pytest.exit(f"casefile binary not found at {BINARY}: run `swift build` first", returncode=2)
    return BINARY


@pytest.fixture
def faulty_case(tmp_path: Path, binary: Path) -> Path:
    """The sample with an error, a warning, a note and a duplicate id planted (beside the sample's
    own warning, the mouse's repeated fruit, and note, the durian no one favours)."""
    case = tmp_path / "Case"
    shutil.copytree(SAMPLE, case)
    plant(case / "animals.yaml", "suspicionLevel: 0.3", "suspicionLevel: 1.4")            # error
    plant(case / "animals.yaml", "  species: Fish\n", "  species: Fish\n  specis: Fish\n")  # warning
    with open(case / "fruits.yaml", "a", encoding="utf-8") as f:
        f.write("- id: jackfruit\n  name: Jackfruit\n  color: olive\n")                           # note
        f.write("- id: elstar\n  name: Elstar again\n  color: red\n")                       # duplicate-id
    return case
