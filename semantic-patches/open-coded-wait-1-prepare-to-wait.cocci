// SPDX-License-Identifier: GPL-2.0-only
/// Plan only: a wait loop that does more than wait, moved to
/// prepare_to_wait() by SmPL shapes when wqport fix's plan asks for the
/// bare "prepare_to_wait" form (the planner found no in-place entry plan
/// for the function, so open-coded-wait-2.cocci cannot take it): each
/// task-state write in the loop becomes prepare_to_wait[_exclusive](),
/// the test is repeated after it when a `while` loop tested first, an
/// early return calls finish_wait(), the end of the wait becomes
/// finish_wait(), and the entry DEFINE_WAIT() (init_wait()).
///
/// Without a plan it changes and reports nothing: alone, a rule cannot
/// see where the function's control flow lets the entry leave the queue,
/// so open-coded-wait.cocci lists such a loop as left alone.
///
// Confidence: High
// Copyright: (C) 2026 The wqport authors.
// Comments: plan-only: without WQPORT_PLAN it changes and reports nothing.
// Options: --no-includes --include-headers
// Requires: 1.1.1
// Keywords: add_wait_queue, DECLARE_WAITQUEUE, prepare_to_wait, finish_wait

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

// ------------------------------- loops that do more: prepare_to_wait()

@m_for@
identifier w, add = {add_wait_queue, add_wait_queue_exclusive};
expression Q, E0;
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
  for (;;) B
(
  \(__set_current_state@pe(TASK_RUNNING);\|set_current_state@pe(TASK_RUNNING);\|current@pe->state = TASK_RUNNING;\)
  remove_wait_queue(&Q, &w);
|
  remove_wait_queue@pe(&Q, &w);
  \(__set_current_state(TASK_RUNNING);\|set_current_state(TASK_RUNNING);\|current->state = TASK_RUNNING;\)
)

@script:python s_m_for@
pa << m_for.pa;
w << m_for.w;
Q << m_for.Q;
B << m_for.B;
pw;
@@
_f = map_form(pa, w, Q, B, "")
if _f:
    coccinelle.pw = cocci.make_ident(_f)
else:
    cocci.include_match(False)

@depends on patch@
identifier m_for.add, m_for.w, s_m_for.pw;
expression m_for.Q, S, RE, E0, E1;
statement S1;
position m_for.pa, m_for.pe;
@@
- add(&Q, &w)@pa;
  ...
  for (;;) {
  <...
(
- \(__set_current_state(TASK_RUNNING);\|set_current_state(TASK_RUNNING);\|current->state = TASK_RUNNING;\)
- return RE;
+ finish_wait(&Q, &w);
+ return RE;
|
- __set_current_state(TASK_RUNNING);
- return;
+ finish_wait(&Q, &w);
+ return;
|
  \(__set_current_state(TASK_RUNNING);\|set_current_state(TASK_RUNNING);\|current->state = TASK_RUNNING;\)
|
- set_current_state(S);
+ pw(&Q, &w, S);
|
- __set_current_state(S);
+ pw(&Q, &w, S);
|
- current->state = S;
+ pw(&Q, &w, S);
)
  ...>
  }
(
- \(__set_current_state@pe(TASK_RUNNING);\|set_current_state@pe(TASK_RUNNING);\|current@pe->state = TASK_RUNNING;\)
- remove_wait_queue(&Q, &w);
+ finish_wait(&Q, &w);
|
- remove_wait_queue@pe(&Q, &w);
+ finish_wait(&Q, &w);
- \(__set_current_state(TASK_RUNNING);\|set_current_state(TASK_RUNNING);\|current->state = TASK_RUNNING;\)
)

@m_while@
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
  while (H) B
(
  \(__set_current_state@pe(TASK_RUNNING);\|set_current_state@pe(TASK_RUNNING);\|current@pe->state = TASK_RUNNING;\)
  remove_wait_queue(&Q, &w);
|
  remove_wait_queue@pe(&Q, &w);
  \(__set_current_state(TASK_RUNNING);\|set_current_state(TASK_RUNNING);\|current->state = TASK_RUNNING;\)
)

@script:python s_m_while@
pa << m_while.pa;
w << m_while.w;
Q << m_while.Q;
B << m_while.B;
H << m_while.H = "";
pw;
@@
_f = map_form(pa, w, Q, B, H)
if _f:
    coccinelle.pw = cocci.make_ident(_f)
else:
    cocci.include_match(False)

@depends on patch@
identifier m_while.add, m_while.w, s_m_while.pw;
expression m_while.Q, S, RE, E0, E1, H2;
statement S1;
position m_while.pa, m_while.pe;
@@
- add(&Q, &w)@pa;
  ...
  while (H2) {
  <...
(
- \(__set_current_state(TASK_RUNNING);\|set_current_state(TASK_RUNNING);\|current->state = TASK_RUNNING;\)
- return RE;
+ finish_wait(&Q, &w);
+ return RE;
|
- __set_current_state(TASK_RUNNING);
- return;
+ finish_wait(&Q, &w);
+ return;
|
- \(set_current_state(S);\|__set_current_state(S);\|current->state = S;\)
- schedule();
+ pw(&Q, &w, S);
+ if (H2)
+	schedule();
|
- \(set_current_state(S);\|__set_current_state(S);\)
- E0 = schedule_timeout(E1);
+ pw(&Q, &w, S);
+ if (H2)
+	E0 = schedule_timeout(E1);
|
- set_current_state(S);
- schedule_timeout(E1);
+ pw(&Q, &w, S);
+ if (H2)
+	schedule_timeout(E1);
|
- set_current_state(S);
  if (\(signal_pending\|fatal_signal_pending\)(current)) S1
- schedule();
+ pw(&Q, &w, S);
+ if (\(signal_pending\|fatal_signal_pending\)(current)) S1
+ if (H2)
+	schedule();
|
- __set_current_state(S);
  if (\(signal_pending\|fatal_signal_pending\)(current)) S1
- schedule();
+ pw(&Q, &w, S);
+ if (H2)
+	schedule();
|
  \(__set_current_state(TASK_RUNNING);\|set_current_state(TASK_RUNNING);\|current->state = TASK_RUNNING;\)
|
- set_current_state(S);
+ pw(&Q, &w, S);
|
- __set_current_state(S);
+ pw(&Q, &w, S);
|
- current->state = S;
+ pw(&Q, &w, S);
)
  ...>
  }
(
- \(__set_current_state@pe(TASK_RUNNING);\|set_current_state@pe(TASK_RUNNING);\|current@pe->state = TASK_RUNNING;\)
- remove_wait_queue(&Q, &w);
+ finish_wait(&Q, &w);
|
- remove_wait_queue@pe(&Q, &w);
+ finish_wait(&Q, &w);
- \(__set_current_state(TASK_RUNNING);\|set_current_state(TASK_RUNNING);\|current->state = TASK_RUNNING;\)
)

// ------------------------------------------------------ the wait entry
// made for current, or for a local the planner read as current
// (`tsk = current;`): MAPPED holds only the entries it planned
@dw@
declarer name DECLARE_WAITQUEUE;
identifier w;
expression T;
position p;
@@
  DECLARE_WAITQUEUE@p(w, T);

@script:python dws@
p << dw.p;
w << dw.w;
@@
if ent_key(p, w) not in MAPPED:
    cocci.include_match(False)

@depends on patch@
declarer name DECLARE_WAITQUEUE;
identifier dw.w;
expression dw.T;
position dw.p;
@@
- DECLARE_WAITQUEUE@p(w, T);
+ DEFINE_WAIT(w);

@iw@
identifier w;
position p;
@@
  init_waitqueue_entry@p(&w, current);

@script:python@
p << iw.p;
w << iw.w;
@@
if ent_key(p, w) not in MAPPED:
    cocci.include_match(False)

@depends on patch@
identifier iw.w;
position iw.p;
@@
- init_waitqueue_entry@p(&w, current);
+ init_wait(&w);
