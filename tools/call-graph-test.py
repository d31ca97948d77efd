#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The call graph of wqport's objects: no layer calls a function of a layer above it.

The include test (include-graph-test.py) sees only headers; a call made
through a header of a lower folder that declares an upper folder's
function (or through an extern written by hand) slips past it.  This
test reads what the linker reads: for every object file of the wqport
target it takes the global symbols the object defines and the ones it
leaves undefined (`nm`), resolves each undefined symbol to the object
that defines it, and fails on a call from a folder to a folder that the
map of docs/design.md puts above it:

  base      util.c, tables.c, child.c, frontend/libclang.c (the libclang
            binding, loaded with dlopen()): calls only base
  model/    calls base
  frontend/ calls model/ and base
  analysis/ calls model/ and base
  rules/    calls analysis/, model/ and base
  fix/, report/, select/ and the commands (main.c, driver.c, ...) above

Calls that the map forbids but the tree still makes are listed in
ALLOWED with the reason; an entry that no longer matches a call fails
too, so the list only shrinks.

    python3 tools/call-graph-test.py --objects BUILD/checker/CMakeFiles/wqport.dir
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import graphs  # noqa: E402

BASE = {"util.c", "tables.c", "child.c", "frontend/libclang.c"}

# layer -> layers it must not call
FORBIDDEN = {
    "base": {"model", "frontend", "analysis", "rules", "fix", "report",
             "select", "top"},
    "model": {"frontend", "analysis", "rules", "fix", "report", "select",
              "top"},
    "frontend": {"analysis", "rules", "fix", "report", "select", "top"},
    "analysis": {"frontend", "rules", "fix", "report", "select", "top"},
    "rules": {"frontend", "fix", "report", "select", "top"},
    "report": {"fix", "rules", "analysis", "select"},
    "select": {"fix", "rules", "analysis"},
}

# (calling source, called source) pairs the map forbids, with the reason
ALLOWED = {
}


# folders whose files must call each other without a cycle (the model's
# ring and analysis's flow/paths/ranges/state_summary ring were opened:
# a call up goes through an oracle of function pointers instead)
RINGS_CHECKED = {"model", "analysis"}


def layer(src):
    if src in BASE:
        return "base"
    if "/" not in src or src.startswith("cmd/"):
        return "top"
    return src.split("/")[0]


def symbols(obj):
    """(defined globals, undefined) of one object file."""
    out = subprocess.run(["nm", "-P", obj], capture_output=True, text=True,
                         check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        if kind == "U":
            undefined.add(name)
        elif kind in "TDBR":
            defined.add(name)
    return defined, undefined


def rings(objs, owner):
    """Call cycles between files of one folder of RINGS_CHECKED: a ring
    makes a folder one unit that cannot be read or tested in parts."""
    edges = {}
    for src in objs:
        for name in objs[src][1]:
            dst = owner.get(name)
            if dst and dst != src and layer(src) == layer(dst) and \
               layer(src) in RINGS_CHECKED:
                edges.setdefault(src, set()).add(dst)
    comps = graphs.cycles(edges, edges)
    return ["call ring: %s" % " -> ".join(c) for c in comps]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--objects", required=True,
                    help="the wqport target's object folder")
    ap.add_argument("--print", action="store_true",
                    help="print the layer-to-layer call counts")
    args = ap.parse_args()
    objs = {}
    # the objects the link takes (link.txt, relative to the target's
    # folder), not every .o below: a source moved or removed leaves its
    # old object behind
    link = os.path.join(args.objects, "link.txt")
    base = os.path.dirname(os.path.dirname(os.path.normpath(args.objects)))
    paths = []
    if os.path.exists(link):
        paths = [os.path.normpath(os.path.join(base, w))
                 for w in open(link).read().split() if w.endswith(".c.o")]
    else:
        for dirpath, _, names in os.walk(args.objects):
            paths += [os.path.join(dirpath, n) for n in names
                      if n.endswith(".c.o")]
    for path in paths:
        src = os.path.relpath(path, args.objects)[:-2]
        objs[src] = symbols(path)
    if len(objs) < 20:
        print("call-graph: only %d objects under %s; is the build there?"
              % (len(objs), args.objects))
        return 1
    owner = {}
    for src, (defined, _) in objs.items():
        for name in defined:
            owner[name] = src
    problems, counts, seen_allowed = [], {}, set()
    for src in sorted(objs):
        for name in sorted(objs[src][1]):
            dst = owner.get(name)
            if dst is None or dst == src:
                continue
            a, b = layer(src), layer(dst)
            if a == b:
                continue
            counts[(a, b)] = counts.get((a, b), 0) + 1
            if b not in FORBIDDEN.get(a, ()):
                continue
            if (src, dst) in ALLOWED:
                seen_allowed.add((src, dst))
                continue
            problems.append("%s (%s) calls %s() of %s (%s)"
                            % (src, a, name, dst, b))
    problems += rings(objs, owner)
    for pair in sorted(set(ALLOWED) - seen_allowed):
        problems.append("ALLOWED lists %s -> %s, which no longer calls it: "
                        "drop the entry" % pair)
    if args.print:
        for (a, b), n in sorted(counts.items()):
            print("%-9s -> %-9s %d" % (a, b, n))
    for p in problems:
        print("call-graph: " + p)
    print("call-graph: %d objects, %d calls across layers, %d against the map"
          % (len(objs), sum(counts.values()), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
