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
/// "convert" with the form "retest" are changed.
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

@initialize:python@
@@
RULE = "WQ003"
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

def rp(f):
    return os.path.realpath(f)


def site_key(p):
    return (rp(p[0].file), int(p[0].line))


class Bad(Exception):
    pass


def toks(s):
    return s.split()


def depths(t, i):
    """(index, token, bracket depth after it) for each token of t[i:]."""
    d = 0
    for j in range(i, len(t)):
        if t[j] in "([{":
            d += 1
        elif t[j] in ")]}":
            d -= 1
        yield j, t[j], d


def balanced(t, i, o, c):
    """t[i] == o; return index after the matching c."""
    if i >= len(t) or t[i] != o:
        raise Bad()
    for j, x, d in depths(t, i):
        if d == 0:
            return j + 1
    raise Bad()


def parse_stmt(t, i):
    if i >= len(t):
        raise Bad()
    k = t[i]
    if k == "{":
        body = []
        i += 1
        while i < len(t) and t[i] != "}":
            s, i = parse_stmt(t, i)
            body.append(s)
        if i >= len(t):
            raise Bad()
        return ("block", body), i + 1
    if k == "if":
        j = balanced(t, i + 1, "(", ")")
        cond = t[i + 2:j - 1]
        th, j = parse_stmt(t, j)
        el = None
        if j < len(t) and t[j] == "else":
            el, j = parse_stmt(t, j + 1)
        return ("if", cond, th, el), j
    if k in ("for", "while", "switch"):
        j = balanced(t, i + 1, "(", ")")
        b, j = parse_stmt(t, j)
        return ("loop", k, t[i + 2:j - 1], b), j
    if k == "do":
        b, j = parse_stmt(t, i + 1)
        if j >= len(t) or t[j] != "while":
            raise Bad()
        j = balanced(t, j + 1, "(", ")")
        if j < len(t) and t[j] == ";":
            j += 1
        return ("do", b), j
    if k in ("break", "continue"):
        if i + 1 < len(t) and t[i + 1] == ";":
            return (k,), i + 2
        raise Bad()
    if k == ";":
        return ("empty",), i + 1
    # expression statement, return, goto, declaration: up to ';' at depth 0
    for j, x, d in depths(t, i):
        if d < 0:
            raise Bad()
        if x == ";" and d == 0:
            break
    else:
        raise Bad()
    e = t[i:j]
    if k == "return":
        return ("return", e[1:]), j + 1
    if k == "goto":
        return ("goto",), j + 1
    if len(e) >= 2 and e[1] == ":":
        raise Bad()      # a label
    return ("expr", e), j + 1


def parse_body(s):
    t = toks(s)
    try:
        st, j = parse_stmt(t, 0)
    except (Bad, IndexError):
        return None
    if j != len(t):
        return None
    if st[0] != "block":
        return [st]
    return st[1]


def call_args(e, name):
    """e == name ( args ) -> list of argument token lists, else None."""
    if len(e) < 3 or e[0] != name or e[1] != "(" or e[-1] != ")":
        return None
    try:
        if balanced(e, 1, "(", ")") != len(e):
            return None
    except Bad:
        return None
    args, cur = [], []
    for j, x, d in depths(e[:-1], 2):
        if x == "," and d == 0:
            args.append(cur)
            cur = []
        else:
            cur.append(x)
    if cur:
        args.append(cur)
    return args


def state_of(st):
    """The task state a statement sets, or None."""
    if st[0] != "expr":
        return None
    e = st[1]
    for f in ("set_current_state", "__set_current_state"):
        a = call_args(e, f)
        if a is not None and len(a) == 1:
            return " ".join(a[0])
    if e[:4] == ["current", "->", "state", "="] and len(e) > 4:
        return " ".join(e[4:])
    return None


def sleep_of(st):
    """('sched',) / ('tmo', recv, arg) / None."""
    if st[0] != "expr":
        return None
    e = st[1]
    if e == ["schedule", "(", ")"]:
        return ("sched",)
    a = call_args(e, "schedule_timeout")
    if a is not None and len(a) == 1:
        return ("tmo", None, " ".join(a[0]))
    if len(e) > 2 and e[1] == "=":
        a = call_args(e[2:], "schedule_timeout")
        if a is not None and len(a) == 1:
            return ("tmo", e[0], " ".join(a[0]))
    return None


SIGF = ("signal_pending", "fatal_signal_pending")


def sig_of(st):
    """if (signal_pending(current)) X -> (sigfn, kind, R, E)."""
    if st[0] != "if" or st[3] is not None:
        return None
    c = st[1]
    if len(c) != 4 or c[0] not in SIGF or c[1:] != ["(", "current", ")"]:
        return None
    th = st[2]
    if th[0] == "block" and len(th[1]) == 1:
        th = th[1][0]
    if th == ("break",):
        return (c[0], "break", None, None)
    if th[0] == "return" and th[1]:
        return (c[0], "return", None, " ".join(th[1]))
    if th[0] == "block" and len(th[1]) == 2 and th[1][1] == ("break",) \
            and th[1][0][0] == "expr":
        e = th[1][0][1]
        if len(e) >= 3 and e.count("=") == 1 and e[1] == "=":
            return (c[0], "ret", e[0], " ".join(e[2:]))
    return None


def has(body, pred):
    for st in body:
        if pred(st):
            return True
        if st[0] == "block" and has(st[1], pred):
            return True
        if st[0] == "if":
            for x in (st[2], st[3]):
                if x is not None and has([x], pred):
                    return True
        if st[0] in ("loop",) and has([st[3]], pred):
            return True
        if st[0] == "do" and has([st[1]], pred):
            return True
    return False


OPS = set("&& || == != < > <= >= + - * / % & | ^ ? : = << >> , += -= |= &=".split())


def simple_operand(t):
    for j, x, d in depths(t, 0):
        if d == 0 and x in OPS:
            return False
    return True


def negate(t):
    if t[:1] == ["!"] and simple_operand(t[1:]):
        return " ".join(t[1:])
    if simple_operand(t):
        return "! " + " ".join(t)
    return "! ( " + " ".join(t) + " )"


def pretty(e):
    e = re.sub(r"\s*(->|\.)\s*", r"\1", e)
    e = re.sub(r"([(\[&!~*])\s+", r"\1", e)
    e = re.sub(r"\s+([)\],])", r"\1", e)
    return e

LOOPS = {}     # loop key -> analysis dict (see examine())
COMBOS = {}    # anchor key -> [(loop key, sleep key)]
LOCALS = {}    # (file, function) -> names of locals and parameters
FIXED = {}     # (file, function) -> locals declared with a fixed delay
WRITTEN_LINES = {}  # ((file, function), local) -> lines of its writes
REPORTED = set()  # site keys already reported
GUARDS = {}    # site key -> the re-test to write
RUNNING = set()  # loop keys of loops followed by TASK_RUNNING/finish_wait()

PTW = ("prepare_to_wait", "prepare_to_wait_exclusive")
# Calls after the state change that keep a wake-up from being lost: a
# lock (or interrupts) dropped, so the test ran under what the waker
# takes, or a timer armed, which wakes the task whatever else is lost
# (kapi.def K_UNLOCK and K_ARM_TIMER rows); and the calls used for their
# result in a test that change state (sideeffect.def "returns" and
# TAKE_IF_THERE rows).
SAFE_CALLS = ('spin_unlock', 'spin_unlock_irq', 'spin_unlock_irqrestore', 'spin_unlock_bh', 'raw_spin_unlock', 'raw_spin_unlock_irq', 'raw_spin_unlock_irqrestore', 'read_unlock', 'read_unlock_irq', 'read_unlock_irqrestore', 'write_unlock', 'write_unlock_irq', 'write_unlock_irqrestore', 'mutex_unlock', 'up', 'up_read', 'up_write', 'local_irq_restore', 'local_irq_enable', 'restore_flags', 'sti', 'enable_irq', 'xa_unlock', 'xa_unlock_bh', 'xa_unlock_irq', 'xa_unlock_irqrestore', 'xas_unlock', 'xas_unlock_bh', 'xas_unlock_irq', 'xas_unlock_irqrestore', 'release_sock', 'unlock_kernel', 'tty_unlock', 'add_timer', 'add_timer_on', 'mod_timer', 'hrtimer_start', 'hrtimer_start_range_ns')
SIDE_CALLS = ('atomic_inc_return', 'atomic_dec_return', 'atomic_add_return', 'atomic_sub_return', 'atomic_inc_and_test', 'atomic_dec_and_test', 'atomic_sub_and_test', 'test_and_set_bit', 'test_and_clear_bit', 'test_and_change_bit', 'xchg', 'cmpxchg', 'kfifo_get', 'kfifo_out', 'down_trylock', 'mutex_trylock', 'spin_trylock')
FIXED_WORDS = ("HZ", "msecs_to_jiffies", "usecs_to_jiffies", "sizeof")


def pos_key(p):
    return (rp(p[0].file), int(p[0].line), int(p[0].column))


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


def exits(st):
    """Does the statement leave the loop (break/return/goto)?"""
    return has([st], lambda s: s[0] in ("break", "return", "goto"))


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
        loc = LOCALS.get((rp(p[0].file), p[0].current_element), set())
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


def in_macro(p):
    try:
        with open(p[0].file) as fh:
            ln = fh.readlines()[int(p[0].line) - 1]
    except (IOError, OSError, IndexError, ValueError):
        return False
    return ln.rstrip().endswith(chr(92))


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
    GUARDS[site_key(pa)] = d["guard"]
    return d["guard"]


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
LOCALS.setdefault((rp(p[0].file), p[0].current_element), set()).add(x)

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
LOCALS.setdefault((rp(p[0].file), p[0].current_element), set()).add(x)

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
if fixed_delay(("tmo", None, " ".join(toks(E)))):
    FIXED.setdefault((rp(p[0].file), p[0].current_element), set()).add((x, p[0].line))

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
_k = (rp(p[0].file), p[0].current_element)
WRITTEN_LINES.setdefault((_k, x), set()).add(p[0].line)

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
_d = examine(toks(E), parse_body(B),
             fixed_locals((rp(pl[0].file), pl[0].current_element)))
if _d:
    LOOPS[pos_key(pl)] = _d

@f@
statement B;
position pl;
@@
  for@pl (;;) B

@script:python@
pl << f.pl;
B << f.B;
@@
_d = examine(None, parse_body(B),
             fixed_locals((rp(pl[0].file), pl[0].current_element)))
if _d:
    LOOPS[pos_key(pl)] = _d

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
RUNNING.add(pos_key(pl))

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
COMBOS.setdefault(pos_key(pa), []).append((pos_key(pl), pos_key(pz)))

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
_g = GUARDS.get(site_key(pa)) if is_site(pl, pa, pz) else None
_G = None
if _g:
    try:
        _G = cocci.make_expr(pretty(_g))
    except Exception:
        SITES[site_key(pa)] = "no-patch: the re-test '%s' could not be written back" % pretty(_g)
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
