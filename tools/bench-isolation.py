#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""What crash isolation costs: two checkers side by side on one tree.

    bench-isolation.py --old PATH [--new PATH] [--tree DIR] [--jobs 2]
                       [--repeat 3]

Runs, interleaved in each round so that the load of the machine falls
on all alike: the old checker (e.g. built from the commit before the
worker processes), the new one (worker processes, the default) and the
new one with --no-isolation (threads).  Each run is the full check of
the tree with --format=json; the table gives the median wall time, the
median CPU time of the run and its children, and the ratio of each to
the old checker's.  It also compares the findings of the three: they
must be the same, or the difference is printed.  Nothing here asserts
on timing: the numbers are for people.

The tree is --tree DIR, else $WQPORT_KSRC, else
~/.cache/wqport/linux-source-6.1 (tools/ksrc.py extracts it).
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.run(cmd, capture_output=True)
    wall = time.monotonic() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    try:
        doc = json.loads(p.stdout)
        found = sorted((f["file"], f["line"], f["rule"])
                       for f in doc["findings"])
        errors = sorted(e["file"] for e in doc["errors"])
    except ValueError:
        found, errors = None, None
    return wall, cpu, p.returncode, found, errors


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True, help="checker to compare with")
    ap.add_argument("--new", default=os.path.join(HERE, "..", "build",
                                                  "checker", "wqport"))
    ap.add_argument("--tree", default=os.environ.get("WQPORT_KSRC") or
                    os.path.expanduser("~/.cache/wqport/linux-source-6.1"))
    ap.add_argument("--jobs", "-j", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    if not os.path.isdir(a.tree):
        print(f"no tree at {a.tree}: run tools/ksrc.py first")
        return 2
    common = [f"-j{a.jobs}", "--format=json", a.tree]
    variants = [("old", [a.old] + common),
                ("new (processes)", [a.new] + common),
                ("new --no-isolation", [a.new, "--no-isolation"] + common)]
    res = {name: [] for name, _ in variants}
    for _ in range(a.repeat):
        for name, cmd in variants:
            res[name].append(run(cmd))
    base_w = statistics.median(r[0] for r in res["old"])
    base_c = statistics.median(r[1] for r in res["old"])
    print(f"tree {a.tree}, -j{a.jobs}, {a.repeat} interleaved rounds, medians")
    print(f"{'checker':<20} {'wall s':>8} {'ratio':>6} {'cpu s':>8} "
          f"{'ratio':>6} {'exit':>4} {'findings':>8} {'errors':>6}")
    for name, _ in variants:
        w = statistics.median(r[0] for r in res[name])
        c = statistics.median(r[1] for r in res[name])
        last = res[name][-1]
        nf = len(last[3]) if last[3] is not None else -1
        ne = len(last[4]) if last[4] is not None else -1
        print(f"{name:<20} {w:8.2f} {w / base_w:6.3f} {c:8.2f} "
              f"{c / base_c:6.3f} {last[2]:>4} {nf:>8} {ne:>6}")
    ref = res["old"][-1][3]
    for name, _ in variants[1:]:
        got = res[name][-1][3]
        if got != ref:
            print(f"findings differ from old for {name}:")
            for x in sorted(set(ref or []) ^ set(got or [])):
                print("  ", x)
    return 0


if __name__ == "__main__":
    sys.exit(main())
