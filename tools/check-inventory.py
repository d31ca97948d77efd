#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The wqport test inventory: every stable rule has its page and fixtures.

A rule is a set of files sharing a stem, and this script fails when any
of them is missing, so that no rule ships without tests or docs.  For
each rule of checker/rules.def (read through tools/rules.py):

  stable   docs/rules/<ID>-<name>.md exists;
           testdata/<name>/ holds at least two *-ko.c and one *-ok.c;
           every *-ko.c has a sibling <stem>.diag (foo-ko.c -> foo-ko.diag)
           with at least one line naming the rule, "[WQ001]";
           no *-ok.c has a .diag naming the rule (-ok must stay silent).
           Known failures (a "-xfail" in the name) are counted as
           fixtures but not towards these minimums.
  planned  nothing is required, but fixtures in testdata/<name>/ are an
           error: a rule with fixtures is implemented and should be
           marked stable.

With --checker PATH it also runs `PATH --list-rules` and requires the
printed table to match rules.def exactly, row for row (ID, name,
severity, confidence, fix, status), with no rule missing or extra.

    python3 tools/check-inventory.py [--checker build/checker/wqport]

It prints what it checked ("N rules, N fixtures, N pages") and exits 1
after listing every problem, or 2 if the rule table cannot be read.
"""

import argparse
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rules  # noqa: E402

MIN_KO = 2
MIN_OK = 1
# Known failures (tools/fixture-test.py): named so, and not counted
# towards the minimums, since they do not show the rule working.
XFAIL = "-xfail"
# Columns of a --list-rules line that must equal the table.
LIST_COLUMNS = ("id", "name", "severity", "confidence", "fix", "status")


def _rel(path, root):
    return os.path.relpath(path, root)


def _diag_names_rule(path, rule_id):
    """True if the .diag file at `path` has a line tagged [rule_id]."""
    tag = "[%s]" % rule_id
    with open(path, encoding="utf-8", errors="replace") as f:
        return any(tag in line for line in f)


def check_fixtures(rule, root, problems):
    """Check testdata/<name>/ of one rule; return the number of fixtures."""
    d = rules.fixture_dir(rule, root)
    shown = _rel(d, root) + "/"
    ko = sorted(glob.glob(os.path.join(d, "*-ko.c")))
    ok = sorted(glob.glob(os.path.join(d, "*-ok.c")))
    xfail = [c for c in sorted(glob.glob(os.path.join(d, "*.c")))
             if XFAIL in os.path.basename(c)]
    ko = [c for c in ko if c not in xfail]
    ok = [c for c in ok if c not in xfail]
    total = len(ko) + len(ok) + len(xfail)
    rid = rule["id"]

    if rule["status"] != "stable":
        if os.path.isdir(d) and total:
            problems.append("%s: %s %s is planned but has %d fixture(s); "
                            "mark it stable in checker/rules.def"
                            % (shown, rid, rule["name"], total))
        return total

    src = os.path.join(root, "checker", "rules", "check_%s.c" % rule["check"])
    if not os.path.isfile(src):
        problems.append("%s: missing: %s %s is checked in "
                        "checker/rules/check_%s.c (rule file = rule name)"
                        % (_rel(src, root), rid, rule["name"], rule["check"]))
    if not os.path.isdir(d):
        problems.append("%s: missing fixture directory for %s %s"
                        % (shown, rid, rule["name"]))
        return 0
    if len(ko) < MIN_KO:
        problems.append("%s: %s has %d *-ko.c fixture(s), needs at least %d"
                        % (shown, rid, len(ko), MIN_KO))
    if len(ok) < MIN_OK:
        problems.append("%s: %s has %d *-ok.c fixture(s), needs at least %d"
                        % (shown, rid, len(ok), MIN_OK))
    for c in ko:
        diag = c[:-2] + ".diag"
        if not os.path.isfile(diag):
            problems.append("%s: missing %s (expected diagnostics)"
                            % (_rel(c, root), os.path.basename(diag)))
            continue
        try:
            if not _diag_names_rule(diag, rid):
                problems.append("%s: no line tagged [%s]: a -ko fixture "
                                "must warn" % (_rel(diag, root), rid))
        except OSError as e:
            problems.append("%s: cannot read: %s" % (_rel(diag, root), e))
    for c in ok:
        diag = c[:-2] + ".diag"
        try:
            if os.path.isfile(diag) and _diag_names_rule(diag, rid):
                problems.append("%s: expects [%s] but an -ok fixture must "
                                "stay silent" % (_rel(diag, root), rid))
        except OSError as e:
            problems.append("%s: cannot read: %s" % (_rel(diag, root), e))
    return total


def check_page(rule, root, problems):
    """Check the docs page of one rule; return 1 if it exists."""
    page = rules.doc_page(rule, root)
    if os.path.isfile(page):
        return 1
    if rule["status"] == "stable":
        problems.append("%s: missing docs page for stable rule %s %s"
                        % (_rel(page, root), rule["id"], rule["name"]))
    return 0


def check_listing(table, checker, problems):
    """Compare `checker --list-rules` with the table, both ways."""
    try:
        proc = subprocess.run([checker, "--list-rules"], capture_output=True,
                              text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        problems.append("%s --list-rules: cannot run: %s" % (checker, e))
        return
    if proc.returncode != 0:
        problems.append("%s --list-rules: exit status %d: %s"
                        % (checker, proc.returncode, proc.stderr.strip()))
        return
    want = {r["id"]: r for r in table}
    seen = set()
    for n, line in enumerate(proc.stdout.splitlines(), 1):
        if not line.strip():
            continue
        cols = line.split(None, len(LIST_COLUMNS))
        where = "--list-rules line %d" % n
        if len(cols) < len(LIST_COLUMNS):
            problems.append("%s: too few columns: %s" % (where, line))
            continue
        got = dict(zip(LIST_COLUMNS, cols))
        rid = got["id"]
        if rid in seen:
            problems.append("%s: %s listed twice" % (where, rid))
            continue
        seen.add(rid)
        rule = want.get(rid)
        if rule is None:
            problems.append("%s: %s is not in checker/rules.def"
                            % (where, rid))
            continue
        for key in LIST_COLUMNS[1:]:
            if got[key] != rule[key]:
                problems.append("%s: %s %s is '%s', rules.def says '%s'"
                                % (where, rid, key, got[key], rule[key]))
    for rid in want:
        if rid not in seen:
            problems.append("--list-rules: %s %s missing from the checker's "
                            "output" % (rid, want[rid]["name"]))


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Check that every stable wqport rule has its docs page "
        "and fixtures, and that the checker's --list-rules matches the table.")
    ap.add_argument("--checker", metavar="PATH",
                    help="also compare PATH --list-rules with the table")
    ap.add_argument("--root", default=rules.ROOT,
                    help="source tree root (default: %(default)s)")
    args = ap.parse_args(argv)

    root = os.path.abspath(args.root)
    try:
        table = rules.load(os.path.join(root, "checker", "rules.def"))
    except rules.RuleTableError as e:
        print("check-inventory: %s" % e, file=sys.stderr)
        return 2

    problems = []
    fixtures = pages = 0
    for rule in table:
        fixtures += check_fixtures(rule, root, problems)
        pages += check_page(rule, root, problems)
    stable = sum(1 for r in table if r["status"] == "stable")
    summary = ("check-inventory: %d rules (%d stable), %d fixtures, %d pages"
               % (len(table), stable, fixtures, pages))
    if args.checker:
        check_listing(table, args.checker, problems)
        summary += ", --list-rules of %s" % args.checker
    else:
        summary += ", --list-rules not checked (no --checker)"
    print(summary)
    return rules.finish("check-inventory", problems)


if __name__ == "__main__":
    sys.exit(main())
