# SPDX-License-Identifier: GPL-2.0-only
"""The kernel API facts the generators need, read from the checker's tables.

checker/kapi.def and checker/sideeffect.def are the one home of each
fact (which calls drop a lock, which start a waker, the sleep_on()
family and what replaces each, which calls have side effects); the
generators never keep a copy.  build.py puts a fact into an embedded
library in place of a marker line `# @@FACTS NAME ...@@` (see
README.md); sleep_on.py imports this module.
"""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECKER = os.path.join(ROOT, "checker")

_ROW = re.compile(r"^([A-Z_]+)\((.*)\)\s*$")


def split_args(text):
    """The arguments of a row, split at the commas outside parentheses
    (KAPI_FORM's last one is FIRST(2, 6, 0))."""
    out, depth, cur = [], 0, ""
    for c in text:
        if c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += (c == "(") - (c == ")")
        cur += c
    out.append(cur.strip())
    return out


def rows(table):
    """The X-macro rows of checker/<table> as (macro, [arguments]), in
    order; comments and preprocessor lines are skipped."""
    with open(os.path.join(CHECKER, table)) as fh:
        text = fh.read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    out = []
    for ln in text.splitlines():
        ln = ln.strip()
        if not ln or ln.startswith("#"):
            continue
        m = _ROW.match(ln)
        if not m:
            raise SystemExit("checker/%s: not a table row: %s" % (table, ln))
        out.append((m.group(1), split_args(m.group(2))))
    return out


def kapi_kind(kind):
    """The names of the kapi.def rows of that kind (K_UNLOCK, ...)."""
    return tuple(a[0] for m, a in rows("kapi.def") if m == "KAPI" and a[1] == kind)


def sleep_ons():
    """The sleep_on() family: (name, interruptible, timed, form, nap)."""
    return tuple((a[0], a[1] == "1", a[2] == "1", a[3], a[4])
                 for m, a in rows("kapi.def") if m == "KAPI_SLEEP_ON")


def forms():
    """The wait_event*() forms (kapi.def KAPI_FORM, family event):
    {(state, timed, exclusive, lock): name}, state as the TASK_* name it
    sleeps in for the three the rewrites write (uninterruptible,
    interruptible, killable), timed and exclusive as booleans, lock
    "none" or "spin_irq"."""
    task = {"uninterruptible": "TASK_UNINTERRUPTIBLE",
            "interruptible": "TASK_INTERRUPTIBLE",
            "killable": "TASK_KILLABLE"}
    out = {}
    for m, a in rows("kapi.def"):
        if m != "KAPI_FORM" or a[1] != "event" or a[2] not in task or \
                a[3] == "ktime" or a[5] not in ("none", "spin_irq"):
            continue
        out[(task[a[2]], a[3] == "jiffies", a[4] == "1", a[5])] = a[0]
    return out


def starters():
    """Calls that start what wakes a queue and never sleep themselves:
    KAPI_STARTS rows with sleeps 0, and K_ARM_TIMER."""
    return tuple(a[0] for m, a in rows("kapi.def")
                 if m == "KAPI_STARTS" and a[1] == "0") + kapi_kind("K_ARM_TIMER")


def irq(effect):
    """The KAPI_IRQ calls with that effect on interrupts (off, on, ...)."""
    return tuple(a[0] for m, a in rows("kapi.def") if m == "KAPI_IRQ" and a[1] == effect)


def side_effects():
    """The calls of sideeffect.def used for their result in a test: the
    "returns" rows and the take-if-there calls."""
    return tuple(a[0] for m, a in rows("sideeffect.def")
                 if m == "TAKE_IF_THERE" or (m == "SIDE_EFFECT" and a[1] == '"returns"'))


def facts():
    """The facts a marker line may name, as Python values."""
    so = sleep_ons()
    return {
        # lock releases and timer starts (lib/state_after_test.py)
        "SAFE_CALLS": kapi_kind("K_UNLOCK") + kapi_kind("K_ARM_TIMER"),
        "SIDE_CALLS": side_effects(),
        "WQ_SLEEPERS": tuple(r[0] for r in so),
        "WQ_FORM_NI": dict((r[0], r[3]) for r in so if not r[2]),
        "WQ_FORM_T": dict((r[0], r[3]) for r in so if r[2]),
        "WQ_FORM_D": dict((r[0], r[4]) for r in so if r[2]),
        "WQ_INTR": tuple(r[0] for r in so if r[1]),
        # the wait_event*() forms by what they do (lib/open_coded_wait.py)
        "WQ_FORMS": forms(),
        # the irq lock pair wait_event_lock_irq() drops and retakes
        "IRQ_UNLOCK": irq("unlock_on")[0],
        "IRQ_LOCK": irq("lock_off")[0],
    }


def assignment(name, tabs=False):
    """The Python line `NAME = <value>` for a marker."""
    f = facts()
    if name not in f:
        raise SystemExit("kfacts: no fact %s" % name)
    return "%s = %r\n" % (name, f[name])
