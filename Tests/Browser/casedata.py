"""The case behind the browser tests' expectations: the YAML of a case directory (Content/ or a
variant built from a copy of it), read with PyYAML, and the rules from the README ("The case file") that turn it
into what a page should show (suspicion labels and bars, times in the site's time zone, asleep or
awake). Also small probes shared by test_content.py, test_gestures.py and test_semantics.py.

Expected values come from here, never from the page under test.
"""

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import yaml

# `.cf-marker.cf-at-large { top: calc(100vh - 3rem) }`: the large detent leaves 48 px showing.
LARGE_TOP_INSET = 48

# Defaults from the README ("The case file") (site.yaml).
DEFAULT_INSPECTOR = {"minWidth": 200, "idealWidth": 300, "maxWidth": 400}
DEFAULT_DETENTS = [200, "medium", "large"]
DEFAULT_TIME_ZONE = "UTC"
DEFAULT_LANGUAGE = "en"
DEFAULT_PAGE_SIZE = 50

# the README's "The case file": "Suspicion is shown as a label and colour" — [lower, upper) → label; four signal
# bars, one more filled per step (Templates/README.md: "signal bars filled by level").
SUSPICION_STEPS = [
    (0.0, 0.2, "Unlikely"),
    (0.2, 0.5, "Fishy"),
    (0.5, 0.9, "Very suspicious"),
    (0.9, 1.0 + 1e-12, "Extremely suspicious!"),
]
OUT_OF_RANGE = "Suspiciously Unsuspicious"

DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


# ---------------------------------------------------------------- the case, from its YAML


class Case:
    """A case directory's YAML, read with PyYAML (the expectations' only source)."""

    def __init__(self, root):
        load_yaml = lambda name: yaml.safe_load((root / name).read_text(encoding="utf-8")) or []
        self.root = root
        self.site = yaml.safe_load((root / "site.yaml").read_text(encoding="utf-8")) or {}
        self.animals = load_yaml("animals.yaml")
        self.fruits = {f["id"]: f for f in load_yaml("fruits.yaml")}
        self.bulletins = load_yaml("bulletins.yaml")

    @staticmethod
    def favourites(animal):
        """An animal's favourite fruit ids as the pages list them: in order, a repeat once."""
        return list(dict.fromkeys(animal.get("favoriteFruits", [])))

    def repeated_favourites(self):
        """(animal id, fruit id) for each repeat in a favoriteFruits list: a duplicate-fruit warning."""
        return [(a["id"], f) for a in self.animals for i, f in enumerate(a.get("favoriteFruits", []))
                if f in a["favoriteFruits"][:i]]

    def unused_fruits(self):
        """Fruit ids no animal favours and no bulletin names: an unused-fruit note each."""
        named = {f for a in self.animals for f in a.get("favoriteFruits", [])} | {b["fruit"] for b in self.bulletins}
        return [f for f in self.fruits if f not in named]

    @property
    def zone(self):
        return ZoneInfo(self.site.get("timeZone", DEFAULT_TIME_ZONE))

    def local(self, bulletin):
        return datetime.fromisoformat(bulletin["nibbledAt"]).astimezone(self.zone)

    def shown_time(self, bulletin):
        t = self.local(bulletin)
        return f"{DAYS[t.weekday()]} {t.day} {MONTHS[t.month - 1]} {t.year}, {t:%H:%M}"

    def asleep(self, animal, bulletin):
        schedule = animal.get("sleepSchedule")
        if not schedule:
            return False
        minutes = lambda hhmm: int(hhmm[:2]) * 60 + int(hhmm[3:])
        t = self.local(bulletin)
        now, sleep, wake = t.hour * 60 + t.minute, minutes(schedule["sleep"]), minutes(schedule["wake"])
        return sleep <= now < wake if sleep < wake else (now >= sleep or now < wake)

    def detent_heights(self, viewport_h):
        out = []
        for d in self.site.get("sheet", {}).get("detents", DEFAULT_DETENTS):
            out.append({"medium": viewport_h / 2, "large": viewport_h - LARGE_TOP_INSET}.get(d, d))
        return sorted(out)


def suspicion(level):
    """(label, filled bars) for a suspicion level, per the README's "The case file"."""
    for i, (lo, hi, label) in enumerate(SUSPICION_STEPS):
        if lo <= level < hi:
            return label, i + 1
    return OUT_OF_RANGE, 0


# ---------------------------------------------------------------- variants (see conftest `variant`)


def _empty_bulletins(content):
    (content / "bulletins.yaml").write_text("[]\n", encoding="utf-8")


def _paged(content):
    with open(content / "site.yaml", "a", encoding="utf-8") as f:
        f.write("\npageSize: 3\nlanguage: fr\n")


def _tokyo(content):
    text = (content / "site.yaml").read_text(encoding="utf-8")
    assert re.search(r"^timeZone: .*$", text, re.M), "site.yaml has no timeZone line to replace"
    (content / "site.yaml").write_text(
        re.sub(r"^timeZone: .*$", "timeZone: Asia/Tokyo", text, flags=re.M), encoding="utf-8"
    )


def _ordered(content):
    with open(content / "site.yaml", "a", encoding="utf-8") as f:
        f.write("\npageSize: 3\ndefaultOrder:\n  suspects: suspicion descending\n")


def _outside(content):
    with open(content / "notes" / "animals" / "fish.md", "a", encoding="utf-8") as f:
        f.write("\nThe [session's page](https://developer.apple.com/wwdc23/10161) says more.\n")


# name → (edit, whether the variant has errors: the empty one leaves notes' bulletin links broken)
VARIANTS = {"empty": (_empty_bulletins, True), "paged": (_paged, False), "tokyo": (_tokyo, False),
            "ordered": (_ordered, False), "outside": (_outside, False)}


# ---------------------------------------------------------------- shared probes


RGBA_RE = re.compile(r"rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)")


def rgba(css):
    m = RGBA_RE.fullmatch(css.strip())
    assert m, f"not an rgb()/rgba() colour: {css!r}"
    r, g, b, a = m.groups()
    return float(r), float(g), float(b), 1.0 if a is None else float(a)


def luminance(rgb):
    """WCAG relative luminance of an (r, g, b[, a]) colour, channels 0…255."""
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    """WCAG contrast ratio of two opaque colours."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def over(fill, behind):
    """fill (with its alpha) composited over an opaque colour."""
    a = fill[3]
    return tuple(a * f + (1 - a) * b for f, b in zip(fill[:3], behind[:3]))


def px(value):
    return float(value.replace("px", "")) if value.endswith("px") else None


# The browser resolves a CSS colour as written in the YAML (a name or hex) into rgb().
RESOLVE_COLORS_JS = """
const probe = document.createElement('span');
document.body.append(probe);
const out = arguments[0].map(c => { probe.style.color = ''; probe.style.color = c; return getComputedStyle(probe).color; });
probe.remove();
return out;
"""


def resolve_colors(driver, colors):
    return driver.execute_script(RESOLVE_COLORS_JS, list(colors))


def ax_nodes(driver):
    """Chromium's accessibility tree: [{role, name, description, props}], ignored nodes left out."""
    out = []
    for n in driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]:
        if n.get("ignored"):
            continue
        out.append({
            "role": n.get("role", {}).get("value"),
            "name": n.get("name", {}).get("value", ""),
            "description": n.get("description", {}).get("value", ""),
            "props": {p["name"]: p["value"].get("value") for p in n.get("properties", [])},
            "backendId": n.get("backendDOMNodeId"),
        })
    return out
