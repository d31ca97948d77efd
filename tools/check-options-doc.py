#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Everything the binary knows is documented, and nothing documented is
unknown to it.

    check-options-doc.py --checker PATH --source DIR

Options: every option of `wqport --help` and `wqport fix --help` (both
printed from checker/options.def) appears in docs/user-guide.md, and
every option a row of the guide's option table names is one the binary
knows.  Rules: every rule of `--list-rules` has its page
docs/rules/<ID>-<name>.md and a row in docs/rules/index.md, and every
page there is a rule the binary knows.
"""
import argparse
import glob
import os
import re
import subprocess
import sys


def help_options(checker, cmd):
    out = subprocess.run([checker] + cmd + ["--help"], capture_output=True,
                         text=True, timeout=60).stdout
    opts = set()
    for line in out.splitlines():
        m = re.match(r"  (-\w, )?(--[a-z][a-z-]*)", line)
        if m:
            opts.add(m.group(2))
            if m.group(1):
                opts.add(m.group(1)[:2])
    return opts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", required=True)
    ap.add_argument("--source", required=True)
    a = ap.parse_args()
    fails = []
    check = help_options(a.checker, [])
    fix = help_options(a.checker, ["fix"])
    if len(check) < 20 or len(fix) < 15:
        fails.append(f"--help lists too few options: {sorted(check)} {sorted(fix)}")
    with open(os.path.join(a.source, "docs", "user-guide.md")) as f:
        guide = f.read()
    mentioned = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*|-[a-zA-Z])\b", guide))
    for o in sorted(check | fix):
        if o not in mentioned:
            fails.append(f"option {o} is not in docs/user-guide.md")
    m = re.search(r"^## Command line$(.*?)^## ", guide, re.M | re.S)
    rows = re.findall(r"^\| `([^|]*)\|", m.group(1), re.M) if m else []
    if len(rows) < 20:
        fails.append(f"the guide's option table has {len(rows)} rows")
    for row in rows:
        for o in re.findall(r"(?<![\w-])(--[a-z][a-z-]*|-[a-zA-Z])\b", row):
            if o not in check | fix:
                fails.append(f"docs/user-guide.md documents {o}, which the binary "
                             "does not know")
    out = subprocess.run([a.checker, "--list-rules"], capture_output=True,
                         text=True, timeout=60).stdout
    rules = [tuple(l.split()[:2]) for l in out.splitlines() if l.startswith("WQ")]
    pages = {os.path.basename(p)[:-3] for p in
             glob.glob(os.path.join(a.source, "docs", "rules", "WQ*.md"))}
    with open(os.path.join(a.source, "docs", "rules", "index.md")) as f:
        index = f.read()
    for rid, name in rules:
        if f"{rid}-{name}" not in pages:
            fails.append(f"{rid} {name}: no docs/rules/{rid}-{name}.md")
        if rid not in index:
            fails.append(f"{rid}: not in docs/rules/index.md")
    for p in sorted(pages - {f"{r}-{n}" for r, n in rules}):
        fails.append(f"docs/rules/{p}.md documents a rule the binary does not know")
    for f in fails:
        print("FAIL:", f)
    print(f"{len(check | fix)} options, {len(rules)} rules, {len(pages)} pages: "
          f"{'FAILED' if fails else 'ok'}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
