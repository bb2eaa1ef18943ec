#!/usr/bin/env python3
"""Casefile's generator of synthetic cases, for the benchmarks and for scale tests.

    make-case.py OUT [--animals N] [--bulletins M] [--fruits 200] [--notes 1.0]
                     [--format json|yaml] [--seed S]

Writes a case folder OUT in the layout the README's "The case file" section describes:
site.yaml, fruits, animals and bulletins (JSON by default, or YAML), and Markdown notes under
notes/animals/ and notes/bulletins/. Every field is valid, so a build reports no errors; the
record-level rules may still find a few warnings and notes (unsupported-suspicion,
reporter-is-suspect), as a real case would.

--notes is the share of records (animals and bulletins alike) that get a note: 1.0 gives every
record one. Each note is about 1.5 KB of GitHub-flavoured Markdown with the parts a real
interview note has: headings, a bulleted and a numbered list, a table, a task list, emphasis,
strikethrough, a block quote, a code span and case links (`[name](animal:ID)`) to other records.

The output depends only on the arguments: the same arguments give byte-identical files.

At the defaults (10,000 animals, 10,000 bulletins, 200 fruits, a note for every record) the
case is 20,000 notes and about 84 MB on disk; the 100k case of Scripts/bench.sh is
`--animals 100000 --bulletins 100000 --notes 0.2`.
"""
import argparse
import json
import os
import random

# The fruit catalog starts with real orchard fruits; --fruits beyond these adds numbered
# heirloom varieties with a hex colour.
ORCHARD = [
    ("elstar", "Elstar Apple", "gold"),
    ("belle-de-boskoop", "Belle de Boskoop Apple", "firebrick"),
    ("pink-pearl", "Pink Pearl Apple", "pink"),
    ("golden-gem", "Golden Gem Apple", "yellow"),
    ("tompkins-king", "Tompkins King Apple", "goldenrod"),
    ("hauer-pippin", "Hauer Pippin Apple", "crimson"),
    ("flavor-king", "Flavor King Plum", "purple"),
    ("elephant-heart", "Elephant Heart Plum", "darkred"),
    ("green-gage", "Green Gage Plum", "yellowgreen"),
    ("mariposa", "Mariposa Plum", "maroon"),
    ("lapins", "Lapins Sweet Cherry", "#6b0f1a"),
    ("kaki-fuyu", "Fuyu Persimmon", "orange"),
    ("strawberry-tree", "Strawberry Tree", "tomato"),
    ("big-berry-manzanita", "Big Berry Manzanita", "indianred"),
    ("channel-island-oak-acorn", "Channel Island Oak Acorn", "sienna"),
    ("christmas-berry", "Christmas Berry", "red"),
    ("creeping-snowberry", "Creeping Snowberry", "white"),
]

# (species, emoji): some emoji are several code points (a variation selector, a ZWJ
# sequence) but one character, as the emoji rule wants.
CRITTERS = [
    ("Hedgehog", "🦔"), ("Raccoon", "🦝"), ("Crow", "🐦‍⬛"), ("Rabbit", "🐰"), ("Owl", "🦉"),
    ("Squirrel", "🐿️"), ("Fox", "🦊"), ("Duck", "🦆"), ("Snail", "🐌"), ("Mouse", "🐭"),
    ("Deer", "🦌"), ("Dove", "🕊️"), ("Fish", "🐟"), ("Cat", "🐈"), ("Badger", "🦡"),
    ("Bee", "🐝"), ("Bat", "🦇"), ("Beaver", "🦫"),
]
GIVEN = ("Agnes Basil Cosima Dmitri Esme Florin Greta Horace Ilse Jasper Kiri Leopold Marguerite "
         "Nils Odile Percival Quentin Rosalind Silas Thea Ulrich Vesna Wilhelmina Xavier Yusuf "
         "Zélie Ansel Brigid Cyrus Delphine").split()
SPOTS = ["the north orchard", "the south orchard", "the café terrace", "the pond",
         "the visitor centre", "the ring road", "the fitness centre", "the theatre grove",
         "the car park", "the meadow", "the tool shed", "the greenhouse"]
NOUNS = ("pip stalk core peel twig ladder crate basket hedge gate path lantern bench puddle "
         "pawprint feather crumb wrapper leaf stone shadow rustle").split()
VERBS = ("noticed spotted heard sniffed followed carried dropped hid dragged circled "
         "nibbled inspected denied remembered").split()
ADJECTIVES = ("muddy sticky bruised half-eaten damp crooked silent moonlit early late "
              "nervous careful hungry drowsy").split()
LINKERS = ("near beside behind under past towards across along").split()


class Writer:
    """Makes plausible-looking prose and records from one seeded random generator."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def pick(self, seq):
        return self.rng.choice(seq)

    def clause(self):
        r = self.rng
        return (f"the {r.choice(ADJECTIVES)} {r.choice(NOUNS)} {r.choice(VERBS)} "
                f"{r.choice(LINKERS)} {r.choice(SPOTS)}")

    def sentence(self, clauses=None):
        n = clauses or self.rng.randint(1, 2)
        text = ", and ".join(self.clause() for _ in range(n))
        return text[0].upper() + text[1:] + "."

    def paragraph(self, sentences):
        return " ".join(self.sentence() for _ in range(sentences))

    def clock(self):
        return f"{self.rng.randint(0, 23):02d}:{self.rng.randint(0, 59):02d}"

    def note(self, subject, others):
        """About 1.5 KB of GFM for a record titled `subject`; `others` are (label, link) pairs."""
        r = self.rng
        noun, adj = r.choice(NOUNS), r.choice(ADJECTIVES)
        lines = [
            f"# Notes on {subject}",
            "",
            f"{self.sentence(2)} The *{adj}* {noun} was **not** where it should have been, "
            f"and `{noun}-{r.randint(100, 999)}` was logged. {self.sentence()}",
            "",
            "## What was seen",
            "",
        ]
        lines += [f"- {self.sentence(1)}" for _ in range(r.randint(3, 4))]
        lines += ["", "## Timeline", "", "| Time | Where | What |", "| :-- | :-- | :-- |"]
        for _ in range(3):
            lines.append(f"| {self.clock()} | {r.choice(SPOTS).capitalize()} | "
                         f"{r.choice(VERBS).capitalize()} a {r.choice(NOUNS)} |")
        lines += ["", "## Still to do", ""]
        lines += [f"- [{r.choice(' x')}] Ask about the {r.choice(ADJECTIVES)} {r.choice(NOUNS)}"
                  for _ in range(2)]
        lines += ["", "1. " + self.sentence(1), "2. " + self.sentence(1), ""]
        lines += [f"> {self.sentence(2)}", ""]
        lines += ["Compare with " + " and ".join(f"[{label}]({link})" for label, link in others)
                  + f"; the first story about the {r.choice(NOUNS)} was ~~{r.choice(ADJECTIVES)}~~ "
                  "wrong.", "", self.paragraph(r.randint(3, 4)), ""]
        return "\n".join(lines)


def fruit_catalog(w, count):
    fruits = [{"id": i, "name": n, "color": c} for i, n, c in ORCHARD[:count]]
    for k in range(len(fruits), count):
        rgb = "".join(f"{w.rng.randrange(256):02x}" for _ in range(3))
        fruits.append({"id": f"heirloom-{k}", "name": f"Heirloom Variety No. {k}", "color": f"#{rgb}"})
    return fruits


def suspects(w, count, fruit_ids):
    r = w.rng
    animals = []
    for k in range(count):
        species, emoji = CRITTERS[k % len(CRITTERS)]
        rec = {
            "id": f"{species.lower()}-{k}",
            "name": f"{r.choice(GIVEN)} the {species} ({k})",
            "species": species,
            "emoji": emoji,
            "pawSize": r.choice(("small", "small", "small", "medium", "large")),
            "favoriteFruits": r.sample(fruit_ids, min(len(fruit_ids), r.randint(1, 4))),
            "suspicionLevel": r.randint(0, 100) / 100,
            "alibi": w.sentence(),
        }
        if r.random() < 0.7:  # most keep regular hours; sleep (evening) never equals wake (morning)
            rec["sleepSchedule"] = {"sleep": f"{r.randint(19, 23)}:{r.choice(('00', '15', '30', '45'))}",
                                    "wake": f"{r.randint(4, 9):02d}:{r.choice(('00', '30'))}"}
        animals.append(rec)
    return animals


def bulletin_list(w, count, fruit_ids, animal_ids):
    r = w.rng
    bulletins = []
    for k in range(count):
        rec = {
            "id": f"bulletin-{k}",
            "fruit": r.choice(fruit_ids),
            "nibbledAt": f"2023-{6 + k % 3:02d}-{1 + (k // 3) % 28:02d}T{w.clock()}:00-07:00",
            "location": f"Apple Park, {r.choice(SPOTS)}",
        }
        if r.random() < 0.9:
            rec["bites"] = r.randint(1, 12)
        if animal_ids and r.random() < 0.6:
            rec["reportedBy"] = r.choice(animal_ids)
        bulletins.append(rec)
    return bulletins


def yaml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(yaml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k}: {yaml_value(x)}" for k, x in v.items()) + " }"
    return json.dumps(v, ensure_ascii=False)  # a JSON string is a YAML double-quoted scalar


def write_collection(path, records, fmt):
    with open(path, "w", encoding="utf-8") as f:
        if fmt == "json":
            json.dump(records, f, ensure_ascii=False, indent=1)
            f.write("\n")
            return
        for rec in records:
            for n, (key, value) in enumerate(rec.items()):
                f.write(("- " if n == 0 else "  ") + f"{key}: {yaml_value(value)}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", help="the case folder to write (created; existing files are overwritten)")
    ap.add_argument("--animals", type=int, default=10000, help="animals (default 10000)")
    ap.add_argument("--bulletins", type=int, help="bulletins (default: as many as animals)")
    ap.add_argument("--fruits", type=int, default=200, help="fruits (default 200)")
    ap.add_argument("--notes", type=float, default=1.0, help="share of records with a note (default 1.0)")
    ap.add_argument("--format", choices=("json", "yaml"), default="json", help="collection files' format")
    ap.add_argument("--seed", type=int, default=20231123, help="random seed (default 20231123)")
    ap.add_argument("--language", help="site.yaml's language: (BCP 47; left out unless given, which is English)")
    a = ap.parse_args()
    if a.fruits < 1:
        ap.error("--fruits must be at least 1 (every animal and bulletin names a fruit)")

    w = Writer(a.seed)
    fruits = fruit_catalog(w, a.fruits)
    fruit_ids = [f["id"] for f in fruits]
    animals = suspects(w, a.animals, fruit_ids)
    animal_ids = [x["id"] for x in animals]
    bulletins = bulletin_list(w, a.animals if a.bulletins is None else a.bulletins, fruit_ids, animal_ids)

    for sub in ("animals", "bulletins"):
        os.makedirs(os.path.join(a.out, "notes", sub), exist_ok=True)
    with open(os.path.join(a.out, "site.yaml"), "w", encoding="utf-8") as f:
        f.write("title: The orchard case (synthetic)\n"
                f"description: Generated by Scripts/make-case.py (seed {a.seed}).\n"
                "timeZone: America/Los_Angeles\n"
                + (f"language: {a.language}\n" if a.language else ""))
    for name, records in (("fruits", fruits), ("animals", animals), ("bulletins", bulletins)):
        write_collection(os.path.join(a.out, f"{name}.{a.format}"), records, a.format)

    written = 0
    for sub, records in (("animals", animals), ("bulletins", bulletins)):
        for rec in records:
            if w.rng.random() >= a.notes:
                continue
            others = [(w.rng.choice(GIVEN), f"animal:{w.rng.choice(animal_ids)}") for _ in range(2)] \
                if animal_ids else [(fruits[0]["name"], f"fruit:{fruit_ids[0]}")]
            others.append(("the fruit", f"fruit:{w.rng.choice(fruit_ids)}"))
            text = w.note(rec.get("name", rec["id"]), others)
            with open(os.path.join(a.out, "notes", sub, rec["id"] + ".md"), "w", encoding="utf-8") as f:
                f.write(text)
            written += 1
    print(f"{a.out}: {len(fruits)} fruits, {len(animals)} animals, {len(bulletins)} bulletins, "
          f"{written} notes ({a.format})")


if __name__ == "__main__":
    main()
