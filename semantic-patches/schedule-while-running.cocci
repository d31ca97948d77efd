// SPDX-License-Identifier: GPL-2.0-only
/// schedule_timeout() only sleeps if the task state was set to a sleeping
/// state first.  Called in TASK_RUNNING -- no state set in the function,
/// or only once before a polling loop, so that every call after the first
/// wake-up runs in TASK_RUNNING -- it returns at once: the delay does not
/// happen and a polling loop spins.  Use schedule_timeout_uninterruptible()
/// (or schedule_timeout_interruptible() when the loop was interruptible),
/// which set the state on every call, and drop the set_current_state()
/// that was hoisted out of the loop (WQ004):
///
///   set_current_state(TASK_UNINTERRUPTIBLE);
///   while (!ready(dev))                    while (!ready(dev))
///           schedule_timeout(HZ / 10); ->          schedule_timeout_uninterruptible(HZ / 10);
///
/// Sleep helpers that return schedule_timeout()'s result or pass their own
/// parameter as the timeout leave the state to their callers and are not
/// touched; a sleep on a hoisted prepare_to_wait()/add_wait_queue() entry
/// needs a loop rewrite and is only reported.  A bare schedule() loop is
/// reported by schedule-while-running-report.cocci.
///
/// With WQPORT_PLAN set (wqport fix), the plan's form for the site is
/// written: schedule_timeout_uninterruptible / _interruptible; for a
/// target before 2.6.14, set-state-uninterruptible / -interruptible
/// (set_current_state() before the call); for `t = schedule_timeout(t);`
/// polling a remaining-time budget, schedule_timeout_uninterruptible-tick
/// (set-state-tick before 2.6.14): one tick per pass, the budget kept by
/// jiffies.  See plan.md for the plan protocol.
///
// Confidence: Moderate
// Copyright: (C) 2026 The wqport authors.
// Comments: the schedule_timeout() line is the site's anchor in the plan.
// Options: --no-includes --include-headers
// Requires: 1.1.1
// Keywords: schedule_timeout, schedule_timeout_uninterruptible, set_current_state

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import os, json, re

RULE = "WQ004"
_plan = None
SITES = {}      # site -> ("convert", form) or the reason it is left alone
HOIST = {}      # site -> the state hoisted before the loop, or None
WRAP = set()    # sites in sleep helpers
QUEUED = set()  # (file, function) with a wait entry queued by hand
TICK = set()    # `t = schedule_timeout(t);` sites in a while loop
ACTION = {}     # site -> (form, deadline name): what to write there
OUTER = {}      # the same for a sleep whose loop has the state hoisted
FUNCS = {}      # file -> ({name: (params, body)}, text)


def rp(f):
    return os.path.realpath(f)


def base(f):
    # after a rule has changed the file, spatch reports a temporary copy
    return re.sub(r"^cocci[a-z_]*-[0-9]+-[0-9a-f]+-", "", os.path.basename(f))


def site_key(p):
    return (rp(p[0].file), int(p[0].line))


def planned():
    return bool(os.environ.get("WQPORT_PLAN"))


def plan():
    """The plan's WQ004 entries by (realpath(file), anchor line)."""
    global _plan
    if _plan is None:
        _plan = {}
        if planned():
            with open(os.environ["WQPORT_PLAN"]) as fh:
                for ln in fh:
                    try:
                        e = json.loads(ln)
                        if e.get("rule", RULE) == RULE:
                            _plan[(rp(e["file"]), int(e["line"]))] = e
                    except (ValueError, KeyError, TypeError, AttributeError):
                        pass
    return _plan


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
    if k not in HOIST or k in WRAP:
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
    return cocci.make_ident(ACTION[site_key(p)][1]) if doing(p, form) else None


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

// ------------------------------------------------------------ the facts
// sleep helpers: the caller sets the state
@wrap1@
expression T;
position p;
@@
  return schedule_timeout@p(T);

@script:python@
p << wrap1.p;
@@
WRAP.add(site_key(p))

@wrap2@
identifier fn, t;
type Ty;
position p;
@@
  fn(..., Ty t, ...) {
  <...
  schedule_timeout@p(t)
  ...>
  }

@script:python@
p << wrap2.p;
@@
WRAP.add(site_key(p))

// a wait entry queued by hand
@q@
position p;
@@
\(prepare_to_wait@p\|prepare_to_wait_exclusive@p\|add_wait_queue@p\|add_wait_queue_exclusive@p\)(...)

@script:python@
p << q.p;
@@
QUEUED.add((rp(p[0].file), p[0].current_element))

// no state set between the function entry and the sleep
@a exists@
identifier fn;
expression E;
position p;
@@
  fn(...) {
  ... when != \(set_current_state(...)\|__set_current_state(...)\|current->state = E\)
      when != \(set_task_state(...)\|__set_task_state(...)\)
      when != \(prepare_to_wait(...)\|prepare_to_wait_exclusive(...)\)
      when != \(schedule_timeout_interruptible(...)\|schedule_timeout_uninterruptible(...)\)
      when != \(schedule_timeout_killable(...)\|schedule_timeout_idle(...)\)
  schedule_timeout@p(...)
  ... when any
  }

@script:python@
p << a.p;
@@
HOIST.setdefault(site_key(p), None)

// a sleep after another one with no state set in between (the task is
// TASK_RUNNING once the first one returns)
@b exists@
expression E;
position p, p0;
@@
\(schedule@p0()\|schedule_timeout@p0(...)\)
  ... when != \(set_current_state(...)\|__set_current_state(...)\|current->state = E\)
      when != \(set_task_state(...)\|__set_task_state(...)\)
      when != \(prepare_to_wait(...)\|prepare_to_wait_exclusive(...)\)
  schedule_timeout@p(...)

@script:python@
p << b.p;
@@
HOIST.setdefault(site_key(p), None)

// the state hoisted out of a polling loop
@h@
expression S, C;
position p;
@@
(
  set_current_state(S);
|
  __set_current_state(S);
)
  while (C) { <... schedule_timeout@p(...) ...> }

@script:python@
p << h.p;
S << h.S;
@@
if site_key(p) in HOIST:
    HOIST[site_key(p)] = S

// a polling loop with a remaining-time budget: each pass yields in
// TASK_RUNNING and `t` counts the wall time down
@tk@
expression X, C;
position p;
@@
  while (C) { <... X = schedule_timeout@p(X); ...> }

@script:python@
p << tk.p;
@@
TICK.add(site_key(p))

@c@
position p;
expression T;
@@
  schedule_timeout@p(T)

@script:python@
p << c.p;
T << c.T;
@@
site(p, T)

// ------------------------------------------------------------ rewrites
@depends on patch@
position p1 : script:python() { doing(p1, "schedule_timeout_uninterruptible") };
position p2 : script:python() { doing(p2, "schedule_timeout_interruptible") };
expression T;
@@
(
- schedule_timeout@p1(T)
+ schedule_timeout_uninterruptible(T)
|
- schedule_timeout@p2(T)
+ schedule_timeout_interruptible(T)
)

// the budget poll: one tick per pass, the remaining time kept by jiffies
// (d: "deadline", or a name the function does not use)
@tk1@
expression X;
position p;
@@
  X = schedule_timeout@p(X);

@script:python tk1d@
p << tk1.p;
d;
@@
coccinelle.d = tick_name(p, "schedule_timeout_uninterruptible-tick")
if coccinelle.d is None:
    cocci.include_match(False)

@depends on patch@
expression tk1.X;
position tk1.p;
identifier tk1d.d;
@@
- X = schedule_timeout@p(X);
+ {
+ unsigned long d = jiffies + X;
+
+ schedule_timeout_uninterruptible(1);
+ if (time_before(jiffies, d))
+ X = d - jiffies;
+ else
+ X = 0;
+ }

// ... before 2.6.14, with the state set by hand
@tk2@
expression X;
position p;
@@
  X = schedule_timeout@p(X);

@script:python tk2d@
p << tk2.p;
d;
@@
coccinelle.d = tick_name(p, "set-state-tick")
if coccinelle.d is None:
    cocci.include_match(False)

@depends on patch@
expression tk2.X;
position tk2.p;
identifier tk2d.d;
@@
- X = schedule_timeout@p(X);
+ {
+ unsigned long d = jiffies + X;
+
+ set_current_state(TASK_UNINTERRUPTIBLE);
+ schedule_timeout(1);
+ if (time_before(jiffies, d))
+ X = d - jiffies;
+ else
+ X = 0;
+ }

// --target before 2.6.14: the state is set before the sleep instead
@depends on patch@
position p1 : script:python() { doing(p1, "set-state-uninterruptible") };
position p2 : script:python() { doing(p2, "set-state-interruptible") };
expression T;
@@
(
+ set_current_state(TASK_UNINTERRUPTIBLE);
  schedule_timeout@p1(T);
|
+ set_current_state(TASK_INTERRUPTIBLE);
  schedule_timeout@p2(T);
)

// the state hoisted out of the loop goes, the loop's sleep sets it
@depends on patch@
expression S, C, T;
position ps, p : script:python(T) { hoisted(p, T, "schedule_timeout_uninterruptible") };
@@
(
- set_current_state@ps(S);
|
- __set_current_state@ps(S);
)
  while (C) { <+...
- schedule_timeout@p(T)
+ schedule_timeout_uninterruptible(T)
  ...+> }

@depends on patch@
expression S, C, T;
position ps, p : script:python(T) { hoisted(p, T, "schedule_timeout_interruptible") };
@@
(
- set_current_state@ps(S);
|
- __set_current_state@ps(S);
)
  while (C) { <+...
- schedule_timeout@p(T)
+ schedule_timeout_interruptible(T)
  ...+> }

// ------------------------------------------------ report, org, context
@r depends on report || org@
position p;
@@
  schedule_timeout@p(...)

@script:python depends on report@
p << r.p;
@@
if site_key(p) in SITES:
    report_site(p, False)

@script:python depends on org@
p << r.p;
@@
if site_key(p) in SITES:
    report_site(p, True)

@depends on context@
position p : script:python() { site_key(p) in ACTION };
expression T;
@@
* schedule_timeout@p(T)
