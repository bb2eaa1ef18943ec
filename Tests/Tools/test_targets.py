"""Tools/casefile_bench/targets.py: a target met, one missed, one not measured."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tools"))
from casefile_bench import targets  # noqa: E402


def test_the_build_target_is_twice_the_floor():
    target = targets.BUILD_VS_FLOOR
    assert target.holds(1.93) and target.holds(2.0)
    assert not target.holds(2.54)
    assert targets.verdict(target, 1.93) == "casefile-10k / floor (wall): 1.93× (target ≤ 2×) holds"
    assert targets.verdict(target, 2.54) == "casefile-10k / floor (wall): 2.54× (target ≤ 2×) missed"


def test_a_tap_on_a_phone_and_a_click_on_a_desktop():
    assert targets.verdict(targets.PHONE_TAP, 176, "mobile home A select") == \
        "mobile home A select: 176 ms (target ≤ 200 ms) holds"
    assert targets.verdict(targets.PHONE_TAP, 240) == "a tap on a phone (INP): 240 ms (target ≤ 200 ms) missed"
    assert targets.verdict(targets.DESKTOP_CLICK, 56) == "a click on a desktop (INP): 56 ms (target ≤ 50 ms) missed"
    assert targets.verdict(targets.DESKTOP_CLICK, 48) == "a click on a desktop (INP): 48 ms (target ≤ 50 ms) holds"


def test_nothing_measured_neither_holds_nor_misses():
    assert not targets.PHONE_TAP.holds(None)
    assert targets.verdict(targets.PHONE_TAP, None, "wide home A chip") == \
        "wide home A chip: not measured (target ≤ 200 ms) —"
