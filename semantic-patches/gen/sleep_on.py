# SPDX-License-Identifier: GPL-2.0-only
"""Generator of the sleep-on-*.cocci files (WQ001).

The SmPL rules are built here from a table of loop shapes (SHAPES): each
shape gives three rules, r_<shape> (match, every mode), s_<shape> (decide
in Python, drop the match with cocci.include_match(False)) and t_<shape>
(rewrite, patch mode only).  A loop test is matched negated (while (!C))
and positive (while (CP)) by the same r_ rule.
The pre-classification rules (PRE) come before the shapes, the
DEFINE_WAIT and listing rules (POST) after them.  The Python they call
lives in semantic-patches/lib/: sleep_on_sites.py (plan reader, file-text
checks, report text) and sleep_on_shapes.py (the per-shape decisions),
which the rule's @initialize:python@ part imports (build.py's LOADER).
Run build.py, not this module.
"""
import re

import kfacts

# The sleepers (checker/kapi.def KAPI_SLEEP_ON rows), with the site
# position p: untimed (SNI), timed (STO), one name (ISL: interruptible,
# SL: not), all four calls (ALL4); SIGE is a signal_pending() test.
SLEEPERS = kfacts.sleep_ons()
UNTIMED = tuple(r[0] for r in SLEEPERS if not r[2])
TIMED = tuple(r[0] for r in SLEEPERS if r[2])
SNI = r'\(' + r'\|'.join(n + '@p' for n in UNTIMED) + r'\)'
STO = r'\(' + r'\|'.join(n + '@p' for n in TIMED) + r'\)'
ISL = [r[0] for r in SLEEPERS if r[1] and not r[2]][0] + '@p'
SL = [r[0] for r in SLEEPERS if not r[1] and not r[2]][0] + '@p'
SIG = 'SIGE'
ALL4 = r'\(' + r'\|'.join(r[0] + '@p(...)' for r in SLEEPERS) + r'\)'

# Isomorphisms that would let a shape match code it does not describe.
# (the whole file: `#spatch --disable-iso` lines after the virtual ones)
NO_ISO = ('drop_cast', 'add_signed', 'add_int1', 'add_int2', 'not_int1',
          'not_int2', 'not_ptr1', 'not_ptr2', 'commeq', 'commneq', 'is_zero',
          'isnt_zero', 'is_null', 'isnt_null1', 'bitor_comm', 'bitand_comm',
          'plus_comm', 'mult_comm', 'plus_assoc', 'minus_assoc',
          'plus_minus_assoc1', 'plus_minus_assoc2', 'times_assoc', 'div_assoc',
          'times_div_assoc1', 'times_div_assoc2', 'gtr_lss', 'gtr_lss_eq',
          'inc', 'for_inc', 'bsd_branch_pred', 'zero_multiple_format',
          'neg_if', 'ne_if', 'drop_else', 'neg_if_exp', 'decl_init',
          'extern_decl_init', 'static_decl_init', 'braces0', 'braces1',
          'braces2', 'braces3', 'braces4', 'ret', 'ptr_to_array', 'mkinit',
          'fld_to_ptr', 'sizeof_type_expr')


def strip_minus(body):
    """The matching pattern of a -/+ rewrite body."""
    out = []
    for l in body.split('\n'):
        if l.startswith('+'):
            continue
        if l.startswith('-'):
            l = l[1:]
            if l.startswith(' '):
                l = l[1:]
        out.append(l)
    return '\n'.join(out)


# metavariable kinds
EXPR = 'expression'
STMT = 'statement'

# A shape: (kind, metavariables, branches, outputs)
#   branches: list of (head, body) -- head 'w' (while (NOTC) or if (NOTC)),
#   'b' (for/while(1) with if (C) break;) or 'x' (no loop); body is a -/+
#   text using NOTC, C, CC.
SHAPES = []

# The test of a 'w' head: negated (while (!C)) or, when it is not, positive
# (while (CP): the condition waited for is the negation of CP).  An SmPL
# disjunction tries its branches in order, so !x binds C, never CP.
NOTC = r'\(!C\|CP\)'


def shape(kind, mvs, branches, outs):
    """Add a loop-test shape: its 'w' heads test NOTC; the script outputs
    the condition NC."""
    mvs = dict(mvs)
    mvs[EXPR] = mvs[EXPR] + ['CP']
    SHAPES.append((kind, mvs, branches, outs + ['NC']))


def loopheads(inner, plus):
    """while (NOTC) { inner } | for (;;) { if (C) break; inner } | while (1) ..."""
    res = [('w', '- while (NOTC) {\n%s\n- }\n%s' % (inner, plus))]
    for h in ('for (;;)', 'while (1)'):
        res.append(('b', '- %s {\n-\tif (C)\n-\t\tbreak;\n%s\n- }\n%s'
                    % (h, inner, plus)))
    return res


def m(lines):
    """Removed lines, one tab in."""
    return '\n'.join('-\t' + l for l in lines)


# a. while (!C) sleep_on(&Q);   (and interruptible: unsafe)
shape('loop', {EXPR: ['C', 'Q0']},
      [('w', '- while (NOTC) %s(Q0);\n+ WE(QQ, CC);' % SNI),
       ('w', '- while (NOTC) {\n-\t%s(Q0);\n- }\n+ WE(QQ, CC);' % SNI)] +
      [('b', '- %s {\n-\tif (C)\n-\t\tbreak;\n-\t%s(Q0);\n- }\n+ WE(QQ, CC);' % (h, SNI))
       for h in ('for (;;)', 'while (1)')],
      ['QQ', 'WE'])

# b. signal test returning / jumping out: if (SIGE) S, or, the signal
# branch { R = E; break; }, with S its assignment (the rewrite writes
# R = E;).  One rewrite rule: spatch 1.1.1 refuses a second one that
# takes a position from the match rule over the first one's changes.
SIGS = r'\({ \(S\&R = E;\) break; }\|S\)'
SIGB1 = m(['%s(Q0);' % ISL, 'if (%s)' % SIG, '\tS'])
SIGB2 = m(['if (%s)' % SIG, '\tS', '%s(Q0);' % ISL])
PLUS_SIG = '+ if (wait_event_interruptible(QQ, CC))\n+\tS'
SIGF1 = m(['%s(Q0);' % ISL, 'if (%s)' % SIG, '\t' + SIGS])
SIGF2 = m(['if (%s)' % SIG, '\t' + SIGS, '%s(Q0);' % ISL])
shape('sig', {EXPR: ['C', 'Q0', 'R', 'E'], STMT: ['S']},
      loopheads(SIGF1, PLUS_SIG) + loopheads(SIGF2, PLUS_SIG), ['QQ'])

# b''. the signal tested in the loop head and again right after the loop:
# while (!C && !signal_pending(current)) interruptible_sleep_on(&Q);
# if (signal_pending(current)) S   (2.2/2.4 read paths)
shape('sigh', {EXPR: ['C', 'Q0'], STMT: ['S']},
      [('w', '- while (NOTC && !SIGE) %s(Q0);\n- if (SIGE)\n-\tS\n%s' % (ISL, PLUS_SIG)),
       ('w', '- while (NOTC && !SIGE) {\n-\t%s(Q0);\n- }\n- if (SIGE)\n-\tS\n%s'
        % (ISL, PLUS_SIG))],
      ['QQ'])

# e. timeout loops (before the one-shot ifs, which never overlap them); 2.4
# drivers wrote the time left as `t > 0`
TLEFT = r'\(t\|t > 0\)'
shape('to', {EXPR: ['C', 'Q0', 't']},
      [('w', '- while (NOTC && %s) t = %s(Q0, t);\n+ t = WE(QQ, CC, t);' % (TLEFT, STO)),
       ('w', '- while (NOTC && %s) {\n-\tt = %s(Q0, t);\n- }\n+ t = WE(QQ, CC, t);'
        % (TLEFT, STO))],
      ['QQ', 'WE'])

# e'. while (!C) { t = isot(&Q, T); if (signal_pending) S1 if (!t) S2 }
shape('to2', {EXPR: ['C', 'Q0', 't', 'T'], STMT: ['S1', 'S2']},
      [('w', '- while (NOTC) {\n' + m(['t = interruptible_sleep_on_timeout@p(Q0, T);',
                                       'if (%s)' % SIG, '\tS1', 'if (!t)', '\tS2']) +
        '\n- }\n+ t = wait_event_interruptible_timeout(QQ, CC, T);\n+ if (t < 0)\n+\tS1\n'
        '+ if (!t)\n+\tS2')],
      ['QQ'])
shape('to2u', {EXPR: ['C', 'Q0', 't', 'T'], STMT: ['S2']},
      [('w', '- while (NOTC) {\n' + m(['t = sleep_on_timeout@p(Q0, T);', 'if (!t)', '\tS2']) +
        '\n- }\n+ t = wait_event_timeout(QQ, CC, T);\n+ if (!t)\n+\tS2')],
      ['QQ'])

# f. spin_lock_irq dropped around the sleep
LK = ['ULK(L0);', '%s(Q0);', 'LCK(L0);']
shape('lock', {EXPR: ['C', 'Q0', 'L0']},
      [('w', '- while (NOTC) {\n' + m([l % SL if '%' in l else l for l in LK]) +
        '\n- }\n+ wait_event_lock_irq(QQ, CC, LL);')],
      ['QQ', 'LL'])
LKI = [l % ISL if '%' in l else l for l in LK]
PLUS_LSIG = '+ if (wait_event_interruptible_lock_irq(QQ, CC, LL))\n+\tS'
shape('lock_sig', {EXPR: ['C', 'Q0', 'L0', 'R', 'E'], STMT: ['S']},
      [('w', '- while (NOTC) {\n' + m(LKI + ['if (%s)' % SIG, '\t' + SIGS]) + '\n- }\n' +
        PLUS_LSIG),
       ('w', '- while (NOTC) {\n' + m(['if (%s)' % SIG, '\t' + SIGS] + LKI) + '\n- }\n' +
        PLUS_LSIG)],
      ['QQ', 'LL'])

# k. plan keep_loop: the loop has early exits before the sleep, so it stays
# and only the sleep (and its signal exit) at the end of its body becomes
# wait_event*() with the loop's condition.  The sleep must be the body's last
# statement (or come just before its signal exit); anything after it is work
# the rewrite would change, and the shape does not match it.
NOSLEEP = r'... when != \(' + r'\|'.join(r[0] + '(...)' for r in SLEEPERS) + r'\)'


def keepheads(inner):
    """The loop heads of a keep_loop shape; the loop itself is context."""
    res = [('w', 'while (NOTC) {\n\t%s\n%s\n}' % (NOSLEEP, inner))]
    for h in ('for (;;)', 'while (1)'):
        res.append(('b', '%s {\n\tif (C)\n\t\tbreak;\n\t%s\n%s\n}' % (h, NOSLEEP, inner)))
    return res


PLUS_KSIG = '+\tif (wait_event_interruptible(QQ, CC))\n+\t\tS'
shape('keep_sig', {EXPR: ['C', 'Q0'], STMT: ['S']}, keepheads(SIGB1 + '\n' + PLUS_KSIG), ['QQ'])
shape('keep_sigb', {EXPR: ['C', 'Q0'], STMT: ['S']}, keepheads(SIGB2 + '\n' + PLUS_KSIG), ['QQ'])
shape('keep', {EXPR: ['C', 'Q0']}, keepheads('-\tSOU@p(Q0);\n+\tWE(QQ, CC);'),
      ['QQ', 'WE'])

# c. bare interruptible loop (unsafe) is part of 'loop'.
# d. one-shot if (!C) sleep
shape('ifsig', {EXPR: ['C', 'Q0'], STMT: ['S']},
      [('w', '- if (NOTC) %s(Q0);\n- if (%s)\n-\tS\n%s' % (ISL, SIG, PLUS_SIG)),
       ('w', '- if (NOTC) {\n-\t%s(Q0);\n- }\n- if (%s)\n-\tS\n%s' % (ISL, SIG, PLUS_SIG)),
       ('w', '- if (NOTC) {\n-\t%s(Q0);\n-\tif (%s)\n-\t\tS\n- }\n%s' % (ISL, SIG, PLUS_SIG))],
      ['QQ'])
shape('if', {EXPR: ['C', 'Q0']},
      [('w', '- if (NOTC) %s(Q0);\n+ WE(QQ, CC);' % SNI),
       ('w', '- if (NOTC) {\n-\t%s(Q0);\n- }\n+ WE(QQ, CC);' % SNI)],
      ['QQ', 'WE'])
shape('ift', {EXPR: ['C', 'Q0', 'T']},
      [('w', '- if (NOTC) %s(Q0, T);\n+ WE(QQ, CC, T);' % STO),
       ('w', '- if (NOTC) {\n-\t%s(Q0, T);\n- }\n+ WE(QQ, CC, T);' % STO)],
      ['QQ', 'WE'])

# g. plain delay on a queue nothing else uses (expression level: keeps x = ...)
SHAPES.append(('delay', {EXPR: ['Q0', 'T']},
               [('x', '- %s@p(Q0, T)\n+ %s(T)' % (r[0], r[4])) for r in SLEEPERS if r[2]],
               []))
# the match of a shape whose rewrite has a branch per sleeper: one call
MATCH = {'delay': '%s(Q0, T)' % STO}

# h. plan-supplied condition
SHAPES.append(('cond_sig', {EXPR: ['Q0'], STMT: ['S']},
               [('x', '- %s(Q0);\n- if (%s)\n-\tS\n'
                 '+ if (wait_event_interruptible(QQ, PC))\n+\tS' % (ISL, SIG))],
               ['QQ', 'PC']))


def each(txt):
    """The sleeper alternation as an identifier metavariable (SOU untimed,
    SOT timed), so that a rewrite is written once for every name."""
    return [('x', txt.replace(SNI, 'SOU@p').replace(STO, 'SOT@p'))]


SHAPES.append(('cond', {EXPR: ['Q0']},
               each('- %s(Q0);\n+ WE(QQ, PC);' % SNI), ['QQ', 'WE', 'PC']))
SHAPES.append(('cond_t', {EXPR: ['Q0', 'T']},
               each('- %s(Q0, T)\n+ WE(QQ, PC, T)' % STO), ['QQ', 'WE', 'PC']))

# i. plan form prepare_to_wait (keeps the race; --unsafe): the call, timed
# or not, its result assigned or not, replaced in place by NEW between pre
# and post
PTW_PRE = '+ prepare_to_wait(Q0, &W, ST);\n'
PTW_POST = '\n+ finish_wait(Q0, &W);'
CALLS = (('SOU@p(Q0)', 'schedule()'), ('SOT@p(Q0, T)', 'schedule_timeout(T)'),
         ('x = SOT@p(Q0, T)', 'x = schedule_timeout(T)'))


def inplace(kind, pres, mid, post):
    """A prepare_to_wait shape: one branch per context before the sleep
    (pres) and call of CALLS."""
    SHAPES.append((kind, {EXPR: ['Q0', 'T', 'x']},
                   [('x', '%s- %s;\n%s+ %s;%s' % (pre, old, mid, new, post))
                    for pre in pres for old, new in CALLS], ['W', 'ST']))


inplace('ptw', [''], PTW_PRE, PTW_POST)

# j. plan form prepare_to_wait-unlock (form 2: queued before the statement
# that drops a lock or turns interrupts on, right before the sleep, or
# before one logging call between them: printk() does not sleep, the task
# may be queued before it too)
UNL = '  UNL(...);\n'
UNLS = [UNL, UNL + '  PRL(...);\n']
inplace('ptwu', ['+ prepare_to_wait(Q0, &W, ST);\n' + u for u in UNLS], '', PTW_POST)

# k. plan form prepare_to_wait-irq (interrupts off at the sleep: queued with
# them off, as sleep_on() did; on only across schedule())
IRQ_ON = '+ local_irq_enable();\n'
IRQ_OFF = '\n+ local_irq_disable();'
inplace('ptwi', [''], PTW_PRE + IRQ_ON, IRQ_OFF + PTW_POST)

# l. the remaining jiffies used in place (plan forms prepare_to_wait*,
# result not a statement of its own): `if (!sleep_on_timeout(&q, T))` and
# `return sleep_on_timeout(&q, T);`.  schedule_timeout() returns what the
# old call did; its result goes through a variable LV (declared with
# DEFINE_WAIT) set before the statement, after finish_wait().  The C side
# plans this only where nothing before the call in the statement can skip
# it (&&, ||, ?:).
HOIST = '+ LV = schedule_timeout(T);\n'


def hoisted(mids, post):
    """The if and return statements with the timed call hoisted out, one
    branch per context before the sleep (mids)."""
    out = []
    call = '- SOT@p(Q0, T)\n+ LV\n'
    for mid in mids:
        for tail in ('  ...+>) S1 else S2', '  ...+>) S1'):
            out.append(('x', '+ prepare_to_wait(Q0, &W, ST);\n' + mid + HOIST + post +
                        '+ finish_wait(Q0, &W);\n  if (<+...\n' + call + tail))
        out.append(('x', '+ prepare_to_wait(Q0, &W, ST);\n' + mid + HOIST + post +
                    '+ finish_wait(Q0, &W);\n  return <+...\n' + call + '  ...+>;'))
    return out


HMV = {EXPR: ['Q0', 'T'], STMT: ['S1', 'S2']}
SHAPES.append(('ptwh', HMV, hoisted([''], ''), ['W', 'ST', 'LV']))
SHAPES.append(('ptwhu', HMV, hoisted(UNLS, ''), ['W', 'ST', 'LV']))
SHAPES.append(('ptwhi', HMV, hoisted([IRQ_ON], IRQ_OFF.strip('\n') + '\n'),
               ['W', 'ST', 'LV']))

# the metavariable kind of each script output
OUTKIND = {'NC': 'expression', 'QQ': 'expression', 'LL': 'expression', 'PC': 'expression',
           'WE': 'identifier', 'W': 'identifier', 'ST': 'identifier', 'LV': 'identifier'}


def subst(body, head):
    """body with the loop test NOTC and the output condition CC filled in."""
    return body.replace('NOTC', NOTC).replace('CC', 'NC')


def disj(bodies):
    """An SmPL disjunction of bodies (the body itself if only one)."""
    if len(bodies) == 1:
        return bodies[0]
    return '(\n' + '\n|\n'.join(bodies) + '\n)'


# What each shape converts: the comment above its rule triple.
DOC = {
    'loop': 'while (!c) sleep_on(&q);  ->  wait_event(q, c);  (interruptible: unsafe)',
    'sig': 'a loop whose body also tests signal_pending() and leaves with S\n'
           '//   ->  if (wait_event_interruptible(q, c)) S\n'
           '//   (a branch { R = E; break; } binds S to its assignment alone, R = E;)',
    'sigh': 'while (!c && !signal_pending(current)) interruptible_sleep_on(&q);\n'
            '//   if (signal_pending(current)) S  ->  if (wait_event_interruptible(q, c)) S',
    'to': 'while (!c && t) t = *sleep_on_timeout(&q, t);  ->  t = wait_event*_timeout(q, c, t);\n'
          '//   (also t > 0)',
    'to2': 'while (!c) { t = interruptible_sleep_on_timeout(&q, T); signal S1; if (!t) S2 }\n'
           '//   ->  t = wait_event_interruptible_timeout(q, c, T); (plan only: the timeout\n'
           '//   then bounds the whole wait)',
    'to2u': 'while (!c) { t = sleep_on_timeout(&q, T); if (!t) S2 }\n'
            '//   ->  t = wait_event_timeout(q, c, T); (plan only)',
    'lock': 'while (!c) { spin_unlock_irq(&l); sleep_on(&q); spin_lock_irq(&l); }\n'
            '//   ->  wait_event_lock_irq(q, c, l);',
    'lock_sig': 'the same, interruptible, with a signal test leaving with S\n'
                '//   ->  if (wait_event_interruptible_lock_irq(q, c, l)) S\n'
                '//   (a branch { R = E; break; }: S is its assignment, as in sig)',
    'keep_sig': 'plan keep_loop: the loop stays; its last statements, the sleep then its\n'
                '//   signal exit, become if (wait_event_interruptible(q, c)) S',
    'keep_sigb': 'plan keep_loop: the same with the signal exit before the sleep',
    'keep': 'plan keep_loop: the loop stays; its last statement, the sleep, becomes\n'
            '//   wait_event(q, c);',
    'ifsig': 'if (!c) interruptible_sleep_on(&q); if (signal_pending(current)) S\n'
             '//   ->  if (wait_event_interruptible(q, c)) S  (one-shot: unsafe)',
    'if': 'if (!c) sleep_on(&q);  ->  wait_event(q, c);  (one-shot: unsafe)',
    'ift': 'if (!c) *sleep_on_timeout(&q, T);  ->  wait_event*_timeout(q, c, T);\n'
           '//   (one-shot: unsafe)',
    'delay': 'sleep_on_timeout(&q, T) on a queue nothing else uses\n'
             '//   ->  schedule_timeout_uninterruptible(T) (an expression: x = ... stays)',
    'cond_sig': 'plan cond: interruptible_sleep_on(&q); if (signal_pending(current)) S\n'
                '//   ->  if (wait_event_interruptible(q, <the plan\'s cond>)) S',
    'cond': 'plan cond: sleep_on(&q);  ->  wait_event(q, <the plan\'s cond>);',
    'cond_t': 'plan cond: *sleep_on_timeout(&q, T)  ->  wait_event*_timeout(q, <cond>, T)',
    'ptw': 'plan prepare_to_wait: sleep_on(&q);  ->  prepare_to_wait(q, &wait, STATE);\n'
           '//   schedule(); finish_wait(q, &wait);  (keeps the race: --unsafe); the same\n'
           '//   for [x = ]*sleep_on_timeout(&q, T); -> [x = ]schedule_timeout(T);',
    'ptwu': 'plan prepare_to_wait-unlock: queued before the unlock (or the call that\n'
            '//   starts the waker) right before the sleep, or before it and a logging call',
    'ptwi': 'plan prepare_to_wait-irq: interrupts off at the sleep; queued with them off,\n'
            '//   local_irq_enable() only across schedule()',
    'ptwh': 'plan prepare_to_wait, the remaining jiffies used in place\n'
            '//   (if (!sleep_on_timeout(&q, T)), return sleep_on_timeout(&q, T)):\n'
            '//   schedule_timeout()\'s result goes through a variable set before the statement',
    'ptwhu': 'the same, prepare_to_wait-unlock',
    'ptwhi': 'the same, prepare_to_wait-irq',
}


def doc(kind):
    """The comment line(s) above a shape's rule triple."""
    return '// %s: %s\n' % (kind, DOC[kind])


# metavariables declared with a constraint, when a rule uses them
REGEX = {'SIGE': ('expression', ': script:python () { wq_is_sig(SIGE) }'),
         'SOU': ('identifier', '=~ "^(%s)$"' % '|'.join(UNTIMED)),
         'SOT': ('identifier', '=~ "^(%s)$"' % '|'.join(TIMED)),
         'ULK': ('identifier', '=~ "^%s$"' % kfacts.irq('unlock_on')[0]),
         'LCK': ('identifier', '=~ "^%s$"' % kfacts.irq('lock_off')[0]),
         # a lock release (kapi.def K_UNLOCK) or a call that starts a
         # waker (KAPI_STARTS, K_ARM_TIMER), as fix/plan/ptw.c's unlock_before()
         'UNL': ('identifier', '=~ "^(%s)$"' % '|'.join(
             kfacts.kapi_kind('K_UNLOCK') + kfacts.starters())),
         'PRL': ('identifier', '=~ "^(printk|pr_debug|pr_info|pr_notice|pr_warn|pr_warning|'
                 'pr_err|dev_dbg|dev_info|dev_warn|dev_err|DPRINTK|dprintk|PDEBUG|DBG|dbg)$"')}

# the metavariables wq_shape() reads (the rest are only matched)
SCRIPT_IN = ('C', 'CP', 'Q0', 'L0', 't', 'S', 'S1', 'S2', 'R')

# shapes whose loop (or if) is removed whole through a statement
# metavariable: each branch is that statement (and, for sigh, the signal
# test after it), replaced by the same + lines.  kind -> (head, what follows)
WHOLE = dict([(k, ('while', '')) for k in ('loop', 'sig', 'to', 'to2', 'to2u', 'lock',
                                           'lock_sig')] +
             [('sigh', ('while', '- if (SIGE)\n-\tS\n')), ('if', ('if', '')),
              ('ift', ('if', ''))])


def emit_shape(kind, mvs, branches, outs):
    """The r_/s_/t_ rule triple of one shape."""
    r, s, t = 'r_' + kind, 's_' + kind, 't_' + kind
    bodies = [subst(b, h) for h, b in branches]
    rew = disj(bodies)
    mat = MATCH.get(kind) or strip_minus(rew)
    whole = kind in WHOLE
    if whole:
        # Removing a loop whose body has { ...; break; } leaves its } behind
        # in spatch 1.1.1: match the loop here, remove it whole below.
        head, tail = WHOLE[kind]
        mat = mat.replace(head + ' (', head + '@pw (').replace('for (;;)', 'for@pw (;;)')
        plus = '\n'.join(l for l in bodies[0].split('\n') if l.startswith('+'))
        heads = ['- %s@pw (E0) S0\n%s' % (head, tail) + plus]
        if any(h == 'b' for h, _ in branches):
            heads.append('- for@pw (;;) S0\n' + plus)
        rew = disj(heads)
    pinned = kind.startswith('keep')
    if pinned:
        # the loop stays: the rewrite is the sleep (and its signal exit)
        # at p, which r_ found as the last statements of the loop's body
        rew = '\n'.join(l for l in bodies[0].split('\n') if l.startswith(('-', '+')))
    ids = [i for i in REGEX if re.search(r'\b%s\b' % i, mat)]
    mvs = dict(mvs)
    decl = ''
    for i in ids:
        decl += '%s %s %s;\n' % (REGEX[i][0], i, REGEX[i][1])
    for k, vs in mvs.items():
        decl += '%s %s;\n' % (k, ', '.join(vs))
    for i in ids:
        mvs.setdefault(REGEX[i][0], [])
        mvs[REGEX[i][0]] = mvs[REGEX[i][0]] + [i]
    decl += 'position p%s;\n' % (', pw' if whole else '')
    o = doc(kind) + '@%s@\n%s@@\n\n%s\n\n' % (r, decl, mat)
    # A branch that leaves a metavariable unbound (T, x, S2 of a ptw shape;
    # C or CP) stops a rule that inherits it: such a rewrite matches the
    # statements at p afresh, and the script gets C and CP with a default.
    # A ptw shape's script needs only p: the plan decides, and the
    # sleeper's name is read from the file at p (wq_name()).
    twin = 'CP' in mvs.get(EXPR, [])
    afresh = kind.startswith('ptw') or (twin and not whole and not pinned)
    seen = [] if kind.startswith('ptw') else [v for vs in mvs.values() for v in vs
                                             if v in SCRIPT_IN]
    # R: bound only where the signal branch is { R = E; break; } (sig)
    dflt = dict([(v, ' = ""') for v in ('C', 'CP') if twin] + [('R', ' = ""')])
    ins = ['p << %s.p;' % r] + ['%s << %s.%s%s;' % (v, r, v, dflt.get(v, '')) for v in seen]
    env = ', '.join("'%s': %s" % (v, v) for v in seen)
    o += '@script:python %s@\n%s\n%s@@\n' % (s, '\n'.join(ins),
                                               ''.join('%s;\n' % x for x in outs))
    o += ("if not wq_run(%r, p, {%s}, %r, coccinelle):\n\tcocci.include_match(False)\n\n"
          % (kind, env, outs))
    tdecl = decl.replace('position p;\n', '') if afresh else ''
    for k, vs in mvs.items():
        if whole or pinned:
            vs = [v for v in vs if re.search(r'\b%s\b' % v, rew)]
        if vs and not afresh:
            tdecl += '%s %s;\n' % (k, ', '.join('%s.%s' % (r, v) for v in vs))
    if not whole:
        tdecl += 'position %s.p;\n' % r
    if whole:
        tdecl += 'position %s.pw;\nexpression E0;\nstatement S0;\n' % r
    for x in outs:
        tdecl += '%s %s.%s;\n' % (OUTKIND[x], s, x)
    o += '@%s depends on patch@\n%s@@\n\n%s\n\n' % (t, tdecl, rew)
    return o




PRE = r'''// ---- pre-classification (all modes, no changes) ----

@pre_irqoff exists@
expression F;
position p;
@@

(
cli();
|
local_irq_disable();
|
local_irq_save(F);
|
save_and_cli(F);
)
... when != sti();
    when != local_irq_enable();
    when != local_irq_restore(F);
    when != restore_flags(F);
(
SLEEP4;
|
F = SLEEP4;
)

@script:python@
p << pre_irqoff.p;
@@
wq_pre(p, R_IRQ)

@pre_restore@
expression L, F, x;
position p;
@@

spin_unlock_irqrestore(L, F);
(
SLEEP4;
|
x = SLEEP4;
)

@script:python@
p << pre_restore.p;
@@
wq_pre(p, R_RESTORE)

@pre_bare@
position p;
@@

SLEEP4;

@script:python@
p << pre_bare.p;
@@
wq_fact(p, 'bare')

@pre_loop@
expression E, E1, E2, E3;
position p;
@@

(
while (E) { <+... SLEEP4 ...+> }
|
for (E1; E2; E3) { <+... SLEEP4 ...+> }
|
for (; E2; E3) { <+... SLEEP4 ...+> }
|
for (;; E3) { <+... SLEEP4 ...+> }
|
for (;;) { <+... SLEEP4 ...+> }
)

@script:python@
p << pre_loop.p;
@@
wq_fact(p, 'inloop')

'''

# the receiver's type of a timed sleeper's result (its part only)
PRE_TIMED = r'''@pre_signed@
{long, int, long int, signed long} t;
position p;
@@

t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(...)

@script:python@
p << pre_signed.p;
@@
wq_fact(p, 'signed')

@pre_unsigned@
{unsigned long, unsigned int, unsigned} t;
position p;
@@

t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(...)

@script:python@
p << pre_unsigned.p;
@@
wq_fact(p, 'unsigned')

'''

# The 2.0-2.2 queue and entry declarations, ported with the sleeps: the
# last plan-only file, run when no file before it changed the text (after
# a rewrite they wait for the next pass, as they did when they were the
# last rules of one file).
PORT_QUEUES = r'''// ---- 2.0-2.2 queues and entries, ported with the sleeps (plan mode) ----
// (in every mode: without WQPORT_PLAN, wq_port_queues() matches nothing)

@oq_e@
identifier q;
position p : script:python () { wq_port_queues(p) };
@@

- extern struct wait_queue *q@p;
+ extern wait_queue_head_t q;

@oq_s@
identifier q;
position p : script:python () { wq_port_queues(p) };
declarer name DECLARE_WAIT_QUEUE_HEAD;
@@

(
- static struct wait_queue *q@p = NULL;
+ static DECLARE_WAIT_QUEUE_HEAD(q);
|
- static struct wait_queue *q@p;
+ static DECLARE_WAIT_QUEUE_HEAD(q);
)

@oq_g@
identifier q;
position p : script:python () { wq_port_queues(p) };
declarer name DECLARE_WAIT_QUEUE_HEAD;
@@

(
- struct wait_queue *q@p = NULL;
+ DECLARE_WAIT_QUEUE_HEAD(q);
|
- struct wait_queue *q@p;
+ DECLARE_WAIT_QUEUE_HEAD(q);
)

// a 2.2 queue pointer compared with NULL (`if (q != NULL) wake_up(&q);`:
// someone sleeps on it) is the head's waitqueue_active() once ported
@depends on oq_s@
identifier oq_s.q;
@@

(
- q != NULL
+ waitqueue_active(&q)
|
- q == NULL
+ !waitqueue_active(&q)
)

@depends on oq_g@
identifier oq_g.q;
@@

(
- q != NULL
+ waitqueue_active(&q)
|
- q == NULL
+ !waitqueue_active(&q)
)

@oq_w@
identifier w;
position p : script:python () { wq_port_queues(p) };
declarer name DECLARE_WAITQUEUE;
@@

- struct wait_queue w@p = { current, NULL };
+ DECLARE_WAITQUEUE(w, current);

'''

# One DEFINE_WAIT per function (and, for the hoisted shapes, the variable
# that takes schedule_timeout()'s result) where a ptw shape rewrote a sleep.
# NAME: the rule names' prefix (the files of the group run as one spatch run
# under wqport fix, so each names its own; a function gets its DEFINE_WAIT
# once, from the first of them: wq_fn_take_wait()).
ENTRY_HEAD = r'''// ---- prepare_to_wait forms: one DEFINE_WAIT per function ----
// (the script constraint names the functions a ptw shape rewrote; `...`
// alone, as a pattern on the body would not match one whose #ifdef
// branches both return, the serial drivers' SERIAL_DO_RESTART idiom)

'''

LEFT_DECL = r'''@ptw_lfn depends on patch@
identifier fn : script:python () { wq_fn_left(fn) is not None };
type T;
position pl;
@@

T fn@pl(...) {
...
}

@script:python ptw_l@
fn << ptw_lfn.fn;
LV;
@@
coccinelle.LV = cocci.make_ident(wq_fn_left(fn))

@depends on patch@
identifier ptw_lfn.fn;
identifier ptw_l.LV;
position ptw_lfn.pl;
type T;
@@

T fn@pl(...) {
+ long LV;
...
}

'''

DEFINE_ENTRY = r'''@NAME_fn depends on patch@
identifier fn : script:python () { wq_fn_needs_wait(fn) };
type T;
position pf;
@@

T fn@pf(...) {
...
}

@script:python NAME_w@
fn << NAME_fn.fn;
W;
@@
coccinelle.W = cocci.make_ident(wq_fn_take_wait(fn))

@depends on patch@
identifier NAME_fn.fn;
identifier NAME_w.W;
position NAME_fn.pf;
type T;
@@

T fn@pf(...) {
+ DEFINE_WAIT(W);
...
}

'''


LISTING = r'''// ---- listing every site ----

@site depends on report || org@
position p OWNP;
@@

SLEEP4

@script:python depends on report@
p << site.p;
@@
wq_print(p, False, NAMES)

@script:python depends on org@
p << site.p;
@@
wq_print(p, True, NAMES)

@depends on context@
position p OWNP;
@@

* SLEEPNAMES(...)
'''


def iso_lines():
    """NO_ISO as `#spatch` lines (an option spatch reads from the file),
    under 80 columns."""
    out, cur = ['\n// Isomorphisms that would let a shape match code it does not describe:\n'], ''
    for n in NO_ISO:
        w = ' --disable-iso ' + n
        if cur and len(cur) + len(w) > 79:
            out.append(cur + '\n')
            cur = ''
        cur = (cur or '#spatch') + w
    return ''.join(out) + cur + '\n'


# The files of the family: the one that runs alone under `make coccicheck`
# (every shape a site may take without a plan, the report) and the
# plan-only ones, with the shapes of each.
PLAN_ONLY = (
    ('sleep-on-1-keep-loop.cocci', ('keep_sig', 'keep_sigb', 'keep'),
     'a loop with early\n'
     '/// exits that stays (the plan\'s keep_loop): its last statement, the\n'
     '/// sleep (and its signal exit), becomes wait_event*().'),
    ('sleep-on-2-cond.cocci', ('cond_sig', 'cond', 'cond_t'),
     'a one-shot sleep\n'
     '/// with the condition the plan found for it (cond) becomes wait_event*()\n'
     '/// with that condition.'),
    ('sleep-on-3a-prepare-to-wait.cocci', ('ptw', 'ptwu', 'ptwi'),
     'the sleep becomes\n'
     '/// prepare_to_wait() / schedule*() / finish_wait() in place (the plan\'s\n'
     '/// forms prepare_to_wait, -unlock, -irq: the race is kept, --unsafe),\n'
     '/// with one DEFINE_WAIT per function.'),
    ('sleep-on-3b-prepare-to-wait-result.cocci', ('ptwh', 'ptwhu', 'ptwhi'),
     'the same as\n'
     '/// sleep-on-3a-prepare-to-wait.cocci for a timed sleep whose result is\n'
     '/// used in place (in an if or a return): schedule_timeout()\'s result\n'
     '/// goes through a variable set before the statement.'),
    ('sleep-on-3c-old-queues.cocci', (),
     'a file whose\n'
     '/// plan says port_queues (a 2.0-2.2 driver whose sleeps are converted)\n'
     '/// gets its struct wait_queue declarations ported to wait_queue_head_t\n'
     '/// and DECLARE_WAITQUEUE().'),
)
FILES = ('sleep-on.cocci',) + tuple(p[0] for p in PLAN_ONLY)  # the first: see STANDALONE

PART_HEADER = r'''// SPDX-License-Identifier: GPL-2.0-only
/// Part of the sleep_on() conversion (sleep-on-0?-*.cocci, WQ001) that only
/// wqport fix's plan applies: %s
///
// Confidence: Moderate
// Copyright: (C) 2026 The wqport authors.
// Comments: plan-only: without WQPORT_PLAN it changes and reports nothing.
// Comments: the rule triples and the plan fields read are sleep-on-0?'s.
// Options: --no-includes --include-headers
// Requires: 1.1.1
// Keywords: sleep_on, wait_event

virtual patch
virtual context
virtual org
virtual report
'''


# The files that run alone (`make coccicheck`): one per sleeper, since
# shapes of different sleepers never compete for one site.  Each owns its
# sleepers' sites: its pre_* rules, shapes and listing name only them.
# wqport fix runs the three as one spatch run (the parts of one pass:
# checker/fix/rewrite/spatch.c), in name order: name -> (the sleepers,
# the shapes, what the header says, the tag of its rule names).
STANDALONE = {
    'sleep-on-0a-sleep-on.cocci': ((SL[:-2],), ('loop', 'lock', 'if'),
                                   'while (!c) sleep_on(&q);  ->  wait_event(q, c);\n'
                                   '///   (also with spin_unlock_irq()/spin_lock_irq() around the\n'
                                   '///   sleep: wait_event_lock_irq(); if (!c): one-shot, unsafe)',
                                   'sl'),
    'sleep-on-0b-timeout.cocci': (TIMED, ('to', 'to2', 'to2u', 'ift', 'delay'),
                                  'while (!c && t) t = *sleep_on_timeout(&q, t);\n'
                                  '///   ->  t = wait_event*_timeout(q, c, t);  (also `t > 0`)\n'
                                  '///   sleep_on_timeout(&q, t) on a queue nothing else uses\n'
                                  '///   ->  schedule_timeout_uninterruptible(t)',
                                  'to'),
    'sleep-on-0c-interruptible.cocci': ((ISL[:-2],), ('loop', 'sig', 'sigh'),
                                        'while (!c) { interruptible_sleep_on(&q);\n'
                                        '///       if (signal_pending(current)) S }\n'
                                        '///   ->  if (wait_event_interruptible(q, c)) S\n'
                                        '///   (also S being { ret = E; break; }, or the signal tested\n'
                                        '///   in the loop head and after the loop)',
                                        'isl'),
    'sleep-on-0d-interruptible-lock-if.cocci': (
        (ISL[:-2],), ('lock_sig', 'ifsig', 'if'),
        'while (!c) { spin_unlock_irq(&l); interruptible_sleep_on(&q);\n'
        '///       spin_lock_irq(&l); if (signal_pending(current)) S }\n'
        '///   ->  if (wait_event_interruptible_lock_irq(q, c, l)) S\n'
        '///   if (!c) interruptible_sleep_on(&q); ...  (one-shot: unsafe)',
        'isl2'),
}
# interruptible_sleep_on()'s sites are split between two files by where the
# call stands: right after spin_unlock_irq() or as the branch of an if
# (the lock and one-shot shapes: 0d's) or elsewhere (0c's), so that each
# site is listed by one file, with the decision of the shapes that own it.
OWNED = {'isl': '!=', 'isl2': '='}
OWN = r'''// ---- the sites this file owns (the other interruptible_sleep_on() file
// lists the rest) ----

@own_TAG depends on report || org || context@
identifier ULK =~ "^UNLOCK$";
expression L, E;
position p;
@@

(
ULK(L);
SLEEP1;
|
if (E) SLEEP1;
|
if (E) { SLEEP1; ... }
)

'''
FILES = tuple(sorted(STANDALONE)) + FILES[1:]

SA_HEADER = r'''// SPDX-License-Identifier: GPL-2.0-only
/// Convert %s (removed in Linux 3.15) to wait_event*(),
/// which queues the task before testing the condition (a wake-up between
/// the test and the sleep is lost).  Rewritten shapes:
///   %s
/// Sites whose meaning would change are left alone and listed with a
/// reason in report and org mode.  With WQPORT_PLAN set (wqport fix), only
/// the sites the plan converts, into its primitive, are rewritten.
//
// Confidence: Moderate
// Copyright: (C) 2026 The wqport authors.
// Options: --no-includes --include-headers
// Requires: 1.1.1
// Keywords: sleep_on, wait_event
//
// pre_* rules classify each site; then per shape r_ matches, s_ decides in
// Python, t_ rewrites; the first shape that decides a site owns it.  The
// other sleepers' sites are the other sleep-on-0?-*.cocci files': wqport
// fix runs them as one spatch run (README.md, plan.md).

virtual patch
virtual context
virtual org
virtual report
'''


def narrow(text, part):
    """A text of rules, for one standalone part: its sleepers only, its
    rule names tagged (the three run as one spatch run)."""
    names, kinds, _, tag = part

    def alt(fmt):
        a = [fmt % n for n in names]
        return a[0] if len(a) == 1 else r'\(' + r'\|'.join(a) + r'\)'
    text = text.replace('SLEEP4', alt('%s@p(...)')).replace('SLEEPNAMES', alt('%s@p'))
    text = text.replace('SLEEP1', alt('%s@p(...)')).replace('own_TAG', 'own_' + tag)
    own = {'!=': 'p != own_%s.p' % tag, '=': 'own_%s.p' % tag}.get(OWNED.get(tag), 'p')
    text = text.replace('position p OWNP;', 'position %s;' % own)
    if OWNED.get(tag) == '=':
        # the sites the own_ rule found are the ones listed
        text = re.sub(r'@site depends on report \|\| org@\n.*?\n\n.*?\n\n', '', text,
                      flags=re.S).replace('site.p', 'own_%s.p' % tag)
    # the #if 0 sites are listed by the first file of a sleeper
    text = re.sub(r'\bNAMES\b', repr(tuple(names) if tag != 'isl2' else ()), text)
    if tag != 'to':
        text = text.replace(SNI, alt('%s@p'))
    text = re.sub(r'\bpre_', 'pre_%s_' % tag, text)
    text = re.sub(r'@site\b|\bsite\.p\b', lambda m: m.group(0).replace('site', 'site_' + tag), text)
    if tag.startswith('isl'):
        text = re.sub(r'\b([rst])_(loop|if)\b', r'\1_i\2', text)
    return text


def generate(init, name):
    """The text of a standalone part or of one of the plan-only files (FILES),
    init its @initialize:python@ part (the import of its Python from
    lib/)."""
    plan_only = dict((p[0], p) for p in PLAN_ONLY)
    if name in plan_only:
        _, kinds, what = plan_only[name]
        o = PART_HEADER % what + iso_lines() + '\n' + init + '\n'
        for sh in SHAPES:
            if sh[0] in kinds:
                o += emit_shape(*sh)
        post = (ENTRY_HEAD + LEFT_DECL + DEFINE_ENTRY.replace('NAME', 'ptwh')
                if 'ptwh' in kinds else
                ENTRY_HEAD + DEFINE_ENTRY.replace('NAME', 'ptw') if 'ptw' in kinds else
                PORT_QUEUES if not kinds else '')
        return o + post.rstrip('\n') + '\n'
    part = STANDALONE[name]
    names = part[0]
    o = (SA_HEADER % (', '.join(n + '()' for n in names), part[2]) + iso_lines() + '\n' +
         init + '\n')
    own = OWN.replace('UNLOCK', kfacts.irq('unlock_on')[0]) if part[3] in OWNED else ''
    o += narrow(PRE + (PRE_TIMED if 'to' in part[1] else ''), part)
    for sh in SHAPES:
        if sh[0] in part[1]:
            o += narrow(emit_shape(*sh), part)
    # after the shapes: a match a shape's script drops (include_match(False))
    # would take with it the bindings of a rule before it
    return o + narrow(own + LISTING, part)
