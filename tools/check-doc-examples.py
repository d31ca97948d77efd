#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Run the code examples of the rule pages through the checker.

Every rule page (docs/rules/WQ001-sleep-on.md, ...) shows problematic
code and its correction in ```c blocks.  A page that says "this is
reported" must be right about it, so each block is run through the
checker on its own, with only the page's rule selected, and:

  - every line carrying a marker comment for the page's rule, such as
    /* WQ001 */, must be reported with that rule, on that line;
  - no other line of the block may be reported for that rule (so a
    corrected example must be silent);
  - the block must parse (no entry in the JSON "errors").

Each page of a stable rule must have at least one block with a marker
and one without.  Findings of other rules are ignored: a page may show a
loop that another rule reports, and says so in its text.

    python3 tools/check-doc-examples.py [--checker build/checker/wqport]

Exits 1 listing every problem, 2 when the checker or the table is
missing.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rules  # noqa: E402

DEFAULT_CHECKER = os.path.join(rules.ROOT, "build", "checker", "wqport")
_FENCE_OPEN = re.compile(r"^(\s*)```c\s*$")
_FENCE_CLOSE = re.compile(r"^\s*```\s*$")
_MARKER = re.compile(r"/\*\s*(WQ[0-9]{3})\b[^*]*\*/")


def code_blocks(text):
    """Yield (first line number in the page, code) for each ```c block."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = _FENCE_OPEN.match(lines[i])
        if not m:
            i += 1
            continue
        indent = len(m.group(1))
        start = i + 1
        j = start
        while j < len(lines) and not _FENCE_CLOSE.match(lines[j]):
            j += 1
        body = [ln[indent:] if ln[:indent].strip() == "" else ln
                for ln in lines[start:j]]
        yield start + 1, "\n".join(body) + "\n"
        i = j + 1


def marked_lines(code, rule_id):
    return {n for n, line in enumerate(code.splitlines(), 1)
            for m in _MARKER.finditer(line) if m.group(1) == rule_id}


def run_block(checker, path, rule_id):
    """Return (set of reported lines for rule_id, list of error texts)."""
    proc = subprocess.run([checker, "--format=json",
                           "--select=%s" % rule_id, path],
                          capture_output=True, text=True, timeout=60)
    try:
        doc = json.loads(proc.stdout)
    except ValueError:
        return set(), ["checker exit %d, no JSON output: %s"
                       % (proc.returncode, proc.stderr.strip())]
    got = {f["line"] for f in doc.get("findings", [])
           if f.get("rule") == rule_id}
    errors = ["%s" % e.get("message") for e in doc.get("errors", [])]
    return got, errors


def check_page(checker, rule, tmpdir, problems):
    page = rules.doc_page(rule)
    shown = os.path.relpath(page, rules.ROOT)
    try:
        with open(page, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        problems.append("%s: cannot read: %s" % (shown, e))
        return 0
    blocks = list(code_blocks(text))
    with_marker = without_marker = 0
    for n, (first, code) in enumerate(blocks):
        path = os.path.join(tmpdir, "%s-example-%d.c" % (rule["id"], n))
        with open(path, "w", encoding="utf-8") as f:
            f.write(code)
        want = marked_lines(code, rule["id"])
        if want:
            with_marker += 1
        else:
            without_marker += 1
        got, errors = run_block(checker, path, rule["id"])
        where = "%s:%d" % (shown, first)
        for e in errors:
            problems.append("%s: example does not check cleanly: %s"
                            % (where, e))
        for line in sorted(want - got):
            problems.append("%s: example line %d is marked %s but not "
                            "reported" % (where, line, rule["id"]))
        for line in sorted(got - want):
            problems.append("%s: example line %d is reported as %s but "
                            "not marked" % (where, line, rule["id"]))
    if not with_marker:
        problems.append("%s: no example marked /* %s */ (the bug)"
                        % (shown, rule["id"]))
    if not without_marker:
        problems.append("%s: no unmarked example (the corrected code)"
                        % shown)
    return len(blocks)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Check the code examples of the rule pages against "
        "the checker.")
    ap.add_argument("--checker", metavar="PATH", default=DEFAULT_CHECKER,
                    help="wqport binary (default: %(default)s)")
    args = ap.parse_args(argv)
    if not os.access(args.checker, os.X_OK):
        print("check-doc-examples: %s: not an executable" % args.checker,
              file=sys.stderr)
        return 2
    try:
        table = rules.load()
    except rules.RuleTableError as e:
        print("check-doc-examples: %s" % e, file=sys.stderr)
        return 2

    problems = []
    nblocks = npages = 0
    with tempfile.TemporaryDirectory(prefix="wqport-doc-") as tmpdir:
        for rule in table:
            if rule["status"] != "stable":
                continue
            npages += 1
            nblocks += check_page(args.checker, rule, tmpdir, problems)
    print("check-doc-examples: %d pages, %d examples" % (npages, nblocks))
    return rules.finish("check-doc-examples", problems)


if __name__ == "__main__":
    sys.exit(main())
