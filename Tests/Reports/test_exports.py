"""The data exports (data/*.csv, data/*.json, data/case.json) and the Atom feed (bulletins.atom),
read back with Python's csv and json modules and feedparser and compared, record by record, with
the case's YAML (read with PyYAML; derived values computed here, as the browser tests do).
"""

import calendar
import csv
import io
import json
import re
import shutil
import sys
from datetime import datetime
from pathlib import Path

import feedparser
import jsonschema
import pytest
import yaml

from report_helpers import REPO, SAMPLE, binary, plant, run  # noqa: F401 (binary is a fixture)

sys.path.insert(0, str(REPO / "Tests" / "Browser"))
from casedata import Case, suspicion  # noqa: E402


def build(content: Path, out: Path) -> Path:
    result = run("build", "--content", str(content), "--output", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def hostile(tmp_path_factory, binary):  # noqa: F811
    """The sample with values a CSV writer must quote: commas, quotes, a newline, a leading
    space, non-ASCII. (The sample's bulletins are written at two offsets, -07:00 and +00:00.)"""
    case = tmp_path_factory.mktemp("hostile") / "Case"
    shutil.copytree(SAMPLE, case)
    plant(case / "animals.yaml", 'alibi: "Fast asleep in his burrow by the meadow."',
          'alibi: "Fast asleep, he says, in his \\"burrow\\"\\n by the meadow; ünïcödé ✓"')
    plant(case / "fruits.yaml", "name: Elstar Apple", "name: ' Elstar, the \"Apple\"'")
    return case, build(case, case.parent / "site")


@pytest.fixture(scope="module")
def sample_site(tmp_path_factory, binary):  # noqa: F811
    return build(SAMPLE, tmp_path_factory.mktemp("sample") / "site")


def read_csv(path: Path):
    raw = path.read_bytes()
    assert b"\r\n" in raw and raw.endswith(b"\r\n"), "RFC 4180 lines end in CRLF"
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8"), newline="")))


SLUG = re.compile(r"[a-z0-9][a-z0-9-]*")


def record_url(folder, records):
    """Each record's own page, as the exports give it without a base URL: `folder/id/ID.html` for
    the first record of an id that is a slug, else None."""
    seen, urls = set(), []
    for r in records:
        ok = SLUG.fullmatch(r["id"]) is not None and r["id"] not in seen
        seen.add(r["id"])
        urls.append(f"{folder}/id/{r['id']}.html" if ok else None)
    return urls


def expected_animals(case: Case):
    out = []
    urls = record_url("suspects", case.animals)
    for a in case.animals:
        about = [b for b in case.bulletins if b["fruit"] in a.get("favoriteFruits", [])]
        schedule = a.get("sleepSchedule")
        out.append({
            "id": a["id"], "name": a["name"], "species": a["species"], "emoji": a.get("emoji"),
            "pawSize": a.get("pawSize", "small"), "favoriteFruits": case.favourites(a),
            "suspicionLevel": a.get("suspicionLevel", 0), "suspicionLabel": suspicion(a.get("suspicionLevel", 0))[0],
            "alibi": a.get("alibi"), "sleepSchedule": schedule and {"sleep": schedule["sleep"], "wake": schedule["wake"]},
            "bulletins": len(about), "asleepAtBulletins": sum(case.asleep(a, b) for b in about),
            "url": urls[len(out)],
        })
    return out


def expected_bulletins(case: Case):
    out = []
    urls = record_url("bulletins", case.bulletins)
    for b in case.bulletins:
        fans = [a for a in case.animals if b["fruit"] in a.get("favoriteFruits", [])]
        asleep = sum(case.asleep(a, b) for a in fans)
        out.append({"id": b["id"], "fruit": b["fruit"], "nibbledAt": b["nibbledAt"], "location": b["location"],
                    "bites": b.get("bites"), "reportedBy": b.get("reportedBy"), "suspects": len(fans),
                    "suspectsAwake": len(fans) - asleep, "suspectsAsleep": asleep, "url": urls[len(out)]})
    return out


def expected_fruits(case: Case):
    urls = record_url("fruits", case.fruits.values())
    return [{"id": f["id"], "name": f["name"], "color": f["color"],
             "fans": sum(f["id"] in a.get("favoriteFruits", []) for a in case.animals),
             "bulletins": sum(b["fruit"] == f["id"] for b in case.bulletins), "url": url}
            for f, url in zip(case.fruits.values(), urls)]


def same_instant(a, b):
    return datetime.fromisoformat(a) == datetime.fromisoformat(b)


@pytest.mark.parametrize("which", ["sample", "hostile"])
def test_json_exports_equal_the_data_files(request, which, sample_site):
    case_dir, site = (SAMPLE, sample_site) if which == "sample" else request.getfixturevalue("hostile")
    case = Case(case_dir)
    animals = json.loads((site / "data" / "animals.json").read_text(encoding="utf-8"))
    assert animals == expected_animals(case)
    fruits = json.loads((site / "data" / "fruits.json").read_text(encoding="utf-8"))
    assert fruits == expected_fruits(case)
    bulletins = json.loads((site / "data" / "bulletins.json").read_text(encoding="utf-8"))
    want = expected_bulletins(case)
    assert [{**b, "nibbledAt": None} for b in bulletins] == [{**b, "nibbledAt": None} for b in want]
    for got, exp in zip(bulletins, want):
        assert same_instant(got["nibbledAt"], exp["nibbledAt"]), (got, exp)
        assert got["nibbledAt"][-6:] == datetime.fromisoformat(exp["nibbledAt"]).strftime("%z")[:3] + ":" + \
            datetime.fromisoformat(exp["nibbledAt"]).strftime("%z")[3:], "at the offset the author wrote"

    whole = json.loads((site / "data" / "case.json").read_text(encoding="utf-8"))
    schema = json.loads((REPO / "Schemas" / "case.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(whole))
    assert errors == [], errors[:3]
    assert (whole["fruits"], whole["animals"], whole["bulletins"]) == (fruits, animals, bulletins)
    assert whole["title"] == case.site["title"] and whole["timeZone"] == case.site["timeZone"]
    report = json.loads((site / "validation" / "report.json").read_text(encoding="utf-8"))
    assert whole["problems"] == {k: report[k] for k in ("errors", "warnings", "notes")}


@pytest.mark.parametrize("which", ["sample", "hostile"])
def test_csv_exports_equal_the_data_files(request, which, sample_site):
    case_dir, site = (SAMPLE, sample_site) if which == "sample" else request.getfixturevalue("hostile")
    case = Case(case_dir)
    text = lambda v: "" if v is None else str(v)
    animals = read_csv(site / "data" / "animals.csv")
    assert len(animals) == len(case.animals)
    for row, exp in zip(animals, expected_animals(case)):
        schedule = exp["sleepSchedule"] or {}
        assert row == {**{k: text(exp[k]) for k in ("id", "name", "species", "emoji", "pawSize", "suspicionLabel",
                                                     "alibi", "bulletins", "asleepAtBulletins", "url")},
                       "favoriteFruits": ";".join(exp["favoriteFruits"]),
                       "suspicionLevel": row["suspicionLevel"],
                       "sleep": schedule.get("sleep", ""), "wake": schedule.get("wake", "")}, row["id"]
        assert float(row["suspicionLevel"]) == exp["suspicionLevel"]
    fruits = read_csv(site / "data" / "fruits.csv")
    assert fruits == [{k: text(v) for k, v in f.items()} for f in expected_fruits(case)]
    bulletins = read_csv(site / "data" / "bulletins.csv")
    for row, exp in zip(bulletins, expected_bulletins(case), strict=True):
        assert same_instant(row["nibbledAt"], exp["nibbledAt"])
        assert {**row, "nibbledAt": ""} == {**{k: text(v) for k, v in exp.items()}, "nibbledAt": ""}
    problems = read_csv(site / "data" / "problems.csv")
    report = json.loads((site / "validation" / "report.json").read_text(encoding="utf-8"))
    assert [(p["severity"], p["rule"], p["message"], p["record"]) for p in problems] == \
        [(p["severity"], p["rule"], p["message"], p.get("record") or "") for p in report["problems"]]


def test_hostile_values_are_quoted_per_rfc_4180(hostile):
    case_dir, site = hostile
    raw = (site / "data" / "animals.csv").read_text(encoding="utf-8")
    alibi = next(a["alibi"] for a in Case(case_dir).animals if a["id"] == "rabbit")
    assert "\n" in alibi and '"' in alibi and "," in alibi
    assert '"' + alibi.replace('"', '""').replace("\n", "\n") + '"' in raw
    fruits = (site / "data" / "fruits.csv").read_text(encoding="utf-8")
    assert '," Elstar, the ""Apple""",' in fruits


def test_every_table_links_its_downloads(sample_site):
    pages = {"index.html": "animals", "bulletins/index.html": "bulletins", "fruits/index.html": "fruits",
             "validation/index.html": "problems"}
    for page, name in pages.items():
        html = (sample_site / page).read_text(encoding="utf-8")
        prefix = "" if page == "index.html" else "../"
        assert f'href="{prefix}data/{name}.csv" download' in html, page
        json_path = "validation/report.json" if name == "problems" else f"data/{name}.json"
        assert f'href="{prefix}{json_path}" download' in html, page
        assert f'<link rel="alternate" type="application/atom+xml" href="{prefix}bulletins.atom"' in html, page


def test_the_feed_is_valid_atom_with_an_entry_per_bulletin_newest_first(sample_site):
    case = Case(SAMPLE)
    feed = feedparser.parse((sample_site / "bulletins.atom").read_bytes())
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    assert feed.feed.title.startswith(case.site["title"])
    want = sorted(case.bulletins, key=lambda b: datetime.fromisoformat(b["nibbledAt"]), reverse=True)
    assert len(feed.entries) == len(want)
    for entry, b in zip(feed.entries, want):
        fruit = case.fruits[b["fruit"]]["name"]
        assert entry.title == f"{fruit} at {b['location']}", entry.title
        # The bulletin's own page, whose address lasts however the bulletins are reordered.
        assert entry.link == f"bulletins/id/{b['id']}.html", entry.link
        assert calendar.timegm(entry.updated_parsed) == datetime.fromisoformat(b["nibbledAt"]).timestamp(), (entry.updated, b)
        assert fruit in entry.summary and b["location"] in entry.summary and case.shown_time(b) in entry.summary
        note = SAMPLE / "notes" / "bulletins" / f"{b['id']}.md"
        assert ("content" in entry) == note.is_file(), b["id"]
        if note.is_file():
            heading = next(l for l in note.read_text(encoding="utf-8").splitlines() if l.startswith("# "))[2:]
            assert heading in entry.content[0].value
            # The note's case links open records' own pages, from the site's root as the feed's
            # own links are (no relative xml:base, which feedparser applies to the next entry's link).
            assert "bulletins/id/" not in (entry.content[0].get("base") or "")
            for href in re.findall(r'href="([^"]*)"', entry.content[0].value):
                assert href.startswith(("http://", "https://", "suspects/id/", "bulletins/id/", "fruits/id/")), href


def test_exports_and_feed_can_be_turned_off(tmp_path, binary):  # noqa: F811
    case = tmp_path / "Case"
    shutil.copytree(SAMPLE, case)
    with open(case / "site.yaml", "a", encoding="utf-8") as f:
        f.write("\nexports: false\nfeed: false\n")
    site = build(case, tmp_path / "site")
    assert not (site / "data").exists() and not (site / "bulletins.atom").exists()
    html = (site / "index.html").read_text(encoding="utf-8")
    assert "cf-downloads" not in html and "application/atom+xml" not in html


def _feed_case(tmp_path: Path, feed_setting: str) -> Path:
    """The sample with 60 more bulletins (one a day, so their order is known) and `feed_setting`
    appended to site.yaml."""
    case = tmp_path / "Case"
    shutil.copytree(SAMPLE, case)
    with open(case / "bulletins.yaml", "a", encoding="utf-8") as f:
        for day in range(60):
            f.write(f'- id: extra-{day:02d}\n  fruit: elstar\n  location: Row {day}\n'
                    f'  nibbledAt: "2024-01-{1 + day % 28:02d}T{day // 28:02d}:00:00Z"\n')
    with open(case / "site.yaml", "a", encoding="utf-8") as f:
        f.write("\n" + feed_setting + "\n")
    return case


@pytest.mark.parametrize("setting, count", [("", 50), ("feed:\n  limit: 3", 3), ("feed:\n  limit: 0", 68)])
def test_the_feed_holds_the_newest_limit_entries(tmp_path, binary, setting, count):  # noqa: F811
    case = _feed_case(tmp_path, setting)
    data = yaml.safe_load((case / "bulletins.yaml").read_text(encoding="utf-8"))
    assert len(data) == 68
    newest = sorted(data, key=lambda b: datetime.fromisoformat(b["nibbledAt"].replace("Z", "+00:00")), reverse=True)
    site = build(case, tmp_path / "site")
    feed = feedparser.parse((site / "bulletins.atom").read_bytes())
    assert not feed.bozo, feed.get("bozo_exception")
    assert len(feed.entries) == count
    ids = [entry.link.removeprefix("bulletins/id/").removesuffix(".html") for entry in feed.entries]
    assert ids == [b["id"] for b in newest[:count]]
    # The feed's `updated` is the newest bulletin's, whatever the limit.
    assert calendar.timegm(feed.feed.updated_parsed) == datetime.fromisoformat(newest[0]["nibbledAt"].replace("Z", "+00:00")).timestamp()


def test_a_feed_limit_that_is_not_a_count_is_reported(tmp_path, binary):  # noqa: F811
    case = _feed_case(tmp_path, "feed:\n  limit: -4")
    result = run("validate", "--content", str(case))
    assert result.returncode != 0
    assert "site.yaml" in result.stderr and "feed.limit" in result.stderr, result.stderr
