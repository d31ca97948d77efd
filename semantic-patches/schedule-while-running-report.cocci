// SPDX-License-Identifier: GPL-2.0-only
/// schedule() reached again in TASK_RUNNING, after a sleep returned, with
/// no state set on the way: a loop that sets the task state once, before
/// it, sleeps only the first time and spins after the first wake-up:
///
///   set_current_state(TASK_INTERRUPTIBLE);
///   while (!dev->ready) {
///           schedule();        <- TASK_RUNNING from the second pass on
///           ...
///   }
///
/// There is no timeout, so no delay helper fits: the state must be set
/// inside the loop by hand, or the loop written as wait_event*().  This
/// file only reports (WQ004, the schedule() half; the schedule_timeout()
/// half, which it converts, is schedule-while-running.cocci).  Loops that
/// set the state in their body, deliberate yields (`if (need_resched())
/// schedule();`, SCHED_YIELD) and schedule() calls no sleeping state
/// reaches are not reported.
///
// Confidence: Moderate
// Copyright: (C) 2026 The wqport authors.
// Comments: report-only: it has no patch mode; wqport fix does not run it.
// Options: --no-includes --include-headers
// Requires: 1.1.1
// Keywords: schedule, set_current_state, TASK_RUNNING

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(cocci.cocci_file)), 'lib'))
sys.dont_write_bytecode = True
import wqplan
from wqplan import site_key, plan, planned

RULE = wqplan.RULE = "WQ004"
SITES = {}      # site -> why it is reported
SETINLOOP, YIELD, REACHED = set(), set(), set()


// A loop that sets the task state somewhere in its body is left to the
// other rules: a path round it that skips the set (an if on a flag that
// does not change) is usually not one the code can take.
@loopset@
expression E, E0;
position pl;
@@
(
  while@pl (E0) { <+... \(set_current_state(...)\|__set_current_state(...)\|set_task_state(...)\|__set_task_state(...)\|current->state = E\|prepare_to_wait(...)\|prepare_to_wait_exclusive(...)\) ...+> }
|
  for@pl (...;...;...) { <+... \(set_current_state(...)\|__set_current_state(...)\|set_task_state(...)\|__set_task_state(...)\|current->state = E\|prepare_to_wait(...)\|prepare_to_wait_exclusive(...)\) ...+> }
)

@loopsch@
expression E0;
position loopset.pl, p;
@@
(
  while@pl (E0) { <+... schedule@p() ...+> }
|
  for@pl (...;...;...) { <+... schedule@p() ...+> }
)

@script:python@
p << loopsch.p;
@@
SETINLOOP.add(site_key(p))

// Deliberate yields are not sleeps: `if (need_resched()) schedule();`
// (2.4: `current->need_resched`) and the 2.4 SCHED_YIELD idiom.
// (unlikely() around the test is matched by Coccinelle's isomorphisms)
@yld@
expression E;
position p;
@@
(
  if (need_resched())
    schedule@p();
|
  if (E->need_resched)
    schedule@p();
|
  E |= SCHED_YIELD;
  schedule@p();
)

@script:python@
p << yld.p;
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
  ... when != \(schedule()\|schedule_timeout(...)\)
      when != \(set_current_state(...)\|__set_current_state(...)\|current->state = E\)
  schedule@p()

@script:python@
p << slr.p;
@@
REACHED.add(site_key(p))

// schedule() reached again after a sleep returned (the task is
// TASK_RUNNING then) with no state set on the way, after a sleeping
// state was set: a loop that sets the state once, before it, spins after
// the first wake-up.  No timeout, so no delay helper fits: reported only.
// exists: one path round the loop is enough.  A schedule() with no
// sleeping state set before it in the function is a yield, not a bug.
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
\(schedule@p0()\|schedule_timeout@p0(...)\)
  ... when != \(set_current_state(...)\|__set_current_state(...)\|current->state = E\)
      when != \(set_task_state(...)\|__set_task_state(...)\)
      when != \(prepare_to_wait(...)\|prepare_to_wait_exclusive(...)\)
  schedule@p()

@script:python@
p << sl.p;
@@
k = site_key(p)
if k not in SETINLOOP and k in REACHED and k not in YIELD:
    e = plan().get(k) if planned() else None
    SITES.setdefault(k, (e or {}).get("reason") or "no-patch: schedule() in TASK_RUNNING with no timeout; set the state inside the loop by hand")


// ------------------------------------------------ report, org, context
@r depends on report || org@
position p;
@@
  schedule@p()

@script:python depends on report@
p << r.p;
@@
if site_key(p) in SITES:
    coccilib.report.print_report(p[0], "%s sleep in TASK_RUNNING left alone [%s]" % (RULE, SITES[site_key(p)]))

@script:python depends on org@
p << r.p;
@@
if site_key(p) in SITES:
    coccilib.org.print_todo(p[0], "%s sleep in TASK_RUNNING left alone [%s]" % (RULE, SITES[site_key(p)]))

@script:python depends on context@
p << sl.p;
@@
if site_key(p) not in SITES:
    cocci.include_match(False)

@depends on context@
position sl.p;
@@
* schedule@p()
