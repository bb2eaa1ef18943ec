"""Each validation rule is defined once: its id and default severity in `Rule.swift`, what it checks
in the built-in English string table (`rule.ID` in Templates/i18n/en.yaml). Everything else that
lists the rules is held to that here: the README's table of rules, site.yaml's schema, and the other
languages' string tables. No count is written down: the lists are compared with each other."""

import json
import re

import pytest
import yaml

from report_helpers import REPO

RULE_SWIFT = REPO / "Sources/CasefileModel/Diagnostics/Rule.swift"


def swift_rules() -> list:
    """(id, default severity) for each case of `Rule`, in its order."""
    text = RULE_SWIFT.read_text(encoding="utf-8")
    cases = re.findall(r'case (\w+) = "([a-z-]+)"', text)
    assert cases, "no rule found in Rule.swift"
    severity = {}
    for names, level in re.findall(r"case ((?:\.\w+(?:, )?)+): \.(error|warning|note)\b", text):
        for name in re.findall(r"\.(\w+)", names):
            severity[name] = level
    assert set(severity) == {name for name, _ in cases}, "defaultSeverity does not name every case once"
    return [(rule_id, severity[name]) for name, rule_id in cases]


def english_summaries() -> dict:
    table = yaml.safe_load((REPO / "Templates/i18n/en.yaml").read_text(encoding="utf-8"))
    return {key[len("rule."):]: value for key, value in table.items() if key.startswith("rule.")}


def readme_rows() -> list:
    """(id, default, what) for each row of the README's table of rules."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    head = text.index("| rule | default | what |")
    rows = []
    for line in text[head:].split("\n")[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        assert len(cells) == 3, line
        match = re.fullmatch(r"`([a-z-]+)`", cells[0])
        assert match, f"a row that names no single rule: {line}"
        rows.append((match.group(1), cells[1], cells[2]))
    return rows


def test_the_english_table_describes_every_rule_and_no_other():
    assert list(english_summaries()) == [rule_id for rule_id, _ in swift_rules()]


def test_the_readme_table_is_the_rules_in_order_with_their_severity_and_summary():
    summaries = english_summaries()
    rows = readme_rows()
    assert [(rule_id, level) for rule_id, level, _ in rows] == swift_rules()
    for rule_id, _, what in rows:
        assert what == summaries[rule_id], f"{rule_id}: the README says {what!r}, en.yaml {summaries[rule_id]!r}"


def test_site_yaml_schema_can_set_every_rule_and_no_other():
    schema = json.loads((REPO / "Schemas/site.schema.json").read_text(encoding="utf-8"))
    properties = schema["properties"]["validation"]["properties"]["rules"]["properties"]
    assert list(properties) == [rule_id for rule_id, _ in swift_rules()]


@pytest.mark.parametrize("table", sorted(p.name for p in (REPO / "Templates/i18n").glob("*.yaml") if p.name != "en.yaml"))
def test_no_language_describes_a_rule_that_does_not_exist(table):
    keys = yaml.safe_load((REPO / "Templates/i18n" / table).read_text(encoding="utf-8"))
    described = {key[len("rule."):] for key in keys if key.startswith("rule.")}
    assert described <= {rule_id for rule_id, _ in swift_rules()}
