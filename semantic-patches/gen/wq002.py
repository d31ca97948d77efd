# SPDX-License-Identifier: GPL-2.0-only
"""Generator of open-coded-wait.cocci (WQ002).

The SmPL rules are written out here: one rule for both loop heads
(`for (;;)`, `while (H)`) where the rewrite is the same, one per head
where it differs (the prepare_to_wait() mapping re-tests a `while` loop's
condition); the Python they call lives in ../lib/open_coded_wait.py and
../lib/loopparse.py, which the rule's @initialize:python@ part imports
(build.py's LOADER).  Run build.py, not this module.
"""

HDR = r'''// SPDX-License-Identifier: GPL-2.0-only
/// Replace an open-coded wait loop built on DECLARE_WAITQUEUE() and
/// add_wait_queue()/remove_wait_queue() with the wait_event*() macro that
/// does the same job, or, when the loop does more than wait, with
/// DEFINE_WAIT() and prepare_to_wait()/finish_wait() called inside the loop
/// before the condition test, so that no wake-up between the test and the
/// sleep is lost.
///
/// A loop that only waits becomes wait_event(), wait_event_interruptible()
/// (the driver's own error code is kept), wait_event_killable(),
/// wait_event_interruptible_exclusive() for add_wait_queue_exclusive(),
/// wait_event_lock_irq()/wait_event_interruptible_lock_irq() when a
/// spin_lock_irq() lock is dropped around schedule(), and
/// wait_event_timeout() for `t = schedule_timeout(t)` loops.  A loop that
/// only waits but for early exits before schedule() keeps them: an
/// O_NONBLOCK exit is tested once before the wait, one exit on shared
/// state is folded into the condition (`c || dev->gone`) and tested again
/// after it (`else if (!c) ret = -ENODEV;`).  Every other
/// loop keeps its shape: each task-state write in it becomes
/// prepare_to_wait[_exclusive](), the test is repeated after it when the
/// loop tested first, an early return calls finish_wait(), and the entry
/// becomes DEFINE_WAIT().  Sites with two queues, an entry passed to a
/// helper, WQ_FLAG_EXCLUSIVE set by hand, goto exits, do-while loops or
/// a wait inside a macro are left alone and reported (WQ002).
///
/// With WQPORT_PLAN set (wqport fix), only the sites the plan marks
/// "convert" with the form this file produces are changed.
///
// Confidence: High
// Copyright: (C) 2026 The wqport authors.
// Comments: add_wait_queue()'s line is the site's anchor in the plan.
// Options: --no-includes --include-headers
// Requires: 1.1.1
// Keywords: add_wait_queue, DECLARE_WAITQUEUE, wait_event, prepare_to_wait

virtual patch
virtual context
virtual org
virtual report

'''

PARTS = []
A = PARTS.append

ADD = r'''(
  add_wait_queue(&Q, &w)@pa;
|
  add_wait_queue_exclusive(&Q, &w)@pa;
)'''
ADDM = r'''(
- add_wait_queue(&Q, &w)@pa;
|
- add_wait_queue_exclusive(&Q, &w)@pa;
)'''
GAP = r'''  ... when != w
      when != set_current_state(...)
      when != __set_current_state(...)
      when != current->state = E0
      when != schedule()
      when != schedule_timeout(...)'''
RUN = r'\(__set_current_state%s(TASK_RUNNING);\|set_current_state%s(TASK_RUNNING);\|current%s->state = TASK_RUNNING;\)'
# the task back in TASK_RUNNING and the entry off the queue, either order
END = '''(
  %s
  remove_wait_queue(&Q, &w);
|
  remove_wait_queue@pe(&Q, &w);
  %s
)''' % (RUN % (('@pe',) * 3), RUN % (('',) * 3))
ENDM = '''(
- %s
- remove_wait_queue(&Q, &w);
|
- remove_wait_queue@pe(&Q, &w);
- %s
)''' % (RUN % (('@pe',) * 3), RUN % (('',) * 3))

A(r'''// ---------------------------------------------------------------- facts

@fa@
identifier w;
expression Q;
position p;
@@
(
  add_wait_queue(&Q, &w)@p
|
  add_wait_queue_exclusive(&Q, &w)@p
)

@script:python@
p << fa.p;
w << fa.w;
Q << fa.Q;
@@
new_file(p)
fact(p, w)["queues"].add(Q)
fact(p, w)["adds"].add(int(p[0].line))

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

@fx@
identifier w;
expression Q;
position p;
@@
  add_wait_queue_exclusive(&Q, &w)@p

@script:python@
p << fx.p;
@@
EXCL.add(site_key(p))

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

''')

# ------------------------------------------------------------ collapse
# `while (1)` and `while (true)` are `while (H)` loops whose script
# passes no head: endless, as `for (;;)`.
# one rule for both loop heads: H is "" for `for (;;)` (the script's
# default), 1 or true for `while (1)`, `while (true)`
HEADS = {
  "loop": ("(\n  for (;;) B\n|\n  while (H) B\n)", "(\n- for (;;) B\n%(plus)s\n|\n- while (H) B\n%(plus)s\n)", "H"),
}


def loop_rules(rn, sn, hm, hv, out):
    """The rule rn matching a wait loop with head hm (hv: its condition
    metavariable, or None), and the opening of the script rule sn that
    reads the match and binds out."""
    return f'''@{rn}@
identifier w;
expression Q, E0{", H" if hv else ""};
statement B;
position pa, pe;
@@
{ADD}
{GAP}
{hm}
{END}

@script:python {sn}@
pa << {rn}.pa;
pe << {rn}.pe;
w << {rn}.w;
Q << {rn}.Q;
B << {rn}.B;
{("H << " + rn + '.H = "";') if hv else ""}
{out};
@@
'''


A("// ------------------------------------------------ loops that only wait\n\n")
for hn, (hm, hr, hv) in HEADS.items():
    rn = "c_" + hn
    sn = f"s_{hn}"
    A(loop_rules(rn, sn, hm, hv, "N") + f'''_body = parse_body(B)
_head = {"None if H.strip() in ('', '1', 'true') else toks(H)" if hv else "None"}
_N = None
if _body is not None:
    _N = collapse_stmt(pa, pe, w, Q, _body, _head)
if _N:
    coccinelle.N = cocci.make_stmt(_N)
else:
    cocci.include_match(False)

@depends on patch@
identifier {rn}.w;
expression {rn}.Q;
statement {sn}.N;
{"expression H;" if hv else ""}
statement B;
position {rn}.pa, {rn}.pe;
@@
{ADDM}
  ...
{hr % {'plus': '+ N'}}
{ENDM}

// the same loop, when its wait_event*() takes two statements (matched
// again: a position cannot be inherited over the modification above)
''' + loop_rules("c2_" + hn, "t_" + hn, hm, hv, "N1;\nN2") + f'''if site_key(pa) in TWO:
    coccinelle.N1 = cocci.make_stmt(TWO[site_key(pa)][0])
    coccinelle.N2 = cocci.make_stmt(TWO[site_key(pa)][1])
else:
    cocci.include_match(False)

@depends on patch@
identifier c2_{hn}.w;
expression c2_{hn}.Q;
statement t_{hn}.N1, t_{hn}.N2;
{"expression H;" if hv else ""}
statement B;
position c2_{hn}.pa, c2_{hn}.pe;
@@
{ADDM}
  ...
{hr % {'plus': chr(10).join(('+ N1', '+ N2'))}}
{ENDM}

''')

# LWN article form
A(r'''// The LWN article's loop: add_wait_queue() at the top of each iteration.
@c_lwn@
identifier w;
expression Q;
statement B;
position pa, pe;
@@
  for (;;) {
(
  add_wait_queue(&Q, &w)@pa;
|
  add_wait_queue_exclusive(&Q, &w)@pa;
)
  ...
  }
  \(set_current_state@pe(TASK_RUNNING);\|__set_current_state@pe(TASK_RUNNING);\|current@pe->state = TASK_RUNNING;\)

@c_lwn_b@
position c_lwn.pe;
statement B;
@@
  for (;;) B
  \(set_current_state@pe(TASK_RUNNING);\|__set_current_state@pe(TASK_RUNNING);\|current@pe->state = TASK_RUNNING;\)

''')
A(r'''@script:python s_lwn@
pa << c_lwn.pa;
pe << c_lwn.pe;
w << c_lwn.w;
Q << c_lwn.Q;
B << c_lwn_b.B;
N;
@@
_body = parse_body(B)
_N = None
if _body is not None and len(_body) >= 5:
    # add; state; if (C) break; schedule(); remove; [signal test]
    _rm = _body[4]
    _rest = _body[1:4] + _body[5:]
    if _rm[0] == "expr" and call_args(_rm[1], "remove_wait_queue") is not None:
        _N = collapse_stmt(pa, pe, w, Q, _rest, None, lwn=True)
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

''')

# ------------------------------------------------------------ mapping
RT = r'''|
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
'''
BODYM = r'''  <...
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
  ...>'''
A('// ------------------------------- loops that do more: prepare_to_wait()\n\n')
BODYW = BODYM.replace("|\n  \\(__set_current_state(TASK_RUNNING);", "%s|\n  \\(__set_current_state(TASK_RUNNING);" % RT, 1)
assert BODYW != BODYM
ENDF = '''(
- %s
- remove_wait_queue(&Q, &w);
+ finish_wait(&Q, &w);
|
- remove_wait_queue@pe(&Q, &w);
+ finish_wait(&Q, &w);
- %s
)''' % (RUN % (('@pe',) * 3), RUN % (('',) * 3))
for hn, hm, hr, hv in (("for", "  for (;;) B", "  for (;;) {\n" + BODYM + "\n  }", None),
                       ("while", "  while (H) B", "  while (H2) {\n" + BODYW + "\n  }", "H")):
    rn = "m_" + hn
    sn = "s_m_" + hn
    A(loop_rules(rn, sn, hm, hv, "pw") + f'''_body = parse_body(B)
_head = {"toks(H)" if hv else "None"}
if {"_head in (['1'], ['true'])" if hv else "False"}:
    _head = None
_ok, _why = classify_map(_body, _head)
_why = entry_reason(pa, w, Q) or _why
if _ok and not _why and len(fact(pa, w)["adds"]) > 1:
    _why = "no-patch: the entry '%s' is added at %d places; DEFINE_WAIT() must replace all of them" % (w, len(fact(pa, w)["adds"]))
_form = "prepare_to_wait_exclusive" if site_key(pa) in EXCL else "prepare_to_wait"
_f = decide(pa, _form, _why if not _ok or _why else None)
if _f:
    coccinelle.pw = cocci.make_ident(_f)
    MAPPED.add(ent_key(pa, w))
else:
    cocci.include_match(False)

@depends on patch@
identifier {rn}.w, {sn}.pw;
expression {rn}.Q, S, RE, E0, E1{", H2" if hv else ""};
statement S1;
position {rn}.pa, {rn}.pe;
@@
{ADDM}
  ...
{hr}
{ENDF}

''')

A(r'''// ------------------------------------------------------ the wait entry
@dw@
declarer name DECLARE_WAITQUEUE;
identifier w;
position p;
@@
  DECLARE_WAITQUEUE@p(w, current);

@script:python dws@
p << dw.p;
w << dw.w;
@@
if ent_key(p, w) not in MAPPED:
    cocci.include_match(False)

@depends on patch@
declarer name DECLARE_WAITQUEUE;
identifier dw.w;
position dw.p;
@@
- DECLARE_WAITQUEUE@p(w, current);
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
if ent_key(p, w) not in DROPPED or ent_key(p, w) in MAPPED:
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
if ent_key(p, w) not in DROPPED or ent_key(p, w) in MAPPED:
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
@r depends on report || org || context@
identifier w;
expression Q;
position p;
@@
(
  add_wait_queue(&Q, &w)@p
|
  add_wait_queue_exclusive(&Q, &w)@p
)

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
identifier r.w;
expression r.Q;
position r.p;
@@
(
* add_wait_queue(&Q, &w)@p
|
* add_wait_queue_exclusive(&Q, &w)@p
)

// a queue not written '&q' (sk_sleep(sk), a pointer): listed, left alone
@r2 depends on report || org || context@
identifier w;
expression Q;
position p;
@@
(
  add_wait_queue(Q, &w)@p
|
  add_wait_queue_exclusive(Q, &w)@p
)

@script:python depends on report@
p << r2.p;
w << r2.w;
Q << r2.Q;
@@
if not Q.lstrip().startswith("&"):
    report_site(p, w, Q, False)

@script:python depends on org@
p << r2.p;
w << r2.w;
Q << r2.Q;
@@
if not Q.lstrip().startswith("&"):
    report_site(p, w, Q, True)
''')


def generate(init):
    """The text of open-coded-wait.cocci, init its @initialize:python@
    part (the import of its Python from lib/)."""
    return HDR + init + "\n" + "".join(PARTS)
