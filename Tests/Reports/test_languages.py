"""The sample built in German, Japanese and Arabic shows no English phrase of the interface on
any page, and every page says its language and direction. The English phrases are the values of
Templates/i18n/en.yaml (placeholders matching anything); a text of a page that reads as one of
them, and not as the same key's text in the page's own table, is English that leaked. The case's
own data (names, notes, ids) is not checked: it stays as written."""

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from report_helpers import REPO, SAMPLE, binary, run  # noqa: F401 (fixture)

TABLES = REPO / "Templates" / "i18n"
ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")


def table(language: str) -> dict:
    return yaml.safe_load((TABLES / f"{language}.yaml").read_text(encoding="utf-8")) or {}


def patterns(language: str) -> dict:
    """Each key's texts (a plural key's every form) as anchored regexes, placeholders as `.+`."""
    out = {}
    for key, value in table(language).items():
        forms = value.values() if isinstance(value, dict) else [value]
        # A form that is little but placeholders ("{label}: {count}", "{height} px") says nothing
        # of its language: it is not looked for.
        out[key] = [re.compile("^" + re.sub(r"\\\{[a-z]+\\\}", ".+", re.escape(f.strip())) + "$", re.S)
                    for f in forms if len(re.findall(r"[^\W\d_]", re.sub(r"\{[a-z]+\}", "", f))) >= 3]
    return out


class Texts(HTMLParser):
    """A page's text nodes and labelling attributes, and <html lang dir>."""

    def __init__(self):
        super().__init__()
        self.texts, self.html, self.skip = [], {}, 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.html = attrs
        if tag in ("style", "script", "code", "pre", "time") or "cf-note" in (attrs.get("class") or ""):
            self.skip += 1
        for name in ATTRIBUTES:
            if attrs.get(name):
                self.texts.append(attrs[name])

    def handle_endtag(self, tag):
        if tag in ("style", "script", "code", "pre", "time") and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.texts.append(data.strip())


@pytest.fixture(scope="module")
def builds(tmp_path_factory, binary):  # noqa: F811
    sites = {}
    for language in ("en", "de", "ja", "ar"):
        case = tmp_path_factory.mktemp(language) / "Case"
        shutil.copytree(SAMPLE, case)
        site = case / "site.yaml"
        assert "\nlanguage:" not in site.read_text(encoding="utf-8")
        with open(site, "a", encoding="utf-8") as f:
            f.write(f"language: {language}\n")
        out = case.parent / "out"
        result = run("build", "--quiet", "--content", str(case), "--output", str(out))
        assert result.returncode == 0, result.stderr
        sites[language] = out
    return sites


def pages(site: Path):
    return sorted(site.rglob("*.html"))


@pytest.mark.parametrize("language, direction", [("de", "ltr"), ("ja", "ltr"), ("ar", "rtl")])
def test_no_english_phrase_of_the_interface_on_any_page(builds, language, direction):
    english, own = patterns("en"), patterns(language)
    # Keys whose text is the same in both (a word both languages write alike, "ID") are no leak.
    leaks = []
    for page in pages(builds[language]):
        parser = Texts()
        parser.feed(page.read_text(encoding="utf-8"))
        assert parser.html.get("lang") == language and parser.html.get("dir") == direction, (page, parser.html)
        for text in parser.texts:
            for key, forms in english.items():
                if any(f.match(text) for f in forms) and not any(f.match(text) for f in own.get(key, [])):
                    leaks.append(f"{page.relative_to(builds[language])}: {text!r} ({key})")
    assert not leaks, f"{len(leaks)} English phrases:\n" + "\n".join(sorted(set(leaks))[:60])


def test_the_english_build_shows_the_english_phrases(builds):
    """The check above can find a leak: in the English build it finds the phrases everywhere."""
    english = patterns("en")
    found = set()
    for page in pages(builds["en"]):
        parser = Texts()
        parser.feed(page.read_text(encoding="utf-8"))
        assert parser.html.get("lang") == "en" and parser.html.get("dir") == "ltr"
        for text in parser.texts:
            found |= {key for key, forms in english.items() if any(f.match(text) for f in forms)}
    for key in ("toggleInspector", "suspects", "errorCount", "showAll", "downloadThisTable", "pageNotFound"):
        assert key in found, key


def test_a_cases_own_table_overrides_a_phrase_and_adds_one_for_its_templates(tmp_path):
    """i18n/en.yaml in a case changes a built-in phrase everywhere it is shown, and a key of its
    own is there for a custom template as {{t.key}}; a key no table has prints nothing."""
    case = tmp_path / "Case"
    shutil.copytree(SAMPLE, case)
    (case / "i18n").mkdir()
    (case / "i18n" / "en.yaml").write_text(
        'suspects: "Persons of interest"\nmotto: "Trust no raccoon & no <crow>"\n', encoding="utf-8")
    templates = tmp_path / "Templates"
    templates.mkdir()
    notfound = (REPO / "Templates" / "notfound.mustache").read_text(encoding="utf-8")
    marked = notfound.replace("{{t.pageNotFoundMessage}}",
                              "{{t.pageNotFoundMessage}} <em id=motto>{{t.motto}}</em><i id=none>{{t.noSuchKey}}</i>")
    assert marked != notfound
    (templates / "notfound.mustache").write_text(marked, encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", "--quiet", "--content", str(case), "--templates", str(templates), "--output", str(out))
    assert result.returncode == 0, result.stderr
    home = out.joinpath("index.html").read_text(encoding="utf-8")
    assert ">Persons of interest<" in home and ">Suspects<" not in home
    missing = out.joinpath("404.html").read_text(encoding="utf-8")
    assert "<em id=motto>Trust no raccoon &amp; no &lt;crow&gt;</em>" in missing
    assert "<i id=none></i>" in missing
    assert ">Persons of interest<" in missing
