#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Read the wqport rule table (checker/rules.def) for the Python tools.

checker/rules.def is the single source of truth for the rules: the C
checker includes it as an X-macro, and this module parses the very same
file so that the docs index (tools/gen-docs.py), the test inventory
(tools/check-inventory.py) and anything else written in Python agree
with the binary.  The parser is strict on purpose: a row it cannot read
is an error naming the file and line, never a silently skipped rule.

As a module:

    import rules
    for r in rules.load():
        print(r["id"], r["name"], rules.doc_page(r), rules.fixture_dir(r))

As a command:

    python3 tools/rules.py           # one line per rule, like --list-rules
    python3 tools/rules.py --json    # the parsed table as JSON
"""

import argparse
import json
import os
import re
import sys

SEVERITIES = ("error", "warning", "style")
CONFIDENCES = ("high", "moderate", "low")
FIXES = ("safe", "unsafe", "none")
STATUSES = ("stable", "planned")

# Keys of each rule dict, in table order.
FIELDS = ("id", "number", "name", "severity", "confidence", "fix",
          "since", "removed", "status", "summary")

_TOOLS_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(_TOOLS_DIR)
DEFAULT_TABLE = os.path.join(ROOT, "checker", "rules.def")

# One C string literal with the usual backslash escapes.
_STR = r'"((?:[^"\\]|\\.)*)"'
_IDENT = r"([A-Za-z_][A-Za-z0-9_]*)"
_ROW = re.compile(
    r"^WQ_RULE\(\s*([0-9]+)\s*,"          # number
    r"\s*" + _STR + r"\s*,"               # name
    r"\s*" + _IDENT + r"\s*,"             # severity
    r"\s*" + _IDENT + r"\s*,"             # confidence
    r"\s*" + _IDENT + r"\s*,"             # fix
    r"\s*" + _STR + r"\s*,"               # since
    r"\s*" + _STR + r"\s*,"               # removed
    r"\s*" + _IDENT + r"\s*,"             # status
    r"\s*" + _STR + r"\s*,"               # summary
    r"\s*" + _IDENT + r"\s*,"             # check
    r"\s*" + _IDENT + r"\s*,"             # scope
    r"\s*" + _IDENT + r"\s*,"             # planner
    r"\s*" + _STR + r"\s*\)\s*$")        # cocci
SCOPES = ("function", "unit")
PLANNERS = ("none", "sleep_on", "open_coded", "state_after_test",
            "schedule_running", "with_loop")
_NAME = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
_VERSION = re.compile(r"^[0-9]+(?:\.[0-9]+)*$")
_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'"}


class RuleTableError(Exception):
    """A malformed rules.def; the message names the file and line."""


def rule_id(number):
    """The stable textual ID of rule number `number`: 1 -> "WQ001"."""
    return "WQ%03d" % number


def doc_page(rule, root=ROOT):
    """Path of the docs page of `rule`: docs/rules/WQ001-sleep-on.md."""
    return os.path.join(root, "docs", "rules", doc_basename(rule))


def doc_basename(rule):
    """File name of the docs page of `rule`: WQ001-sleep-on.md."""
    return "%s-%s.md" % (rule["id"], rule["name"])


def fixture_dir(rule, root=ROOT):
    """Directory holding the fixtures of `rule`: testdata/sleep-on/."""
    return os.path.join(root, "testdata", rule["name"])


def _unescape(text, where):
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\":
            nxt = text[i + 1] if i + 1 < len(text) else ""
            if nxt not in _ESCAPES:
                raise RuleTableError("%s: unsupported escape '\\%s' in string"
                                     % (where, nxt))
            out.append(_ESCAPES[nxt])
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _version(text, where, what):
    if text == "-":
        return None
    if not _VERSION.match(text):
        raise RuleTableError('%s: %s must be a kernel version like "3.15" '
                             'or "-", not "%s"' % (where, what, text))
    return text


def _choice(value, allowed, where, what):
    if value not in allowed:
        raise RuleTableError("%s: %s must be one of %s, not '%s'"
                             % (where, what, "|".join(allowed), value))
    return value


def parse_row(line, where):
    """Parse one WQ_RULE(...) line into a rule dict."""
    m = _ROW.match(line)
    if not m:
        raise RuleTableError(
            "%s: malformed rule row (expected WQ_RULE(number, \"name\", "
            "severity, confidence, fix, \"since\", \"removed\", status, "
            "\"summary\", check, scope, planner, \"cocci\") on one line): %s"
            % (where, line))
    (number, name, severity, confidence, fix,
     since, removed, status, summary, check, scope, planner, cocci) = m.groups()
    number = int(number, 10)
    if number < 1 or number > 999:
        raise RuleTableError("%s: rule number %d out of range 1..999"
                             % (where, number))
    name = _unescape(name, where)
    if not _NAME.match(name):
        raise RuleTableError("%s: rule name '%s' is not kebab-case"
                             % (where, name))
    if check != name.replace("-", "_"):
        raise RuleTableError("%s: check '%s' must be the name '%s' with '_' "
                             "for '-' (the rule's file is "
                             "rules/check_<check>.c)" % (where, check, name))
    summary = _unescape(summary, where)
    if not summary.strip():
        raise RuleTableError("%s: empty summary" % where)
    if "\n" in summary or "\t" in summary:
        raise RuleTableError("%s: summary must be one line of plain text"
                             % where)
    return {
        "id": rule_id(number),
        "number": number,
        "name": name,
        "severity": _choice(severity, SEVERITIES, where, "severity"),
        "confidence": _choice(confidence, CONFIDENCES, where, "confidence"),
        "fix": _choice(fix, FIXES, where, "fix"),
        "since": _version(_unescape(since, where), where, "since"),
        "removed": _version(_unescape(removed, where), where, "removed"),
        "status": _choice(status, STATUSES, where, "status"),
        "summary": summary,
        "check": check,
        "scope": _choice(scope, SCOPES, where, "scope"),
        "planner": _choice(planner, PLANNERS, where, "planner"),
        "cocci": None if cocci == "-" else _unescape(cocci, where),
    }


def _strip_comments(line, in_comment):
    """Remove /* */ and // comments; return (code, still_in_comment)."""
    out = []
    i = 0
    in_string = False
    while i < len(line):
        if in_comment:
            end = line.find("*/", i)
            if end < 0:
                return "".join(out), True
            i = end + 2
            in_comment = False
            out.append(" ")
            continue
        c = line[i]
        if in_string:
            out.append(c)
            if c == "\\" and i + 1 < len(line):
                out.append(line[i + 1])
                i += 2
                continue
            if c == '"':
                in_string = False
            i += 1
            continue
        if c == '"':
            in_string = True
        elif line.startswith("/*", i):
            in_comment = True
            i += 2
            continue
        elif line.startswith("//", i):
            break
        out.append(c)
        i += 1
    return "".join(out), in_comment


def parse(text, filename="rules.def"):
    """Parse the text of a rules.def file; return the list of rule dicts.

    Comments and blank lines are skipped.  Every other line must be one
    complete WQ_RULE(...) row.  Duplicate numbers or names are errors.
    """
    result = []
    by_number = {}
    by_name = {}
    in_comment = False
    for lineno, raw in enumerate(text.splitlines(), 1):
        where = "%s:%d" % (filename, lineno)
        code, in_comment = _strip_comments(raw, in_comment)
        code = code.strip()
        if not code:
            continue
        rule = parse_row(code, where)
        if rule["number"] in by_number:
            raise RuleTableError("%s: %s already declared at line %d (IDs are "
                                 "never reused)" % (where, rule["id"],
                                                    by_number[rule["number"]]))
        if rule["name"] in by_name:
            raise RuleTableError("%s: name '%s' already used at line %d"
                                 % (where, rule["name"],
                                    by_name[rule["name"]]))
        by_number[rule["number"]] = lineno
        by_name[rule["name"]] = lineno
        result.append(rule)
    if in_comment:
        raise RuleTableError("%s: unterminated /* comment" % filename)
    if not result:
        raise RuleTableError("%s: no WQ_RULE rows found" % filename)
    return result


def load(path=DEFAULT_TABLE):
    """Read and parse the rule table at `path` (checker/rules.def)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise RuleTableError("%s: cannot read: %s" % (path, e)) from e
    return parse(text, display_path(path))


def display_path(path):
    """`path` relative to the current directory when below it, for messages."""
    rel = os.path.relpath(path)
    return path if rel.startswith(os.pardir) else rel


def finish(tool, problems):
    """Print a check tool's problems to stderr; return its exit status."""
    for p in problems:
        print("%s: %s" % (tool, p), file=sys.stderr)
    if problems:
        print("%s: %d problem(s)" % (tool, len(problems)), file=sys.stderr)
        return 1
    return 0


def format_line(rule):
    """One rule as a --list-rules line (two spaces between columns)."""
    return "  ".join((rule["id"], rule["name"], rule["severity"],
                      rule["confidence"], rule["fix"], rule["status"],
                      rule["summary"]))


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Print the wqport rule table parsed from "
        "checker/rules.def.")
    ap.add_argument("--json", action="store_true",
                    help="print the table as a JSON list of objects")
    ap.add_argument("--table", default=DEFAULT_TABLE,
                    help="rule table to read (default: %(default)s)")
    args = ap.parse_args(argv)
    try:
        table = load(args.table)
    except RuleTableError as e:
        print("rules.py: %s" % e, file=sys.stderr)
        return 2
    if args.json:
        json.dump(table, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        for rule in table:
            print(format_line(rule))
    return 0


if __name__ == "__main__":
    sys.exit(main())
