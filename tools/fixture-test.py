#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Run the checker on one fixture driver and compare with what it expects.

A fixture is testdata/<rule-stem>/<name>-ko.c (must warn) or <name>-ok.c
(must stay silent).  For a -ko fixture, <name>-ko.diag holds the exact
expected output; every line that must be reported also carries a marker
comment `/* expect: WQ001 */`, written with the fixture, and the (line,
rule) pairs of the output must equal the markers.  So an expectation file
can be regenerated with --bless for review, but never silently drift away
from what the fixture's author said.

A fixture whose name contains "-xfail" is a known failure: it must fail,
and one that starts passing is reported as an error.

Optional `wqport-args: ...` in the fixture adds checker arguments, with
$DIR replaced by the fixture's directory.

A header the fixture includes with "" from its own directory may carry
markers too (a template-style header holding function bodies is checked
with the file that includes it): its findings are matched by file.
"""
import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile

# rules, each with its fix= outcome or not: "WQ005 fix=converted WQ006"
MARK = re.compile(r"expect:((?:\s+WQ\d{3}(?:\s+fix=[\w:-]+)?)+)")
DIAG = re.compile(r"^([^:]+):(\d+):\d+: (?:error|warning|style): .* \[(WQ\d{3})\]$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"/]+)"', re.M)


def markers(text, name):
    want = set()
    for lineno, line in enumerate(text.splitlines(), 1):
        m = MARK.search(line)
        if m:
            for rule in re.findall(r"WQ\d{3}", m.group(1)):
                want.add((name, lineno, rule))
    return want


def header_markers(d, text, seen=None):
    """The markers of the headers the fixture includes from its directory,
    and of those they include from it."""
    want = set()
    seen = set() if seen is None else seen
    for h in INCLUDE.findall(text):
        if h in seen:
            continue
        seen.add(h)
        try:
            with open(os.path.join(d, h), encoding="utf-8", errors="replace") as f:
                htext = f.read()
        except OSError:
            continue
        want |= markers(htext, h) | header_markers(d, htext, seen)
    return want


def reported(output):
    got = set()
    for line in output.splitlines():
        m = DIAG.match(line)
        if m:
            got.add((os.path.basename(m.group(1)), int(m.group(2)), m.group(3)))
    return got


def write_atomic(path, data):
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".bless-")
    with os.fdopen(fd, "w") as f:
        f.write(data)
    os.replace(tmp, path)


def check(checker, path, bless):
    """Return a list of problems (empty: the fixture passes)."""
    d, name = os.path.split(os.path.abspath(path))
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    extra = []
    m = re.search(r"wqport-args:(.*)", text)
    if m:
        extra = m.group(1).replace("*/", "").replace("$DIR", d).split()
    # -ko fixtures run as users run the checker, prefilter included, so
    # the prefilter is tested not to skip them; -ok fixtures are always
    # parsed, or one naming only wait_event*() would assert nothing
    ko = "-ko" in os.path.basename(path)
    cmd = [checker] + ([] if ko else ["--no-prefilter"]) + [name] + extra
    p = subprocess.run(cmd, cwd=d, capture_output=True, text=True,
                       errors="replace", timeout=120)
    problems = []
    want = markers(text, name)
    got = reported(p.stdout)
    if p.stderr.strip():
        problems.append("unexpected stderr:\n" + p.stderr)
    if ko:
        if p.returncode != 1:
            problems.append(f"exit status {p.returncode}, want 1 (findings)")
        want |= header_markers(d, text)
        if not want:
            problems.append("a -ko fixture must mark its findings with /* expect: WQxxx */")
        diag = re.sub(r"\.[ch]$", ".diag", path)
        if bless and want == got:
            write_atomic(diag, p.stdout)
        if not os.path.exists(diag):
            problems.append(f"missing {os.path.basename(diag)} (run with --bless, then review it)")
        else:
            with open(diag, encoding="utf-8") as f:
                expect = f.read()
            if expect != p.stdout:
                problems.append("output differs from " + os.path.basename(diag) + ":\n" +
                                "".join(difflib.unified_diff(
                                    expect.splitlines(True), p.stdout.splitlines(True),
                                    "expected", "actual")))
    else:
        if p.returncode != 0 or p.stdout:
            problems.append(f"a -ok fixture must be silent; exit {p.returncode}, output:\n" + p.stdout)
        if want:
            problems.append("a -ok fixture must not carry expect: markers")
    if want != got:
        missing = sorted(want - got)
        extra_f = sorted(got - want)
        if missing:
            problems.append("marked but not reported: " +
                            ", ".join(f"{fn}:{l} {r}" for fn, l, r in missing))
        if extra_f:
            problems.append("reported but not marked: " +
                            ", ".join(f"{fn}:{l} {r}" for fn, l, r in extra_f))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--bless", action="store_true",
                    help="rewrite the .diag file when the markers agree")
    ap.add_argument("fixtures", nargs="+")
    a = ap.parse_args()
    a.checker = os.path.abspath(a.checker)
    failed = 0
    for path in a.fixtures:
        name = os.path.relpath(path)
        problems = check(a.checker, path, a.bless)
        xfail = "-xfail" in os.path.basename(path)
        if xfail and not problems:
            print(f"FAIL {name}: known failure now passes; rename it without -xfail")
            failed += 1
        elif xfail:
            print(f"XFAIL {name}: " + problems[0].splitlines()[0])
        elif problems:
            print(f"FAIL {name}")
            for pr in problems:
                print("  " + pr.replace("\n", "\n  "))
            failed += 1
        else:
            print(f"PASS {name}")
    print(f"{len(a.fixtures) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
