"""`python3 -m casefile_bench` as the shell scripts call it: a median prints as the awk pipeline
the scripts used before printed it, and a target line."""
import os
import subprocess
import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[2] / "Tools"

# The median the scripts took before (Scripts/bench.sh's `median COLUMN FILE`).
AWK_MEDIAN = ("awk -v c=\"$1\" '{ print $c }' \"$2\" | sort -g | awk '{ v[NR] = $1 } "
              "END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'")


def tool(*args):
    result = subprocess.run([sys.executable, "-m", "casefile_bench", *args], capture_output=True,
                            text=True, env={**os.environ, "PYTHONPATH": str(TOOLS)}, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_a_column_median_prints_as_awk_printed_it(tmp_path):
    runs = ["2.72 5.02 192512", "2.95 5.44 192513", "1.07 1.06 2048", "5.23 10.06 137216"]
    path = tmp_path / "casefile-10k.runs"
    for count in (1, 2, 3, 4):            # odd and even numbers of runs
        path.write_text("\n".join(runs[:count]) + "\n")
        for column in (1, 2, 3):
            awk = subprocess.run(["bash", "-c", AWK_MEDIAN, "median", str(column), str(path)],
                                 capture_output=True, text=True, check=True).stdout
            assert tool("median", "--column", str(column), str(path)) == awk, (count, column)


# The median Scripts/bench-validate.sh took before, of its arguments.
AWK_VALUES = ("printf '%s\\n' \"$@\" | sort -g | "
              "awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'")


def test_a_median_of_values_and_a_target():
    assert tool("median", "--values", "2.4", "2.3", "2.6", "2.5") == "2.45\n"
    for values in (["2.40", "2.47", "2.41"], ["189012", "190004"], ["0.35", "0.36", "0.34", "0.40"]):
        awk = subprocess.run(["bash", "-c", AWK_VALUES, "median", *values],
                             capture_output=True, text=True, check=True).stdout
        assert tool("median", "--values", *values) == awk, values
    assert tool("target", "build-vs-floor", "2.54") == "casefile-10k / floor (wall): 2.54× (target ≤ 1.5×) missed\n"
    assert tool("target", "build-ceiling", "1.93") == "casefile-10k / floor (wall), the ceiling: 1.93× (target ≤ 2×) holds\n"
    assert tool("target", "peak-100k", "590") == "casefile-100k peak RSS: 590 MB (target ≤ 600 MB) holds\n"


def test_no_figure_is_not_measured():
    assert tool("target", "build-vs-floor", "n/a") == "casefile-10k / floor (wall): not measured (target ≤ 1.5×) —\n"


FAKE_SWIFT = """#!/bin/sh
echo "swift $*" >> "$FAKE_SWIFT_CALLS"
echo "Compiling Casefile…"
[ -z "$FAKE_SWIFT_FAILS" ] || { echo "error: it does not build"; exit 1; }
"""


def test_the_release_build_runs_swift_once_and_names_the_binary(tmp_path):
    folder = tmp_path
    (folder / "swift").write_text(FAKE_SWIFT)
    (folder / "swift").chmod(0o755)
    env = {**os.environ, "PYTHONPATH": str(TOOLS), "PATH": f"{folder}:{os.environ['PATH']}",
           "FAKE_SWIFT_CALLS": str(folder / "calls")}
    repo = TOOLS.parent

    def build(*args, **extra):
        return subprocess.run([sys.executable, "-m", "casefile_bench", "build-release", *args],
                              capture_output=True, text=True, cwd=repo, env={**env, **extra}, timeout=60)
    built = build("--product", "EditBench", "--log", str(folder / "log"))
    assert built.returncode == 0 and built.stdout == ".build/release/EditBench\n"
    assert (folder / "calls").read_text() == "swift build -c release --product EditBench\n"
    assert (folder / "log").read_text() == "Compiling Casefile…\n"
    failed = build("--log", str(folder / "log"), FAKE_SWIFT_FAILS="1")
    assert failed.returncode == 1 and failed.stdout == ""
    assert failed.stderr == "Compiling Casefile…\nerror: it does not build\n"   # the log, shown
    assert (folder / "calls").read_text().splitlines()[-1] == "swift build -c release --product casefile"
