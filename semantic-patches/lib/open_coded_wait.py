# SPDX-License-Identifier: GPL-2.0-only
"""WQ002 (open-coded-wait): the decisions of open-coded-wait.cocci.

The rules' scripts call these functions: the facts collected about each
wait entry (queues, adds, calls it is passed to, WQ_FLAG_EXCLUSIVE set by
hand), the shape classifiers that decide whether a loop only waits
(wait_event*()) and, standalone, why one that does more stays (what
would stop prepare_to_wait() in place: wqport fix's plan converts those,
open-coded-wait-2.cocci), and the statement that replaces a loop that
only waits.  The state lives here, one copy per spatch process.  Statements
are read with loopparse.py.  With a plan (WQPORT_PLAN, wqport fix), only
the sites the plan converts change, to the plan's form.
"""
import re

import wqplan
from loopparse import depths, OPS, state_of, is_running, sleep_of, \
    toks, parse_body, call_args, lock_of, SIGF, sig_of, sig_tmo_of, \
    test_of, has, negate, pretty
from wqplan import rp, site_key, base, plan, planned, in_macro

RULE = wqplan.RULE = "WQ002"
SITES = {}      # (file, line) -> ("convert", form) | ("refuse", reason)
FACTS = {}      # (file, fn, w) -> dict
DROPPED = set() # (file, fn, w) entries whose loop collapsed to wait_event*()
MAPPED = set()  # (file, fn, w) entries moved to prepare_to_wait() (plan only)
TWO = {}        # site key -> (statement, statement): a collapse in two
# the irq lock pair that wait_event_lock_irq() drops and retakes
# (checker/kapi.def KAPI_IRQ unlock_on, lock_off); the wait_event*()
# forms by (state, timed, exclusive, lock) (kapi.def KAPI_FORM)
from wqfacts import IRQ_UNLOCK, IRQ_LOCK, WQ_FORMS


def form_for(S, timed, excl, lock):
    """The wait_event*() form that sleeps in S (uninterruptible unless
    interruptible or killable), timed, exclusive and dropping a
    spin_lock_irq() lock as asked, or None (kapi.def has none)."""
    if S not in ("TASK_INTERRUPTIBLE", "TASK_KILLABLE"):
        S = "TASK_UNINTERRUPTIBLE"
    return WQ_FORMS.get((S, bool(timed), bool(excl),
                         "spin_irq" if lock else "none"))


_cur = [None]


def new_file(p):
    f = rp(p[0].file)
    if _cur[0] != f:
        _cur[0] = f
        for x in (FACTS, DROPPED, MAPPED):
            x.clear()


def ent_key(p, w):
    return (base(p[0].file), p[0].current_element, w)


def fact(p, w):
    return FACTS.setdefault(ent_key(p, w), {"queues": set(), "adds": set(),
                                          "calls": set(), "flags": False})


def split_sleep(rest):
    """rest == [unlock, sleep, lock] or [sleep] -> (sleep, lock) or None."""
    if len(rest) == 1 and sleep_of(rest[0]):
        return sleep_of(rest[0]), None
    if len(rest) == 3 and sleep_of(rest[1]):
        l1 = lock_of(rest[0], IRQ_UNLOCK)
        l2 = lock_of(rest[2], IRQ_LOCK)
        if l1 and l1 == l2:
            return sleep_of(rest[1]), l1
    return None


def first_sleep(cands):
    """The first (signal test, statements) of cands whose statements are
    only the sleep (split_sleep()): (signal test, (sleep, lock)), else
    (None, None)."""
    for g, r in cands:
        x = split_sleep(r)
        if x:
            return g, x
    return None, None


def classify_collapse(body, head_cond, excl):
    """Shape of a loop that only waits.  head_cond: tokens of while (E), or
    None for an endless loop.  Returns dict or None."""
    if not body:
        return None
    S = state_of(body[0])
    if S is None or S == "TASK_RUNNING":
        return None
    rest = body[1:]
    C = None
    sig = None
    sl = None
    tmo_exit = None
    if head_cond is None:
        # [T, G?, Z], [T, Z, G?], [G, T, Z]
        cands = []
        if rest and test_of(rest[0]) is not None:
            C = test_of(rest[0])
            r = rest[1:]
            if r and sig_of(r[0]):
                cands.append((sig_of(r[0]), r[1:]))
            if r and sig_of(r[-1]):
                cands.append((sig_of(r[-1]), r[:-1]))
            cands.append((None, r))
        elif rest and sig_of(rest[0]) and len(rest) > 1 and test_of(rest[1]) is not None:
            C = test_of(rest[1])
            cands.append((sig_of(rest[0]), rest[2:]))
        sig, sl = first_sleep(cands)
        if sl is None:
            return None
        C = " ".join(C)
    elif rest and sig_tmo_of(rest[-1]) and split_sleep(rest[:-1]):
        # while (!C) { S; t = schedule_timeout(t);
        #              if (!t || signal_pending(current)) break; }
        tmo_exit = sig_tmo_of(rest[-1])
        sig, sl = ("signal_pending", "break", None, None), split_sleep(rest[:-1])
        C = negate(head_cond)
    else:
        # the rest: [Z, G], [G, Z] or [Z] (G a signal test, Z the sleep)
        cands = [(sig_of(rest[-1]) if rest else None, rest[:-1]),
                 (sig_of(rest[0]) if rest else None, rest[1:])]
        sig, sl = first_sleep([(g, r) for g, r in cands if g is not None] +
                              [(None, rest)])
        if sl is None:
            return None
        C = negate(head_cond)
    (sleep, lock) = sl
    d = {"S": S, "C": C, "lock": lock, "sig": sig, "tmo": None}
    if sleep[0] == "tmo" and tmo_exit is not None:
        # the interruptible loop above: its head is the condition
        t = sleep[1]
        if t is None or sleep[2] != t or lock or tmo_exit != t or \
                t in C.split() or S != "TASK_INTERRUPTIBLE":
            return None
        d["tmo"] = t
    elif sleep[0] == "tmo":
        # only `t = schedule_timeout(t)` with `if (C || !t) break;`
        t = sleep[1]
        if t is None or sleep[2] != t or lock or sig:
            return None
        ct = C.split()
        if head_cond is None:
            if ct[-3:] == ["||", "!", t]:
                C = " ".join(ct[:-3])
            elif ct[:3] == ["!", t, "||"]:
                C = " ".join(ct[3:])
            else:
                return None
        else:
            return None
        if t in C.split() or not C:
            return None
        d["C"] = C
        d["tmo"] = t
    # forms
    form = None
    sg = sig[0] if sig else None
    if d["tmo"]:
        if not excl and (S == "TASK_UNINTERRUPTIBLE" or
                         (S == "TASK_INTERRUPTIBLE" and sg == "signal_pending")):
            form = form_for(S, True, False, False)
    elif (S == "TASK_UNINTERRUPTIBLE" and sg is None) or \
            (S == "TASK_INTERRUPTIBLE" and sg == "signal_pending"):
        form = form_for(S, False, excl, lock)
    elif S == "TASK_KILLABLE" and sg == "fatal_signal_pending":
        if not excl and not lock:
            form = form_for(S, False, False, False)
    d["form"] = form
    # output shape
    if d["tmo"]:
        d["shape"] = "tmo"
    else:
        kind = sig[1] if sig else "break"
        d["shape"] = {"break": "plain", "ret": "ret", "return": "return"}[kind] + ("3" if lock else "2")
        if sig:
            d["R"], d["E"] = sig[2], sig[3]
    return d


def exit_of(st):
    """if (X) { R = E; break; } / if (X) return E; (TASK_RUNNING set
    first or not) -> (X tokens, kind, R, E), kind "ret" or "return"."""
    if st[0] != "if" or st[3] is not None or sig_of(st) or \
            test_of(st) is not None:
        return None
    c = st[1]
    if not c or any(x in SIGF for x in c):
        return None
    th = st[2]
    th = th[1] if th[0] == "block" else [th]
    if len(th) == 2 and is_running(th[0]) and th[1][0] == "return":
        th = th[1:]
    if len(th) == 1 and th[0][0] == "return":
        return (c, "return", None, " ".join(th[0][1]))
    if len(th) == 2 and th[1] == ("break",) and th[0][0] == "expr":
        e = th[0][1]
        if len(e) >= 3 and e[1] == "=" and e.count("=") == 1 and \
                e[0] not in c:
            return (c, "ret", e[0], " ".join(e[2:]))
    return None


def hoisted(x):
    """An exit on the file's O_NONBLOCK flag: no waker changes it, so it
    is tested once, before the wait (the developers' form)."""
    return "O_NONBLOCK" in x


def operand(t, join="&&"):
    """t as an operand of || or &&: bracketed when it has an operator
    of lower precedence, a logical one (no `a || b && c` for gcc's
    -Wparentheses) or a bitwise one (as drivers write
    `(file->f_flags & O_NONBLOCK)`)."""
    for j, x, d in depths(t, 0):
        if d == 0 and x in ("?", ":", ",", "=", "+=", "-=", "|=", "&=",
                            "&", "|", "^", "&&", "||") and x != join and \
                not (x == "&" and (j == 0 or t[j - 1] in OPS or
                                   t[j - 1] in ("(", "!"))):
            return "( " + " ".join(t) + " )"
    return " ".join(t)


FLIP = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}


def negate_test(t):
    """The negation of test t, a comparison flipped (`a == b` for
    `a != b`), else negate()."""
    ops = [(j, x) for j, x, d in depths(t, 0) if d == 0 and x in OPS]
    if len(ops) == 1 and ops[0][1] in FLIP and 0 < ops[0][0] < len(t) - 1:
        j = ops[0][0]
        return " ".join(t[:j] + [FLIP[t[j]]] + t[j + 1:])
    return negate(t)


def classify_fold(body, head_cond, excl):
    """A loop that only waits but for early exits besides its test and
    the signal: `for (;;) { S; if (C) break; if (X) { r = E; break; }
    if (signal_pending(current)) { r = -ERESTARTSYS; break; } schedule(); }`.
    An O_NONBLOCK exit is tested once before the wait; one other exit is
    folded into the condition (C || X) and tested again after it, taking
    the exit the loop would have taken; more `if (C2) break;` tests are
    folded into the condition (C || C2), when no exit of its own follows.
    Returns dict or None."""
    if not body:
        return None
    S = state_of(body[0])
    if S not in ("TASK_INTERRUPTIBLE", "TASK_KILLABLE", "TASK_UNINTERRUPTIBLE"):
        return None
    rest = body[1:]
    if not rest:
        return None
    if sleep_of(rest[-1]) is None:
        sig = sig_of(rest[-1])
        if sig is None or len(rest) < 2 or sleep_of(rest[-2]) != ("sched",):
            return None
        tests = rest[:-2]
    else:
        if sleep_of(rest[-1]) != ("sched",):
            return None
        sig = sig_of(rest[-2]) if len(rest) >= 2 else None
        tests = rest[:-2] if sig else rest[:-1]
    if S == "TASK_UNINTERRUPTIBLE":
        if sig is not None:
            return None
    elif sig is None or sig[1] not in ("ret", "return", "break") or \
            (S == "TASK_INTERRUPTIBLE") != (sig[0] == "signal_pending"):
        return None
    order = []
    C = None
    if head_cond is not None:
        C = negate(head_cond)
        order.append(("C",))
    for st in tests:
        t = test_of(st)
        x = exit_of(st)
        if t is not None and head_cond is None and C is None:
            C = " ".join(t)
            order.append(("C",))
        elif t is not None:
            order.append(("B", t))
        elif x is not None:
            order.append(("X",) + x)
        else:
            return None
    xs = [o for o in order if o[0] == "X"]
    bs = [o for o in order if o[0] == "B"]
    if C is None or not (xs or bs) or len(xs) > 3:
        return None
    hx = [o for o in xs if hoisted(o[1])]
    fx = [o for o in xs if not hoisted(o[1])]
    if len(fx) > 1 or len(hx) > 2 or (bs and fx):
        return None
    if S == "TASK_UNINTERRUPTIBLE" and xs:
        return None
    # the hoisted exits first among the exits and breaks, as the loop
    # tests them
    if fx + bs and min(order.index(o) for o in fx + bs) < \
            max([order.index(h) for h in hx] or [-1]):
        return None
    form = None
    if S == "TASK_INTERRUPTIBLE" or not excl:
        form = form_for(S, False, excl, False)
    ci = order.index(("C",))
    return {"S": S, "C": C, "sig": sig, "hoist": hx, "fold": fx,
            "breaks": bs, "form": form, "ci": ci, "order": order}


def exit_action(kind, R, E):
    if kind == "return":
        return "return %s;" % E if E else "return;"
    return "%s = %s;" % (R, E)


def fold_stmt(f, Q, d):
    """The statement that replaces a loop classify_fold() accepted."""
    C, order = d["C"], d["order"]
    cond = " || ".join(operand(C.split(), "||") if o[0] == "C" else
                       operand(o[1], "||") for o in order
                       if o[0] == "C" or o in d["fold"] or o[0] == "B")
    parts = []
    for h in d["hoist"]:
        g = operand(h[1])
        if order.index(h) > d["ci"]:
            g = "%s && %s" % (operand(negate_test(C.split()).split()), g)
        parts.append("if (%s) %s" % (g, exit_action(*h[2:])))
    sig = d["sig"]
    call = "%s(%s, %s)" % (f, Q, cond)
    if sig is None:
        parts.append(call + ";")
        return " else ".join(parts)
    retest = [(" ".join(x[1]) if order.index(x) < d["ci"] else
               negate_test(C.split()), exit_action(*x[2:])) for x in d["fold"]]
    if sig[1] == "break":
        # the signal only ends the loop: so does the wait, with nothing
        # done, as the loop's own `break` (its result tells no more)
        if retest:
            parts.append("if (!%s && %s) %s" % (
                call, operand(retest[0][0].split()), retest[0][1]))
        else:
            parts.append(call + ";")
        return " else ".join(parts)
    parts.append("if (%s) %s" % (
        call, exit_action("return" if sig[1] == "return" else "ret",
                          sig[2], sig[3])))
    for t, a in retest:
        parts.append("if (%s) %s" % (t, a))
    return " else ".join(parts)


def source_has_comment(p1, p2):
    try:
        with open(p1[0].file) as fh:
            lines = fh.readlines()[int(p1[0].line):int(p2[0].line) - 1]
    except (IOError, OSError, ValueError):
        return True
    for ln in lines:
        if "/*" in ln or "//" in ln or ln.lstrip().startswith("#"):
            return True
    return False


def entry_reason(p, w, Q):
    if in_macro(p):
        return "macro: the wait loop is inside a macro body"
    f = FACTS.get(ent_key(p, w))
    if f is None:
        return None
    qs = set()
    for k, v in FACTS.items():
        if k[:2] == ent_key(p, w)[:2]:
            qs |= v["queues"]
    if len(qs) > 1:
        return "two-queues: the task waits on %s in one function" % ", ".join(sorted(qs))
    other = f["calls"] - set(["add_wait_queue", "add_wait_queue_exclusive",
                              "remove_wait_queue", "init_waitqueue_entry"])
    if other:
        return "entry-passed: '&%s' is passed to %s()" % (w, ", ".join(sorted(other)))
    if f["flags"]:
        return "hand-set-exclusive: WQ_FLAG_EXCLUSIVE is set by hand on '%s'; prepare_to_wait() would clear it" % w
    return None


def decide(pa, form, reason, alts=()):
    """May the site at pa become form?  reason: why not, standalone."""
    k = site_key(pa)
    old = SITES.get(k)
    if old and old[0] == "convert":
        return False
    if planned():
        e = plan().get(k)
        if e is None:
            SITES[k] = ("refuse", "not-planned: no plan entry for this site")
            return False
        if e.get("action") != "convert":
            SITES[k] = ("refuse", e.get("reason") or "refused by the plan")
            return False
        if e.get("form") != form and e.get("form") not in alts:
            if not old or form:
                SITES[k] = ("refuse", "no-patch: the plan asks for %s(); this loop's shape gives %s()"
                            % (e.get("form"), form or "no safe form"))
            return False
        SITES[k] = ("convert", e.get("form"))
        return e.get("form")
    if form is None or reason:
        if not old or (reason and not old[1].startswith("no-patch")):
            SITES[k] = ("refuse", reason or "no-patch: no rewrite for this loop's shape")
        return False
    SITES[k] = ("convert", form)
    return form


def say(p, msg, org=False):
    import coccilib.report, coccilib.org
    if org:
        coccilib.org.print_todo(p[0], msg)
    else:
        coccilib.report.print_report(p[0], msg)


EXCL = set()     # site keys of add_wait_queue_exclusive(), never cleared:
                 # a run given several files matches them all in turn


def walk_blocks(body, fn):
    fn(body)
    for st in body:
        if st[0] == "block":
            walk_blocks(st[1], fn)
        elif st[0] == "if":
            for x in (st[2], st[3]):
                if x is not None:
                    walk_blocks(x[1] if x[0] == "block" else [x], fn)
        elif st[0] == "loop":
            x = st[3]
            walk_blocks(x[1] if x[0] == "block" else [x], fn)


def classify_map(body, head_cond):
    """Can the loop be moved to prepare_to_wait()?  Returns (ok, reason)."""
    if body is None:
        return False, "no-patch: the loop body could not be read"
    if has(body, lambda st: st[0] == "goto"):
        return False, "goto-cleanup: a goto leaves the loop while the entry is queued"
    if has(body, lambda st: st[0] == "do"):
        return False, "do-while: a do-while loop inside the wait loop"
    if has(body, lambda st: st[0] == "expr" and ("add_wait_queue" in st[1] or
            "add_wait_queue_exclusive" in st[1] or "remove_wait_queue" in st[1])):
        return False, "no-patch: the entry is added or removed inside the loop"
    if not has(body, lambda st: sleep_of(st) is not None):
        return False, "no-patch: no schedule() in the loop"
    bad = []

    def chk(blk):
        for i, st in enumerate(blk):
            if st[0] == "return" and (i == 0 or not is_running(blk[i - 1])):
                bad.append(st)
            if is_running(st):
                # the iteration must end (break/continue/return) before
                # any sleep: the next one starts with prepare_to_wait()
                tail = blk[i + 1:]
                end = [j for j, x in enumerate(tail) if x[0] in ("break", "continue", "return")]
                if not end or has(tail[:end[0]], lambda x: sleep_of(x) is not None):
                    bad.append(st)
            if st[0] == "loop" and has([st[3]], lambda s: sleep_of(s) or state_of(s)):
                bad.append(st)
    walk_blocks(body, chk)
    if bad:
        return False, "no-patch: the task state is changed in a way prepare_to_wait() cannot express"
    if head_cond is None:
        S = state_of(body[0])
        if S is None or S == "TASK_RUNNING":
            return False, "no-patch: the state is not set first in the endless loop (test before state)"
        # the only state write and sleep at top level
        return True, None
    # while (E): every sleep must follow a state write in the same block;
    # re-test unless a non-signal exit lies between them.
    fail = []

    def chk2(blk):
        for i, st in enumerate(blk):
            if sleep_of(st):
                j = i - 1
                closed = False
                only_sig = True
                while j >= 0 and state_of(blk[j]) is None:
                    x = blk[j]
                    if has([x], lambda s: sleep_of(s) is not None):
                        fail.append(x)
                    if x[0] == "if" and sig_of(x):
                        pass
                    elif x[0] == "if" and has([x], lambda s: s[0] in ("break", "return", "continue")):
                        closed = True
                        only_sig = False
                    else:
                        only_sig = False
                    j -= 1
                if not closed and not only_sig:
                    fail.append(st)
                if j < 0 or state_of(blk[j]) == "TASK_RUNNING":
                    fail.append(st)
    walk_blocks(body, chk2)
    if fail:
        return False, "no-patch: a sleep in the loop does not follow its state write"
    return True, None


def report_site(p, w, Q, org):
    """List the site at p with its decision; Q is the queue argument as
    written, '&q' or a pointer."""
    if Q.lstrip().startswith("&"):
        Q = Q.lstrip()[1:].lstrip()
    k = site_key(p)
    s = SITES.get(k)
    if s and s[0] == "convert":
        say(p, "WQ002 open-coded wait on '%s': convert to %s()" % (pretty(Q), s[1]), org)
        return
    why = None
    if planned() and plan().get(k) and plan()[k].get("action") != "convert":
        why = plan()[k].get("reason") or "refused by the plan"
    if not why:
        why = entry_reason(p, w, Q)
    if not why:
        try:
            with open(p[0].file) as fh:
                ls = fh.readlines()[int(p[0].line):int(p[0].line) + 6]
            nx = [l.strip() for l in ls if l.strip()]
            if nx and (nx[0] == "do" or nx[0].startswith("do {") or nx[0].startswith("do{")):
                why = "do-while: no rule here rewrites a do { } while loop"
        except (IOError, OSError):
            pass
    if not why:
        why = s[1] if s else "no-patch: no rewrite for this loop's shape"
    say(p, "WQ002 open-coded wait on '%s' left alone [%s]" % (pretty(Q), pretty(why)), org)


def loop_stmt(pa, pe, w, Q, B, H):
    """The statement that replaces the wait loop B (`while (H) B`, or
    `for (;;) B` when H is ""), or None: then the site's decision says
    why the loop stays."""
    body = parse_body(B)
    head = None if H.strip() in ('', '1', 'true') else toks(H)
    n = collapse_stmt(pa, pe, w, Q, body, head) if body is not None else None
    if n is None and not planned():
        stays(pa, w, Q, body, head)
    return n


def lwn_stmt(pa, pe, w, Q, B):
    """The statement that replaces the LWN article's loop B (`add; state;
    if (C) break; schedule(); remove; [signal test]`), or None."""
    body = parse_body(B)
    if body is None or len(body) < 5:
        return None
    rm = body[4]
    if rm[0] != "expr" or call_args(rm[1], "remove_wait_queue") is None:
        return None
    return collapse_stmt(pa, pe, w, Q, body[1:4] + body[5:], None, lwn=True)


IN_PLACE = ("no-patch: the loop does more than wait; wqport fix converts it "
            "in place (DEFINE_WAIT(), prepare_to_wait() in the loop) when "
            "the function's control flow allows, no rule does without its plan")


def map_why(pa, w, Q, body, head):
    """Can the loop be moved to prepare_to_wait() in place, by its shape
    and its entry's facts?  (ok, why not)"""
    ok, why = classify_map(body, head)
    why = entry_reason(pa, w, Q) or why
    if ok and not why and len(fact(pa, w)["adds"]) > 1:
        why = "no-patch: the entry '%s' is added at %d places; DEFINE_WAIT() must replace all of them" % (w, len(fact(pa, w)["adds"]))
    return ok, why


def stays(pa, w, Q, body, head):
    """Standalone: why a loop that is no wait_event*() stays: the reason
    prepare_to_wait() in place would not do either, or IN_PLACE."""
    ok, why = map_why(pa, w, Q, body, head)
    old = SITES.get(site_key(pa))
    if ok and not why and not (old and old[0] == "convert"):
        SITES[site_key(pa)] = ("refuse", IN_PLACE)
    elif not ok or why:
        decide(pa, None, why)


def map_form(pa, w, Q, B, H):
    """Plan only (open-coded-wait-1-prepare-to-wait.cocci): the
    prepare_to_wait[_exclusive]() that replaces the state writes of the
    loop B (H as for loop_stmt()) when the plan asks for that form and
    the loop's shape allows it, else None."""
    if not planned():
        return None
    body = parse_body(B)
    ok, why = map_why(pa, w, Q, body,
                      None if H.strip() in ('', '1', 'true') else toks(H))
    form = "prepare_to_wait_exclusive" if site_key(pa) in EXCL else "prepare_to_wait"
    f = decide(pa, form, why if not ok or why else None)
    if f:
        MAPPED.add(ent_key(pa, w))
    return f


def collapse_stmt(pa, pe, w, Q, body, head, lwn=False):
    """The wait_event*() statement that replaces the loop, or None."""
    d = classify_collapse(body, head, site_key(pa) in EXCL)
    if d is None:
        return fold_collapse(pa, pe, w, Q, body, head, lwn)
    if lwn and (d["lock"] or d["tmo"]):
        return None
    why = entry_reason(pa, w, Q)
    if not why and source_has_comment(pa, pe):
        why = "no-patch: comments or preprocessor lines inside the loop would be lost by wait_event*()"
    alts = ()
    if d["S"] == "TASK_INTERRUPTIBLE" and d["sig"] is None and not d["tmo"] and not d["lock"]:
        alts = (form_for(d["S"], False, False, False),)
    f = decide(pa, d["form"], why, alts)
    if not f:
        return None
    C, lock = d["C"], d["lock"]
    if planned():
        # the planner's condition and lock (checker/fix/plan/plan_loops.c)
        e = plan()[site_key(pa)]
        C, lock = e.get("cond"), lock and e.get("lock")
        if not C or (d["lock"] and not lock):
            SITES[site_key(pa)] = ("refuse", "no-patch: the plan gives no "
                                   "condition or lock for %s()" % f)
            return None
    args = [Q, C]
    if lock:
        args.append(lock)
    if d["tmo"]:
        args.append(d["tmo"])
    call = "%s(%s)" % (f, ", ".join(args))
    DROPPED.add(ent_key(pa, w))
    if d["tmo"]:
        return "%s = %s;" % (d["tmo"], call)
    if d["sig"] and d["sig"][1] == "ret" and d["sig"][3].replace(" ", "") == "-ERESTARTSYS":
        return "%s = %s;" % (d["sig"][2], call)
    if d["sig"] and d["sig"][1] == "ret":
        return "if (%s) %s = %s;" % (call, d["sig"][2], d["sig"][3])
    if d["sig"] and d["sig"][1] == "return":
        return "if (%s) return %s;" % (call, d["sig"][3])
    return call + ";"


def fold_collapse(pa, pe, w, Q, body, head, lwn):
    """collapse_stmt() for the loops with early exits (classify_fold()),
    or a timeout loop (classify_tmo()) that needs one statement."""
    d = classify_fold(body, head, site_key(pa) in EXCL)
    if d is None and not lwn:
        x = classify_tmo(body, head, site_key(pa) in EXCL)
        if x is not None:
            n = collapse_tmo(pa, pe, w, Q, body, head)
            if n and n[1] is None:
                return n[0]
            if n:
                TWO[site_key(pa)] = n
            return None
    if d is None or lwn:
        return None
    why = entry_reason(pa, w, Q)
    if not why and source_has_comment(pa, pe):
        why = "no-patch: comments or preprocessor lines inside the loop would be lost by wait_event*()"
    f = decide(pa, d["form"], why)
    if not f:
        return None
    DROPPED.add(ent_key(pa, w))
    return fold_stmt(f, Q, d)


def tmo_exit_of(st, t):
    """if (!t) X / if (t == 0) X, X a way out -> (kind, R, E)."""
    if st[0] != "if" or st[3] is not None:
        return None
    if st[1] not in (["!", t], [t, "==", "0"], ["0", "==", t]):
        return None
    th = st[2]
    th = th[1] if th[0] == "block" else [th]
    if th == [("break",)]:
        return ("break", None, None)
    x = exit_of(("if", ["x"], ("block", th), None))
    return x[1:] if x else None


def classify_tmo(body, head_cond, excl):
    """`for (;;) { S; if (C) break; if (signal_pending(current)) { r = E;
    break; } t = schedule_timeout(t); if (!t) { r = -ETIMEDOUT; break; } }`
    (the tests in any order around the sleep): wait_event*_timeout(),
    whose result says which exit the loop took: 0 the timeout, < 0 the
    signal.  Returns dict or None."""
    if not body or excl:
        return None
    S = state_of(body[0])
    if S not in ("TASK_INTERRUPTIBLE", "TASK_UNINTERRUPTIBLE"):
        return None
    rest = body[1:]
    ci = -1             # where the loop tests C among rest
    if head_cond is None:
        cs = [j for j, x in enumerate(rest) if test_of(x) is not None]
        if not cs:
            return None
        ci = cs[0]
        C = " ".join(test_of(rest[ci]))
        rest = rest[:ci] + rest[ci + 1:]
    else:
        C = negate(head_cond)
    sl = [x for x in rest if sleep_of(x) and sleep_of(x)[0] == "tmo"]
    if len(sl) != 1:
        return None
    t = sleep_of(sl[0])[1]
    if t is None or sleep_of(sl[0])[2] != t or t in C.split():
        return None
    te, sg, fx, fx_first = None, None, None, False
    if ci >= 0 and rest.index(sl[0]) < ci:
        return None     # the sleep before the test: not this shape
    for x in rest:
        if x is sl[0]:
            continue
        if te is None and tmo_exit_of(x, t):
            te = tmo_exit_of(x, t)
        elif sg is None and sig_of(x) and S == "TASK_INTERRUPTIBLE" and \
                sig_of(x)[0] == "signal_pending":
            sg = sig_of(x)
        elif fx is None and exit_of(x) and not hoisted(exit_of(x)[0]) and \
                rest.index(x) < rest.index(sl[0]) and \
                t not in exit_of(x)[0]:
            # one exit on shared state, before the sleep: folded
            fx = exit_of(x)
            fx_first = rest.index(x) < ci
        else:
            return None
    if te is None or (S == "TASK_INTERRUPTIBLE") != (sg is not None):
        return None
    for a in (te, sg[1:] if sg else None, fx[1:] if fx else None):
        if a and a[2] and t in a[2].split():
            return None
    if fx and (S != "TASK_INTERRUPTIBLE" or sg[1] == "break"):
        return None
    return {"S": S, "C": C, "t": t, "te": te, "sig": sg, "fx": fx,
            "fx_first": fx_first,
            "form": form_for("TASK_INTERRUPTIBLE" if sg else
                             "TASK_UNINTERRUPTIBLE", True, False, False)}


def collapse_tmo(pa, pe, w, Q, body, head):
    """(t = wait_event*_timeout(...);, the statement that takes the
    loop's exits) for a loop classify_tmo() accepted, or None."""
    d = classify_tmo(body, head, site_key(pa) in EXCL)
    if d is None:
        return None
    why = entry_reason(pa, w, Q)
    if not why and source_has_comment(pa, pe):
        why = "no-patch: comments or preprocessor lines inside the loop would be lost by wait_event*()"
    if not why and not planned() and d["sig"]:
        # -ERESTARTSYS in an unsigned t would read as time left
        why = "unsigned-timeout: the type of '%s' is not known here (wqport fix checks it)" % d["t"]
    f = decide(pa, d["form"], why)
    if not f:
        return None
    DROPPED.add(ent_key(pa, w))
    t = d["t"]
    parts = []
    if d["te"][0] != "break":
        parts.append("if (!%s) %s" % (t, exit_action(*d["te"])))
    sg = d["sig"]
    if sg and sg[1] != "break":
        parts.append("if (%s < 0) %s" % (
            t, exit_action("return" if sg[1] == "return" else "ret",
                           sg[2], sg[3])))
    cond = d["C"]
    fx = d["fx"]
    if fx:
        if sg[1] == "break":
            return None
        cond = "%s || %s" % (operand(d["C"].split(), "||"),
                             operand(fx[0], "||"))
        parts.append("if (%s) %s" % (
            " ".join(fx[0]) if d["fx_first"] else negate_test(d["C"].split()),
            exit_action(*fx[1:])))
    return ("%s = %s(%s, %s, %s);" % (t, f, Q, cond, t),
            " else ".join(parts) if parts else None)
