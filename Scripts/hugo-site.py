#!/usr/bin/env python3
"""Write a Hugo site equivalent to Casefile's build of a case, for Scripts/bench.sh.

    hugo-site.py CASE SITE          then:  hugo --quiet -s SITE -d OUT

CASE is a case folder (from Scripts/make-case.py, or any case whose collections are JSON or
YAML); SITE is created (an existing one is replaced).

What "equivalent" means here. Casefile renders each table (suspects, bulletins, fruits) as
pages of `pageSize` rows (site.yaml, default 100): index.html, suspects/page-2.html, …,
bulletins/index.html, …, fruits/index.html, plus a validation page and 404.html. Every page
holds the table's rows and, for each row, an inspector panel with the record's fields and its
note rendered from Markdown. The Hugo site has the same pages at the same paths, with the same
rows in the same order, and Hugo does the work that matters for the comparison:

- the records are Hugo data files (data/animals.json, data/bulletins.json, data/fruits.json,
  copied from the case as they are, and data/fruitsByID.json, the fruits keyed by id so a
  template can look a fruit up) which Hugo reads and parses;
- the pages are Go templates (layouts/): a row and a panel per record, each favourite fruit
  looked up and shown with its name and colour, the pagination links of every page;
- every note is read (readFile, from notes/ copied beside data/) and rendered from Markdown by
  Hugo's own renderer, Goldmark, set to the same GFM dialect Casefile uses (tables,
  strikethrough, autolinks, task lists; no typographer, footnotes, definition lists or heading
  ids; raw HTML dropped).

What it leaves out, because it is not a static site generator's job or a Go template cannot do
it in reasonable time: validation (no validation page, no problem markers), the derived
cross-references (a bulletin's suspects and whether each was asleep, an animal's bulletins,
a fruit's fans), resolving case links (`animal:ID` stays as the link target) and the stylesheet
Casefile renders from its settings (a small fixed one is copied). So the Hugo site is one page
fewer (no validation page) and its pages are lighter than Casefile's; the wall, CPU and memory
figures compare reading the same data, templating the same number of rows and rendering the
same Markdown.

The content/ folder holds one stub per output page (front matter only: which table, which rows,
which URL); the templates do the rest.
"""
import argparse
import json
import os
import re
import shutil
import sys

TABLES = [  # (table, data file, folder in the output, title)
    ("animals", "animals", "suspects", "Suspects"),
    ("bulletins", "bulletins", "bulletins", "Bulletins"),
    ("fruits", "fruits", "fruits", "Fruits"),
]

CONFIG = {
    "baseURL": "/",
    "title": "",
    "languageCode": "en",
    "relativeURLs": True,
    "disableKinds": ["home", "section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT"],
    "markup": {
        "goldmark": {
            "extensions": {
                "table": True, "strikethrough": True, "linkify": True, "taskList": True,
                "typographer": False, "definitionList": False, "footnote": False,
            },
            "parser": {"autoHeadingID": False, "attribute": {"block": False, "title": False}},
            "renderer": {"unsafe": False},
        },
    },
}

BASE = """<!DOCTYPE html>
<html lang="{{ site.LanguageCode }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ site.Title }}</title>
<link rel="stylesheet" href="{{ "casefile.css" | relURL }}">
</head>
<body data-page="{{ .Params.table }}">
<header class="cf-toolbar"><p class="cf-site-title">{{ site.Title }}</p>
<nav aria-label="Tables"><a href="{{ "index.html" | relURL }}">Suspects</a> <a href="{{ "bulletins/index.html" | relURL }}">Bulletins</a> <a href="{{ "fruits/index.html" | relURL }}">Fruits</a></nav>
</header>
<main class="cf-main"><h1>{{ .Title }}</h1>
{{ block "main" . }}{{ end }}
</main>
</body>
</html>
"""

# One template for every table page: the rows of this page, then a panel per row.
SINGLE = """{{ define "main" }}
{{ $table := .Params.table }}
{{ $rows := first .Params.count (after .Params.start (index site.Data $table)) }}
{{ $fruits := site.Data.fruitsByID }}
<table data-table class="cf-table"><caption>{{ .Title }}, page {{ .Params.number }} of {{ .Params.pages }}</caption>
<tbody>
{{ range $rows }}
<tr data-record-id="{{ .id }}">
{{ if eq $table "animals" }}
<th scope="row"><a data-select href="#{{ .id }}"><span aria-hidden="true">{{ .emoji }}</span> {{ .name }} <span>{{ .species }}</span></a></th>
<td>{{ range .favoriteFruits }}{{ with index $fruits . }}<span class="cf-swatch" style="--c: {{ .color | safeCSS }}" title="{{ .name }}"></span>{{ end }}{{ end }}</td>
<td><meter min="0" max="1" value="{{ .suspicionLevel | default 0 }}"></meter></td>
{{ else if eq $table "bulletins" }}
<th scope="row"><a data-select href="#{{ .id }}"><time datetime="{{ .nibbledAt }}">{{ .nibbledAt }}</time></a></th>
<td>{{ with index $fruits .fruit }}<span class="cf-swatch" style="--c: {{ .color | safeCSS }}"></span> {{ .name }}{{ end }}</td>
<td>{{ .location }}</td><td class="cf-num">{{ .bites }}</td>
{{ else }}
<th scope="row"><a data-select href="#{{ .id }}"><span class="cf-swatch" style="--c: {{ .color | safeCSS }}"></span> {{ .name }}</a></th>
<td>{{ .color }}</td>
{{ end }}
</tr>
{{ end }}
</tbody></table>
<nav class="cf-pagination" aria-label="Pages of this table"><ol>
{{ $here := .Params.number }}{{ $folder := .Params.folder }}
{{ range seq .Params.pages }}<li><a href="{{ if eq . 1 }}{{ if eq $folder "suspects" }}{{ "index.html" | relURL }}{{ else }}{{ printf "%s/index.html" $folder | relURL }}{{ end }}{{ else }}{{ printf "%s/page-%d.html" $folder . | relURL }}{{ end }}"{{ if eq . $here }} aria-current="page"{{ end }}>{{ . }}</a></li>{{ end }}
</ol></nav>
{{ range $rows }}
<article data-inspector-panel="{{ .id }}" id="{{ .id }}" class="cf-panel">
<h2>{{ .name | default .id }}</h2>
<dl>
{{ range $key, $value := . }}{{ if ne $key "favoriteFruits" }}<div class="cf-row"><dt>{{ $key }}</dt><dd>{{ if reflect.IsMap $value }}{{ range $k, $v := $value }}{{ $k }} {{ $v }} {{ end }}{{ else }}{{ $value }}{{ end }}</dd></div>{{ end }}{{ end }}
{{ with .favoriteFruits }}<div class="cf-row"><dt>Favourite fruits</dt><dd><ul>{{ range . }}{{ with index $fruits . }}<li><span class="cf-swatch" style="--c: {{ .color | safeCSS }}"></span> {{ .name }}</li>{{ end }}{{ end }}</ul></dd></div>{{ end }}
</dl>
{{ $note := printf "notes/%s/%s.md" $table .id }}
{{ if fileExists $note }}<section class="cf-note"><h3>Notes</h3>{{ readFile $note | markdownify }}</section>{{ end }}
</article>
{{ end }}
{{ end }}
"""

NOT_FOUND = """{{ define "main" }}<p>No such page. <a href="{{ "index.html" | relURL }}">Suspects</a></p>{{ end }}
"""

CSS = """body { font: 15px/1.4 system-ui, sans-serif; margin: 0; }
.cf-main { padding: 1rem; } .cf-table { border-collapse: collapse; }
.cf-table th, .cf-table td { padding: .25rem .5rem; border-bottom: 1px solid #ddd; text-align: start; }
.cf-swatch { display: inline-block; width: .8em; height: .8em; border-radius: 50%; background: var(--c); }
.cf-panel { display: none; } .cf-panel:target { display: block; }
.cf-pagination ol { display: flex; flex-wrap: wrap; gap: .25rem; list-style: none; padding: 0; }
"""


def read_collection(case, name):
    """The records of a collection and the file they came from (JSON or YAML), or ([], None)."""
    for ext in ("json", "yaml", "yml"):
        path = os.path.join(case, f"{name}.{ext}")
        if os.path.exists(path):
            if ext == "json":
                with open(path, encoding="utf-8") as f:
                    return json.load(f), path
            try:
                import yaml
            except ImportError:
                sys.exit(f"hugo-site.py: reading {path} needs PyYAML (or generate the case as JSON)")
            with open(path, encoding="utf-8") as f:
                return yaml.safe_load(f) or [], path
    return [], None


def site_settings(case):
    """title and pageSize from site.yaml (a flat read: enough for the two top-level keys)."""
    title, page_size = "Case", 100
    with open(os.path.join(case, "site.yaml"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^(title|pageSize):\s*(.+?)\s*$", line)
            if m and m.group(1) == "title":
                title = m.group(2).strip("\"'")
            elif m:
                page_size = int(m.group(2))
    return title, page_size


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("case")
    ap.add_argument("site")
    a = ap.parse_args()

    title, page_size = site_settings(a.case)
    shutil.rmtree(a.site, ignore_errors=True)
    for sub in ("data", "content", "layouts/_default", "static"):
        os.makedirs(os.path.join(a.site, sub), exist_ok=True)

    config = dict(CONFIG, title=title)
    with open(os.path.join(a.site, "config.json"), "w", encoding="utf-8") as f:
        json.dump(config, f, indent=1)
    for name, text in (("_default/baseof.html", BASE), ("_default/single.html", SINGLE), ("404.html", NOT_FOUND)):
        with open(os.path.join(a.site, "layouts", name), "w", encoding="utf-8") as f:
            f.write(text)
    with open(os.path.join(a.site, "static", "casefile.css"), "w", encoding="utf-8") as f:
        f.write(CSS)

    pages = 0
    for table, data_name, folder, heading in TABLES:
        records, source = read_collection(a.case, data_name)
        target = os.path.join(a.site, "data", f"{table}.json")
        if table == "fruits":  # also keyed by id, for lookups from every table
            with open(os.path.join(a.site, "data", "fruitsByID.json"), "w", encoding="utf-8") as f:
                json.dump({r["id"]: r for r in records}, f, ensure_ascii=False)
        if source and source.endswith(".json"):
            shutil.copyfile(source, target)
        else:
            with open(target, "w", encoding="utf-8") as f:
                json.dump(records, f, ensure_ascii=False)
        count = max(1, -(-len(records) // page_size))
        os.makedirs(os.path.join(a.site, "content", folder), exist_ok=True)
        for number in range(1, count + 1):
            if number == 1:
                url = "/index.html" if folder == "suspects" else f"/{folder}/index.html"
            else:
                url = f"/{folder}/page-{number}.html"
            front = {"title": heading, "url": url, "table": table, "folder": folder, "number": number,
                     "pages": count, "start": (number - 1) * page_size, "count": page_size}
            with open(os.path.join(a.site, "content", folder, f"page-{number}.md"), "w", encoding="utf-8") as f:
                json.dump(front, f)  # JSON front matter
                f.write("\n")
            pages += 1

    notes = os.path.join(a.case, "notes")
    if os.path.isdir(notes):
        shutil.copytree(notes, os.path.join(a.site, "notes"))
    print(f"{a.site}: {pages} table pages and 404.html, {page_size} rows a page")


if __name__ == "__main__":
    main()
