"""`reader-bench.py`'s figures as tables: medians and spreads of the runs, each interaction's INP
cell, the targets' verdicts, and the one-line progress of a measurement."""
from . import rounds, targets
from .reader_page import MOBILE


def fmt_ms(value):
    return "—" if value is None else f"{value:,.0f}"


def spread(values, unit_fmt=fmt_ms, ranges=True):
    values = [v for v in values if v is not None]
    if not values:
        return None
    median = rounds.median(values)
    if ranges and len(values) > 1 and min(values) != max(values):
        return f"{unit_fmt(median)} ({unit_fmt(min(values))}–{unit_fmt(max(values))})"
    return unit_fmt(median)


def inp_cell(results):
    """Median (min–max) of an interaction's INP over the runs, and its failures."""
    results = [r for r in results if r is not None]
    if not results:
        return "—"
    if all(r.get("status") == "none" for r in results):
        return "—"
    values, failed, errors, under, unpainted = [], 0, 0, 0, []
    for r in results:
        status = r.get("status")
        if "error" in r:
            errors += 1
        elif status == "failed":
            failed += 1
        elif status == "no-paint":
            unpainted.append(r["inp"])
        elif status == "under-threshold":
            under += 1
            values.append(16.0)
        elif status == "ok":
            values.append(r["inp"])
    if not values and unpainted:
        return f"no paint (≥{spread(unpainted, ranges=False)})"
    if not values:
        return "failed" if failed else ("error" if errors else "—")
    cell = spread(values)
    if under == len(values):
        cell = "<16"
    if failed or errors or unpainted:
        cell += f" [{len(values)}/{len(results)} ok]"
    return cell


def pair(first, second):
    if first is None and second is None:
        return "—"
    return f"{first or '—'} / {second or '—'}"


def trace_median(results, key, fmt):
    values = [r["trace"][key] for r in results
              if r and r.get("status") in ("ok", "under-threshold") and "trace" in r]
    return spread(values, fmt, ranges=False)


def summarise(sites, kinds, pages, facts, runs, profile_name):
    rows = []
    for kind in kinds:
        for site in sites:
            rel = pages[site["label"]][kind]
            if rel is None:
                rows.append({"page": kind, "site": site["label"], "file": "(none)"})
                continue
            measured = [r for r in runs if r["site"] == site["label"] and r["page"] == kind
                        and r["profile"] == profile_name]
            figures = [r["figures"] for r in measured]
            ok = [f for f in figures if "error" not in f]
            sizes = site["sizes"][kind]
            fact = facts.get((site["label"], kind)) or {}
            row = {"page": kind, "site": site["label"], "file": rel,
                   "HTML KB": f"{sizes['bytes'] / 1024:,.0f}",
                   "gzip KB": f"{sizes['gzip'] / 1024:,.1f}",
                   "elements": f"{fact['elements']:,}" if "elements" in fact else "?"}
            if profile_name == "mobile":
                row["FCP ms"] = spread([f.get("fcp") for f in ok]) or "—"
                row["LCP ms"] = spread([f.get("lcp") for f in ok]) or "—"
            selects = [f.get("select") if "error" not in f else f for f in figures]
            chips = [f.get("chip") if "error" not in f else f for f in figures]
            row["select INP ms"] = inp_cell(selects)
            row["chip INP ms"] = inp_cell(chips)
            filters = [f.get("filters") for f in ok if f.get("filters")]
            row["filters INP ms"] = inp_cell(filters) if filters else "—"
            if profile_name == "mobile":
                count = lambda v: f"{v:,.0f}"
                sel = [f.get("select") for f in ok]
                chp = [f.get("chip") for f in ok]
                row["restyled (select / chip)"] = pair(trace_median(sel, "styleElements", count),
                                                       trace_median(chp, "styleElements", count))
                row["style ms"] = pair(trace_median(sel, "styleMs", fmt_ms),
                                       trace_median(chp, "styleMs", fmt_ms))
                row["layout ms"] = pair(trace_median(sel, "layoutMs", fmt_ms),
                                        trace_median(chp, "layoutMs", fmt_ms))
                row["layout objects"] = pair(trace_median(sel, "layoutDirtyObjects", count),
                                             trace_median(chp, "layoutDirtyObjects", count))
                top = fact.get("firstRowTop")
                row["first row top px (%)"] = ("—" if top is None else
                                               f"{top:,.0f} ({fact['firstRowTopPercent']:.0f}%)")
                if "cellsPastEdge" in fact:
                    row["cells past edge"] = (f"{fact['cellsPastEdge']:,}"
                                              + (" (scrolls)" if fact.get("scrollsSideways") else ""))
                else:
                    row["cells past edge"] = "?"
            rows.append(row)
    columns = ["page", "site", "file", "HTML KB", "gzip KB", "elements"]
    if profile_name == "mobile":
        columns += ["FCP ms", "LCP ms"]
    columns += ["select INP ms", "chip INP ms"]
    if any(r.get("filters INP ms", "—") != "—" for r in rows):
        columns.append("filters INP ms")
    if profile_name == "mobile":
        columns += ["restyled (select / chip)", "style ms", "layout ms", "layout objects",
                    "first row top px (%)", "cells past edge"]
    return columns, rows


def inp_values(results):
    """The INPs of the runs that worked (an entry under the 16 ms threshold counts as 16)."""
    return [16.0 if r.get("status") == "under-threshold" else r["inp"] for r in results
            if r and r.get("status") in ("ok", "under-threshold")]


def target_lines(sites, kinds, pages, runs, profiles):
    """Each page's select and chip against the target of its profile (a phone's or a desktop's)."""
    lines = []
    for profile in profiles:
        if profile is MOBILE:
            target_of = {"select": targets.PHONE_SELECT, "chip": targets.PHONE_CHIP}
        else:
            target_of = {"select": targets.DESKTOP_CLICK, "chip": targets.DESKTOP_CLICK}
        for kind in kinds:
            for site in sites:
                if pages[site["label"]][kind] is None:
                    continue
                figures = [r["figures"] for r in runs if r["site"] == site["label"]
                           and r["page"] == kind and r["profile"] == profile["name"]]
                for name in ("select", "chip"):
                    results = [f.get(name) for f in figures if "error" not in f]
                    if all(not r or r.get("status") == "none" for r in results):
                        continue
                    what = f"  {profile['name']} {kind} {site['label']} {name}"
                    lines.append(targets.verdict(target_of[name], rounds.median(inp_values(results)), what))
    return lines


def progress_line(figures):
    if "error" in figures:
        return "error"

    def inp(result):
        if not result:
            return "—"
        status = result.get("status")
        if status == "ok":
            return f"{result['inp']:.0f}"
        if status == "no-paint":
            return f"no paint (≥{result['inp']:.0f})"
        return {"under-threshold": "<16", "none": "—"}.get(status, status)
    parts = []
    if figures.get("fcp") is not None:
        parts.append(f"FCP {figures['fcp']:.0f} LCP {figures.get('lcp') or 0:.0f}")
    parts.append(f"select {inp(figures.get('select'))}")
    if figures.get("filters"):
        parts.append(f"filters {inp(figures['filters'])}")
    parts.append(f"chip {inp(figures.get('chip'))}")
    for name in ("select", "chip"):
        t = (figures.get(name) or {}).get("trace")
        if t:
            parts.append(f"{name} restyled {t['styleElements']} ({t['styleMs']:.0f} ms, "
                         f"layout {t['layoutMs']:.0f} ms)")
    return ", ".join(parts)
