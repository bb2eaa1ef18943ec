"""SARIF 2.1.0: `casefile validate --format sarif` and the site's validation/report.sarif
validate against the official OASIS schema (sarif-schema-2.1.0.json beside this file, see
SOURCES.md), and carry what code-scanning tools read."""

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from report_helpers import HERE, binary, faulty_case, run  # noqa: F401 (fixtures)

SCHEMA = json.loads((HERE / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))


def validator() -> jsonschema.Draft4Validator:
    return jsonschema.Draft4Validator(SCHEMA, format_checker=jsonschema.FormatChecker())


def test_the_schema_is_the_official_one():
    assert SCHEMA["id"] == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    jsonschema.Draft4Validator.check_schema(SCHEMA)


def test_validate_and_build_write_valid_identical_sarif(faulty_case: Path, tmp_path: Path):
    result = run("validate", "--content", str(faulty_case), "--format", "sarif")
    assert result.returncode == 1, result.stderr
    log = json.loads(result.stdout)
    errors = sorted(validator().iter_errors(log), key=str)
    assert not errors, "\n".join(e.message for e in errors[:5])

    out = tmp_path / "site"
    build = run("build", "--content", str(faulty_case), "--output", str(out), "--quiet")
    assert build.returncode == 1
    site_report = (out / "validation" / "report.sarif").read_text(encoding="utf-8")
    assert site_report == result.stdout
    assert not list(validator().iter_errors(json.loads(site_report)))


def test_sarif_carries_rules_levels_and_places(faulty_case: Path):
    log = json.loads(run("validate", "--content", str(faulty_case), "--format", "sarif").stdout)
    assert log["version"] == "2.1.0"
    assert len(log["runs"]) == 1
    run_ = log["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    assert len(rules) == 28
    assert all(r["id"] and r["shortDescription"]["text"] and r["fullDescription"]["text"] for r in rules)
    results = run_["results"]
    assert {r["level"] for r in results} == {"error", "warning", "note"}
    for r in results:
        assert r["ruleId"] == rules[r["ruleIndex"]]["id"]
        assert r["message"]["text"]
        region = r["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1

    animals = (faulty_case / "animals.yaml").read_text(encoding="utf-8").split("\n")
    range_ = next(r for r in results if r["ruleId"] == "suspicion-range")
    place = range_["locations"][0]["physicalLocation"]
    # Relative to the case folder: the report says nothing of where the case lived.
    assert place["artifactLocation"]["uri"] == "animals.yaml"
    assert str(faulty_case) not in json.dumps(log)
    line = animals[place["region"]["startLine"] - 1]
    assert line[place["region"]["startColumn"] - 1:].startswith("1.4")

    fruits = (faulty_case / "fruits.yaml").read_text(encoding="utf-8").split("\n")
    dup = next(r for r in results if r["ruleId"] == "duplicate-id")
    here = dup["locations"][0]["physicalLocation"]["region"]
    there = dup["relatedLocations"][0]["physicalLocation"]["region"]
    assert fruits[here["startLine"] - 1] == "- id: elstar" and here["startColumn"] == 7
    assert fruits[there["startLine"] - 1].endswith("id: elstar") and there["startLine"] < here["startLine"]
    assert dup["relatedLocations"][0]["message"]["text"]


@pytest.mark.parametrize("break_it", [
    lambda log: log["runs"][0]["results"][0].update(level="fatal"),
    lambda log: log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"].update(startLine=0),
    lambda log: log.pop("version"),
])
def test_the_schema_rejects_a_broken_log(faulty_case: Path, break_it):
    log = json.loads(run("validate", "--content", str(faulty_case), "--format", "sarif").stdout)
    broken = copy.deepcopy(log)
    break_it(broken)
    assert list(validator().iter_errors(broken))


def test_json_report_names_both_places_of_a_duplicate(faulty_case: Path):
    result = run("validate", "--content", str(faulty_case), "--format", "json")
    assert result.returncode == 1
    report = json.loads(result.stdout)
    # Planted: 2 errors, 1 warning, 1 note; the sample's own: 1 warning, 1 note.
    assert (report["errors"], report["warnings"], report["notes"]) == (2, 2, 2)
    dup = next(p for p in report["problems"] if p["rule"] == "duplicate-id")
    fruits = (faulty_case / "fruits.yaml").read_text(encoding="utf-8").split("\n")
    assert fruits[dup["line"] - 1] == "- id: elstar"
    (first,) = dup["related"]
    assert first["file"] == dup["file"] and first["line"] < dup["line"]
    assert fruits[first["line"] - 1][first["column"] - 1:] == "elstar"
