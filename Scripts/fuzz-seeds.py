#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (Fuzz/) from files already in the repository.

    Scripts/fuzz-seeds.py OUT [SITE]

OUT/loader, OUT/markdown and OUT/html receive one file per seed, named for its content's hash
(so running it again adds nothing twice):

- loader: the sample case's data files (Content/*.yaml) and every data file written inline in the
  Swift tests (`"animals.json": \"\"\"…\"\"\"`), each behind the byte that tells FuzzLoader which file
  it is (its index in FuzzEntry.dataFiles);
- markdown: the sample's notes and the Markdown literals of Tests/CasefileMarkdownTests, behind an
  options byte (0: raw HTML dropped, 1: kept), one seed of each;
- html: the templates (Templates/, HTML with Mustache tags), the HTML literals of the publish
  tests, and the pages of a built site when SITE names its folder (Scripts/fuzz.sh builds the
  sample with the debug binary when there is one).
"""
import hashlib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The order of FuzzEntry.dataFiles (Sources/CasefileKit/Fuzzing/FuzzEntry.swift).
DATA_FILES = ["site.yaml", "fruits.yaml", "animals.yaml", "bulletins.yaml",
              "fruits.json", "animals.json", "bulletins.json"]
MAX_SEED = 64 * 1024
# The folders of Swift tests that write case files inline: the layers' tests from loading up, the
# whole pipeline's, and the helpers they share.
CASE_TESTS = ["Support", "LoadingSupport", "ValidationSupport", "CasefileLoadingTests", "CasefileValidationTests",
              "CasefileSiteTests", "CasefileKitTests"]

# A Swift string literal: multi-line (optionally raw), raw single-line, or plain single-line.
LITERAL = re.compile(r'(#?)"""\n(.*?)\n([ \t]*)"""\1|#"(.*?)"#|"((?:[^"\\\n]|\\.)*)"', re.S)
FILE_KEY = re.compile(r'"((?:site|fruits|animals|bulletins)\.(?:yaml|yml|json))"\s*:\s*$')
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "'": "'", "0": "\0"}


def unescape(text, raw):
    if raw:
        return text
    out = re.sub(r'\\u\{([0-9a-fA-F]+)\}', lambda m: chr(int(m.group(1), 16)), text)
    return re.sub(r'\\(.)', lambda m: ESCAPES.get(m.group(1), m.group(0)), out)


def literal_text(match):
    raw_multi, body, indent, raw_single, plain = match.groups()
    if body is not None:
        lines = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in body.split("\n")]
        return unescape("\n".join(lines) + "\n", raw_multi == "#")
    if raw_single is not None:
        return raw_single
    return unescape(plain, False)


def literals(path):
    text = path.read_text(encoding="utf-8")
    for match in LITERAL.finditer(text):
        if "\\(" in match.group(0):
            continue  # interpolated: not the text the test runs
        yield text[max(0, match.start() - 80):match.start()], literal_text(match)


def guess_data_file(text):
    stripped = text.lstrip()
    json = stripped[:1] in ("[", "{")
    if "nibbledAt" in text or "reportedBy" in text:
        name = "bulletins"
    elif "species" in text or "favoriteFruits" in text or "suspicionLevel" in text:
        name = "animals"
    elif "color" in text:
        name = "fruits"
    elif "title" in text:
        return "site.yaml"
    else:
        return None
    return f"{name}.{'json' if json else 'yaml'}"


class Corpus:
    def __init__(self, folder):
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.count = 0

    def add(self, data):
        if not data or len(data) > MAX_SEED:
            return
        name = hashlib.sha1(data).hexdigest()
        target = self.folder / name
        if not target.exists():
            target.write_bytes(data)
            self.count += 1


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = pathlib.Path(sys.argv[1])
    site = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else None
    loader, markdown, html = Corpus(out / "loader"), Corpus(out / "markdown"), Corpus(out / "html")

    def add_data(name, text):
        name = name.replace(".yml", ".yaml")
        if name in DATA_FILES:
            loader.add(bytes([DATA_FILES.index(name)]) + text.encode("utf-8"))

    for path in sorted((ROOT / "Content").glob("*.yaml")):
        add_data(path.name, path.read_text(encoding="utf-8"))
    for path in sorted(p for folder in CASE_TESTS for p in (ROOT / "Tests" / folder).glob("*.swift")):
        for before, text in literals(path):
            key = FILE_KEY.search(before)
            if key:
                add_data(key.group(1), text)
            elif "\n" in text and (name := guess_data_file(text)):
                add_data(name, text)
            if "<" in text and ">" in text and path.name.startswith(("LinkCheck", "Publish")):
                html.add(text.encode("utf-8"))

    notes = sorted((ROOT / "Content" / "notes").rglob("*.md"))
    texts = [p.read_text(encoding="utf-8") for p in notes]
    for path in sorted((ROOT / "Tests" / "CasefileMarkdownTests").glob("*.swift")):
        texts += [text for _, text in literals(path) if len(text) > 3]
    for text in texts:
        for options in (0, 1):
            markdown.add(bytes([options]) + text.encode("utf-8"))

    for path in sorted((ROOT / "Templates").rglob("*.mustache")):
        html.add(path.read_bytes())
    if site and site.is_dir():
        for path in sorted(site.rglob("*.html")):
            html.add(path.read_bytes())

    print(f"seeds: loader {loader.count}, markdown {markdown.count}, html {html.count} new in {out}")


if __name__ == "__main__":
    main()
