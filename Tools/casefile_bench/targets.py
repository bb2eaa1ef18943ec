"""The targets the benchmarks print, and whether a measured figure holds each one.

Scripts/bench.sh (release build, medians of interleaved rounds, outputs on a tmpfs):
- the 10k build within 1.5× the floor (libcmark-gfm alone on the same notes), wall time; within
  2× is the ceiling it must never pass;
- the 10k build on one core (--jobs 1) within 2.5× the floor;
- the 100k build within 10× the 10k build's time, and within 600 MB of peak RSS;
- a publish within 1.2× its build, a publish over the last one (republish) within 1.3×.

Scripts/reader-bench.py (headless Chromium, medians of the runs):
- on a phone (390×844, Lighthouse's mobile profile, 4× CPU): selecting a row answers (INP)
  within 120 ms, ticking a chip within 60 ms;
- on a desktop (1280×800, unthrottled): either within 30 ms.
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class Target:
    """At most `limit` (in `unit`) of what `name` says."""
    name: str
    limit: float
    unit: str

    def holds(self, value):
        return value is not None and value <= self.limit


BUILD_VS_FLOOR = Target("casefile-10k / floor (wall)", 1.5, "×")
BUILD_CEILING = Target("casefile-10k / floor (wall), the ceiling", 2.0, "×")
ONE_CORE_VS_FLOOR = Target("casefile-10k-jobs1 / floor (wall)", 2.5, "×")
SCALE_100K = Target("casefile-100k / casefile-10k (wall)", 10, "×")
PEAK_100K = Target("casefile-100k peak RSS", 600, " MB")
PUBLISH = Target("casefile-10k-publish / casefile-10k (wall)", 1.2, "×")
REPUBLISH = Target("casefile-10k-republish / casefile-10k (wall)", 1.3, "×")
PUBLISH_100K = Target("casefile-100k-publish / casefile-100k (wall)", 1.2, "×")
PHONE_SELECT = Target("selecting a row on a phone (INP)", 120, " ms")
PHONE_CHIP = Target("ticking a chip on a phone (INP)", 60, " ms")
DESKTOP_CLICK = Target("a click on a desktop (INP)", 30, " ms")


def number(value):
    return f"{value:,.2f}".rstrip("0").rstrip(".") if value % 1 else f"{value:,.0f}"


def verdict(target, value, what=None):
    """One line: what was measured, the limit, and whether it holds."""
    measured = "not measured" if value is None else f"{number(value)}{target.unit}"
    state = "—" if value is None else ("holds" if target.holds(value) else "missed")
    return f"{what or target.name}: {measured} (target ≤ {number(target.limit)}{target.unit}) {state}"
