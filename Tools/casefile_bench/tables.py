"""Tables of rows (dicts by column name): aligned plain text (numbers to the right) and Markdown."""

TEXT_COLUMNS = ("page", "site", "file")


def text_table(columns, rows):
    widths = [max(len(c), *(len(str(r.get(c, ""))) for r in rows)) for c in columns]
    numeric = [c not in TEXT_COLUMNS for c in columns]

    def line(values):
        return "  ".join((str(v).rjust(w) if n else str(v).ljust(w))
                         for v, w, n in zip(values, widths, numeric)).rstrip()
    out = [line(columns), line("-" * w for w in widths)]
    out += [line(r.get(c, "") for c in columns) for r in rows]
    return "\n".join(out)


def markdown_table(columns, rows):
    def cell(v):
        return str(v).replace("|", "\\|")
    out = ["| " + " | ".join(columns) + " |",
           "| " + " | ".join("---" if c in TEXT_COLUMNS else "---:" for c in columns) + " |"]
    out += ["| " + " | ".join(cell(r.get(c, "")) for c in columns) + " |" for r in rows]
    return "\n".join(out)

