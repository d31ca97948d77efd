#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Leaving bodies out of the parse must not change a finding.

`wqport` (the check) hands libclang the bodies of functions that name no wait
word as blanks (checker/frontend/blank.c).  This checks every fixture
twice, as one run each:

  blanked   the default;
  whole     WQPORT_WHOLE_BODIES=1: every body parsed;

and requires byte-identical output and exit status, in text and JSON.
So that the comparison cannot pass by blanking nothing, a third run with
WQPORT_SHOW_BLANKED=1 counts the bodies left out and needs at least
--min-bodies of them, and every file named with --must-blank must have
some left out.

    blank-test.py --checker PATH [--must-blank FILE]... FIXTURE.c...
"""
import argparse
import os
import re
import subprocess
import sys

SHOWN = re.compile(r"^wqport: (.*): (\d+) function bodies left out of the parse$")


def run(checker, files, fmt, env_extra):
    env = dict(os.environ)
    env.pop("WQPORT_WHOLE_BODIES", None)
    env.pop("WQPORT_SHOW_BLANKED", None)
    env.update(env_extra)
    p = subprocess.run([checker, "--no-cache", "-j2",
                        "--format=" + fmt] + files,
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=1800)
    return p.returncode, p.stdout, p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checker", required=True)
    ap.add_argument("--min-bodies", type=int, default=50)
    ap.add_argument("--must-blank", action="append", default=[])
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    files = sorted(a.files)
    bad = 0
    for fmt in ("text", "json"):
        b = run(a.checker, files, fmt, {})
        w = run(a.checker, files, fmt, {"WQPORT_WHOLE_BODIES": "1"})
        if b != w:
            bad += 1
            print("FAIL: %s output differs with and without blanked bodies"
                  % fmt)
            bl, wl = b[1].splitlines(), w[1].splitlines()
            for line in sorted(set(bl) ^ set(wl))[:40]:
                print("  %s %s" % ("blanked" if line in bl else "whole  ",
                                   line))
            if b[0] != w[0]:
                print("  exit status %d blanked, %d whole" % (b[0], w[0]))
            if b[2] != w[2]:
                print("  stderr differs:\n%s\n---\n%s" % (b[2], w[2]))
    env = {"WQPORT_SHOW_BLANKED": "1"}
    p = subprocess.run([a.checker, "--no-cache", "--no-isolation",
                        "-j1"] + files, env=dict(os.environ, **env),
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, timeout=1800)
    left = {}
    for line in p.stderr.splitlines():
        m = SHOWN.match(line)
        if m:
            left[os.path.realpath(m.group(1))] = int(m.group(2))
    total = sum(left.values())
    print("%d fixtures, %d of them with bodies left out, %d bodies in all"
          % (len(files), len(left), total))
    if total < a.min_bodies:
        bad += 1
        print("FAIL: only %d bodies left out (at least %d expected): the "
              "comparison proves nothing" % (total, a.min_bodies))
    for f in a.must_blank:
        if os.path.realpath(f) not in left:
            bad += 1
            print("FAIL: %s: no body left out of its parse" % f)
    checks = 3 + len(a.must_blank)
    print("%d passed, %d failed" % (checks - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
