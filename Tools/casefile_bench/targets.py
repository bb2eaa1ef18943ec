"""The issue's targets, and whether a measured figure holds each one.

- the 10k build within 2× the floor (libcmark-gfm alone on the same notes), wall time
  (Scripts/bench.sh);
- a reader's tap: selecting a row or ticking a chip answers (INP) within 200 ms on a phone
  (390×844, 4× CPU) and 50 ms on a desktop (1280×800) (Scripts/reader-bench.py).
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


BUILD_VS_FLOOR = Target("casefile-10k / floor (wall)", 2.0, "×")
PHONE_TAP = Target("a tap on a phone (INP)", 200, " ms")
DESKTOP_CLICK = Target("a click on a desktop (INP)", 50, " ms")


def number(value):
    return f"{value:,.2f}".rstrip("0").rstrip(".") if value % 1 else f"{value:,.0f}"


def verdict(target, value, what=None):
    """One line: what was measured, the limit, and whether it holds."""
    measured = "not measured" if value is None else f"{number(value)}{target.unit}"
    state = "—" if value is None else ("holds" if target.holds(value) else "missed")
    return f"{what or target.name}: {measured} (target ≤ {number(target.limit)}{target.unit}) {state}"
