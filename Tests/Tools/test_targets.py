"""Tools/casefile_bench/targets.py: a target met, one missed, one not measured."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tools"))
from casefile_bench import targets  # noqa: E402


def test_the_build_target_is_one_and_a_half_times_the_floor_and_twice_its_ceiling():
    target = targets.BUILD_VS_FLOOR
    assert target.holds(1.43) and target.holds(1.5)
    assert not target.holds(1.93)
    assert targets.verdict(target, 1.43) == "casefile-10k / floor (wall): 1.43× (target ≤ 1.5×) holds"
    assert targets.verdict(target, 2.54) == "casefile-10k / floor (wall): 2.54× (target ≤ 1.5×) missed"
    assert targets.BUILD_CEILING.holds(1.93) and not targets.BUILD_CEILING.holds(2.01)


def test_the_other_build_targets():
    assert targets.verdict(targets.ONE_CORE_VS_FLOOR, 4.6) == \
        "casefile-10k-jobs1 / floor (wall): 4.6× (target ≤ 2.5×) missed"
    assert targets.verdict(targets.SCALE_100K, 7.83) == \
        "casefile-100k / casefile-10k (wall): 7.83× (target ≤ 10×) holds"
    assert targets.verdict(targets.PEAK_100K, 804) == "casefile-100k peak RSS: 804 MB (target ≤ 600 MB) missed"
    assert targets.PUBLISH.holds(1.2) and not targets.PUBLISH.holds(1.21)
    assert targets.REPUBLISH.holds(1.3) and not targets.REPUBLISH.holds(1.31)
    assert targets.PUBLISH_100K.limit == 1.2


def test_a_tap_on_a_phone_and_a_click_on_a_desktop():
    assert targets.verdict(targets.PHONE_SELECT, 112, "mobile home A select") == \
        "mobile home A select: 112 ms (target ≤ 120 ms) holds"
    assert targets.verdict(targets.PHONE_SELECT, 176) == \
        "selecting a row on a phone (INP): 176 ms (target ≤ 120 ms) missed"
    assert targets.verdict(targets.PHONE_CHIP, 64) == "ticking a chip on a phone (INP): 64 ms (target ≤ 60 ms) missed"
    assert targets.verdict(targets.DESKTOP_CLICK, 32) == "a click on a desktop (INP): 32 ms (target ≤ 30 ms) missed"
    assert targets.verdict(targets.DESKTOP_CLICK, 24) == "a click on a desktop (INP): 24 ms (target ≤ 30 ms) holds"


def test_nothing_measured_neither_holds_nor_misses():
    assert not targets.PHONE_SELECT.holds(None)
    assert targets.verdict(targets.PHONE_CHIP, None, "wide home A chip") == \
        "wide home A chip: not measured (target ≤ 60 ms) —"
