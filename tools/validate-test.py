#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The translation validation of `wqport fix` against rewrites by hand.

testdata/validation/<name>.c is an original driver; beside it,
<name>*.rewrite files are rewrites of it: the wrong conversions issue 30
found in real batch ports (a state write left outside prepare_to_wait()
in a helper or as `current->state =`, two DEFINE_WAIT(wait) in one
block, a queued interruptible sleep turned into an uninterruptible nap),
written as the planner would write them had it missed the shape, and
right ones.  Each line `validate: <rewrite> <expected>` in the original
says what the validation (fix/validate/validate.c) must answer for that rewrite:
the start of its verdict, `unproven: ...` naming the statement, or
`validated: ...`; a line `model: <rewrite> <expected>` says the same of
the model check generated from the file (fix/modelcheck/vmodel.c) alone
(WQPORT_MODEL_AGAINST=1): `unproven: the model ...` or `model: ...`.  The checker runs with WQPORT_VALIDATE_AGAINST=<rewrite>
(a test hook of cmd/fix_cmd.c), which prints one verdict per changed
function instead of fixing.

    python3 tools/validate-test.py --checker build/checker/wqport \\
        --testdata testdata
"""

import argparse
import glob
import os
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", required=True)
    ap.add_argument("--testdata", required=True)
    a = ap.parse_args()
    checker = os.path.abspath(a.checker)
    d = os.path.join(os.path.abspath(a.testdata), "validation")
    problems, n = [], 0
    for src in sorted(glob.glob(os.path.join(d, "*.c"))):
        with open(src, encoding="utf-8") as f:
            cases = re.findall(r"(validate|model): (\S+\.rewrite) (.+)", f.read())
        if not cases:
            problems.append("%s: no 'validate:' line" % src)
        for kind, rewrite, want in cases:
            n += 1
            env = dict(os.environ, WQPORT_NO_CACHE="1",
                       WQPORT_VALIDATE_AGAINST=rewrite)
            if kind == "model":
                env["WQPORT_MODEL_AGAINST"] = "1"
            p = subprocess.run([checker, "fix", os.path.basename(src)],
                               capture_output=True, text=True, env=env,
                               cwd=d)
            verdicts = [l.split("(): ", 1)[1] for l in p.stderr.splitlines()
                        if "(): " in l]
            if len(verdicts) != 1 or not verdicts[0].startswith(want.strip()):
                problems.append("%s vs %s: want '%s', got:\n%s"
                                % (os.path.basename(src), rewrite, want,
                                   p.stderr))
                continue
            print("ok   %s %s vs %s: %s" % (kind, os.path.basename(src),
                                            rewrite, verdicts[0][:100]))
    for p in problems:
        print("FAIL " + p)
    print("%d rewrites, %d problems" % (n, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
