// SPDX-License-Identifier: GPL-2.0-only
/// A wait loop that tests its condition and only then sets the task state
/// (set_current_state() or prepare_to_wait[_exclusive]()) loses a wake-up
/// that comes between the test and the state change: the waker sees the
/// task still running, and schedule() then sleeps until the next wake-up,
/// or for ever.  Test the condition again after the state change, as the
/// LWN article's loop does:
///   while (!c) {
///           prepare_to_wait(&q, &wait, TASK_INTERRUPTIBLE);
///           if (!c)
///                   schedule();
///           finish_wait(&q, &wait);
///   }
/// The re-test is the loop's own guard (`while (E)` gives `if (E)`), or the
/// negation of the `if (c) break;` test that comes before the state change
/// in an endless loop; `t = schedule_timeout(t);` is guarded the same way.
/// Nothing else changes.  Loops whose condition has side effects, reads
/// only locals, or is constant, loops that sleep or set the state more than
/// once, loops in macro bodies, and set_current_state() loops not followed
/// by __set_current_state(TASK_RUNNING) (or finish_wait()) are left alone
/// and reported (WQ003).
///
/// With WQPORT_PLAN set (wqport fix), only the sites the plan marks
/// "convert" with the form "retest" are changed, and the re-test written
/// is the plan's `cond`.  The decisions are Python in lib/state_after_test.py.
///
// Confidence: High
// Copyright: (C) 2026 The wqport authors.
// Comments: the state change's line is the site's anchor in the plan.
// Options: --no-includes --include-headers
// Requires: 1.1.1
// Keywords: set_current_state, prepare_to_wait, schedule, lost wake-up

virtual patch
virtual context
virtual org
virtual report

// The Python the scripts call is lib/state_after_test.py, in the lib/
// folder beside this file (see lib/README.md).
@initialize:python@
@@
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(cocci.cocci_file)), 'lib'))
sys.dont_write_bytecode = True
from state_after_test import *

// --------------------------------------------- locals and parameters
@lv@
type T;
identifier x;
expression E;
position p;
@@
(
  T x@p;
|
  T x@p = E;
)

@script:python@
x << lv.x;
p << lv.p;
@@
note_local(x, p)

@lp@
identifier fn, x;
type T;
position p;
@@
  fn@p(..., T x, ...) { ... }

@script:python@
x << lp.x;
p << lp.p;
@@
note_local(x, p)

// a local that holds a fixed delay (`long delay = msecs_to_jiffies(20);`)
@fx@
identifier x;
type T;
expression E;
position p;
@@
  T x@p = E;

@script:python@
x << fx.x;
E << fx.E;
p << fx.p;
@@
note_init(x, E, p)

@wx@
identifier x;
expression E;
position p;
@@
(
  x@p = E
|
  x@p += E
|
  x@p -= E
|
  x@p++
|
  x@p--
|
  ++x@p
|
  --x@p
)

@script:python@
x << wx.x;
p << wx.p;
@@
note_write(x, p)

// ------------------------------------------------------------ the loops
@w@
expression E;
statement B;
position pl;
@@
  while@pl (E) B

@script:python@
pl << w.pl;
E << w.E;
B << w.B;
@@
note_loop(pl, E, B)

@f@
statement B;
position pl;
@@
  for@pl (;;) B

@script:python@
pl << f.pl;
B << f.B;
@@
note_loop(pl, None, B)

// ----------------------------- what follows the loop (standalone mode)
// A loop that sets the state with set_current_state() may only get the
// re-test when the statement right after it puts the task back in
// TASK_RUNNING (or is finish_wait()): when the re-test skips the sleep,
// the loop ends with the task still in a sleeping state.
@ra@
expression E, Q, W, X;
symbol current;
statement B;
position pl;
@@
(
  while@pl (E) B
|
  for@pl (;;) B
)
(
  __set_current_state(TASK_RUNNING);
|
  set_current_state(TASK_RUNNING);
|
  set_task_state(X, TASK_RUNNING);
|
  current->state = TASK_RUNNING;
|
  current->__state = TASK_RUNNING;
|
  finish_wait(Q, W);
)

@script:python@
pl << ra.pl;
@@
note_running(pl)

// ------------------------------- the state change and the sleep in them
@a exists@
expression E, S, Q, W, T, T2;
position pl, pa, pz;
@@
(
  while@pl (E) {
  ...
(
  set_current_state@pa(S);
|
  __set_current_state@pa(S);
|
  current@pa->state = S;
|
  prepare_to_wait@pa(Q, W, S);
|
  prepare_to_wait_exclusive@pa(Q, W, S);
)
  ...
(
  schedule@pz();
|
  T = schedule_timeout@pz(T2);
|
  schedule_timeout@pz(T2);
)
  ...
  }
|
  for@pl (;;) {
  ...
(
  set_current_state@pa(S);
|
  __set_current_state@pa(S);
|
  current@pa->state = S;
|
  prepare_to_wait@pa(Q, W, S);
|
  prepare_to_wait_exclusive@pa(Q, W, S);
)
  ...
(
  schedule@pz();
|
  T = schedule_timeout@pz(T2);
|
  schedule_timeout@pz(T2);
)
  ...
  }
)

@script:python@
pl << a.pl;
pa << a.pa;
pz << a.pz;
@@
note_combo(pl, pa, pz)

// ----------------------------------------------------------- decisions
// (a script that drops a match drops it for every later rule: decide for
// all sites first, report, and filter only in the last scripts)
@script:python@
pl << a.pl;
pa << a.pa;
@@
settle(pa, pl)

@script:python depends on report@
pa << a.pa;
@@
report_once(pa, False)

@script:python depends on org@
pa << a.pa;
@@
report_once(pa, True)

// --------------------------------------------------------------- patch
@script:python s depends on patch@
pl << a.pl;
pa << a.pa;
pz << a.pz;
G;
@@
_G = guard_expr(pl, pa, pz, cocci.make_expr)
if _G:
    coccinelle.G = _G
else:
    cocci.include_match(False)

@depends on patch@
position a.pz;
expression s.G;
expression T, T2;
@@
(
- schedule@pz();
+ if (G)
+	schedule();
|
- T = schedule_timeout@pz(T2);
+ if (G)
+	T = schedule_timeout(T2);
|
- schedule_timeout@pz(T2);
+ if (G)
+	schedule_timeout(T2);
)

// ------------------------------------------------------------- context
@script:python depends on context@
pl << a.pl;
pa << a.pa;
pz << a.pz;
@@
if site_key(pa) not in SITES or not is_site(pl, pa, pz):
    cocci.include_match(False)

@depends on context@
position a.pa, a.pz;
expression S, Q, W, T, T2;
@@
(
* set_current_state@pa(S);
|
* __set_current_state@pa(S);
|
* current@pa->state = S;
|
* prepare_to_wait@pa(Q, W, S);
|
* prepare_to_wait_exclusive@pa(Q, W, S);
|
* schedule@pz();
|
* T = schedule_timeout@pz(T2);
|
* schedule_timeout@pz(T2);
)
