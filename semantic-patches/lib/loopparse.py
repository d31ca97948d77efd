# SPDX-License-Identifier: GPL-2.0-only
"""A small parser for the token string spatch gives a statement metavariable.

spatch 1.1.1 hands a script a statement metavariable as its tokens
joined by single spaces, comments left out (`{ if ( ! x ) break ;
schedule ( ) ; }`).  parse_body() turns that into nested tuples --
("block", [st]), ("if", cond, then, else), ("loop", kw, head, body),
("do", body), ("expr", tokens), ("return", tokens), ("break",),
("continue",), ("goto",), ("empty",) -- and the helpers below read the
wait-loop pieces out of them: the task state a statement sets, the
sleep, a lock dropped, a signal test, an exit test.  open-coded-wait
(WQ002) and state-after-test (WQ003) import it.
"""
import re


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


def is_running(st):
    return state_of(st) == "TASK_RUNNING"


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


def lock_of(st, f):
    if st[0] != "expr":
        return None
    a = call_args(st[1], f)
    if a is None or len(a) != 1 or a[0][:1] != ["&"]:
        return None
    return " ".join(a[0][1:])


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


def if_break(st):
    """Is st `if (C) break;` (or `{ break; }`), with no else?"""
    if st[0] != "if" or st[3] is not None:
        return False
    th = st[2]
    if th[0] == "block" and len(th[1]) == 1:
        th = th[1][0]
    return th == ("break",)


def sig_tmo_of(st):
    """if (!t || signal_pending(current)) break; -> t (either order)."""
    if not if_break(st):
        return None
    c = st[1]
    sig = ["signal_pending", "(", "current", ")"]
    if len(c) == 7 and c[0] == "!" and c[2] == "||" and c[3:] == sig:
        return c[1]
    if len(c) == 7 and c[:4] == sig and c[4] == "||" and c[5] == "!":
        return c[6]
    return None


def test_of(st):
    """if (C) break; -> C tokens."""
    if not if_break(st):
        return None
    if sig_of(("if", st[1], ("return", ["0"]), None)):
        return None
    return st[1]


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
