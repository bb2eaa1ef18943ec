"""Tools/casefile_bench/rounds.py: the order of the rounds, the medians, one run's measurement."""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tools"))
from casefile_bench import rounds  # noqa: E402
from casefile_bench.rounds import Sample  # noqa: E402


def test_rounds_alternate_the_commands():
    assert rounds.schedule(["floor", "10k", "hugo"], 2) == [
        (1, "floor"), (1, "10k"), (1, "hugo"), (2, "floor"), (2, "10k"), (2, "hugo")]


def test_a_limited_command_runs_in_the_first_rounds_only():
    order = rounds.schedule(["10k", "100k", "jobs1"], 4, limits={"100k": 2})
    assert order == [(1, "10k"), (1, "100k"), (1, "jobs1"), (2, "10k"), (2, "100k"), (2, "jobs1"),
                     (3, "10k"), (3, "jobs1"), (4, "10k"), (4, "jobs1")]


def test_median_of_odd_and_even_counts():
    assert rounds.median([3.0, 1.0, 2.0]) == 2.0
    assert rounds.median([4.0, 1.0, 3.0, 2.0]) == 2.5   # the mean of the middle two
    assert rounds.median([5.0, None, 1.0, 3.0]) == 3.0  # a missing figure is left out
    assert rounds.median([]) is None


def test_medians_take_each_figure_on_its_own():
    samples = [Sample(1.0, 9.0, 300), Sample(3.0, 1.0, 100), Sample(2.0, 5.0, 200)]
    assert rounds.medians(samples) == Sample(2.0, 5.0, 200)


def test_numbers_print_as_awk_prints_them():
    assert rounds.awk_number(192512.0) == "192512"
    assert rounds.awk_number(2.715) == "2.715"
    assert rounds.awk_number(1234.5678) == "1234.57"


BUSY = ("import time\n"
        "block = bytearray(96 * 1024 * 1024)\n"            # 96 MiB, touched page by page
        "for i in range(0, len(block), 4096): block[i] = 1\n"
        "end = time.process_time() + 0.3\n"
        "while time.process_time() < end: pass\n"
        "time.sleep(0.3)\n")


def test_a_run_is_measured_by_its_own_resource_use():
    start = time.monotonic()
    status, sample = rounds.measure([sys.executable, "-c", BUSY])
    around = time.monotonic() - start
    assert status == 0
    assert sample.wall >= 0.6                      # 0.3 s of CPU, then 0.3 s asleep
    assert around - 0.2 <= sample.wall <= around   # the run, not the test's own time around it
    assert 0.3 <= sample.cpu < sample.wall         # the sleep costs no CPU
    assert 96 * 1024 <= sample.rss_kib < 400 * 1024


def test_run_keeps_each_commands_samples_and_stops_on_a_failure():
    seen = []
    samples = rounds.run({"a": ["true"], "b": ["true"]}, 2,
                         report=lambda round_, name, sample: seen.append((round_, name)))
    assert seen == [(1, "a"), (1, "b"), (2, "a"), (2, "b")]
    assert [len(samples["a"]), len(samples["b"])] == [2, 2]
    try:
        rounds.run({"ok": ["true"], "broken": ["false"]}, 1)
    except RuntimeError as error:
        assert "broken failed (exit status 1)" in str(error)
    else:
        raise AssertionError("a failing command did not stop the rounds")
