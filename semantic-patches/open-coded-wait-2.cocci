// SPDX-License-Identifier: GPL-2.0-only
/// Convert a hand-made wait entry to DEFINE_WAIT() in place, keeping the
/// wait loop's shape: DECLARE_WAITQUEUE(w, current) becomes DEFINE_WAIT(w),
/// init_waitqueue_entry(&w, current) becomes init_wait(&w), the
/// add_wait_queue() goes, each task-state write made while the entry is
/// queued becomes prepare_to_wait() (prepare_to_wait_exclusive() for an
/// add_wait_queue_exclusive() entry), each remove_wait_queue() becomes
/// finish_wait(), and a TASK_RUNNING write right next to it goes (finish_wait()
/// makes it).  A return that leaves the entry queued gets finish_wait()
/// before it.  This is the form for loops that do more than wait: socket
/// accept/connect loops, tty and USB read loops, kernel threads.
///
/// Which writes are "made while the entry is queued", and whether the
/// entry may be converted at all, is decided on the function's
/// control-flow graph by `wqport fix`: DEFINE_WAIT()'s entry leaves the
/// queue when woken and only prepare_to_wait() puts it back, so every
/// sleep after the add must follow such a write.  This file only applies
/// that plan (WQPORT_PLAN, sites whose form ends in "-entry"); without a
/// plan it changes nothing.
///
// Confidence: High
// Copyright: (C) 2026 The wqport authors.
// Comments: plan-only: without WQPORT_PLAN it changes and reports nothing.
// Comments: the plan's "edits" list the lines of each edit: D declaration,
// Comments: I init_waitqueue_entry(), A add, S state write, R remove, N TASK_RUNNING,
// Comments: F a return reached with the entry queued.
// Options: --no-includes --include-headers
// Requires: 1.1.1
// Keywords: DECLARE_WAITQUEUE, add_wait_queue, prepare_to_wait, finish_wait

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import os, json, re

_edits = None


def base(f):
    # after a rule has changed the file, spatch reports a temporary copy
    return re.sub(r"^cocci[a-z_]*-[0-9]+-[0-9a-f]+-", "", os.path.basename(f))


def edits():
    """{(file name, line): [(role, queue, entry, exclusive)]} from the plan."""
    global _edits
    if _edits is not None:
        return _edits
    _edits = {}
    fn = os.environ.get("WQPORT_PLAN")
    if not fn:
        return _edits
    with open(fn) as fh:
        for ln in fh:
            try:
                e = json.loads(ln)
            except ValueError:
                continue
            form = e.get("form") or ""
            if (e.get("rule") != "WQ002" or e.get("action") != "convert"
                    or not form.endswith("-entry")):
                continue
            x = form.startswith("prepare_to_wait_exclusive")
            for ed in (e.get("edits") or "").split():
                try:
                    k = (base(e["file"]), int(ed[1:]))
                except (KeyError, ValueError):
                    continue
                v = (ed[0], e.get("queue") or "", e.get("entry") or "", x)
                if v not in _edits.setdefault(k, []):
                    _edits[k].append(v)
    return _edits


def info(p, role):
    for v in edits().get((base(p[0].file), int(p[0].line)), ()):
        if v[0] == role:
            return v
    return None


def has(p, role):
    return info(p, role) is not None


def has_w(p, role, w):
    v = info(p, role)
    return v is not None and v[2] == w


// Positions are line numbers of the file spatch was given: every edit is
// made by the one rule that matches, before any other rule changes the
// text (spatch re-numbers the lines of a file it has changed).

@q@
identifier fn, w;
expression Q;
position pa : script:python() { has(pa, "A") };
@@
fn(...) {
<+...
(
  add_wait_queue@pa(Q, &w);
|
  add_wait_queue_exclusive@pa(Q, &w);
)
...+>
}

@script:python qx@
pa << q.pa;
ptw;
@@
coccinelle.ptw = cocci.make_ident(info(pa, "A")[3] and
                                  "prepare_to_wait_exclusive" or
                                  "prepare_to_wait")

@depends on patch@
identifier q.fn, q.w, qx.ptw;
expression q.Q;
expression S, E1, E2;
position ps : script:python(w) { has_w(ps, "S", w) };
position pa : script:python(w) { has_w(pa, "A", w) };
position pr : script:python(w) { has_w(pr, "R", w) };
position pn : script:python(w) { has_w(pn, "N", w) };
position pf : script:python(w) { has_w(pf, "F", w) };
@@
fn(...) {
<...
(
- set_current_state@ps(S);
+ ptw(Q, &w, S);
|
- __set_current_state@ps(S);
+ ptw(Q, &w, S);
|
- current@ps->state = S;
+ ptw(Q, &w, S);
|
- add_wait_queue@pa(E1, E2);
|
- add_wait_queue_exclusive@pa(E1, E2);
|
- remove_wait_queue@pr(E1, E2);
+ finish_wait(E1, E2);
|
- __set_current_state@pn(TASK_RUNNING);
|
- set_current_state@pn(TASK_RUNNING);
|
- current@pn->state = TASK_RUNNING;
|
+ finish_wait(Q, &w);
  return@pf ...;
)
...>
}

// the entry is made for current, or for a local the plan read as current
// (`tsk = current;`, plan/entry.c): q names only the planned entries
@depends on patch@
identifier q.fn, q.w;
expression T;
declarer name DECLARE_WAITQUEUE;
@@
fn(...) {
<...
- DECLARE_WAITQUEUE(w, T);
+ DEFINE_WAIT(w);
...>
}

@depends on patch@
identifier q.fn, q.w;
@@
fn(...) {
<...
- init_waitqueue_entry(&w, current);
+ init_wait(&w);
...>
}
