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
/// touched when run alone (under wqport fix the plan decides: a function
/// that sets the state itself before its loop is converted); a sleep on a hoisted prepare_to_wait()/add_wait_queue() entry
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
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(cocci.cocci_file)), 'lib'))
sys.dont_write_bytecode = True
from schedule_while_running import *

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
