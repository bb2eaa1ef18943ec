#!/usr/bin/env python3
"""Writes casefile(1), the man page, from the command definitions.

    python3 Scripts/man-page.py BINARY [--date YYYY-MM-DD] > casefile.1

It reads what swift-argument-parser says of the commands (`BINARY --experimental-dump-help`:
every command's abstract, discussion and arguments, as `--help` prints them) and writes one page
in man(7) macros: NAME, SYNOPSIS (a line per command), DESCRIPTION, a section per command
(COMMANDS: its synopsis, abstract, discussion and options with their defaults; a command's own
commands, such as `templates copy`, each as a command), EXIT STATUS (each
command's "Exit status:" paragraph), then the ENVIRONMENT and FILES sections, which are written
here because no command definition holds them.
"""
import argparse
import json
import os
import subprocess
import sys
import time

# What `casefile` reads besides its arguments, and the variables it looks at: (term, text).
FILES = [
    ("CONTENT/site.yaml", "The site's settings (required); CONTENT is the case folder, --content "
                          "(Content by default)."),
    ("CONTENT/fruits.yaml, CONTENT/animals.yaml, CONTENT/bulletins.yaml",
     "The collections, each a list of records; .yml or .json in place of .yaml. A missing file is "
     "an empty collection; two files for one collection stop the command."),
    ("CONTENT/notes/animals/ID.md, CONTENT/notes/bulletins/ID.md",
     "Interview notes and notes on bulletins, in GitHub-flavoured Markdown (optional)."),
    ("CONTENT/i18n/TAG.yaml", "The case's own strings for the language TAG, over the built-in ones "
                              "(optional)."),
    ("TEMPLATES/", "Templates that override the built-in ones, one file each (--templates, Templates "
                   "by default; used when it exists); casefile templates copy writes a built-in there."),
    ("OUTPUT/.casefile-manifest", "The files the last build or publish wrote into OUTPUT; a build "
                                  "deletes only those, and publish refuses a folder holding any "
                                  "other file."),
    ("OUTPUT/validation/report.json, OUTPUT/validation/digest.json",
     "Read by publish from the site it replaces, to report what changed since the last publish."),
]
ENVIRONMENT = [
    ("NO_COLOR", "When set and not empty, problems are printed without colour."),
    ("CLICOLOR_FORCE", "When set, not empty and not 0, colour is used even into a pipe."),
    ("CASEFILE_WATCH", "poll makes serve watch by polling, as --poll does."),
    ("TMPDIR", "Where serve builds the site it serves (a casefile-serve-UUID folder, removed when it "
               "stops)."),
]
# The arguments every command has; the page lists them once, under DESCRIPTION.
COMMON = {"help", "version"}


def text(s):
    """Text for a roff input line: backslashes and characters beyond ASCII escaped."""
    out = []
    for ch in s:
        if ch == "\\":
            out.append("\\e")
        elif ch == "-":
            out.append("\\-")
        elif ord(ch) > 127:
            out.append("\\[u%04X]" % ord(ch))
        else:
            out.append(ch)
    line = "".join(out)
    # A line that starts with a dot or an apostrophe would be read as a request.
    return "\\&" + line if line[:1] in (".", "'") else line


def argument_label(arg):
    """How an argument is written: `-o, --output dir`, or `dir` for a positional one."""
    value = "\\fI%s\\fR" % text(arg.get("valueName", ""))
    if arg["kind"] == "positional":
        return value
    names = []
    for name in arg.get("names", []):
        dashes = "-" if name["kind"] in ("short", "longWithSingleDash") else "--"
        names.append("\\fB%s\\fR" % text(dashes + name["name"]))
    label = ", ".join(names)
    return label + " " + value if arg["kind"] == "option" else label


def synopsis_item(arg):
    """An argument in a synopsis line: its preferred name, in brackets when optional."""
    if arg["kind"] == "positional":
        item = "\\fI%s\\fR" % text(arg["valueName"]) + ("..." if arg.get("isRepeating") else "")
    else:
        name = arg["preferredName"]
        dashes = "-" if name["kind"] == "short" else "--"
        item = "\\fB%s\\fR" % text(dashes + name["name"])
        if arg["kind"] == "option":
            item += " \\fI%s\\fR" % text(arg["valueName"])
    return "[" + item + "]" if arg.get("isOptional") else item


def shown(arguments, common=False):
    return [a for a in arguments or [] if a.get("shouldDisplay", True)
            and (a.get("preferredName", {}).get("name") in COMMON) == common]


def paragraphs(discussion):
    """A discussion's paragraphs as roff: indented lines (examples) as a literal block."""
    lines = []
    for block in (discussion or "").strip().split("\n\n"):
        rows = block.split("\n")
        lines.append(".PP")
        literal = False
        for row in rows:
            if row.startswith("  "):
                if not literal:
                    lines += [".RS 4", ".nf"]
                    literal = True
                lines.append(text(row.strip()))
            else:
                if literal:
                    lines += [".fi", ".RE"]
                    literal = False
                lines.append(text(row))
        if literal:
            lines += [".fi", ".RE"]
    return lines


def exit_statuses(discussion):
    """The text after "Exit status:" in a discussion, joined into one line."""
    for block in (discussion or "").split("\n\n"):
        if block.startswith("Exit status:"):
            return " ".join(block[len("Exit status:"):].split())
    return None


def option_list(arguments):
    lines = []
    for arg in arguments:
        lines += [".TP", argument_label(arg)]
        about = arg.get("abstract", "")
        values = arg.get("allValues")
        default = arg.get("defaultValue")
        if default is not None and arg["kind"] != "flag":
            about += " Default: %s" % default + ("" if default.endswith(".") else ".")
        lines.append(text(about.strip()))
        if values and not all(value in about for value in values):
            lines.append(text("One of: %s." % ", ".join(values)))
    return lines


def subcommands(command):
    return [c for c in command.get("subcommands", []) if c["commandName"] != "help" and c.get("shouldDisplay", True)]


def flattened(command, prefix=""):
    """(full name, command) for a command and each command nested in it (`templates copy`), depth
    first; a command with commands of its own has no options of its own, only its description."""
    full = prefix + command["commandName"]
    return [(full, command)] + [pair for sub in subcommands(command) for pair in flattened(sub, full + " ")]


def page(tool, version, date):
    root = tool["command"]
    name = root["commandName"]
    commands = [pair for c in subcommands(root) for pair in flattened(c)]
    leaves = [(full, c) for full, c in commands if not subcommands(c)]
    out = [
        '.\\" Written by Scripts/man-page.py from `%s --experimental-dump-help`; do not edit.' % name,
        '.TH %s 1 %s "%s %s" "User Commands"' % (name.upper(), date, name, version),
        ".nh",
        ".SH NAME",
        "%s \\- %s" % (name, text(root["abstract"].rstrip("."))),
        ".SH SYNOPSIS",
    ]
    for full, command in leaves:
        out += [".br", "\\fB%s %s\\fR %s" % (name, text(full),
                                           " ".join(synopsis_item(a) for a in shown(command.get("arguments"))))]
    out += [".br", "\\fB%s\\fR [\\fB\\-\\-help\\fR] [\\fB\\-\\-version\\fR]" % name]
    out += [".SH DESCRIPTION"] + paragraphs(root.get("discussion"))
    out += [".PP", "Every command takes these options:"] + option_list(shown(root.get("arguments"), common=True))
    out += [".SH COMMANDS"]
    for sub, command in commands:
        full = "%s %s" % (name, text(sub))
        out += [".SS %s" % full, ".PP", text(command["abstract"])] + paragraphs(command.get("discussion"))
        options = shown(command.get("arguments"))
        if options:
            out += [".PP", "Options:"] + option_list(options)
    out += [".SH EXIT STATUS", ".PP", "Each command's statuses:"]
    for full, command in leaves:
        statuses = exit_statuses(command.get("discussion"))
        if statuses:
            out += [".TP", "\\fB%s %s\\fR" % (name, text(full)), text(statuses)]
    out += [".SH ENVIRONMENT"]
    for term, about in ENVIRONMENT:
        out += [".TP", "\\fB%s\\fR" % text(term), text(about)]
    out += [".SH FILES"]
    for term, about in FILES:
        out += [".TP", "\\fI%s\\fR" % text(term), text(about)]
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description="Write casefile(1) from the command definitions.")
    parser.add_argument("binary", help="the casefile executable")
    parser.add_argument("--date", help="the page's date, YYYY-MM-DD (default: SOURCE_DATE_EPOCH or today)")
    options = parser.parse_args()
    dump = subprocess.run([options.binary, "--experimental-dump-help"], check=True, capture_output=True, text=True)
    tool = json.loads(dump.stdout)
    if tool.get("serializationVersion") != 0:
        sys.exit("man-page.py: unknown dump-help version %r" % tool.get("serializationVersion"))
    version = subprocess.run([options.binary, "--version"], check=True, capture_output=True,
                             text=True).stdout.strip()
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", time.time()))
    date = options.date or time.strftime("%Y-%m-%d", time.gmtime(epoch))
    sys.stdout.write(page(tool, version, date))


if __name__ == "__main__":
    main()
