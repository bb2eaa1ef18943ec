"""The JSON Schemas in Schemas/ (what editors use through the sample's yaml-language-server
modelines) accept the sample case and reject planted faults."""

import copy
import json
import re

import jsonschema
import pytest
import yaml

from report_helpers import REPO, SAMPLE

NAMES = ["site", "fruits", "animals", "bulletins"]


def schema(name: str) -> dict:
    return json.loads((REPO / "Schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))


def sample(name: str):
    return yaml.safe_load((SAMPLE / f"{name}.yaml").read_text(encoding="utf-8"))


def errors(name: str, document) -> list:
    s = schema(name)
    cls = jsonschema.validators.validator_for(s)
    cls.check_schema(s)
    return list(cls(s).iter_errors(document))


def test_exactly_the_input_schemas_and_the_export_schema():
    """One schema per file a case holds (strings: an i18n/<language>.yaml), and one for
    data/case.json (test_exports.py checks it)."""
    want = [f"{n}.schema.json" for n in NAMES] + ["strings.schema.json", "case.schema.json"]
    assert sorted(p.name for p in (REPO / "Schemas").iterdir()) == sorted(want)


@pytest.mark.parametrize("name", NAMES)
def test_the_sample_validates(name):
    assert errors(name, sample(name)) == []


@pytest.mark.parametrize("name", NAMES)
def test_the_sample_names_its_schema_in_a_modeline(name):
    first = (SAMPLE / f"{name}.yaml").read_text(encoding="utf-8").split("\n")[0]
    match = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
    assert match, first
    assert (SAMPLE / match.group(1)).resolve() == (REPO / "Schemas" / f"{name}.schema.json").resolve()


def planted(name: str, edit):
    document = copy.deepcopy(sample(name))
    edit(document)
    return errors(name, document)


@pytest.mark.parametrize("name, edit, what", [
    ("site", lambda d: d.pop("title"), "'title' is a required property"),
    ("site", lambda d: d.update(pageSize="ten"), "'ten' is not of type 'integer'"),
    ("site", lambda d: d.update(validation={"rules": {"unknown-feild": "off"}}), "unknown-feild"),
    ("site", lambda d: d.update(validation={"rules": {"emoji": "loud"}}), "'loud' is not one of"),
    ("fruits", lambda d: d[0].pop("color"), "'color' is a required property"),
    ("fruits", lambda d: d[0].update(id="Golden Gem"), "does not match"),
    ("fruits", lambda d: d[0].update(color="blurple"), "blurple"),
    ("animals", lambda d: d[0].update(suspicionLevel="high"), "'high' is not of type 'number'"),
    ("animals", lambda d: d[0].update(suspicionLevel=1.4), "1.4 is greater than the maximum of 1"),
    ("animals", lambda d: d[0].update(pawSize="huge"), "'huge' is not one of"),
    ("animals", lambda d: d[0].update(speces="Fish"), "'speces' was unexpected"),
    ("animals", lambda d: d[1]["sleepSchedule"].pop("wake"), "'wake' is a required property"),
    ("animals", lambda d: d[1]["sleepSchedule"].update(sleep="25:00"), "does not match"),
    ("animals", lambda d: d[0].pop("name"), "'name' is a required property"),
    ("bulletins", lambda d: d[0].update(nibbledAt="June 5th"), "does not match"),
    ("bulletins", lambda d: d[0].update(bites=0), "0 is less than the minimum of 1"),
    ("bulletins", lambda d: d[0].update(location="   "), "does not match"),
    ("bulletins", lambda d: d[0].pop("fruit"), "'fruit' is a required property"),
])
def test_a_planted_fault_fails(name, edit, what):
    found = planted(name, edit)
    assert found, f"{name}: the schema accepted the fault"
    assert any(what in e.message for e in found), [e.message for e in found]


def test_the_built_in_string_tables_validate_as_a_case_s_own():
    """Every built-in table (Templates/i18n) is what a case's i18n/<language>.yaml may hold."""
    tables = sorted((REPO / "Templates" / "i18n").glob("*.yaml"))
    assert [t.name for t in tables if t.name == "en.yaml"] == ["en.yaml"]
    for table in tables:
        assert errors("strings", yaml.safe_load(table.read_text(encoding="utf-8"))) == [], table.name


@pytest.mark.parametrize("document, what", [
    ({"suspects": 3}, "is not valid under any of the given schemas"),
    ({"errorCount": {"one": "{count} error"}}, "is not valid under any of the given schemas"),
    ({"errorCount": {"single": "x", "other": "y"}}, "is not valid under any of the given schemas"),
    (["suspects"], "is not of type"),
])
def test_a_string_table_s_faults_are_found(document, what):
    found = errors("strings", document)
    assert found and what in found[0].message, [e.message for e in found]
