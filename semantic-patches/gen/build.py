#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Regenerate the generated semantic patches in semantic-patches/.

    python3 semantic-patches/gen/build.py            # write the .cocci files
    python3 semantic-patches/gen/build.py --check    # exit 1 if any differs

Outputs (see README.md in this directory):
  lib/wqfacts.py                checker/kapi.def, checker/sideeffect.def (kfacts.py)
  sleep-on-*.cocci              sleep_on.py (its Python: lib/sleep_on_sites.py,
                                lib/sleep_on_shapes.py, imported with LOADER)

Each library's `# @@COMMON name ...@@` lines are replaced by those
definitions of lib/wqplan.py (the helpers several rules share), and its
`# @@FACTS NAME ...@@` lines by `NAME = value` with the kernel API facts
of checker/kapi.def and checker/sideeffect.def (kfacts.py).
An embedded Python library is copied without its file header (the SPDX
line and the module docstring, up to the first blank line after it).
"""
import argparse
import ast
import difflib
import os
import re
import sys

GEN = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(GEN)
LIB = os.path.join(OUT, "lib")
sys.path.insert(0, GEN)

COMMON = "../lib/wqplan.py"
MARK = re.compile(r"^# @@COMMON ([^@\n]*)@@\n", re.M)
# `# @@FACTS NAME ...@@`: NAME = <the fact>, read from checker/*.def by
# kfacts.py (the generators keep no copy of a kernel API fact).
FACTS = re.compile(r"^# @@FACTS ([^@\n]*)@@\n", re.M)


def source(name, tabs=False):
    """A generator source's text, each `# @@COMMON name ...@@` line
    replaced by those definitions of lib/wqplan.py (indented with tabs if
    tabs is true)."""
    with open(os.path.join(GEN, name)) as fh:
        text = fh.read()
    if name == COMMON:
        return text

    def common(m):
        out = pick(COMMON, m.group(1).split())
        if tabs:
            out = re.sub(r"^(?:    )+", lambda s: "\t" * (len(s.group(0)) // 4),
                         out, flags=re.M)
        return out

    def facts(m):
        import kfacts
        return "".join(kfacts.assignment(n) for n in m.group(1).split())
    return FACTS.sub(facts, MARK.sub(common, text))


def lib(name, tabs=False):
    """A library file's text without its SPDX line and module docstring."""
    text = source(name, tabs)
    tree = ast.parse(text)
    doc = tree.body[0]
    if not (isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant)):
        raise SystemExit("%s: no module docstring" % name)
    lines = text.splitlines(True)
    rest = lines[doc.end_lineno:]
    if rest and not rest[0].strip():
        rest = rest[1:]
    return "".join(rest)


def pick(name, names):
    """The top-level definitions `names` of a library, in that order."""
    text = source(name)
    found = {}
    for node in ast.parse(text).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            found[node.name] = node
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    found[t.id] = node
    out = []
    for n in names:
        if n not in found:
            raise SystemExit("%s: no top-level %s" % (name, n))
        out.append(ast.get_source_segment(text, found[n]))
    return "\n\n\n".join(out) + "\n"


# The @initialize:python@ part of a .cocci whose Python lives in
# semantic-patches/lib/: put the lib/ folder beside the .cocci first on
# sys.path (cocci.cocci_file is the --sp-file or --cocci-file argument:
# wqport fix, a plain run and `make coccicheck` alike), import.  The
# hand-written .cocci files carry the same lines.
LOADER = """@initialize:python@
@@
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(cocci.cocci_file)), 'lib'))
sys.dont_write_bytecode = True
%s
"""


def loader(*modules):
    """The @initialize:python@ part that imports modules from lib/."""
    return LOADER % "\n".join("from %s import *" % m for m in modules)


def build_wq001(name):
    """A standalone sleep-on-0?-*.cocci or one of the plan-only files."""
    import sleep_on
    return lambda: sleep_on.generate(loader("sleep_on_shapes"), name)


def build_facts():
    import kfacts
    return ('# SPDX-License-Identifier: GPL-2.0-only\n'
            '"""The kernel API facts of checker/kapi.def and checker/sideeffect.def\n'
            'that the semantic patches\' Python needs (kfacts.facts()), as values."""\n\n'
            + "".join(kfacts.assignment(n) for n in kfacts.facts()))


import sleep_on  # noqa: E402 (after the sys.path line above)

# Each output, its builder, and the sources named in its first line
# (the sleep-on files: sleep_on.FILES, the standalone parts first).
TARGETS = (
    ("lib/wqfacts.py", build_facts, "semantic-patches/gen/kfacts.py, checker/kapi.def "
     "and checker/sideeffect.def"),
) + tuple((name, build_wq001(name), "semantic-patches/gen/sleep_on.py and checker/kapi.def")
         for name in sleep_on.FILES)
FIRST = ("// Generated by semantic-patches/gen/build.py from %s: "
         "edit those, not this file.\n")
PYFIRST = "# " + FIRST[3:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 if a generated file differs "
                         "from what is on disk")
    ap.add_argument("--out", default=OUT,
                    help="directory of the .cocci files (default: %(default)s)")
    args = ap.parse_args()
    bad = 0
    for name, fn, srcs in TARGETS:
        path = os.path.join(args.out, name)
        first = FIRST if name.endswith(".cocci") else PYFIRST
        new = first % srcs + fn()
        try:
            with open(path) as fh:
                old = fh.read()
        except OSError:
            old = None
        if old == new:
            continue
        if args.check:
            bad += 1
            print("%s: out of date; run python3 %s" % (path, os.path.relpath(__file__)),
                  file=sys.stderr)
            sys.stderr.writelines(difflib.unified_diff(
                (old or "").splitlines(True), new.splitlines(True),
                path, "generated", n=1))
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path + ".tmp", "w") as fh:
            fh.write(new)
        os.replace(path + ".tmp", path)
        print("wrote %s" % path)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
