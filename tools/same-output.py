#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Snapshot wqport's output on a kernel tree, and compare two snapshots.

A restructuring step (files moved, tables introduced, semantic patches
rewritten) must leave what the tool prints unchanged.  This takes the
two outputs a user sees on a real tree:

  check.json   `wqport -j2 --no-cache --format=json .` in the tree
  fix.json     `wqport fix -j2 --format=json FILES...` on every file the
               prefilter selects (`--prefilter-only`), in name order

    same-output.py snap BUILD/checker/wqport TREE OUTDIR
    same-output.py diff OUTDIR_A OUTDIR_B

`diff` prints the first differing lines of each output and exits 1 when
any differ.  A run's own timings (keys named like "*_ms", "elapsed",
"seconds") are left out of the comparison.  Standard library only.
"""
import json
import os
import subprocess
import sys

TIMING_KEYS = ("elapsed", "seconds", "time", "duration")


def scrub(v):
    if isinstance(v, dict):
        return {k: scrub(x) for k, x in v.items()
                if not (k.endswith("_ms") or k.endswith("_s") or k in TIMING_KEYS)}
    if isinstance(v, list):
        return [scrub(x) for x in v]
    return v


def run(argv, cwd):
    r = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return r.returncode, r.stdout.decode("utf-8", "replace")


def canon(text):
    try:
        return json.dumps(scrub(json.loads(text)), indent=1, sort_keys=True)
    except ValueError:
        return text


def snap(wqport, tree, out):
    wqport = os.path.abspath(wqport)
    os.makedirs(out, exist_ok=True)
    rc, text = run([wqport, "-j2", "--no-cache", "--format=json", "."], tree)
    with open(os.path.join(out, "check.json"), "w") as f:
        f.write(canon(text) + "\nexit %d\n" % rc)
    rc, text = run([wqport, "--prefilter-only", "."], tree)
    files = sorted(p for p in text.split("\n") if p)
    with open(os.path.join(out, "files.txt"), "w") as f:
        f.write("\n".join(files) + "\n")
    rc, text = run([wqport, "fix", "-j2", "--format=json"] + files, tree)
    with open(os.path.join(out, "fix.json"), "w") as f:
        f.write(canon(text) + "\nexit %d\n" % rc)
    print("same-output: %d files fixed, snapshot in %s" % (len(files), out))


def diff(a, b):
    bad = 0
    for name in ("check.json", "files.txt", "fix.json"):
        pa, pb = os.path.join(a, name), os.path.join(b, name)
        la = open(pa).read().split("\n")
        lb = open(pb).read().split("\n")
        if la == lb:
            print("same-output: %s identical (%d lines)" % (name, len(la)))
            continue
        bad += 1
        shown = 0
        for i in range(max(len(la), len(lb))):
            x = la[i] if i < len(la) else "<end>"
            y = lb[i] if i < len(lb) else "<end>"
            if x != y:
                print("%s:%d\n  - %s\n  + %s" % (name, i + 1, x, y))
                shown += 1
                if shown >= 10:
                    break
        print("same-output: %s DIFFERS" % name)
    return 1 if bad else 0


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "snap":
        snap(sys.argv[2], sys.argv[3], sys.argv[4])
        return 0
    if len(sys.argv) == 4 and sys.argv[1] == "diff":
        return diff(sys.argv[2], sys.argv[3])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
