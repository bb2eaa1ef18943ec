"""Tools/casefile_bench/store.py: a site's files written again, byte for byte, into a new folder."""
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tools"))
from casefile_bench import store  # noqa: E402


def test_every_file_is_written_again_with_its_folders(tmp_path):
    site = tmp_path / "site"
    (site / "suspects" / "id").mkdir(parents=True)
    (site / "empty").mkdir()
    (site / "index.html").write_bytes(b"<!doctype html>\n")
    (site / "suspects" / "id" / "bee-1.html").write_bytes(bytes(range(256)) * 300)
    wall, user, system, count, size = store.store(site, tmp_path / "again")
    assert (count, size) == (2, 16 + 256 * 300)
    assert min(wall, user, system) >= 0
    for rel in ("index.html", "suspects/id/bee-1.html"):
        assert (tmp_path / "again" / rel).read_bytes() == (site / rel).read_bytes()
    assert (tmp_path / "again" / "empty").is_dir()


def test_it_never_writes_over_a_folder_that_exists(tmp_path):
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "a.html").write_bytes(b"a")
    (tmp_path / "again").mkdir()
    with pytest.raises(FileExistsError):
        store.store(tmp_path / "site", tmp_path / "again")
    assert os.listdir(tmp_path / "again") == []
