// SPDX-License-Identifier: GPL-2.0-only
/// Replace an open-coded wait loop built on DECLARE_WAITQUEUE() and
/// add_wait_queue()/remove_wait_queue() with the wait_event*() macro that
/// does the same job: wait_event(), wait_event_interruptible() (the
/// driver's own error code is kept), wait_event_killable(),
/// wait_event_interruptible_exclusive() for add_wait_queue_exclusive(),
/// wait_event_lock_irq()/wait_event_interruptible_lock_irq() when a
/// spin_lock_irq() lock is dropped around schedule(), and
/// wait_event_timeout() for `t = schedule_timeout(t)` loops.  A loop that
/// only waits but for early exits before schedule() keeps them: an
/// O_NONBLOCK exit is tested once before the wait, one exit on shared
/// state is folded into the condition (`c || dev->gone`) and tested again
/// after it (`else if (!c) ret = -ENODEV;`).
///
/// A loop that does more than wait is listed and left alone: `wqport fix`
/// converts it in place (DEFINE_WAIT(), prepare_to_wait() in the loop,
/// finish_wait(); open-coded-wait-2.cocci, or -1-prepare-to-wait.cocci)
/// when the function's control flow allows.  Sites with two queues, an entry passed to a helper,
/// WQ_FLAG_EXCLUSIVE set by hand, goto exits, do-while loops or a wait
/// inside a macro are left alone and reported (WQ002).
///
/// With WQPORT_PLAN set (wqport fix), only the sites the plan marks
/// "convert" with the form this file produces are changed.
///
// Confidence: High
// Copyright: (C) 2026 The wqport authors.
// Comments: add_wait_queue()'s line is the site's anchor in the plan.
// Options: --no-includes --include-headers
// Requires: 1.1.1
// Keywords: add_wait_queue, DECLARE_WAITQUEUE, wait_event

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(cocci.cocci_file)), 'lib'))
sys.dont_write_bytecode = True
from open_coded_wait import *

// ---------------------------------------------------------------- facts

@fa@
identifier w, add = {add_wait_queue, add_wait_queue_exclusive};
expression Q;
position p;
@@
  add(&Q, &w)@p

@script:python@
p << fa.p;
w << fa.w;
Q << fa.Q;
add << fa.add;
@@
new_file(p)
fact(p, w)["queues"].add(Q)
fact(p, w)["adds"].add(int(p[0].line))
if add == "add_wait_queue_exclusive":
    EXCL.add(site_key(p))

@fr@
identifier fa.w;
expression Q;
position p;
@@
  remove_wait_queue(&Q, &w)@p

@script:python@
p << fr.p;
w << fa.w;
Q << fr.Q;
@@
fact(p, w)["queues"].add(Q)

@fc@
identifier fa.w;
identifier f;
position p;
@@
  f@p(..., &w, ...)

@script:python@
p << fc.p;
w << fa.w;
f << fc.f;
@@
fact(p, w)["calls"].add(f)

@ff@
identifier fa.w;
position p;
@@
  w@p.flags |= WQ_FLAG_EXCLUSIVE

@script:python@
p << ff.p;
w << fa.w;
@@
fact(p, w)["flags"] = True

// ------------------------------------------------ loops that only wait
// The entry queued, no sleep before the loop, the loop, then the task back
// in TASK_RUNNING and the entry off the queue (either order): the whole
// becomes the wait_event*() statement N that loop_stmt() writes from the
// loop's test, state, signal exit, lock and timeout (with a plan: the
// plan's condition and lock), e.g. `ret = wait_event_interruptible(q, c);`.
// A loop that does more than wait stays; the report says why.

@c_loop@
identifier w, add = {add_wait_queue, add_wait_queue_exclusive};
expression Q, E0, H;
statement B;
position pa, pe;
@@
  add(&Q, &w)@pa;
  ... when != w
      when != set_current_state(...)
      when != __set_current_state(...)
      when != current->state = E0
      when != schedule()
      when != schedule_timeout(...)
(
  for (;;) B
|
  while (H) B
)
(
  \(__set_current_state@pe(TASK_RUNNING);\|set_current_state@pe(TASK_RUNNING);\|current@pe->state = TASK_RUNNING;\)
  remove_wait_queue(&Q, &w);
|
  remove_wait_queue@pe(&Q, &w);
  \(__set_current_state(TASK_RUNNING);\|set_current_state(TASK_RUNNING);\|current->state = TASK_RUNNING;\)
)

@script:python s_loop@
pa << c_loop.pa;
pe << c_loop.pe;
w << c_loop.w;
Q << c_loop.Q;
B << c_loop.B;
H << c_loop.H = "";
N;
@@
_N = loop_stmt(pa, pe, w, Q, B, H)
if _N:
    coccinelle.N = cocci.make_stmt(_N)
else:
    cocci.include_match(False)

@depends on patch@
identifier c_loop.add, c_loop.w;
expression c_loop.Q;
statement s_loop.N;
expression H;
statement B;
position c_loop.pa, c_loop.pe;
@@
- add(&Q, &w)@pa;
  ...
(
- for (;;) B
+ N
|
- while (H) B
+ N
)
(
- \(__set_current_state@pe(TASK_RUNNING);\|set_current_state@pe(TASK_RUNNING);\|current@pe->state = TASK_RUNNING;\)
- remove_wait_queue(&Q, &w);
|
- remove_wait_queue@pe(&Q, &w);
- \(__set_current_state(TASK_RUNNING);\|set_current_state(TASK_RUNNING);\|current->state = TASK_RUNNING;\)
)

// the same loop, when its wait_event*() takes two statements (matched
// again: a position cannot be inherited over the modification above)
@c2_loop@
identifier w, add = {add_wait_queue, add_wait_queue_exclusive};
expression Q;
position pa : script:python() { site_key(pa) in TWO };
@@
  add(&Q, &w)@pa;

@script:python t_loop@
pa << c2_loop.pa;
N1;
N2;
@@
coccinelle.N1 = cocci.make_stmt(TWO[site_key(pa)][0])
coccinelle.N2 = cocci.make_stmt(TWO[site_key(pa)][1])

@depends on patch@
identifier c2_loop.add, c2_loop.w;
expression c2_loop.Q;
statement t_loop.N1, t_loop.N2;
expression H;
statement B;
position c2_loop.pa, pe;
@@
- add(&Q, &w)@pa;
  ...
(
- for (;;) B
+ N1
+ N2
|
- while (H) B
+ N1
+ N2
)
(
- \(__set_current_state@pe(TASK_RUNNING);\|set_current_state@pe(TASK_RUNNING);\|current@pe->state = TASK_RUNNING;\)
- remove_wait_queue(&Q, &w);
|
- remove_wait_queue@pe(&Q, &w);
- \(__set_current_state(TASK_RUNNING);\|set_current_state(TASK_RUNNING);\|current->state = TASK_RUNNING;\)
)

// The LWN article's loop: add_wait_queue() at the top of each iteration.
@c_lwn@
identifier w, add = {add_wait_queue, add_wait_queue_exclusive};
expression Q;
position pa, pe;
@@
  for (;;) {
  add(&Q, &w)@pa;
  ...
  }
  \(set_current_state@pe(TASK_RUNNING);\|__set_current_state@pe(TASK_RUNNING);\|current@pe->state = TASK_RUNNING;\)

@c_lwn_b@
position c_lwn.pe;
statement B;
@@
  for (;;) B
  \(set_current_state@pe(TASK_RUNNING);\|__set_current_state@pe(TASK_RUNNING);\|current@pe->state = TASK_RUNNING;\)

@script:python s_lwn@
pa << c_lwn.pa;
pe << c_lwn.pe;
w << c_lwn.w;
Q << c_lwn.Q;
B << c_lwn_b.B;
N;
@@
_N = lwn_stmt(pa, pe, w, Q, B)
if _N:
    coccinelle.N = cocci.make_stmt(_N)
else:
    cocci.include_match(False)

@depends on patch@
statement s_lwn.N;
statement B;
position c_lwn.pe;
@@
- for (;;) B
+ N
- \(set_current_state@pe(TASK_RUNNING);\|__set_current_state@pe(TASK_RUNNING);\|current@pe->state = TASK_RUNNING;\)

// ------------------------------------------------------ the wait entry
// An entry left unused by a loop that collapsed to wait_event*().
@du@
declarer name DECLARE_WAITQUEUE;
identifier w;
position p;
@@
  DECLARE_WAITQUEUE@p(w, current);

@script:python@
p << du.p;
w << du.w;
@@
if ent_key(p, w) not in DROPPED:
    cocci.include_match(False)

@depends on patch@
declarer name DECLARE_WAITQUEUE;
identifier du.w;
position du.p;
@@
- DECLARE_WAITQUEUE@p(w, current);
  ... when != w

@iu0@
identifier w;
position p;
@@
  init_waitqueue_entry@p(&w, current);

@script:python@
p << iu0.p;
w << iu0.w;
@@
if ent_key(p, w) not in DROPPED:
    cocci.include_match(False)

@iu depends on patch@
identifier iu0.w;
position iu0.p;
@@
- init_waitqueue_entry@p(&w, current);
  ... when != w

@depends on iu@
identifier iu0.w;
@@
(
- wait_queue_entry_t w;
|
- wait_queue_t w;
)
  ... when != w

// ------------------------------------------------------------- reports
// every add_wait_queue() site, with its decision; a queue not written
// '&q' (sk_sleep(sk), a pointer) is listed and left alone
@r depends on report || org || context@
identifier w, add = {add_wait_queue, add_wait_queue_exclusive};
expression Q;
position p;
@@
  add(Q, &w)@p

@script:python depends on report@
p << r.p;
w << r.w;
Q << r.Q;
@@
report_site(p, w, Q, False)

@script:python depends on org@
p << r.p;
w << r.w;
Q << r.Q;
@@
report_site(p, w, Q, True)

@depends on context@
identifier r.add, r.w;
expression E;
position r.p;
@@
* add(&E, &w)@p
