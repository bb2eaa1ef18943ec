"""Commands run alternately in rounds, and the medians of what each run cost.

Alternating (A, B, C, A, B, C, …) spreads the shared machine's other load over every command
alike; a command may run in fewer rounds than the others (the 100k case in the first three).
"""
import os
import statistics
import subprocess
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Sample:
    """One run: wall seconds, user + system CPU seconds, peak resident memory in KiB."""
    wall: float
    cpu: float
    rss_kib: int


def schedule(names, rounds, limits=None):
    """(round, name) in the order they run: every name in each round, in the order given, but a
    name whose limit is N only in the first N rounds."""
    limits = limits or {}
    return [(round_, name) for round_ in range(1, rounds + 1) for name in names
            if round_ <= limits.get(name, rounds)]


def measure(argv, stdin=None, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=None):
    """Runs argv once: its exit status and its Sample (the child's own resource use, by wait4)."""
    start = time.monotonic()
    process = subprocess.Popen(argv, stdin=stdin, stdout=stdout, stderr=stderr, cwd=cwd)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, Sample(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)


def run(commands, rounds, limits=None, report=lambda round_, name, sample: None):
    """Runs each of `commands` (name -> argv) in alternating rounds; name -> its Samples."""
    samples = {name: [] for name in commands}
    for round_, name in schedule(list(commands), rounds, limits):
        status, sample = measure(commands[name])
        if status != 0:
            raise RuntimeError(f"{name} failed (exit status {status})")
        samples[name].append(sample)
        report(round_, name, sample)
    return samples


def median(values):
    """The median (the mean of the middle two for an even count), or None for no values."""
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def medians(samples):
    """One Sample of the medians of each figure."""
    return Sample(median([s.wall for s in samples]), median([s.cpu for s in samples]),
                  median([s.rss_kib for s in samples]))


def awk_number(value):
    """A number as awk's print writes it (an integer whole, else %.6g), which the shell
    scripts' printf then formats."""
    return str(int(value)) if float(value).is_integer() else "%.6g" % value
