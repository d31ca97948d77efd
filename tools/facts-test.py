#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""One home for every kernel API fact: fail when one is spelled twice.

The facts live in checker/kapi.def (lock releases K_UNLOCK, timer starts
K_ARM_TIMER, waker starts KAPI_STARTS, the sleep_on() family and what
replaces each, KAPI_SLEEP_ON), checker/sideeffect.def (calls with a side
effect, take-if-there calls, the argument a call changes) and
checker/kpure.def (calls that write no driver state).  This test fails
when
  - a table lists a name twice, or kpure.def repeats a kapi.def name
    (kapi.def names are pure already: their callers ask it first);
  - a C source of checker/ (shim headers aside), a generator of
    semantic-patches/gen/ or a module of semantic-patches/lib/ spells one
    of these names as a string literal outside a comment (a private copy
    of the fact, bound to drift);
  - a generated .cocci embeds a fact list (`NAME = ...` from a
    `# @@FACTS NAME@@` marker), or semantic-patches/lib/wqfacts.py holds
    one, that differs from the table.

    python3 tools/facts-test.py [--root DIR]
"""
import argparse
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Literals that are no copy of a table, each with the reason.
NOT_COPIES = {
    ("checker/fix/site/site.c", "wake_up"):
        "a substring search for any wake_up*() in a macro body, not a list",
}


def strip_c(s):
    s = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), s, flags=re.S)
    return re.sub(r"//[^\n]*", "", s)


def strip_py(s):
    return re.sub(r"#[^\n]*", "", s)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=ROOT)
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(args.root, "semantic-patches", "gen"))
    import kfacts
    kfacts.CHECKER = os.path.join(args.root, "checker")
    problems = []

    # each table lists a name once per row kind
    for table in ("kapi.def", "sideeffect.def", "kpure.def"):
        seen = {}
        for macro, a in kfacts.rows(table):
            fam = "SIDE" if macro in ("SIDE_EFFECT", "TAKE_IF_THERE") else macro
            key = (fam, a[0])
            if key in seen:
                problems.append("checker/%s: %s listed twice" % (table, a[0]))
            seen[key] = True
    kapi = set(a[0] for m, a in kfacts.rows("kapi.def") if m in ("KAPI", "KAPI_SLEEP_ON"))
    for m, a in kfacts.rows("kpure.def"):
        if a[1] == "0" and a[0] in kapi:
            problems.append("checker/kpure.def: %s is a kapi.def name (pure already)" % a[0])

    # the names whose meaning has one home
    facts = {}
    for n in kfacts.kapi_kind("K_UNLOCK"):
        facts[n] = "kapi.def K_UNLOCK"
    for m, a in kfacts.rows("kapi.def"):
        if m in ("KAPI_STARTS", "KAPI_IRQ", "KAPI_WAKES_QUEUE", "KAPI_WAKES_TASK"):
            facts.setdefault(a[0], "kapi.def " + m)
        elif m == "KAPI" and a[1] == "K_ARM_TIMER":
            facts.setdefault(a[0], "kapi.def K_ARM_TIMER")
    for r in kfacts.sleep_ons():
        facts[r[0]] = "kapi.def KAPI_SLEEP_ON"
    for m, a in kfacts.rows("sideeffect.def"):
        if m == "TAKE_IF_THERE" or a[-1] != "-1":
            facts.setdefault(a[0], "sideeffect.def")
    sources = [f for ext in ("c", "h") for f in
               glob.glob(os.path.join(args.root, "checker", "**", "*." + ext), recursive=True)
               if "/checker/shim/" not in f]
    gens = glob.glob(os.path.join(args.root, "semantic-patches", "gen", "*.py"))
    # semantic-patches/lib/: the modules the .cocci files import, but the
    # generated one that holds the facts (checked below)
    factsmod = os.path.join(args.root, "semantic-patches", "lib", "wqfacts.py")
    gens += [f for f in glob.glob(os.path.join(args.root, "semantic-patches", "lib", "*.py"))
             if f != factsmod]
    lit_py = re.compile(r"""(["'])([A-Za-z_]\w*)\1""")
    lit_c = re.compile(r'(")([A-Za-z_]\w*)"')
    for f in sorted(sources + gens):
        with open(f, errors="replace") as fh:
            text = fh.read()
        code = strip_py(text) if f.endswith(".py") else strip_c(text)
        lit = lit_py if f.endswith(".py") else lit_c
        for ln, line in enumerate(code.splitlines(), 1):
            for m in lit.finditer(line):
                if m.group(2) in facts and \
                        (os.path.relpath(f, args.root), m.group(2)) not in NOT_COPIES:
                    problems.append("%s:%d: '%s' is a fact of checker/%s; read it from there"
                                    % (os.path.relpath(f, args.root), ln, m.group(2),
                                       facts[m.group(2)]))

    # the generated semantic patches embed the tables' lists
    want = kfacts.facts()
    for cocci in glob.glob(os.path.join(args.root, "semantic-patches", "*.cocci")) + [factsmod]:
        if not os.path.exists(cocci):
            problems.append("%s: missing; run semantic-patches/gen/build.py"
                            % os.path.relpath(cocci, args.root))
            continue
        with open(cocci) as fh:
            text = fh.read()
        for name in want:
            for m in re.finditer(r"^\t*(%s = .*)$" % name, text, re.M):
                if m.group(1) + "\n" != kfacts.assignment(name):
                    problems.append("%s: %s differs from the table; run semantic-patches/gen/build.py"
                                    % (os.path.relpath(cocci, args.root), name))

    for p in problems:
        print(p)
    print("facts-test: %d fact names, %d problem(s)" % (len(facts), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
