"""What changed since the last publish: `publish` reads the previous output's
validation/report.json and validation/digest.json, keeps them in validation/previous/, and the
validation page and the new report say which problems are new and fixed and which records were
added, changed and removed. The edits are planted here; what must change is known from them."""

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

from report_helpers import SAMPLE, binary, plant, run  # noqa: F401 (binary is a fixture)


class Changes(HTMLParser):
    """Collects the data-* hooks of the "Since the last publish" section."""

    def __init__(self):
        super().__init__()
        self.hooks, self.counts, self._count = [], {}, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name in ("data-new-problem", "data-fixed-problem", "data-added", "data-changed", "data-removed"):
            if name in a:
                self.hooks.append((name[5:], a[name]))
        for name in a:
            if name.startswith("data-count-"):
                self._count = name[11:]
        if "data-changes-records" in a:
            self.section = a["data-changes-records"]

    def handle_data(self, data):
        if self._count and data.strip():
            key = self._count if self._count in ("new", "fixed") else f"{self.section}:{self._count}"
            self.counts[key] = int(data)
            self._count = None


def publish(content: Path, out: Path):
    result = run("publish", "--content", str(content), "--output", str(out))
    assert result.returncode == 0, result.stdout + result.stderr
    return json.loads((out / "validation" / "report.json").read_text(encoding="utf-8"))


def test_a_publish_after_an_edit_shows_what_changed(tmp_path, binary):  # noqa: F811
    case, out = tmp_path / "Case", tmp_path / "public"
    shutil.copytree(SAMPLE, case)
    first = publish(case, out)
    assert "sinceLastPublish" not in first, "nothing to compare with on the first publish"
    first_report = (out / "validation" / "report.json").read_text(encoding="utf-8")
    first_digest = (out / "validation" / "digest.json").read_text(encoding="utf-8")

    # Fixed: the unused durian goes (a removed fruit, its note fixed). New: the snail sleeps and
    # wakes at the same time (a changed animal, a new warning). Changed: Fabrizio's name.
    # Added: a bulletin. Unchanged: everything else.
    plant(case / "fruits.yaml", "- id: durian\n  name: Durian\n  color: olivedrab\n", "")
    plant(case / "animals.yaml", 'sleep: "22:30"\n    wake: "06:30"', 'sleep: "06:30"\n    wake: "06:30"')
    plant(case / "animals.yaml", "name: Fabrizio", "name: Fabrizio the Fish")
    with open(case / "bulletins.yaml", "a", encoding="utf-8") as f:
        f.write('- id: b-new\n  fruit: elstar\n  nibbledAt: "2023-06-13T10:00:00-07:00"\n  location: Apple Park, Pond\n')
    second = publish(case, out)

    since = second["sinceLastPublish"]
    assert [(p["rule"], p["record"]) for p in since["newProblems"]] == [("sleep-equals-wake", "snail")]
    assert [(p["rule"], p["record"]) for p in since["fixedProblems"]] == [("unused-fruit", "durian")]
    assert since["records"] == {
        "fruits": {"added": [], "changed": [], "removed": ["durian"]},
        "animals": {"added": [], "changed": ["fish", "snail"], "removed": []},
        "bulletins": {"added": ["b-new"], "changed": [], "removed": []},
    }
    # The previous report and digest are kept as they were.
    assert (out / "validation" / "previous" / "report.json").read_text(encoding="utf-8") == first_report
    assert (out / "validation" / "previous" / "digest.json").read_text(encoding="utf-8") == first_digest

    page = Changes()
    page.feed((out / "validation" / "index.html").read_text(encoding="utf-8"))
    assert sorted(page.hooks) == sorted([
        ("new-problem", "sleep-equals-wake"), ("fixed-problem", "unused-fruit"), ("removed", "durian"),
        ("changed", "fish"), ("changed", "snail"), ("added", "b-new"),
    ]), page.hooks
    assert page.counts == {"new": 1, "fixed": 1, "Fruits:added": 0, "Fruits:changed": 0, "Fruits:removed": 1,
                           "Suspects:added": 0, "Suspects:changed": 2, "Suspects:removed": 0,
                           "Bulletins:added": 1, "Bulletins:changed": 0, "Bulletins:removed": 0}, page.counts

    # Published again unchanged: nothing new, nothing fixed, no record changes.
    third = publish(case, out)
    assert third["sinceLastPublish"] == {"newProblems": [], "fixedProblems": [], "records": {
        c: {"added": [], "changed": [], "removed": []} for c in ("fruits", "animals", "bulletins")}}
    html = (out / "validation" / "index.html").read_text(encoding="utf-8")
    assert re.search(r"Nothing changed", html)


def test_the_first_publish_writes_the_digest_and_a_build_none(tmp_path, binary):  # noqa: F811
    site = tmp_path / "site"
    result = run("build", "--content", str(SAMPLE), "--output", str(site), "--quiet")
    assert result.returncode == 0, result.stderr
    assert not (site / "validation" / "digest.json").exists(), "a build compares nothing and keeps nothing"
    out = tmp_path / "public"
    publish(SAMPLE, out)
    digest = json.loads((out / "validation" / "digest.json").read_text(encoding="utf-8"))
    assert digest["format"] == "casefile-digest/1"
    ids = {c: [pair[0] for pair in digest[c]] for c in ("fruits", "animals", "bulletins")}
    import yaml
    for c in ids:
        assert ids[c] == [r["id"] for r in yaml.safe_load((SAMPLE / f"{c}.yaml").read_text(encoding="utf-8"))]
    assert all(re.fullmatch(r"[0-9a-f]{16}", pair[1]) for c in ids for pair in digest[c])
    assert "sinceLastPublish" not in json.loads((out / "validation" / "report.json").read_text(encoding="utf-8"))
    assert "data-changes" not in (out / "validation" / "index.html").read_text(encoding="utf-8")
