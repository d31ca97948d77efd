# SPDX-License-Identifier: GPL-2.0-only
"""Plan-file and site helpers that more than one semantic patch needs.

A .cocci imports these from its @initialize:python@ part (the lines that
put semantic-patches/lib/ on sys.path: see README.md there).  The
generated .cocci files that still embed their Python get the definitions
named in a `# @@COMMON name ...@@` marker copied in by gen/build.py.
plan() reads the plan entries of the rule named by the global RULE of
the file that embeds it (a module that imports it sets wqplan.RULE).
"""
import os, json, re

_plan = None


def rp(f):
    return os.path.realpath(f)


def base(f):
    # after a rule has changed the file, spatch reports a temporary copy
    return re.sub(r"^cocci[a-z_]*-[0-9]+-[0-9a-f]+-", "", os.path.basename(f))


def site_key(p):
    return (rp(p[0].file), int(p[0].line))


def plan_records(fh):
    """The JSON values of the lines of a plan file; blank lines and lines
    that are not JSON are skipped."""
    for ln in fh:
        ln = ln.strip()
        if not ln:
            continue
        try:
            e = json.loads(ln)
        except ValueError:
            continue
        yield e


def plan():
    global _plan
    if _plan is None:
        _plan = {}
        fn = os.environ.get("WQPORT_PLAN")
        if fn:
            with open(fn) as fh:
                for e in plan_records(fh):
                    if e.get("rule", RULE) != RULE:
                        continue
                    try:
                        _plan[(rp(e["file"]), int(e["line"]))] = e
                    except (KeyError, ValueError, TypeError):
                        pass
    return _plan


def planned():
    return bool(os.environ.get("WQPORT_PLAN"))


def in_macro(p):
    try:
        with open(p[0].file) as fh:
            ln = fh.readlines()[int(p[0].line) - 1]
    except (IOError, OSError, IndexError, ValueError):
        return False
    return ln.rstrip().endswith(chr(92))
