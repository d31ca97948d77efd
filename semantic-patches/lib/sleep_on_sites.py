# SPDX-License-Identifier: GPL-2.0-only
"""WQ001 (sleep-on): what every sleep_on() site of a file is, for the sleep-on-*.cocci files.

Each sleep-on-*.cocci imports this module (and sleep_on_shapes.py) in its
@initialize:python@ part: the plan reader, the file-text checks spatch
cannot make (do-while, #define bodies, #if 0 and old-kernel branches),
the decision record of each site and the report/org text.  The rules
call the wq_* functions; the state (WQ_DECIDED, ...) lives here, one
copy per spatch process.
"""

import os, re, sys

from wqfacts import WQ_SLEEPERS, WQ_FORM_T  # the sleep_on() family (checker/kapi.def)
from wqplan import plan_records

WQ_SLEEPER_RE = '(?:%s)' % '|'.join(WQ_SLEEPERS)
WQ_DECIDED = {}  # site -> ('convert', form, caveat) or ('refuse', reason)
WQ_NOTES = {}  # site -> why a plan-mode site matched a shape but was kept
WQ_PRE = {}  # site -> reason found by the pre-classification rules
WQ_FACTS = {}  # site -> set of facts ('bare', 'inloop', 'signed', 'unsigned')
WQ_FNWAIT = {}  # (realpath, function) -> name of the DEFINE_WAIT entry
WQ_FNLEFT = {}  # (realpath, function) -> the hoisted schedule_timeout() result
WQ_REPORTED = set()  # files whose #if 0 sites were listed already

R_DOWHILE = ('do-while: do { sleep } while (!c) sleeps once before the first '
             'test; wait_event*() would skip that sleep')
R_MACRO = 'macro: the sleep is inside a #define body, which this patch does not rewrite'
R_OLD = 'old-kernel-branch: inside #if 0 or an old-kernel LINUX_VERSION_CODE branch'
R_IRQ = ('irqs-off: interrupts are disabled before the sleep (cli(), '
         'local_irq_save(), local_irq_disable()) and not restored: the old code '
         'relied on it to make test and sleep atomic')
R_RESTORE = ('irqrestore-lock: the lock is dropped with spin_unlock_irqrestore() '
             'around the sleep; no wait_event*() form retakes it that way')
R_UNSAFE_LOOP = ('unsafe: without a signal_pending() test, wait_event_interruptible() '
                 'returns on a signal with the condition still false; the old loop '
                 'did not (apply with the plan / --unsafe)')
R_UNSAFE_ONCE = ('unsafe: the old call slept at most once and any wake-up ended it; '
                 'wait_event*() waits until the condition holds (apply with the plan / --unsafe)')
R_UNSIGNED = ('unsigned-timeout: the receiver %s is unsigned: -ERESTARTSYS from '
              'wait_event_interruptible_timeout() would read as a huge remaining time')
R_UNKNOWN = ('unsigned-timeout: the type of the receiver %s is not visible to spatch '
             '(a struct field or a header); it may be unsigned')
R_POLL = ('polling-timeout: the timeout is a polling interval in a loop and the queue '
          'is woken elsewhere; keep a timeout loop unless every writer of the '
          'condition calls wake_up()')
R_NOCOND = ('no-condition: a one-shot sleep with no condition in view; the queue is '
            'used elsewhere in the file, so it is not a plain delay')
R_USED = ('result-used: the remaining-jiffies result is used in a way the rewrite '
          'cannot keep')
R_WORK = 'work-in-loop: the loop does other work between the test and the sleep'
R_CONST = 'constant-condition: the guard is constant'


def wq_plan_load():
    path = os.environ.get('WQPORT_PLAN')
    if not path:
        return None
    plan = {}
    try:
        with open(path, encoding='utf-8') as fh:
            for e in plan_records(fh):
                if not isinstance(e, dict) or 'file' not in e or 'line' not in e:
                    continue
                if e.get('rule', 'WQ001') not in ('WQ001', ''):
                    continue
                k = (os.path.realpath(e['file']), int(e['line']))
                plan.setdefault(k, []).append(e)
    except (OSError, ValueError) as err:
        sys.stderr.write('sleep-on.cocci: cannot read WQPORT_PLAN %s: %s\n' % (path, err))
    return plan


WQ_PLAN = wq_plan_load()


def wq_port_queues(p):
    """Plan mode: the file's 2.0-2.2 queue and entry declarations are
    ported with its sleeps (a convert entry of the file says so)."""
    if WQ_PLAN is None:
        return False
    if wq_text_reason(wq_key(p)) in (R_OLD, R_MACRO):
        return False  # a branch for older kernels keeps their API
    rp = os.path.realpath(p[0].file)
    return any(e.get('port_queues') and e.get('action') == 'convert'
               for (f, _), es in WQ_PLAN.items() if f == rp for e in es)

_wq_cache = {}


def wq_text(fname):
    """(lines, masked text, line start offsets) of a file; comments and
    string literals are blanked in the masked text (same length)."""
    rp = os.path.realpath(fname)
    if rp in _wq_cache:
        return _wq_cache[rp]
    try:
        with open(rp, encoding='utf-8', errors='replace') as fh:
            text = fh.read()
    except OSError:
        text = ''
    def blank(m):
        return re.sub(r'[^\n]', ' ', m.group(0))
    sl = chr(47)
    dq, sq = chr(34), chr(39)
    pat = (sl + r'\*.*?\*' + sl + '|' + sl + sl + r'[^\n]*|' +
           dq + r'(?:\\.|[^\\\n' + dq + '])*' + dq + '|' +
           sq + r'(?:\\.|[^\\\n' + sq + '])*' + sq)
    masked = re.sub(pat, blank, text, flags=re.S)
    lines = text.split('\n')
    starts = [0]
    for l in lines:
        starts.append(starts[-1] + len(l) + 1)
    if len(_wq_cache) > 4:
        _wq_cache.clear()
    _wq_cache[rp] = (lines, masked, starts)
    return _wq_cache[rp]


def wq_key(p):
    return (os.path.realpath(p[0].file), int(p[0].line), int(p[0].column))


def wq_name(p):
    lines, _, _ = wq_text(p[0].file)
    try:
        s = lines[int(p[0].line) - 1][int(p[0].column):]
    except IndexError:
        return WQ_SLEEPERS[0]
    m = re.match(r'\w+', s)
    return m.group(0) if m and m.group(0) in WQ_SLEEPERS else WQ_SLEEPERS[0]


def wq_flat(s):
    return re.sub(r'\s+', '', str(s))


_IF_OLD = re.compile(r'LINUX_VERSION_CODE\s*(<|<=|>=|>)\s*KERNEL_VERSION')


def wq_cpp_state(masked, upto):
    """Is offset upto inside #if 0 or an old-kernel branch?"""
    stack = []  # each: [kind, in_old_branch]
    for m in re.finditer(r'^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b([^\n]*)',
                         masked[:upto], re.M):
        d, rest = m.group(1), m.group(2).strip()
        if d == 'if':
            if re.match(r'0\b', rest):
                stack.append(['zero', True])
            else:
                mo = _IF_OLD.search(rest)
                if mo and mo.group(1) in ('<', '<='):
                    stack.append(['lvc', True])
                elif mo:
                    stack.append(['lvc', False])
                else:
                    stack.append(['other', False])
        elif d in ('ifdef', 'ifndef'):
            stack.append(['other', False])
        elif d == 'elif' and stack:
            if stack[-1][0] in ('zero', 'lvc'):
                stack[-1] = ['other', False]
        elif d == 'else' and stack:
            if stack[-1][0] in ('zero', 'lvc'):
                stack[-1][1] = not stack[-1][1]
        elif d == 'endif' and stack:
            stack.pop()
    return any(s[1] for s in stack)


def wq_text_reason(k):
    """macro, old-kernel-branch or do-while, from the file text."""
    rp, line, col = k
    lines, masked, starts = wq_text(rp)
    i = line - 1
    if i >= len(lines):
        return None
    j = i
    while j > 0 and lines[j - 1].rstrip().endswith('\\'):
        j -= 1
    if re.match(r'\s*#\s*define\b', lines[j]):
        return R_MACRO
    off = starts[i] + col
    if wq_cpp_state(masked, off):
        return R_OLD
    # do-while: the innermost enclosing block opens right after "do",
    # or the sleep is the body of a braceless "do".
    if re.search(r'\bdo\s*$', masked[:off]):
        return R_DOWHILE
    depth = 0
    pos = off - 1
    while pos >= 0:
        c = masked[pos]
        if c == '}':
            depth += 1
        elif c == '{':
            if depth == 0:
                if re.search(r'\bdo\s*$', masked[:pos]):
                    return R_DOWHILE
                break
            depth -= 1
        pos -= 1
    return None


def wq_plan_entry(k, name):
    es = WQ_PLAN.get((k[0], k[1])) if WQ_PLAN is not None else None
    if not es:
        return None
    for e in es:
        if e.get('anchor', name) == name:
            return e
    return es[0]


def wq_fact(p, fact):
    WQ_FACTS.setdefault(wq_key(p), set()).add(fact)


def wq_pre(p, reason):
    WQ_PRE.setdefault(wq_key(p), reason)


def wq_decide(p, form, refuse=None, plan_only=False, caveat='', lock=None, need_cond=False,
              keep=None):
    """True if this shape may rewrite the site into form().  Records the
    decision (first rule to decide a site owns it).  keep: True for a shape
    that keeps the loop, False for one that removes it, None otherwise; a
    plan entry's keep_loop must agree with it."""
    k = wq_key(p)
    if k in WQ_DECIDED:
        return False
    hard = wq_text_reason(k)
    if hard == R_DOWHILE and WQ_PLAN is not None:
        # a prepare_to_wait() form, or a plain delay on a queue nothing
        # wakes, replaces the call in place: the do-while around it stays
        e = wq_plan_entry(k, wq_name(p))
        if e and (e.get('form') or '').startswith(('prepare_to_wait',
                                                   'schedule_timeout')):
            hard = None
    if hard:
        WQ_DECIDED[k] = ('refuse', hard)
        return False
    if WQ_PLAN is not None:
        e = wq_plan_entry(k, wq_name(p))
        if e is None:
            WQ_NOTES.setdefault(k, 'not in the plan')
            return False
        if e.get('action') != 'convert':
            WQ_DECIDED[k] = ('refuse', e.get('reason') or 'refused by the plan')
            return False
        if not form or e.get('form') != form:
            WQ_NOTES.setdefault(k, 'no-patch: this shape gives %s() but the plan says %s()'
                                % (form or 'nothing', e.get('form')))
            return False
        if keep is not None and bool(e.get('keep_loop')) != keep:
            WQ_NOTES.setdefault(k, 'no-patch: the plan says keep_loop, but this shape '
                                'removes the loop' if not keep else
                                'no-patch: this shape keeps the loop, but the plan '
                                'does not say keep_loop')
            return False
        if need_cond and not e.get('cond'):
            WQ_NOTES.setdefault(k, 'no-condition: the plan names no condition for '
                                'this one-shot sleep')
            return False
        if lock is not None and e.get('lock') and wq_flat(e['lock']) != wq_flat(lock):
            WQ_NOTES.setdefault(k, 'no-patch: the loop drops lock %s but the plan says %s'
                                % (lock, e['lock']))
            return False
        WQ_DECIDED[k] = ('convert', form, e.get('caveat', ''))
        return True
    if k in WQ_PRE:
        WQ_DECIDED[k] = ('refuse', WQ_PRE[k])
        return False
    if plan_only:
        return False
    if refuse:
        WQ_DECIDED[k] = ('refuse', refuse)
        return False
    if not form:
        return False
    WQ_DECIDED[k] = ('convert', form, caveat)
    return True


def wq_plan_cond(p):
    e = wq_plan_entry(wq_key(p), wq_name(p)) if WQ_PLAN is not None else None
    return (e or {}).get('cond') or ''


def wq_queue(q):
    """The wait_queue_head_t lvalue for the sleep_on argument q."""
    q = str(q).strip()
    if q.startswith('&'):
        return q[1:].strip()
    if re.match(r'^[A-Za-z_]\w*(\s*(->|\.)\s*[A-Za-z_]\w*)*$', q):
        return '*' + q
    return '*(' + q + ')'


def wq_has_jump(s):
    return re.search(r'\b(break|continue)\b', str(s)) is not None


def wq_queue_used_elsewhere(p, q):
    """Is the queue of this sleep named anywhere in the file other than in
    sleep_on-family calls, its initialisation and its declaration?"""
    m = re.search(r'(\w+)[\s)]*$', str(q))
    if not m:
        return True
    name = m.group(1)
    _, masked, _ = wq_text(p[0].file)
    path = re.compile(r'(?:&|\*|\(|\s|\w+\s*(?:->|\.)\s*|\)\s*(?:->|\.)\s*)*$')
    ok = re.compile(r'\b(?:%s|init_waitqueue_head'
                    r'|DECLARE_WAIT_QUEUE_HEAD(?:_ONSTACK)?)\s*$' % WQ_SLEEPER_RE)
    for m in re.finditer(r'\b%s\b' % re.escape(name), masked):
        before = masked[max(0, m.start() - 200):m.start()]
        before = before[:path.search(before).start()]
        if ok.search(before):
            continue
        line_start = masked.rfind('\n', 0, m.start()) + 1
        ltxt = masked[line_start:m.start()]
        if re.match(r'\s*(static\s+)?(wait_queue_head_t|struct\s+wait_queue_head)\b', ltxt):
            continue
        return True
    return False


def wq_mode_msg(p):
    k = wq_key(p)
    name = wq_name(p)
    d = WQ_DECIDED.get(k)
    if d and d[0] == 'convert':
        msg = '%s() can be converted to %s()' % (name, d[1])
        if d[2]:
            msg += ' (caveat: %s)' % d[2]
        return msg
    if d:
        return '%s() needs manual conversion: %s' % (name, d[1])
    hard = wq_text_reason(k)
    if hard:
        return '%s() needs manual conversion: %s' % (name, hard)
    if WQ_PLAN is not None:
        e = wq_plan_entry(k, name)
        if e is not None and e.get('action') == 'convert' and k not in WQ_NOTES:
            return ('%s() needs manual conversion: no-patch: no rule of this semantic '
                    'patch produces %s() for this shape' % (name, e.get('form')))
        return '%s() needs manual conversion: %s' % (name, WQ_NOTES.get(k, 'not in the plan'))
    if k in WQ_PRE:
        return '%s() needs manual conversion: %s' % (name, WQ_PRE[k])
    f = WQ_FACTS.get(k, set())
    if 'bare' not in f:
        why = R_USED
    elif 'inloop' in f:
        why = R_POLL if name.endswith('_timeout') else R_WORK
    else:
        why = R_NOCOND
    return '%s() needs manual conversion: %s' % (name, why)


class WqPos(object):
    def __init__(self, f, line, col, colend):
        self.file = f
        self.line = str(line)
        self.column = str(col)
        self.line_end = str(line)
        self.column_end = str(colend)
        self.current_element = 'something_else'


# the sleepers of each standalone sleep-on-0?-*.cocci, in their order:
# the first sleeper, the timed pair, the other one
WQ_GROUPS = [(WQ_SLEEPERS[0],), tuple(n for n in WQ_SLEEPERS if n in WQ_FORM_T)]
WQ_GROUPS += [(n,) for n in WQ_SLEEPERS if not any(n in g for g in WQ_GROUPS)]


def wq_hidden_sites(p, names):
    """Sites spatch never parses (#if 0), listed once per file, by the
    standalone file of the sleepers names (WQ_GROUPS): those of its
    sleepers, and those of sleepers with no parsed site in the text if it
    is the first file with one.  names () lists none."""
    groups = WQ_GROUPS
    rp = os.path.realpath(p[0].file)
    if not names or (rp, names) in WQ_REPORTED:
        return []
    WQ_REPORTED.add((rp, names))
    lines, masked, starts = wq_text(rp)
    hidden, live = [], set()
    for m in re.finditer(r'\b%s\s*\(' % WQ_SLEEPER_RE, masked):
        name = re.match(r'\w+', masked[m.start():]).group(0)
        g = [i for i, ns in enumerate(groups) if name in ns][0]
        if not wq_cpp_state(masked, m.start()) or \
                not re.search(r'^[ \t]*#[ \t]*if[ \t]+0\b', masked[:m.start()], re.M):
            live.add(g)
            continue
        hidden.append((m, name, g))
    out = []
    for m, name, g in hidden:
        if groups[g if g in live or not live else min(live)] != names:
            continue
        line = masked.count('\n', 0, m.start()) + 1
        col = m.start() - starts[line - 1]
        out.append((WqPos(p[0].file, line, col, col + len(name)),
                    '%s() needs manual conversion: %s' % (name, R_OLD)))
    return out


def wq_print(p, org, names):
    """List the site p (and the file's #if 0 sites this file lists:
    wq_hidden_sites())."""
    import coccilib.report
    import coccilib.org
    items = []
    for hp, hm in wq_hidden_sites(p, names):
        if (os.path.realpath(hp.file), int(hp.line), int(hp.column)) != wq_key(p):
            items.append((hp, hm))
    items.append((p[0], wq_mode_msg(p)))
    for pos, msg in items:
        if org:
            coccilib.org.print_todo(pos, msg)
        else:
            coccilib.report.print_report(pos, msg)
