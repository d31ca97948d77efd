// SPDX-License-Identifier: GPL-2.0-only
/// schedule_timeout() only sleeps if the task state was set to a sleeping
/// state first.  Called in TASK_RUNNING -- no state set in the function,
/// or only once before a polling loop, so that every call after the first
/// wake-up runs in TASK_RUNNING -- it returns at once: the delay does not
/// happen and a polling loop spins.  Use schedule_timeout_uninterruptible()
/// (or schedule_timeout_interruptible() when the loop was interruptible),
/// which set the state on every call, and drop the set_current_state()
/// that was hoisted out of the loop (WQ004).
///
/// Sleep helpers that return schedule_timeout()'s result or pass their own
/// parameter as the timeout leave the state to their callers and are not
/// touched; a sleep on a hoisted prepare_to_wait()/add_wait_queue() entry
/// and a bare schedule() loop need a loop rewrite and are only reported.
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
RULE = "WQ004"
import os, json, re

_plan = None
SITES = {}


def rp(f):
    return os.path.realpath(f)


def base(f):
    # after a rule has changed the file, spatch reports a temporary copy
    return re.sub(r"^cocci[a-z_]*-[0-9]+-[0-9a-f]+-", "", os.path.basename(f))


def loose_key(p):
    return (base(p[0].file), int(p[0].line))


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


def decide(p, forms, reason):
    """forms: the primitives this rule can write here (first = own choice).
    Returns the form to write, or None."""
    k = site_key(p)
    if planned():
        e = plan().get(k)
        if e is None:
            SITES[k] = "not-planned: no plan entry for this site"
            return None
        if e.get("action") != "convert":
            SITES[k] = e.get("reason") or "refused by the plan"
            return None
        if e.get("form") not in forms:
            SITES[k] = "no-patch: the plan asks for %s; this shape gives %s" % (
                e.get("form"), forms[0] if forms else "nothing")
            return None
        SITES[k] = ("convert", e.get("form"))
        return e.get("form")
    if reason or not forms:
        SITES[k] = reason or "no-patch: no rewrite for this shape"
        return None
    SITES[k] = ("convert", forms[0])
    return forms[0]


def say(p, msg, org):
    import coccilib.report, coccilib.org
    if org:
        coccilib.org.print_todo(p[0], msg)
    else:
        coccilib.report.print_report(p[0], msg)


def report_site(p, what, org):
    s = SITES.get(site_key(p))
    if isinstance(s, tuple):
        say(p, "%s %s: convert to %s" % (RULE, what, s[1]), org)
    else:
        say(p, "%s %s left alone [%s]" % (RULE, what, s or "no-patch: no rewrite for this shape"), org)


HOIST = {}      # site key -> state set once before the loop
WRAP = set()    # site keys of sleep helpers
QUEUED = set()  # (file, function) with a wait entry queued by hand
OUTER = {}      # hoisted sites -> form, keyed without the line
SETSTATE = {}   # site key -> the state to set before it (old targets)
SETINLOOP = set()  # schedule() sites in a loop that sets the state
YIELD = set()   # schedule() sites that yield on purpose
REACHED = set() # schedule() sites a sleeping state reaches unslept
STATE_MACROS = {}  # file -> names of its own macros that set the state
TICK = set()    # `t = schedule_timeout(t);` sites in a while loop: a budget
TICKF = {}      # site key -> (form, deadline name) of a budget poll


def state_macros(fname):
    """The macros a file defines whose body sets the task state
    (#define DRV_NAP() set_current_state(TASK_UNINTERRUPTIBLE))."""
    if fname not in STATE_MACROS:
        names = set()
        try:
            with open(fname, errors="replace") as fh:
                text = fh.read()
        except OSError:
            text = ""
        for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(\w+)((?:.*\\\n)*.*)", text, re.M):
            if re.search(r"\b(?:__)?set_current_state\b|\bcurrent->state\s*=|\bprepare_to_wait", m.group(2)):
                names.add(m.group(1))
        STATE_MACROS[fname] = names
    return STATE_MACROS[fname]


SLEEPY = r"\b(?:__)?set_current_state\s*\(\s*TASK_(?:UN)?INTERRUPTIBLE|TASK_KILLABLE|\bprepare_to_wait|\badd_wait_queue"
FUNCS = {}  # file -> {name: (params, body)} of the functions it defines


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


def state_from_elsewhere(p):
    """Standalone mode, which cannot follow calls: is the sleep at p in a
    state another function of the file may have set?  A helper called
    before it sets a sleeping state; or its function is entered with one
    (called after a state change, a task-state parameter, or used as a
    value: an action passed to a wait loop).  Then it is left alone."""
    fs, text = file_funcs(p[0].file)
    me = str(p[0].current_element)
    if me not in fs:
        return False
    params, body = fs[me]
    cut = body.find("schedule_timeout")
    before = body[:cut] if cut >= 0 else body
    for name, (_, b) in fs.items():
        if name != me and re.search(SLEEPY, b) and re.search(r"\b%s\s*\(" % name, before):
            return True
    if re.search(r"\b(?:mode|state)\b", params):
        return True
    if re.search(r"\b%s\b(?!\s*\()" % me, text.replace(text[text.find(params):], "", 0) if False else
                 re.sub(r"\b%s\s*\(" % me, "", text).replace(me + ")", "")) and \
       re.search(r"[(,=]\s*&?%s\s*[),;]" % me, text):
        return True
    for name, (_, b) in fs.items():
        if name == me:
            continue
        for c in re.finditer(r"\b%s\s*\(" % me, b):
            if re.search(SLEEPY, b[:c.start()]):
                return True
    return False


def state_macro_before(p):
    """Does the function call such a macro before the sleep at p?  The
    sleep is then not in TASK_RUNNING; spatch does not expand macros."""
    names = state_macros(p[0].file)
    if not names:
        return False
    try:
        with open(p[0].file, errors="replace") as fh:
            lines = fh.read().split("\n")
    except OSError:
        return False
    end = int(p[0].line) - 1
    start = end
    while start > 0 and not lines[start].startswith("{"):
        start -= 1
    seg = "\n".join(lines[start:end + 1])
    return any(re.search(r"\b%s\s*\(" % re.escape(n), seg) for n in names)

@wrap1@
position p;
expression T;
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

@q@
position p;
@@
(
  prepare_to_wait@p(...)
|
  prepare_to_wait_exclusive@p(...)
|
  add_wait_queue@p(...)
|
  add_wait_queue_exclusive@p(...)
)

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
  ... when != set_current_state(...)
      when != __set_current_state(...)
      when != set_task_state(...)
      when != __set_task_state(...)
      when != current->state = E
      when != prepare_to_wait(...)
      when != prepare_to_wait_exclusive(...)
      when != schedule_timeout_interruptible(...)
      when != schedule_timeout_uninterruptible(...)
      when != schedule_timeout_killable(...)
      when != schedule_timeout_idle(...)
  schedule_timeout@p(...)
  ... when any
  }

// a sleep that follows another sleep with no state set in between (the
// task is TASK_RUNNING after the first one returns)
@b exists@
expression E;
position p, p0;
@@
(
  schedule@p0()
|
  schedule_timeout@p0(...)
)
  ... when != set_current_state(...)
      when != __set_current_state(...)
      when != set_task_state(...)
      when != __set_task_state(...)
      when != current->state = E
      when != prepare_to_wait(...)
      when != prepare_to_wait_exclusive(...)
  schedule_timeout@p(...)

// the state hoisted out of a polling loop
@h@
expression S, C;
position ps, p;
@@
(
  set_current_state@ps(S);
|
  __set_current_state@ps(S);
)
  while (C) { <... schedule_timeout@p(...) ...> }

@script:python@
p << a.p;
@@
_k = site_key(p)
HOIST.setdefault(_k, None)

@script:python@
p << b.p;
@@
HOIST.setdefault(site_key(p), None)

@script:python@
p << h.p;
ps << h.ps;
S << h.S;
@@
if site_key(p) in HOIST:
    HOIST[site_key(p)] = (S, loose_key(ps))

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

@script:python cs@
p << c.p;
T << c.T;
fn;
@@
_k = site_key(p)
_f = None
if _k in HOIST and not planned() and state_macro_before(p):
    del HOIST[_k]
if _k in HOIST and not planned() and state_from_elsewhere(p):
    del HOIST[_k]
    SITES[_k] = ("state-from-caller: the task state here may be set by another "
                 "function of the file (a helper called before the sleep, or the "
                 "callers); this rule cannot follow calls: let wqport fix decide")
if _k in HOIST and _k not in WRAP:
    _why = None
    if (rp(p[0].file), p[0].current_element) in QUEUED:
        _why = "no-patch: the task sleeps on a wait entry queued once outside the loop; move prepare_to_wait() into the loop"
    _h = HOIST[_k]
    _own = "schedule_timeout_uninterruptible"
    if _h and _h[0] == "TASK_INTERRUPTIBLE":
        _own = "schedule_timeout_interruptible"
    elif _h and _h[0] not in ("TASK_UNINTERRUPTIBLE",):
        _why = _why or "no-patch: the hoisted state %s has no schedule_timeout_*() form" % _h[0]
    _forms = [_own, "schedule_timeout_uninterruptible", "schedule_timeout_interruptible"]
    if not _h:
        # a target before 2.6.14 has no helper: set the state by hand
        _forms += ["set-state-uninterruptible", "set-state-interruptible"]
    if not _h and _k in TICK:
        # one tick per pass, never the whole budget in one sleep
        _forms = ["schedule_timeout_uninterruptible-tick", "set-state-tick"] + _forms
    _f = decide(p, _forms, _why)
    if _f and _f.endswith("-tick"):
        _fs, _ = file_funcs(p[0].file)
        _body = _fs.get(str(p[0].current_element), ("", ""))[1]
        _d = "deadline"
        while re.search(r"\b%s\b" % _d, _body) or _d == str(T).strip():
            _d = "poll_" + _d
        TICKF[_k] = (_f, _d)
        _f = None
    if _f and _f.startswith("set-state-"):
        SETSTATE[_k] = "TASK_" + _f[len("set-state-"):].upper()
        _f = None
    if _f and _h:
        # converted together with the hoisted state, below
        OUTER[(base(p[0].file), p[0].current_element, int(p[0].column), T)] = _f
        _f = None
if _f:
    coccinelle.fn = cocci.make_ident(_f)
else:
    cocci.include_match(False)

@depends on patch@
position c.p;
identifier cs.fn;
expression T;
@@
- schedule_timeout@p(T)
+ fn(T)

// the budget poll: one tick per pass, the remaining time kept by jiffies
@tkr@
expression X;
position p;
@@
  X = schedule_timeout@p(X);

@script:python tkr_s@
p << tkr.p;
d;
@@
if TICKF.get(site_key(p), ("",))[0] == "schedule_timeout_uninterruptible-tick":
    coccinelle.d = cocci.make_ident(TICKF[site_key(p)][1])
else:
    cocci.include_match(False)

@depends on patch@
expression tkr.X;
position tkr.p;
identifier tkr_s.d;
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
@tko@
expression X;
position p;
@@
  X = schedule_timeout@p(X);

@script:python tko_s@
p << tko.p;
d;
@@
if TICKF.get(site_key(p), ("",))[0] == "set-state-tick":
    coccinelle.d = cocci.make_ident(TICKF[site_key(p)][1])
else:
    cocci.include_match(False)

@depends on patch@
expression tko.X;
position tko.p;
identifier tko_s.d;
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
@cst@
position p;
expression T;
@@
  schedule_timeout@p(T);

@script:python cst_s@
p << cst.p;
st;
@@
if site_key(p) in SETSTATE:
    coccinelle.st = cocci.make_ident(SETSTATE[site_key(p)])
else:
    cocci.include_match(False)

@depends on patch@
position cst.p;
identifier cst_s.st;
expression T;
@@
+ set_current_state(st);
  schedule_timeout@p(T);

@h2@
expression S, C, T;
position ps, p;
@@
(
  set_current_state@ps(S);
|
  __set_current_state@ps(S);
)
  while (C) { <... schedule_timeout@p(T) ...> }

@script:python h2s@
p << h2.p;
T << h2.T;
fn;
@@
_k = (base(p[0].file), p[0].current_element, int(p[0].column), T)
if _k in OUTER:
    coccinelle.fn = cocci.make_ident(OUTER[_k])
else:
    cocci.include_match(False)

@depends on patch@
expression S, C, T;
position h2.ps, h2.p;
identifier h2s.fn;
@@
(
- set_current_state@ps(S);
|
- __set_current_state@ps(S);
)
  while (C) { <+...
- schedule_timeout@p(T)
+ fn(T)
  ...+> }

// A loop that sets the task state somewhere in its body is left to the
// other rules: a path round it that skips the set (an if on a flag that
// does not change) is usually not one the code can take.
@loopset@
expression E, E1, E2, E3, E4;
position pl;
@@
(
  while@pl (E) { <+... \(set_current_state(...)\|__set_current_state(...)\|set_task_state(...)\|__set_task_state(...)\|current->state = E4\|prepare_to_wait(...)\|prepare_to_wait_exclusive(...)\) ...+> }
|
  for@pl (E1; E2; E3) { <+... \(set_current_state(...)\|__set_current_state(...)\|set_task_state(...)\|__set_task_state(...)\|current->state = E4\|prepare_to_wait(...)\|prepare_to_wait_exclusive(...)\) ...+> }
|
  for@pl (; E2; E3) { <+... \(set_current_state(...)\|__set_current_state(...)\|set_task_state(...)\|__set_task_state(...)\|current->state = E4\|prepare_to_wait(...)\|prepare_to_wait_exclusive(...)\) ...+> }
|
  for@pl (;; E3) { <+... \(set_current_state(...)\|__set_current_state(...)\|set_task_state(...)\|__set_task_state(...)\|current->state = E4\|prepare_to_wait(...)\|prepare_to_wait_exclusive(...)\) ...+> }
|
  for@pl (;;) { <+... \(set_current_state(...)\|__set_current_state(...)\|set_task_state(...)\|__set_task_state(...)\|current->state = E4\|prepare_to_wait(...)\|prepare_to_wait_exclusive(...)\) ...+> }
)

@loopsch@
expression E, E1, E2, E3;
position loopset.pl, p;
@@
(
  while@pl (E) { <+... schedule@p() ...+> }
|
  for@pl (E1; E2; E3) { <+... schedule@p() ...+> }
|
  for@pl (; E2; E3) { <+... schedule@p() ...+> }
|
  for@pl (;; E3) { <+... schedule@p() ...+> }
|
  for@pl (;;) { <+... schedule@p() ...+> }
)

@script:python@
p << loopsch.p;
@@
SETINLOOP.add(site_key(p))

// Deliberate yields are not sleeps: `if (need_resched()) schedule();`
// (2.4: `current->need_resched`) and the 2.4 SCHED_YIELD idiom.
// (unlikely() around the test is matched by Coccinelle's isomorphisms)
@yld@
position p;
@@
  if (need_resched())
    schedule@p();

@script:python@
p << yld.p;
@@
YIELD.add(site_key(p))

@yld1@
expression E;
position p;
@@
  if (E->need_resched)
    schedule@p();

@script:python@
p << yld1.p;
@@
YIELD.add(site_key(p))

@yld2@
expression E;
position p;
@@
  E |= SCHED_YIELD;
  schedule@p();

@script:python@
p << yld2.p;
@@
YIELD.add(site_key(p))

// A schedule() loop spins only if it was meant to sleep: some path from
// a sleeping state reaches it with no sleep on the way.  One that only
// finished sleeps reach is a yield loop (after a delay, say).
@slr exists@
expression E, Q, W, S : script:python () { S != "TASK_RUNNING" };
position p;
@@
(
  set_current_state(S);
|
  __set_current_state(S);
|
  current->state = S;
|
  prepare_to_wait(Q, W, S);
|
  prepare_to_wait_exclusive(Q, W, S);
)
  ... when != schedule()
      when != schedule_timeout(...)
      when != set_current_state(...)
      when != __set_current_state(...)
      when != current->state = E
  schedule@p()

@script:python@
p << slr.p;
@@
REACHED.add(site_key(p))

// schedule() reached again after a sleep returned (the task is
// TASK_RUNNING then) with no state set on the way, after a sleeping
// state was set: a loop that sets the state once, before it, spins after
// the first wake-up.  No timeout, so no delay helper fits: reported only.
// exists: one path round the loop is enough (the path out of the loop
// does not sleep again).  A schedule() with no sleeping state set before
// it in the function is a yield, not a bug.
@sl exists@
expression E, Q, W, S : script:python () { S != "TASK_RUNNING" };
position p, p0;
@@
(
  set_current_state(S);
|
  __set_current_state(S);
|
  current->state = S;
|
  prepare_to_wait(Q, W, S);
|
  prepare_to_wait_exclusive(Q, W, S);
)
  ... when any
(
  schedule@p0()
|
  schedule_timeout@p0(...)
)
  ... when != set_current_state(...)
      when != __set_current_state(...)
      when != set_task_state(...)
      when != __set_task_state(...)
      when != current->state = E
      when != prepare_to_wait(...)
      when != prepare_to_wait_exclusive(...)
  schedule@p()

@script:python@
p << sl.p;
@@
if site_key(p) not in SETINLOOP and site_key(p) in REACHED and \
        site_key(p) not in YIELD:
    _e = plan().get(site_key(p)) if planned() else None
    SITES.setdefault(site_key(p), (_e or {}).get("reason") or "no-patch: schedule() in TASK_RUNNING with no timeout; set the state inside the loop by hand")

@r depends on report || org || context@
position p;
@@
(
  schedule_timeout@p(...)
|
  schedule@p()
)

@script:python depends on report@
p << r.p;
@@
if site_key(p) in SITES:
    report_site(p, "sleep in TASK_RUNNING", False)

@script:python depends on org@
p << r.p;
@@
if site_key(p) in SITES:
    report_site(p, "sleep in TASK_RUNNING", True)

@depends on context@
position c.p;
expression T;
@@
* schedule_timeout@p(T)

@script:python ctx depends on context@
p << sl.p;
@@
if site_key(p) not in SITES:
    cocci.include_match(False)

@depends on context@
position sl.p;
@@
* schedule@p()
