# SPDX-License-Identifier: GPL-2.0-only
"""WQ004 (schedule-while-running): the decisions of schedule-while-running.cocci.

The rule's scripts call these functions; the state (the facts seen, the
decision of each site) lives here, one copy per spatch process.  site()
decides a schedule_timeout() call: with a plan (WQPORT_PLAN, wqport fix)
the plan's form, if the matched shape can write it; without one (make
coccicheck) the conservative standalone checks: a state set by a macro,
a helper or the callers, a wait entry queued by hand, a hoisted state
with no schedule_timeout_*() form.  ACTION and OUTER say what the
rewrite rules write where (doing(), hoisted(), tick_name()).
"""
import re
import __main__
import wqplan
from wqplan import rp, base, site_key, plan, planned

RULE = wqplan.RULE = "WQ004"
SITES = {}      # site -> ("convert", form) or the reason it is left alone
HOIST = {}      # site -> the state hoisted before the loop, or None
WRAP = set()    # sites in sleep helpers
QUEUED = set()  # (file, function) with a wait entry queued by hand
TICK = set()    # `t = schedule_timeout(t);` sites in a while loop
ACTION = {}     # site -> (form, deadline name): what to write there
OUTER = {}      # the same for a sleep whose loop has the state hoisted
FUNCS = {}      # file -> ({name: (params, body)}, text)


def file_funcs(fname):
    """The functions a file defines, by name: (parameters, body text)."""
    if fname not in FUNCS:
        fs = {}
        try:
            with open(fname, errors="replace") as fh:
                text = fh.read()
        except OSError:
            text = ""
        for m in re.finditer(r"^\w[^\n;{}()]*?\b(\w+)\s*\(([^;{}]*?)\)\s*\{", text, re.M | re.S):
            depth, i = 0, m.end() - 1
            while i < len(text):
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                if depth == 0:
                    break
                i += 1
            fs[m.group(1)] = (m.group(2), text[m.end():i])
        FUNCS[fname] = (fs, text)
    return FUNCS[fname]


SLEEPY = r"\b(?:__)?set_current_state\s*\(\s*TASK_(?:UN)?INTERRUPTIBLE|TASK_KILLABLE|\bprepare_to_wait|\badd_wait_queue"
STATESET = r"\b(?:__)?set_current_state\b|\bcurrent->state\s*=|\bprepare_to_wait"


def state_from_elsewhere(p):
    """Standalone mode, which cannot follow calls: may the sleep at p run
    in a state set elsewhere?  A macro of the file that sets the state
    is used before it; a helper called before it sets a sleeping state;
    or its function is entered in one (called after a state change, a
    task-state parameter, or used as a value: an action passed to a wait
    loop)."""
    fs, text = file_funcs(p[0].file)
    me = str(p[0].current_element)
    macros = [m.group(1) for m in re.finditer(
        r"^[ \t]*#[ \t]*define[ \t]+(\w+)((?:.*\\\n)*.*)", text, re.M)
        if re.search(STATESET, m.group(2))]
    lines = text.split("\n")
    end = start = int(p[0].line) - 1
    while start > 0 and not lines[start].startswith("{"):
        start -= 1
    seg = "\n".join(lines[start:end + 1])
    if any(re.search(r"\b%s\s*\(" % re.escape(n), seg) for n in macros):
        return "macro"
    if me not in fs:
        return None
    params, body = fs[me]
    cut = body.find("schedule_timeout")
    before = body[:cut] if cut >= 0 else body
    for name, (_, b) in fs.items():
        if name != me and re.search(SLEEPY, b) and re.search(r"\b%s\s*\(" % name, before):
            return "helper"
    if re.search(r"\b(?:mode|state)\b", params):
        return "helper"
    if re.search(r"\b%s\b(?!\s*\()" % me, re.sub(r"\b%s\s*\(" % me, "", text).replace(me + ")", "")) and \
       re.search(r"[(,=]\s*&?%s\s*[),;]" % me, text):
        return "helper"
    for name, (_, b) in fs.items():
        if name != me and any(re.search(SLEEPY, b[:c.start()])
                              for c in re.finditer(r"\b%s\s*\(" % me, b)):
            return "helper"
    return None


def decide(p, forms, reason):
    """forms: what this shape can write here, its own choice first.  With
    a plan, the plan's form if it is one of them; alone, forms[0] unless
    there is a reason not to.  Returns the form, or None."""
    k = site_key(p)
    if not planned():
        SITES[k] = reason or ("convert", forms[0])
        return None if reason else forms[0]
    e = plan().get(k)
    if e is None:
        SITES[k] = "not-planned: no plan entry for this site"
    elif e.get("action") != "convert":
        SITES[k] = e.get("reason") or "refused by the plan"
    elif e.get("form") not in forms:
        SITES[k] = "no-patch: the plan asks for %s; this shape gives %s" % (e.get("form"), forms[0])
    else:
        SITES[k] = ("convert", e.get("form"))
        return e.get("form")
    return None


def deadline(p, T):
    """A name for the budget's deadline the function does not use."""
    body = file_funcs(p[0].file)[0].get(str(p[0].current_element), ("", ""))[1]
    d = "deadline"
    while re.search(r"\b%s\b" % d, body) or d == str(T).strip():
        d = "poll_" + d
    return d


def site(p, T):
    """Decide the schedule_timeout(T) at p: ACTION (by site) or OUTER
    (the hoisted ones, by function, column and timeout) say what to write."""
    k = site_key(p)
    why = state_from_elsewhere(p) if k in HOIST and not planned() else None
    if why:
        if why == "helper":
            SITES[k] = ("state-from-caller: the task state here may be set by another "
                        "function of the file (a helper called before the sleep, or the "
                        "callers); this rule cannot follow calls: let wqport fix decide")
        del HOIST[k]
    # a sleep helper (its own parameter as the timeout) leaves the state
    # to its callers: alone, this rule cannot follow them; with a plan,
    # wqport fix has (a helper that sets the state itself is planned)
    if k not in HOIST or (k in WRAP and not planned()):
        return
    why = None
    if (rp(p[0].file), p[0].current_element) in QUEUED:
        why = "no-patch: the task sleeps on a wait entry queued once outside the loop; move prepare_to_wait() into the loop"
    h = HOIST[k]
    own = "schedule_timeout_uninterruptible"
    if h == "TASK_INTERRUPTIBLE":
        own = "schedule_timeout_interruptible"
    elif h and h != "TASK_UNINTERRUPTIBLE":
        why = why or "no-patch: the hoisted state %s has no schedule_timeout_*() form" % h
    forms = [own, "schedule_timeout_uninterruptible", "schedule_timeout_interruptible"]
    if not h:
        # a target before 2.6.14 has no helper: set the state by hand
        forms += ["set-state-uninterruptible", "set-state-interruptible"]
    if not h and k in TICK:
        # one tick per pass, never the whole budget in one sleep
        forms = ["schedule_timeout_uninterruptible-tick", "set-state-tick"] + forms
    f = decide(p, forms, why)
    if f and h:
        OUTER[outer_key(p, T)] = f
    elif f:
        ACTION[k] = (f, deadline(p, T) if f.endswith("-tick") else None)


def outer_key(p, T):
    # no line: the rewrites before it may have moved the loop
    return (base(p[0].file), p[0].current_element, int(p[0].column), T)


def hoisted(p, T, form):
    return OUTER.get(outer_key(p, T)) == form


def doing(p, form):
    return ACTION.get(site_key(p), ("",))[0] == form


def tick_name(p, form):
    return __main__.cocci.make_ident(ACTION[site_key(p)][1]) if doing(p, form) else None


def report_site(p, org):
    import coccilib.report, coccilib.org
    s = SITES.get(site_key(p))
    if isinstance(s, tuple):
        msg = "%s sleep in TASK_RUNNING: convert to %s" % (RULE, s[1])
    else:
        msg = "%s sleep in TASK_RUNNING left alone [%s]" % (RULE, s or "no-patch: no rewrite for this shape")
    if org:
        coccilib.org.print_todo(p[0], msg)
    else:
        coccilib.report.print_report(p[0], msg)
