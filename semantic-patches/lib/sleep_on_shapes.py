# SPDX-License-Identifier: GPL-2.0-only
"""WQ001 (sleep-on) shape decisions, for the sleep-on-*.cocci files.

wq_run() is what each s_<shape> script rule of the sleep-on-*.cocci files calls: it
decides the site (wq_shape()), sets the script outputs (the queue, the
condition, the primitive, the DEFINE_WAIT name) and says whether the
t_<shape> rule may rewrite it.  The site records and checks are
sleep_on_sites.py's.
"""
import os
import re

import __main__
from sleep_on_sites import *  # noqa: F401,F403 (the site records and checks)

# what replaces each sleep_on() call (checker/kapi.def KAPI_SLEEP_ON rows):
# untimed, timed, the plain delay for a timed one on an unused queue, and
# the interruptible ones
from wqfacts import WQ_FORM_NI, WQ_FORM_T, WQ_FORM_D, WQ_INTR

WQ_CUR = ['']  # realpath of the file the last site came from

CAV_T = ('the result is now 0 on timeout with the condition false and at least 1 '
         'when it held')
CAV_TI = CAV_T + ', -ERESTARTSYS on a signal'
R_USED_T = ('result-used: the remaining jiffies are tested after each sleep and the '
            'timeout restarts on every wake-up; the rewrite with a timeout over the whole '
            'wait is applied only when the plan says so')


def wq_timeout_type(p, t):
    """None if the receiver is known signed, else a refusal reason."""
    f = WQ_FACTS.get(wq_key(p), set())
    if 'signed' in f:
        return None
    if 'unsigned' in f:
        return R_UNSIGNED % ("'%s'" % wq_flat(t))
    return R_UNKNOWN % ("'%s'" % wq_flat(t))


def wq_fn_span(p):
    """Masked text of the function around the site (parameters included)."""
    lines, masked, starts = wq_text(p[0].file)
    off = starts[int(p[0].line) - 1] + int(p[0].column)
    depth, opened = 0, 0
    for i, c in enumerate(masked[:off]):
        if c == '{':
            if depth == 0:
                opened = i
            depth += 1
        elif c == '}':
            depth -= 1
    head = max(masked.rfind(';', 0, opened), masked.rfind('}', 0, opened), 0)
    depth, end = 0, len(masked)
    for i in range(opened, len(masked)):
        if masked[i] == '{':
            depth += 1
        elif masked[i] == '}':
            depth -= 1
            if depth == 0:
                end = i
                break
    # the #include lines before the first function of a file are no names
    return re.sub(r'(?m)^[ \t]*#.*$', '', masked[head:end])


def wq_fresh_name(p, names, table):
    """The first of names that the function around p does not use,
    chosen once per function (table: (realpath, function) -> name)."""
    k = (os.path.realpath(p[0].file), str(p[0].current_element))
    if k not in table:
        span = wq_fn_span(p)
        for n in names:
            if not re.search(r'\b%s\b' % n, span):
                break
        table[k] = n
    return table[k]


def wq_wait_name(p):
    """The DEFINE_WAIT entry of the function around p."""
    WQ_CUR[0] = os.path.realpath(p[0].file)
    return wq_fresh_name(p, ('wait', 'wait_entry', 'wq_wait', 'sleep_wait'), WQ_FNWAIT)


def wq_left_name(p):
    """The variable that takes schedule_timeout()'s result out of an if
    or a return (a name the function does not use)."""
    return wq_fresh_name(p, ('left', 'time_left', 'remaining', 'wq_left'), WQ_FNLEFT)


WQ_FNGIVEN = set()  # functions whose DEFINE_WAIT a rule of this run added


def wq_fn_needs_wait(fn):
    k = (WQ_CUR[0], str(fn))
    return k in WQ_FNWAIT and k not in WQ_FNGIVEN


def wq_fn_left(fn):
    """The hoisted result's name in fn, or None."""
    return WQ_FNLEFT.get((WQ_CUR[0], str(fn)))


def wq_fn_take_wait(fn):
    """The DEFINE_WAIT entry's name in fn, given once a run: the files of
    sleep-on-3*.cocci each add it, and wqport fix runs them as one."""
    k = (WQ_CUR[0], str(fn))
    WQ_FNGIVEN.add(k)
    return WQ_FNWAIT.get(k, 'wait')


def wq_run(kind, p, env, outs, co):
    """Decide one match of shape kind; set the script outputs.  True keeps
    the match (the patch rule may rewrite it)."""
    name = wq_name(p)
    res = {'NC': 'x', 'QQ': 'x', 'LL': 'x', 'PC': 'x', 'WE': 'x', 'W': 'x', 'ST': 'x',
           'LV': 'x'}
    ok = wq_shape(kind, name, p, env, res)
    for o in outs:
        if OUTKIND_PY[o] == 'e':
            setattr(co, o, __main__.cocci.make_expr(res[o]))
        else:
            setattr(co, o, __main__.cocci.make_ident(res[o]))
    return ok


OUTKIND_PY = {'NC': 'e', 'QQ': 'e', 'LL': 'e', 'PC': 'e', 'WE': 'i', 'W': 'i', 'ST': 'i',
              'LV': 'i'}


WQ_LOOP_SHAPES = ('loop', 'sig', 'sigh', 'brk', 'to', 'to2', 'to2u', 'lock', 'lock_sig', 'lock_brk')


def wq_shape(kind, name, p, env, res):
    if str(env.get('R', '')):
        # the signal branch is { R = E; break; } (sig, lock_sig bind R
        # only then): a shape of its own, brk
        kind = kind.replace('sig', 'brk')
    if str(env.get('CP', '')):
        # the loop test written positively (while (c == 0) ...): the
        # condition waited for is its negation
        kind, env = kind + '_pos', dict(env, C=env['CP'])
    base = kind[:-4] if kind.endswith('_pos') else kind
    if base.startswith('keep') and WQ_PLAN is None:
        return False  # plan mode only: the plan vouches for the early exits
    if 'signal_pending' in str(env.get('C', '')):
        # a signal test is no condition to wait for: the head of the loop
        # also tests the signal (sigh), or the shape is not this one
        return False
    if 'Q0' in env:
        res['QQ'] = wq_queue(env['Q0'])
    if 'L0' in env:
        res['LL'] = wq_queue(env['L0'])
    if kind.endswith('_pos'):
        res['NC'] = wq_negate(env['C'])
    elif 'C' in env:
        res['NC'] = wq_strip(env['C'])
    if kind.endswith('_pos') and re.match(r'^[\s()]*\d+[UuLl]*[\s()]*$', str(env.get('C', ''))):
        return wq_decide(p, None, R_CONST)
    refuse, caveat, lock, plan_only = None, '', None, False
    if base == 'loop':
        form = WQ_FORM_NI[name]
        res['WE'] = form
        if name in WQ_INTR:
            refuse = R_UNSAFE_LOOP
    elif base in ('sig', 'sigh', 'lock_sig'):
        if wq_has_jump(env['S']):
            return False
        form = ('wait_event_interruptible' if base in ('sig', 'sigh')
                else 'wait_event_interruptible_lock_irq')
    elif base == 'brk':
        form = 'wait_event_interruptible'
    elif base == 'lock_brk':
        form = 'wait_event_interruptible_lock_irq'
    elif base == 'lock':
        form = 'wait_event_lock_irq'
    elif base == 'ifsig':
        form = 'wait_event_interruptible'
        refuse = R_UNSAFE_ONCE
    elif base == 'if':
        form = WQ_FORM_NI[name]
        res['WE'] = form
        refuse = R_UNSAFE_ONCE
    elif base == 'ift':
        form = WQ_FORM_T[name]
        res['WE'] = form
        refuse = R_UNSAFE_ONCE
    elif base == 'to':
        form = WQ_FORM_T[name]
        res['WE'] = form
        if name.startswith('interruptible'):
            refuse = wq_timeout_type(p, env['t'])
            caveat = CAV_TI
        else:
            caveat = CAV_T
    elif base == 'to2':
        if wq_has_jump(env['S1']) or wq_has_jump(env['S2']):
            return False
        form = 'wait_event_interruptible_timeout'
        refuse = wq_timeout_type(p, env['t']) or R_USED_T
        caveat = CAV_TI + '; the timeout now bounds the whole wait, not each sleep'
    elif base == 'to2u':
        if wq_has_jump(env['S2']):
            return False
        form = 'wait_event_timeout'
        refuse = R_USED_T
        caveat = CAV_T + '; the timeout now bounds the whole wait, not each sleep'
    elif base == 'delay':
        form = WQ_FORM_D[name]
        if wq_queue_used_elsewhere(p, env['Q0']):
            f = WQ_FACTS.get(wq_key(p), set())
            if 'inloop' in f:
                refuse = R_POLL
            elif 'bare' in f:
                refuse = R_NOCOND
            else:
                refuse = R_USED
    elif base in ('cond_sig', 'cond', 'cond_t'):
        form = ('wait_event_interruptible' if base == 'cond_sig' else
                WQ_FORM_T[name] if base == 'cond_t' else WQ_FORM_NI[name])
        res['WE'] = form
        ok = wq_decide(p, form, None, True, '', None, True)
        if ok:
            res['PC'] = wq_plan_cond(p)
        return ok
    elif base in ('keep_sig', 'keep_sigb'):
        form = 'wait_event_interruptible'
        plan_only = True
    elif base == 'keep':
        form = WQ_FORM_NI[name]
        res['WE'] = form
        plan_only = True
    elif base in ('ptw', 'ptwu', 'ptwi', 'ptwh', 'ptwhu', 'ptwhi'):
        plan_only = True
        form = ('prepare_to_wait-unlock' if base in ('ptwu', 'ptwhu') else
                'prepare_to_wait-irq' if base in ('ptwi', 'ptwhi') else
                'prepare_to_wait')
        res['ST'] = ('TASK_INTERRUPTIBLE' if name.startswith('interruptible')
                     else 'TASK_UNINTERRUPTIBLE')
    else:
        return False
    if base.startswith('lock'):
        lock = res['LL']
    keep = (True if base.startswith('keep') else
            False if base in WQ_LOOP_SHAPES else None)
    ok = wq_decide(p, form, refuse, plan_only, caveat, lock, keep=keep)
    if ok and base.startswith('ptw'):
        res['W'] = wq_wait_name(p)
    if ok and base.startswith('ptwh'):
        res['LV'] = wq_left_name(p)
    return ok


WQ_NEG = {'==': '!=', '!=': '==', '<': '>=', '>=': '<', '>': '<=', '<=': '>'}
WQ_BINOPS = set(['*', '/', '%', '+', '-', '<<', '>>', '&', '^', '|', '&&', '||',
                 '?', ':', '=', ',', '+=', '-=', '*=', '/=', '|=', '&=', '^=',
                 '<<=', '>>=', '%='])


def wq_negate(c):
    """!(c) written the way a person would: a != b for a == b, x for !x."""
    toks = str(c).split()
    depth, top = 0, []
    for i, t in enumerate(toks):
        if t in ('(', '['):
            depth += 1
        elif t in (')', ']'):
            depth -= 1
        elif depth == 0:
            top.append((i, t))
    cmps = [(i, t) for i, t in top if t in WQ_NEG]
    other = [(i, t) for i, t in top if t in WQ_BINOPS and i > 0 and
             toks[i - 1] not in WQ_BINOPS and toks[i - 1] not in ('(', '!', '~')]
    text = ' '.join(toks)
    if len(cmps) == 1 and not [o for o in other if o[1] not in
                               ('*', '/', '%', '+', '-', '<<', '>>')]:
        i = cmps[0][0]
        return ' '.join(toks[:i] + [WQ_NEG[toks[i]]] + toks[i + 1:])
    if toks and toks[0] == '!' and len(toks) > 1:
        rest = toks[1:]
        if rest[0] == '(' and rest[-1] == ')':
            d = 0
            for j, t in enumerate(rest):
                d += t == '('
                d -= t == ')'
                if d == 0 and j < len(rest) - 1:
                    break
            else:
                return ' '.join(rest[1:-1])
        if not [o for o in other]:
            return ' '.join(rest)
    if not cmps and not other:
        return '!' + text
    return '!(' + text + ')'


def wq_strip(c):
    """c without redundant outer parentheses."""
    toks = str(c).split()
    while len(toks) > 2 and toks[0] == '(' and toks[-1] == ')':
        d = 0
        for j, t in enumerate(toks):
            d += t == '('
            d -= t == ')'
            if d == 0 and j < len(toks) - 1:
                return ' '.join(toks)
        toks = toks[1:-1]
    return ' '.join(toks)


def wq_is_sig(e):
    return wq_flat(e) in ('signal_pending(current)', 'unlikely(signal_pending(current))')
