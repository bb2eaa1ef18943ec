"""The reader benchmark's own parts that need no browser: each interaction's INP cell in its
tables, and the file that stands for each page kind of a site."""
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tools"))
from casefile_bench.reader_page import PAGE_KINDS, find_pages  # noqa: E402
from casefile_bench.reader_report import inp_cell  # noqa: E402


def ok(inp):
    return {"status": "ok", "inp": inp}


def test_the_median_of_the_runs_and_their_range():
    assert inp_cell([ok(100), ok(140), ok(120)]) == "120 (100–140)"
    assert inp_cell([ok(96), ok(96)]) == "96"


def test_runs_under_the_threshold_are_under_sixteen():
    under = {"status": "under-threshold"}
    assert inp_cell([under, under]) == "<16"
    # Counted as 16 beside the runs that reached the threshold.
    assert inp_cell([under, ok(40), ok(60)]) == "40 (16–60)"


def test_a_failed_run_is_counted_beside_the_ones_that_worked():
    assert inp_cell([ok(50), {"status": "failed"}]) == "50 [1/2 ok]"
    assert inp_cell([{"status": "failed"}]) == "failed"
    assert inp_cell([{"error": "timeout"}]) == "error"


def test_a_tap_that_painted_nothing_gives_what_is_known():
    assert inp_cell([{"status": "no-paint", "inp": 30}]) == "no paint (≥30)"


def test_nothing_to_tap_is_a_dash():
    assert inp_cell([{"status": "none"}, {"status": "none"}]) == "—"
    assert inp_cell([]) == "—"


def test_each_page_kind_is_the_file_that_stands_for_it(tmp_path):
    files = {
        "index.html": 10, "suspects/page-2.html": 10, "suspects/page-3.html": 10,
        "bulletins/index.html": 10, "validation/index.html": 10,
        "suspects/by/name-asc/page-1.html": 10, "bulletins/by/time-desc/page-1.html": 30,
        "suspects/id/ant.html": 5, "suspects/id/bee.html": 9, "bulletins/id/b-1.html": 99,
    }
    for rel, size in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x" * size)
    pages = find_pages(str(tmp_path))
    assert set(pages) == set(PAGE_KINDS)
    assert pages["home"] == "index.html"
    assert pages["suspects-later"] == "suspects/page-2.html"
    # The largest listing, and the largest suspect's own page (not a bulletin's).
    assert pages["listing"] == "bulletins/by/time-desc/page-1.html"
    assert pages["record"] == "suspects/id/bee.html"
    os.remove(tmp_path / "validation" / "index.html")
    assert find_pages(str(tmp_path))["validation"] is None
