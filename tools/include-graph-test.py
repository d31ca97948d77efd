#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The include graph of checker/ and verify/: no cycle, layers include down.

Reads every `#include "..."` (and `#include <...>` that names a file of
the tree: the shim, verify/include) of checker/ and verify/, and fails
  - on a cycle between files;
  - on an include across folders that the map of docs/design.md does not
    allow: frontend/ and model/ include nothing of analysis/, rules/,
    fix/, report/ or select/; analysis/ nothing of rules/, fix/,
    report/; rules/ nothing of fix/ or report/; report/ nothing of fix/
    but its public header fix/result.h; select/ nothing of fix/.

The one cycle allowed is the shim's (checker/shim, which the model
checker's runtime verify/runtime includes and implements): its umbrella
wqport-shim.h includes the linux/*.h headers and each of them includes
the umbrella back, under include guards, so that a driver may include
any one of them first, as with the kernel's own headers.  The shim is
one unit; a cycle with any file outside checker/shim fails.

    python3 tools/include-graph-test.py [--root DIR] [--print]
"""
import argparse
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import graphs  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# folder -> folders it must not include from
FORBIDDEN = {
    "frontend": {"analysis", "rules", "fix", "report", "select"},
    "model": {"frontend", "analysis", "rules", "fix", "report", "select"},
    "analysis": {"rules", "fix", "report", "select", "frontend"},
    "rules": {"fix", "report", "select", "frontend"},
    "report": {"fix", "frontend", "analysis", "rules", "select"},
    "select": {"fix", "frontend", "analysis", "rules"},
}
# (file, included file) pairs allowed across FORBIDDEN, with the reason
ALLOWED = {
    ("checker/report/fixes/fixout.h", "checker/fix/result.h"):
        "fix/'s one public header for the report",
}
# a folder of more files is split into rooms by concern
ROOM_MAX = 15
# cycles allowed besides the shim's (sets of files), with the reason:
# none today
EXCEPTIONS = {}

INC = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]', re.M)


def folder(rel):
    parts = rel.split("/")
    if parts[0] == "checker":
        return parts[1] if len(parts) > 2 else "checker"
    return "/".join(parts[:2]) if len(parts) > 2 else parts[0]


def include_dirs(root):
    """The folders wqport's target is compiled with -I (checker/CMakeLists.txt)."""
    text = open(os.path.join(root, "checker", "CMakeLists.txt")).read()
    m = re.search(r"target_include_directories\(wqport PRIVATE(.*?)\)", text, re.S)
    dirs = ["checker"]
    for w in (m.group(1).split() if m else []):
        if w.startswith("${CMAKE_CURRENT_SOURCE_DIR}/"):
            dirs.append("checker/" + w.split("/", 1)[1])
    return dirs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=ROOT)
    ap.add_argument("--print", action="store_true",
                    help="print the folder-to-folder include counts")
    args = ap.parse_args()
    root = args.root
    files = set()
    for pat in ("checker/**/*.c", "checker/**/*.h", "checker/**/*.def",
                "verify/**/*.c", "verify/**/*.h"):
        files |= set(os.path.relpath(f, root)
                     for f in glob.glob(os.path.join(root, pat), recursive=True))
    by_base = {}
    for f in files:
        by_base.setdefault(os.path.basename(f), []).append(f)
    # the -I folders of the build (checker/CMakeLists.txt, verify/CMakeLists.txt)
    search = include_dirs(root) + ["checker/shim", "verify/include",
                                   "verify/runtime"]
    problems = []
    edges = {}
    for f in sorted(files):
        with open(os.path.join(root, f), errors="replace") as fh:
            text = fh.read()
        for kind, name in INC.findall(text):
            cands = ([os.path.normpath(os.path.join(os.path.dirname(f), name))]
                     if kind == '"' else []) + \
                [os.path.normpath(os.path.join(d, name)) for d in search]
            t = next((c for c in cands if c in files), None)
            if t is None and kind == '"':
                same = by_base.get(os.path.basename(name), [])
                t = same[0] if len(same) == 1 else None
            if t:
                edges.setdefault(f, set()).add(t)

    # rooms: a folder of checker/ holds at most ROOM_MAX sources and
    # headers (the shim mirrors include/linux and is left out)
    per_dir = {}
    for f in files:
        if f.startswith("checker/") and not f.startswith("checker/shim") \
           and f.endswith((".c", ".h")):
            per_dir[os.path.dirname(f)] = per_dir.get(os.path.dirname(f), 0) + 1
    for d, n in sorted(per_dir.items()):
        if n > ROOM_MAX:
            problems.append("%s holds %d C files: over %d, split it by concern"
                            % (d, n, ROOM_MAX))
    for comp in graphs.cycles(edges, files):
        shim = all(c.startswith("checker/shim/") for c in comp)
        if not shim and frozenset(comp) not in EXCEPTIONS:
            problems.append("include cycle: %s" % " -> ".join(comp))

    counts = {}
    for f, ts in sorted(edges.items()):
        for t in sorted(ts):
            a, b = folder(f), folder(t)
            if a == b:
                continue
            counts[(a, b)] = counts.get((a, b), 0) + 1
            if b in FORBIDDEN.get(a, ()) and (f, t) not in ALLOWED:
                problems.append("%s includes %s: %s/ must not include from %s/"
                                % (f, t, a, b))
    if args.print:
        for (a, b), n in sorted(counts.items()):
            print("%-16s -> %-16s %d" % (a, b, n))
    for p in problems:
        print(p)
    print("include-graph-test: %d files, %d includes, %d problem(s)"
          % (len(files), sum(len(v) for v in edges.values()), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
