# SPDX-License-Identifier: GPL-2.0-only
"""WQ003 (state-after-test): the decisions of state-after-test.cocci.

The rule's scripts call these functions; the state (the loops seen, the
decision of each site) lives here, one copy per spatch process.  Per
wait loop: does it have the WQ003 shape -- the loop's test, then the
task state change, then the sleep with no second look at the condition
-- and which test the rule writes again in front of the sleep.

With a plan (WQPORT_PLAN, wqport fix) the planner decides: only the
sites it marks "convert" with the form "retest" change, and the re-test
written is the plan entry's `cond` (plan_retest() in
checker/fix/plan/plan_loops.c).  Without one (make coccicheck), the
checks below judge the site as conservatively as the planner would, and
the re-test is the loop's own guard or the negated `if (c) break;` test
before the state change.
"""
import wqplan
from loopparse import toks, parse_body, call_args, state_of, sleep_of, \
    SIGF, sig_of, has, negate, pretty
from wqplan import rp, site_key, plan, planned, in_macro
# Calls after the state change that keep a wake-up from being lost: a
# lock (or interrupts) dropped, so the test ran under what the waker
# takes, or a timer armed, which wakes the task whatever else is lost
# (kapi.def K_UNLOCK and K_ARM_TIMER rows); and the calls used for their
# result in a test that change state (sideeffect.def "returns" and
# TAKE_IF_THERE rows).
from wqfacts import SAFE_CALLS, SIDE_CALLS

RULE = wqplan.RULE = "WQ003"
SITES = {}     # site key -> ("convert", form) or the reason it is left alone

LOOPS = {}     # loop key -> analysis dict (see examine())
COMBOS = {}    # anchor key -> [(loop key, sleep key)]
LOCALS = {}    # (file, function) -> names of locals and parameters
FIXED = {}     # (file, function) -> locals declared with a fixed delay
WRITTEN_LINES = {}  # ((file, function), local) -> lines of its writes
REPORTED = set()  # site keys already reported
GUARDS = {}    # site key -> the re-test to write
RUNNING = set()  # loop keys of loops followed by TASK_RUNNING/finish_wait()

PTW = ("prepare_to_wait", "prepare_to_wait_exclusive")
FIXED_WORDS = ("HZ", "msecs_to_jiffies", "usecs_to_jiffies", "sizeof")


def pos_key(p):
    return (rp(p[0].file), int(p[0].line), int(p[0].column))


def fn_key(p):
    return (rp(p[0].file), p[0].current_element)


def note_local(x, p):
    """x is a local or a parameter of the function at p."""
    LOCALS.setdefault(fn_key(p), set()).add(x)


def note_init(x, E, p):
    """`T x = E;` at p: x may hold a fixed delay."""
    if fixed_delay(("tmo", None, " ".join(toks(E)))):
        FIXED.setdefault(fn_key(p), set()).add((x, p[0].line))


def note_write(x, p):
    WRITTEN_LINES.setdefault((fn_key(p), x), set()).add(p[0].line)


def note_loop(pl, E, B):
    """A `while (E) B` (E None: `for (;;) B`) loop at pl."""
    d = examine(toks(E) if E is not None else None, parse_body(B),
                fixed_locals(fn_key(pl)))
    if d:
        LOOPS[pos_key(pl)] = d


def note_running(pl):
    """The loop at pl is followed by a TASK_RUNNING write or finish_wait()."""
    RUNNING.add(pos_key(pl))


def note_combo(pl, pa, pz):
    """Loop pl sets the state at pa and then sleeps at pz."""
    COMBOS.setdefault(pos_key(pa), []).append((pos_key(pl), pos_key(pz)))


def anchor_of(st):
    """The name of the state change a statement makes (not TASK_RUNNING)."""
    s = state_of(st)
    if s is not None:
        return None if s == "TASK_RUNNING" else st[1][0]
    if st[0] == "expr":
        for f in PTW:
            a = call_args(st[1], f)
            if a is not None and len(a) == 3:
                return f
    return None


def count(body, pred):
    n = [0]

    def walk(b):
        for st in b:
            if pred(st):
                n[0] += 1
            if st[0] == "block":
                walk(st[1])
            elif st[0] == "if":
                walk([x for x in (st[2], st[3]) if x is not None])
            elif st[0] == "loop":
                walk([st[3]])
            elif st[0] == "do":
                walk([st[1]])
    walk(body)
    return n[0]


def is_test(st):
    """if (C) <exit>; with C not a signal test -> C tokens, else None."""
    if st[0] != "if" or st[3] is not None or sig_of(st):
        return None
    c = st[1]
    if c and c[0] in SIGF:
        return None
    th = st[2]
    last = th[1][-1] if th[0] == "block" and th[1] else th
    if last[0] in ("break", "return"):
        return c
    return None


def safe_call(st):
    """Does the statement drop a lock or arm a timer (SAFE_CALLS)?"""
    if st[0] != "expr" or len(st[1]) < 2 or st[1][1] != "(":
        return False
    f = st[1][0]
    return f in SAFE_CALLS or f.endswith("_unlock")


def fixed_delay(sl, fixed=()):
    """schedule_timeout(HZ / 50): a constant delay, so the sleep is a poll;
    fixed: locals that hold one (`long delay = msecs_to_jiffies(20);`,
    never written again)."""
    if sl[0] != "tmo":
        return False
    for w in sl[2].split():
        if (w[:1].isalpha() or w[:1] == "_") and w not in FIXED_WORDS \
                and w not in fixed and any(c.islower() for c in w):
            return False
    return True


def fixed_locals(key):
    """The locals of function key that hold a fixed delay all along (an
    initializer matches the write pattern too: its own line is no write)."""
    return {x for x, ln in FIXED.get(key, set())
            if not WRITTEN_LINES.get((key, x), set()) - {ln}}


def contains(hay, needle):
    n = len(needle)
    return n > 0 and any(hay[i:i + n] == needle for i in range(len(hay) - n + 1))


def examine(head, body, fixed=()):
    """Analyse one loop.  head: the guard's tokens, or None for an endless
    loop.  Returns None when the loop does not have the WQ003 shape, else
    {"cond": tokens tested, "guard": re-test text, "why": refusal or None,
    "anchor": the state change's name}."""
    if body is None:
        return None
    if head is not None and head in (["1"], ["true"]):
        head = None
    top = [i for i, st in enumerate(body) if anchor_of(st)]
    if not top:
        return None
    a = top[0]
    z = None
    for i in range(a + 1, len(body)):
        if sleep_of(body[i]):
            z = i
            break
        if anchor_of(body[i]) or has([body[i]], lambda s: sleep_of(s) is not None):
            return None     # the sleep is guarded or nested: not this shape
    if z is None:
        return None
    mid = body[a + 1:z]
    if any(safe_call(st) for st in mid) or fixed_delay(sleep_of(body[z]), fixed):
        return None     # cannot lose the wake-up: as the checker decides
    if head is None:
        tests = [i for i in range(a) if is_test(body[i]) is not None]
        if not tests:
            return None     # no test before the state change
        cond = is_test(body[tests[-1]])
        if any(is_test(st) is not None for st in mid):
            return None     # tested again after the state change
        guard = negate(cond)
    else:
        cond = head
        if any(st[0] == "if" and contains(st[1], cond) for st in mid):
            return None     # re-tested already
        guard = " ".join(cond)
    d = {"cond": cond, "guard": guard, "why": None, "anchor": anchor_of(body[a])}
    if count(body, lambda s: s[0] == "do"):
        d["why"] = "do-while: a do-while loop inside the wait loop"
    elif count(body, lambda s: anchor_of(s) is not None) != 1 or \
            count(body, lambda s: sleep_of(s) is not None) != 1:
        d["why"] = "no-patch: the loop sets the task state or sleeps more than once"
    return d


def cond_reason(cond, p):
    """Standalone judgement on the condition a re-test would evaluate."""
    text = ctext(cond)
    if "++" in cond or "--" in cond:
        return "side-effect: the condition '%s' has side effects (an increment or decrement); the re-test evaluates it again" % text
    if any(t in ("=", "+=", "-=", "|=", "&=", "^=", "<<=", ">>=", "*=", "/=", "%=") for t in cond):
        return "side-effect: the condition '%s' has side effects (an assignment); the re-test evaluates it again" % text
    for f in SIDE_CALLS:
        if f in cond:
            return "side-effect: the condition '%s' has side effects (%s); the re-test evaluates it again" % (text, f)
    if "waitqueue_active" in cond:
        return "waitqueue-active: waitqueue_active() in the guard '%s' tests the queue, not a condition" % text
    if not any(t[:1].islower() or t in ("(", "-") for t in cond):
        return "constant-condition: the condition '%s' is constant" % text
    names = [t for t in cond if t[:1].isalpha() or t[:1] == "_"]
    if not any(t in ("(", ".", "[", "*", "->") for t in cond) and names:
        loc = LOCALS.get(fn_key(p), set())
        if all(n in loc or n[:1].isupper() for n in names) and \
                any(n in loc for n in names):
            return "local-condition: the condition '%s' reads only locals that no waker can change" % text
    return None


def running_reason(d, pl):
    """Standalone: a loop that sets the state itself (not prepare_to_wait,
    which finish_wait() follows) must be followed by a statement that sets
    TASK_RUNNING, as the planner's running_after() requires."""
    if d["anchor"] in PTW or pos_key(pl) in RUNNING:
        return None
    return ("no-patch: nothing sets TASK_RUNNING after the loop: with the test"
            " repeated before schedule(), the loop could end with the task still"
            " in a sleeping state; add __set_current_state(TASK_RUNNING) after it first")


def ctext(t):
    """Tokens as C text for messages."""
    out = ""
    for i, x in enumerate(t):
        prev = t[i - 1] if i else ""
        if i and not (x in (")", "]", ",", "->", ".") or prev in ("(", "[", "!", "~", "->", ".")
                      or x in ("(", "[") and (prev[:1].isalnum() or prev[:1] == "_" or prev in (")", "]"))
                      or prev in ("&", "*", "-") and (i == 1 or t[i - 2] in ("(", ",", "!", "&&", "||", "=", "return"))):
            out += " "
        out += x
    return out


def owner(pa):
    """The innermost matched loop around the anchor: the last one opened."""
    c = COMBOS.get(pos_key(pa), [])
    return max(x[0] for x in c) if c else None


def settle(pa, pl):
    """Decide the site at anchor pa of loop pl.  Returns the guard text
    to write, or None (the reason is kept for report/org mode)."""
    if owner(pa) != pos_key(pl):
        return None
    d = LOOPS.get(pos_key(pl))
    if d is None:
        return None
    why = d["why"]
    if not why and in_macro(pa):
        why = "macro: the wait loop is inside a macro body"
    if why:
        # the shape itself forbids the rewrite, whatever the plan says
        SITES[site_key(pa)] = why
        return None
    if not planned():
        why = cond_reason(d["cond"], pa) or running_reason(d, pl)
    if decide(pa, ["retest"], why) != "retest":
        return None
    if planned():
        # the planner's re-test (fix/plan/plan_loops.c plan_retest())
        g = plan()[site_key(pa)].get("cond")
        if not g:
            SITES[site_key(pa)] = "no-patch: the plan gives no re-test"
            return None
    else:
        g = pretty(d["guard"])
    GUARDS[site_key(pa)] = g
    return g


def guard_expr(pl, pa, pz, make_expr):
    """The re-test of the site (pl, pa, pz) as an expression for the
    patch rule (make_expr: cocci.make_expr), or None."""
    g = GUARDS.get(site_key(pa)) if is_site(pl, pa, pz) else None
    if not g:
        return None
    try:
        return make_expr(g)
    except Exception:
        SITES[site_key(pa)] = "no-patch: the re-test '%s' could not be written back" % g
    return None


def is_site(pl, pa, pz):
    """Is (pl, pa, pz) the loop, state change and sleep of one site?"""
    return owner(pa) == pos_key(pl) and pos_key(pl) in LOOPS and \
        (pos_key(pl), pos_key(pz)) in COMBOS.get(pos_key(pa), [])


def report_once(pa, org):
    """Report/org line for the site at anchor pa, once per site."""
    k = site_key(pa)
    if k not in SITES or k in REPORTED:
        return
    REPORTED.add(k)
    d = LOOPS.get(owner(pa))
    what = "%s() after the test of '%s'" % (d["anchor"], ctext(d["cond"]))
    report_site(pa, what, org)


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
