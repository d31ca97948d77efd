// SPDX-License-Identifier: GPL-2.0-only
/// Convert the sleep_on() family, removed in Linux 3.15, to wait_event*().
///
/// sleep_on(), interruptible_sleep_on() and their _timeout variants test the
/// condition before the task is on the wait queue, so a wake-up that comes in
/// between is lost.  wait_event*() queue the task before testing.  Rewritten
/// shapes:
///   while (!c) sleep_on(&q);                 -> wait_event(q, c);
///   while (!c) { interruptible_sleep_on(&q);
///       if (signal_pending(current)) S }     -> if (wait_event_interruptible(q, c)) S
///   while (!c && !signal_pending(current)) interruptible_sleep_on(&q);
///   if (signal_pending(current)) S           -> if (wait_event_interruptible(q, c)) S
///   ... { ret = E; break; }                  -> if (wait_event_interruptible(q, c)) ret = E;
///   while (!c && t) t = *sleep_on_timeout(&q, t);  -> t = wait_event*_timeout(q, c, t);
///   (also written `t > 0`)
///   spin_unlock_irq(&l); sleep_on(&q); spin_lock_irq(&l); in the loop
///                                            -> wait_event[_interruptible]_lock_irq(q, c, l)
///   sleep_on_timeout(&q, t) on a queue nothing else uses
///                                            -> schedule_timeout_uninterruptible(t)
/// The driver's own error code is kept.  Sites whose meaning would change
/// (one-shot sleeps, interruptible loops without a signal test, unsigned or
/// unknown timeout types, do-while loops, interrupts disabled, irqsave locks,
/// #define bodies, #if 0) are left alone and listed with a reason in report
/// and org mode.  With WQPORT_PLAN set (wqport fix), only the sites the plan
/// says to convert, into the primitive it names, are rewritten.
//
// Confidence: Moderate
// Copyright: (C) 2026 The wqport authors.
// Options: --no-includes --include-headers
// Requires: 1.1.1
// Keywords: sleep_on, wait_event
//
// Layout: pre_* rules classify every site (irqs off, irqsave lock, bare,
// assigned, in a loop, signed/unsigned receiver); then one triple per shape:
// r_<shape> matches (all modes), s_<shape> decides in Python and drops the
// match with cocci.include_match(False), t_<shape> rewrites (patch mode
// only); the first shape that decides a site owns it.  site lists every
// call in report/org mode; the last rule stars every call in context mode.
// The triples are regular: keep them in step when editing one.
//
// Plan mode (WQPORT_PLAN=file of JSON lines, see README.md): keyed by
// (realpath(file), line of the sleep_on-family identifier).  Fields read:
// action (only "convert" is rewritten), form (must equal what the shape
// produces), cond (only for a bare sleep with no condition of its own),
// lock (when set, must equal the lock the loop drops), keep_loop (only the
// keep* shapes convert such entries, and only them), caveat and reason
// (printed in report/org mode).  Forms produced, by shape:
//   loop          wait_event / wait_event_interruptible (while (!c) sleep;)
//   sig, brk      wait_event_interruptible (loop with a signal_pending test)
//   sigh          wait_event_interruptible (the signal tested in the loop head
//                 and right after the loop)
//   to            wait_event_timeout / wait_event_interruptible_timeout
//   to2, to2u     the same, for t = sleep(q, T); if (!t) ... loops
//   lock          wait_event_lock_irq
//   lock_sig/brk  wait_event_interruptible_lock_irq
//   keep*         wait_event / wait_event_interruptible in a loop that stays
//                 (plan mode, keep_loop entries only; the other loop shapes
//                 leave keep_loop entries alone)
//   ifsig, if     wait_event / wait_event_interruptible (one-shot, unsafe)
//   ift           wait_event_timeout / wait_event_interruptible_timeout
//   delay         schedule_timeout_uninterruptible / schedule_timeout_interruptible
//   cond*         wait_event* with the plan's cond (plan mode only)
//   ptw*          prepare_to_wait (plan mode only; adds DEFINE_WAIT)
// Never rewritten, in any mode: do-while loops, #define bodies, #if 0 and
// old-kernel LINUX_VERSION_CODE branches (checked on the file text).

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import os, re, json, sys

# the sleep_on() family (checker/kapi.def KAPI_SLEEP_ON rows)
WQ_SLEEPERS = ('sleep_on', 'interruptible_sleep_on', 'sleep_on_timeout', 'interruptible_sleep_on_timeout')
WQ_SLEEPER_RE = '(?:%s)' % '|'.join(WQ_SLEEPERS)
WQ_DECIDED = {}	# site -> ('convert', form, caveat) or ('refuse', reason)
WQ_NOTES = {}	# site -> why a plan-mode site matched a shape but was kept
WQ_PRE = {}	# site -> reason found by the pre-classification rules
WQ_FACTS = {}	# site -> set of facts ('bare', 'assign', 'inloop', ...)
WQ_FNWAIT = {}	# (realpath, function) -> name of the DEFINE_WAIT entry
WQ_FNLEFT = {}	# (realpath, function) -> the hoisted schedule_timeout() result
WQ_REPORTED = set()	# files whose #if 0 sites were listed already

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
		return False	# a branch for older kernels keeps their API
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
	stack = []	# each: [kind, in_old_branch]
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
		# a prepare_to_wait() form replaces the call in place: the
		# do-while around it stays
		e = wq_plan_entry(k, wq_name(p))
		if e and (e.get('form') or '').startswith('prepare_to_wait'):
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


def wq_hidden_sites(p):
	"""Sites spatch never parses (#if 0): listed once per file."""
	rp = os.path.realpath(p[0].file)
	if rp in WQ_REPORTED:
		return []
	WQ_REPORTED.add(rp)
	lines, masked, starts = wq_text(rp)
	out = []
	for m in re.finditer(r'\b%s\s*\(' % WQ_SLEEPER_RE, masked):
		if not wq_cpp_state(masked, m.start()):
			continue
		if not re.search(r'^[ \t]*#[ \t]*if[ \t]+0\b', masked[:m.start()], re.M):
			continue
		line = masked.count('\n', 0, m.start()) + 1
		col = m.start() - starts[line - 1]
		name = re.match(r'\w+', masked[m.start():]).group(0)
		out.append((WqPos(p[0].file, line, col, col + len(name)),
			    '%s() needs manual conversion: %s' % (name, R_OLD)))
	return out


def wq_print(p, org):
	import coccilib.report
	import coccilib.org
	items = []
	for hp, hm in wq_hidden_sites(p):
		if (os.path.realpath(hp.file), int(hp.line), int(hp.column)) != wq_key(p):
			items.append((hp, hm))
	items.append((p[0], wq_mode_msg(p)))
	for pos, msg in items:
		if org:
			coccilib.org.print_todo(pos, msg)
		else:
			coccilib.report.print_report(pos, msg)

# what replaces each sleep_on() call (checker/kapi.def KAPI_SLEEP_ON rows):
# untimed, timed, the plain delay for a timed one on an unused queue, and
# the interruptible ones
WQ_FORM_NI = {'sleep_on': 'wait_event', 'interruptible_sleep_on': 'wait_event_interruptible'}
WQ_FORM_T = {'sleep_on_timeout': 'wait_event_timeout', 'interruptible_sleep_on_timeout': 'wait_event_interruptible_timeout'}
WQ_FORM_D = {'sleep_on_timeout': 'schedule_timeout_uninterruptible', 'interruptible_sleep_on_timeout': 'schedule_timeout_interruptible'}
WQ_INTR = ('interruptible_sleep_on', 'interruptible_sleep_on_timeout')
WQ_CUR = ['']	# realpath of the file the last site came from

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


def wq_wait_name(p):
	rp = os.path.realpath(p[0].file)
	fn = str(p[0].current_element)
	k = (rp, fn)
	if k not in WQ_FNWAIT:
		span = wq_fn_span(p)
		for n in ('wait', 'wait_entry', 'wq_wait', 'sleep_wait'):
			if not re.search(r'\b%s\b' % n, span):
				break
		WQ_FNWAIT[k] = n
	WQ_CUR[0] = rp
	return WQ_FNWAIT[k]


def wq_left_name(p):
	"""The variable that takes schedule_timeout()'s result out of an if
	or a return (a name the function does not use)."""
	rp = os.path.realpath(p[0].file)
	k = (rp, str(p[0].current_element))
	if k not in WQ_FNLEFT:
		span = wq_fn_span(p)
		for n in ('left', 'time_left', 'remaining', 'wq_left'):
			if not re.search(r'\b%s\b' % n, span):
				break
		WQ_FNLEFT[k] = n
	return WQ_FNLEFT[k]


def wq_fn_needs_wait(fn):
	return (WQ_CUR[0], str(fn)) in WQ_FNWAIT


def wq_fn_left(fn):
	"""The hoisted result's name in fn, or None."""
	return WQ_FNLEFT.get((WQ_CUR[0], str(fn)))


def wq_fn_wait_name(fn):
	return WQ_FNWAIT.get((WQ_CUR[0], str(fn)), 'wait')


def wq_run(kind, p, env, outs, co):
	"""Decide one match of shape kind; set the script outputs.  True keeps
	the match (the patch rule may rewrite it)."""
	name = wq_name(p)
	res = {'NC': 'x', 'QQ': 'x', 'LL': 'x', 'PC': 'x', 'WE': 'x', 'W': 'x', 'ST': 'x',
	       'LV': 'x'}
	ok = wq_shape(kind, name, p, env, res)
	for o in outs:
		if OUTKIND_PY[o] == 'e':
			setattr(co, o, cocci.make_expr(res[o]))
		else:
			setattr(co, o, cocci.make_ident(res[o]))
	return ok


OUTKIND_PY = {'NC': 'e', 'QQ': 'e', 'LL': 'e', 'PC': 'e', 'WE': 'i', 'W': 'i', 'ST': 'i',
	      'LV': 'i'}


WQ_LOOP_SHAPES = ('loop', 'sig', 'sigh', 'brk', 'to', 'to2', 'to2u', 'lock', 'lock_sig', 'lock_brk')


def wq_shape(kind, name, p, env, res):
	base = kind[:-4] if kind.endswith('_pos') else kind
	if base.startswith('keep') and WQ_PLAN is None:
		return False	# plan mode only: the plan vouches for the early exits
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
	elif base in ('ptw', 'ptw_t', 'ptw_ta', 'ptwu', 'ptwu_t', 'ptwu_ta',
		      'ptwul', 'ptwul_t', 'ptwul_ta', 'ptwi', 'ptwi_t', 'ptwi_ta',
		      'ptwh', 'ptwhu', 'ptwhul', 'ptwhi'):
		plan_only = True
		form = ('prepare_to_wait-unlock' if base in ('ptwu', 'ptwu_t', 'ptwu_ta', 'ptwhu',
							     'ptwul', 'ptwul_t', 'ptwul_ta',
							     'ptwhul') else
			'prepare_to_wait-irq' if base in ('ptwi', 'ptwi_t', 'ptwi_ta', 'ptwhi') else
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

// ---- pre-classification (all modes, no changes) ----

@pre_irqoff disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr exists@
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
\(sleep_on@p(...)\|interruptible_sleep_on@p(...)\|sleep_on_timeout@p(...)\|interruptible_sleep_on_timeout@p(...)\);
|
F = \(sleep_on@p(...)\|interruptible_sleep_on@p(...)\|sleep_on_timeout@p(...)\|interruptible_sleep_on_timeout@p(...)\);
)

@script:python@
p << pre_irqoff.p;
@@
wq_pre(p, R_IRQ)

@pre_restore disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression L, F, x;
position p;
@@

spin_unlock_irqrestore(L, F);
(
\(sleep_on@p(...)\|interruptible_sleep_on@p(...)\|sleep_on_timeout@p(...)\|interruptible_sleep_on_timeout@p(...)\);
|
x = \(sleep_on@p(...)\|interruptible_sleep_on@p(...)\|sleep_on_timeout@p(...)\|interruptible_sleep_on_timeout@p(...)\);
)

@script:python@
p << pre_restore.p;
@@
wq_pre(p, R_RESTORE)

@pre_bare disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
position p;
@@

\(sleep_on@p(...)\|interruptible_sleep_on@p(...)\|sleep_on_timeout@p(...)\|interruptible_sleep_on_timeout@p(...)\);

@script:python@
p << pre_bare.p;
@@
wq_fact(p, 'bare')

@pre_assign disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression x;
position p;
@@

x = \(sleep_on@p(...)\|interruptible_sleep_on@p(...)\|sleep_on_timeout@p(...)\|interruptible_sleep_on_timeout@p(...)\);

@script:python@
p << pre_assign.p;
@@
wq_fact(p, 'assign')

@pre_loop disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression E, E1, E2, E3;
position p;
@@

(
while (E) { <+... \(sleep_on@p(...)\|interruptible_sleep_on@p(...)\|sleep_on_timeout@p(...)\|interruptible_sleep_on_timeout@p(...)\) ...+> }
|
for (E1; E2; E3) { <+... \(sleep_on@p(...)\|interruptible_sleep_on@p(...)\|sleep_on_timeout@p(...)\|interruptible_sleep_on_timeout@p(...)\) ...+> }
|
for (; E2; E3) { <+... \(sleep_on@p(...)\|interruptible_sleep_on@p(...)\|sleep_on_timeout@p(...)\|interruptible_sleep_on_timeout@p(...)\) ...+> }
|
for (;; E3) { <+... \(sleep_on@p(...)\|interruptible_sleep_on@p(...)\|sleep_on_timeout@p(...)\|interruptible_sleep_on_timeout@p(...)\) ...+> }
|
for (;;) { <+... \(sleep_on@p(...)\|interruptible_sleep_on@p(...)\|sleep_on_timeout@p(...)\|interruptible_sleep_on_timeout@p(...)\) ...+> }
)

@script:python@
p << pre_loop.p;
@@
wq_fact(p, 'inloop')

@pre_signed disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
{long, int, long int, signed long} t;
position p;
@@

t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(...)

@script:python@
p << pre_signed.p;
@@
wq_fact(p, 'signed')

@pre_unsigned disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
{unsigned long, unsigned int, unsigned} t;
position p;
@@

t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(...)

@script:python@
p << pre_unsigned.p;
@@
wq_fact(p, 'unsigned')

@r_loop disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression C, Q0;
position p;
@@

(
while (!C) \(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
|
while (!C) {
	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
}
|
for (;;) {
	if (C)
		break;
	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
}
|
while (1) {
	if (C)
		break;
	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
}
)

@script:python s_loop@
p << r_loop.p;
C << r_loop.C;
Q0 << r_loop.Q0;
QQ;
WE;
NC;
@@
if not wq_run('loop', p, {'C': C, 'Q0': Q0}, ['QQ', 'WE', 'NC'], coccinelle):
	cocci.include_match(False)

@t_loop depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_loop.C, r_loop.Q0;
position r_loop.p;
expression s_loop.QQ;
identifier s_loop.WE;
expression s_loop.NC;
@@

(
- while (!C) \(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
+ WE(QQ, NC);
|
- while (!C) {
-	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
- }
+ WE(QQ, NC);
|
- for (;;) {
-	if (C)
-		break;
-	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
- }
+ WE(QQ, NC);
|
- while (1) {
-	if (C)
-		break;
-	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
- }
+ WE(QQ, NC);
)

@r_loop_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression C, Q0;
position p;
@@

(
while (C) \(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
|
while (C) {
	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
}
)

@script:python s_loop_pos@
p << r_loop_pos.p;
C << r_loop_pos.C;
Q0 << r_loop_pos.Q0;
QQ;
WE;
NC;
@@
if not wq_run('loop_pos', p, {'C': C, 'Q0': Q0}, ['QQ', 'WE', 'NC'], coccinelle):
	cocci.include_match(False)

@t_loop_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_loop_pos.C, r_loop_pos.Q0;
position r_loop_pos.p;
expression s_loop_pos.QQ;
identifier s_loop_pos.WE;
expression s_loop_pos.NC;
@@

(
- while (C) \(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
+ WE(QQ, NC);
|
- while (C) {
-	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
- }
+ WE(QQ, NC);
)

@r_sig disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression C, Q0;
statement S;
position p;
@@

(
while (!C) {
	interruptible_sleep_on@p(Q0);
	if (SIGE)
		S
}
|
for (;;) {
	if (C)
		break;
	interruptible_sleep_on@p(Q0);
	if (SIGE)
		S
}
|
while (1) {
	if (C)
		break;
	interruptible_sleep_on@p(Q0);
	if (SIGE)
		S
}
|
while (!C) {
	if (SIGE)
		S
	interruptible_sleep_on@p(Q0);
}
|
for (;;) {
	if (C)
		break;
	if (SIGE)
		S
	interruptible_sleep_on@p(Q0);
}
|
while (1) {
	if (C)
		break;
	if (SIGE)
		S
	interruptible_sleep_on@p(Q0);
}
)

@script:python s_sig@
p << r_sig.p;
C << r_sig.C;
Q0 << r_sig.Q0;
SIGE << r_sig.SIGE;
S << r_sig.S;
QQ;
NC;
@@
if not wq_run('sig', p, {'C': C, 'Q0': Q0, 'SIGE': SIGE, 'S': S}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_sig depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_sig.C, r_sig.Q0, r_sig.SIGE;
statement r_sig.S;
position r_sig.p;
expression s_sig.QQ;
expression s_sig.NC;
@@

(
- while (!C) {
-	interruptible_sleep_on@p(Q0);
-	if (SIGE)
-		S
- }
+ if (wait_event_interruptible(QQ, NC))
+	S
|
- for (;;) {
-	if (C)
-		break;
-	interruptible_sleep_on@p(Q0);
-	if (SIGE)
-		S
- }
+ if (wait_event_interruptible(QQ, NC))
+	S
|
- while (1) {
-	if (C)
-		break;
-	interruptible_sleep_on@p(Q0);
-	if (SIGE)
-		S
- }
+ if (wait_event_interruptible(QQ, NC))
+	S
|
- while (!C) {
-	if (SIGE)
-		S
-	interruptible_sleep_on@p(Q0);
- }
+ if (wait_event_interruptible(QQ, NC))
+	S
|
- for (;;) {
-	if (C)
-		break;
-	if (SIGE)
-		S
-	interruptible_sleep_on@p(Q0);
- }
+ if (wait_event_interruptible(QQ, NC))
+	S
|
- while (1) {
-	if (C)
-		break;
-	if (SIGE)
-		S
-	interruptible_sleep_on@p(Q0);
- }
+ if (wait_event_interruptible(QQ, NC))
+	S
)

@r_sig_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression C, Q0;
statement S;
position p;
@@

(
while (C) {
	interruptible_sleep_on@p(Q0);
	if (SIGE)
		S
}
|
while (C) {
	if (SIGE)
		S
	interruptible_sleep_on@p(Q0);
}
)

@script:python s_sig_pos@
p << r_sig_pos.p;
C << r_sig_pos.C;
Q0 << r_sig_pos.Q0;
SIGE << r_sig_pos.SIGE;
S << r_sig_pos.S;
QQ;
NC;
@@
if not wq_run('sig_pos', p, {'C': C, 'Q0': Q0, 'SIGE': SIGE, 'S': S}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_sig_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_sig_pos.C, r_sig_pos.Q0, r_sig_pos.SIGE;
statement r_sig_pos.S;
position r_sig_pos.p;
expression s_sig_pos.QQ;
expression s_sig_pos.NC;
@@

(
- while (C) {
-	interruptible_sleep_on@p(Q0);
-	if (SIGE)
-		S
- }
+ if (wait_event_interruptible(QQ, NC))
+	S
|
- while (C) {
-	if (SIGE)
-		S
-	interruptible_sleep_on@p(Q0);
- }
+ if (wait_event_interruptible(QQ, NC))
+	S
)

@r_sigh disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression C, Q0;
statement S;
position p;
@@

(
while (!C && !SIGE) interruptible_sleep_on@p(Q0);
if (SIGE)
	S
|
while (!C && !SIGE) {
	interruptible_sleep_on@p(Q0);
}
if (SIGE)
	S
)

@script:python s_sigh@
p << r_sigh.p;
C << r_sigh.C;
Q0 << r_sigh.Q0;
SIGE << r_sigh.SIGE;
S << r_sigh.S;
QQ;
NC;
@@
if not wq_run('sigh', p, {'C': C, 'Q0': Q0, 'SIGE': SIGE, 'S': S}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_sigh depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_sigh.C, r_sigh.Q0, r_sigh.SIGE;
statement r_sigh.S;
position r_sigh.p;
expression s_sigh.QQ;
expression s_sigh.NC;
@@

(
- while (!C && !SIGE) interruptible_sleep_on@p(Q0);
- if (SIGE)
-	S
+ if (wait_event_interruptible(QQ, NC))
+	S
|
- while (!C && !SIGE) {
-	interruptible_sleep_on@p(Q0);
- }
- if (SIGE)
-	S
+ if (wait_event_interruptible(QQ, NC))
+	S
)

@r_sigh_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression C, Q0;
statement S;
position p;
@@

(
while (C && !SIGE) interruptible_sleep_on@p(Q0);
if (SIGE)
	S
|
while (C && !SIGE) {
	interruptible_sleep_on@p(Q0);
}
if (SIGE)
	S
)

@script:python s_sigh_pos@
p << r_sigh_pos.p;
C << r_sigh_pos.C;
Q0 << r_sigh_pos.Q0;
SIGE << r_sigh_pos.SIGE;
S << r_sigh_pos.S;
QQ;
NC;
@@
if not wq_run('sigh_pos', p, {'C': C, 'Q0': Q0, 'SIGE': SIGE, 'S': S}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_sigh_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_sigh_pos.C, r_sigh_pos.Q0, r_sigh_pos.SIGE;
statement r_sigh_pos.S;
position r_sigh_pos.p;
expression s_sigh_pos.QQ;
expression s_sigh_pos.NC;
@@

(
- while (C && !SIGE) interruptible_sleep_on@p(Q0);
- if (SIGE)
-	S
+ if (wait_event_interruptible(QQ, NC))
+	S
|
- while (C && !SIGE) {
-	interruptible_sleep_on@p(Q0);
- }
- if (SIGE)
-	S
+ if (wait_event_interruptible(QQ, NC))
+	S
)

@r_brk disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression C, Q0, R, E;
position p, pw;
@@

(
while@pw (!C) {
	interruptible_sleep_on@p(Q0);
	if (SIGE) {
		R = E;
		break;
	}
}
|
for@pw (;;) {
	if (C)
		break;
	interruptible_sleep_on@p(Q0);
	if (SIGE) {
		R = E;
		break;
	}
}
|
while@pw (1) {
	if (C)
		break;
	interruptible_sleep_on@p(Q0);
	if (SIGE) {
		R = E;
		break;
	}
}
|
while@pw (!C) {
	if (SIGE) {
		R = E;
		break;
	}
	interruptible_sleep_on@p(Q0);
}
|
for@pw (;;) {
	if (C)
		break;
	if (SIGE) {
		R = E;
		break;
	}
	interruptible_sleep_on@p(Q0);
}
|
while@pw (1) {
	if (C)
		break;
	if (SIGE) {
		R = E;
		break;
	}
	interruptible_sleep_on@p(Q0);
}
)

@script:python s_brk@
p << r_brk.p;
C << r_brk.C;
Q0 << r_brk.Q0;
R << r_brk.R;
E << r_brk.E;
SIGE << r_brk.SIGE;
QQ;
NC;
@@
if not wq_run('brk', p, {'C': C, 'Q0': Q0, 'R': R, 'E': E, 'SIGE': SIGE}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_brk depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_brk.R, r_brk.E;
position r_brk.pw;
expression E0;
statement S0;
expression s_brk.QQ;
expression s_brk.NC;
@@

(
- while@pw (E0) S0
+ if (wait_event_interruptible(QQ, NC))
+	R = E;
|
- for@pw (;;) S0
+ if (wait_event_interruptible(QQ, NC))
+	R = E;
)

@r_brk_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression C, Q0, R, E;
position p, pw;
@@

(
while@pw (C) {
	interruptible_sleep_on@p(Q0);
	if (SIGE) {
		R = E;
		break;
	}
}
|
while@pw (C) {
	if (SIGE) {
		R = E;
		break;
	}
	interruptible_sleep_on@p(Q0);
}
)

@script:python s_brk_pos@
p << r_brk_pos.p;
C << r_brk_pos.C;
Q0 << r_brk_pos.Q0;
R << r_brk_pos.R;
E << r_brk_pos.E;
SIGE << r_brk_pos.SIGE;
QQ;
NC;
@@
if not wq_run('brk_pos', p, {'C': C, 'Q0': Q0, 'R': R, 'E': E, 'SIGE': SIGE}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_brk_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_brk_pos.R, r_brk_pos.E;
position r_brk_pos.pw;
expression E0;
statement S0;
expression s_brk_pos.QQ;
expression s_brk_pos.NC;
@@

- while@pw (E0) S0
+ if (wait_event_interruptible(QQ, NC))
+	R = E;

@r_to disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression C, Q0, t;
position p;
@@

(
while (!C && t) t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
|
while (!C && t) {
	t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
}
|
while (!C && t > 0) t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
|
while (!C && t > 0) {
	t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
}
)

@script:python s_to@
p << r_to.p;
C << r_to.C;
Q0 << r_to.Q0;
t << r_to.t;
QQ;
WE;
NC;
@@
if not wq_run('to', p, {'C': C, 'Q0': Q0, 't': t}, ['QQ', 'WE', 'NC'], coccinelle):
	cocci.include_match(False)

@t_to depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_to.C, r_to.Q0, r_to.t;
position r_to.p;
expression s_to.QQ;
identifier s_to.WE;
expression s_to.NC;
@@

(
- while (!C && t) t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
+ t = WE(QQ, NC, t);
|
- while (!C && t) {
-	t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
- }
+ t = WE(QQ, NC, t);
|
- while (!C && t > 0) t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
+ t = WE(QQ, NC, t);
|
- while (!C && t > 0) {
-	t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
- }
+ t = WE(QQ, NC, t);
)

@r_to_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression C, Q0, t;
position p;
@@

(
while (C && t) t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
|
while (C && t) {
	t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
}
|
while (C && t > 0) t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
|
while (C && t > 0) {
	t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
}
)

@script:python s_to_pos@
p << r_to_pos.p;
C << r_to_pos.C;
Q0 << r_to_pos.Q0;
t << r_to_pos.t;
QQ;
WE;
NC;
@@
if not wq_run('to_pos', p, {'C': C, 'Q0': Q0, 't': t}, ['QQ', 'WE', 'NC'], coccinelle):
	cocci.include_match(False)

@t_to_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_to_pos.C, r_to_pos.Q0, r_to_pos.t;
position r_to_pos.p;
expression s_to_pos.QQ;
identifier s_to_pos.WE;
expression s_to_pos.NC;
@@

(
- while (C && t) t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
+ t = WE(QQ, NC, t);
|
- while (C && t) {
-	t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
- }
+ t = WE(QQ, NC, t);
|
- while (C && t > 0) t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
+ t = WE(QQ, NC, t);
|
- while (C && t > 0) {
-	t = \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, t);
- }
+ t = WE(QQ, NC, t);
)

@r_to2 disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression C, Q0, t, T;
statement S1, S2;
position p;
@@

while (!C) {
	t = interruptible_sleep_on_timeout@p(Q0, T);
	if (SIGE)
		S1
	if (!t)
		S2
}

@script:python s_to2@
p << r_to2.p;
C << r_to2.C;
Q0 << r_to2.Q0;
t << r_to2.t;
T << r_to2.T;
SIGE << r_to2.SIGE;
S1 << r_to2.S1;
S2 << r_to2.S2;
QQ;
NC;
@@
if not wq_run('to2', p, {'C': C, 'Q0': Q0, 't': t, 'T': T, 'SIGE': SIGE, 'S1': S1, 'S2': S2}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_to2 depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_to2.C, r_to2.Q0, r_to2.t, r_to2.T, r_to2.SIGE;
statement r_to2.S1, r_to2.S2;
position r_to2.p;
expression s_to2.QQ;
expression s_to2.NC;
@@

- while (!C) {
-	t = interruptible_sleep_on_timeout@p(Q0, T);
-	if (SIGE)
-		S1
-	if (!t)
-		S2
- }
+ t = wait_event_interruptible_timeout(QQ, NC, T);
+ if (t < 0)
+	S1
+ if (!t)
+	S2

@r_to2_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression C, Q0, t, T;
statement S1, S2;
position p;
@@

while (C) {
	t = interruptible_sleep_on_timeout@p(Q0, T);
	if (SIGE)
		S1
	if (!t)
		S2
}

@script:python s_to2_pos@
p << r_to2_pos.p;
C << r_to2_pos.C;
Q0 << r_to2_pos.Q0;
t << r_to2_pos.t;
T << r_to2_pos.T;
SIGE << r_to2_pos.SIGE;
S1 << r_to2_pos.S1;
S2 << r_to2_pos.S2;
QQ;
NC;
@@
if not wq_run('to2_pos', p, {'C': C, 'Q0': Q0, 't': t, 'T': T, 'SIGE': SIGE, 'S1': S1, 'S2': S2}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_to2_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_to2_pos.C, r_to2_pos.Q0, r_to2_pos.t, r_to2_pos.T, r_to2_pos.SIGE;
statement r_to2_pos.S1, r_to2_pos.S2;
position r_to2_pos.p;
expression s_to2_pos.QQ;
expression s_to2_pos.NC;
@@

- while (C) {
-	t = interruptible_sleep_on_timeout@p(Q0, T);
-	if (SIGE)
-		S1
-	if (!t)
-		S2
- }
+ t = wait_event_interruptible_timeout(QQ, NC, T);
+ if (t < 0)
+	S1
+ if (!t)
+	S2

@r_to2u disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression C, Q0, t, T;
statement S2;
position p;
@@

while (!C) {
	t = sleep_on_timeout@p(Q0, T);
	if (!t)
		S2
}

@script:python s_to2u@
p << r_to2u.p;
C << r_to2u.C;
Q0 << r_to2u.Q0;
t << r_to2u.t;
T << r_to2u.T;
S2 << r_to2u.S2;
QQ;
NC;
@@
if not wq_run('to2u', p, {'C': C, 'Q0': Q0, 't': t, 'T': T, 'S2': S2}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_to2u depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_to2u.C, r_to2u.Q0, r_to2u.t, r_to2u.T;
statement r_to2u.S2;
position r_to2u.p;
expression s_to2u.QQ;
expression s_to2u.NC;
@@

- while (!C) {
-	t = sleep_on_timeout@p(Q0, T);
-	if (!t)
-		S2
- }
+ t = wait_event_timeout(QQ, NC, T);
+ if (!t)
+	S2

@r_to2u_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression C, Q0, t, T;
statement S2;
position p;
@@

while (C) {
	t = sleep_on_timeout@p(Q0, T);
	if (!t)
		S2
}

@script:python s_to2u_pos@
p << r_to2u_pos.p;
C << r_to2u_pos.C;
Q0 << r_to2u_pos.Q0;
t << r_to2u_pos.t;
T << r_to2u_pos.T;
S2 << r_to2u_pos.S2;
QQ;
NC;
@@
if not wq_run('to2u_pos', p, {'C': C, 'Q0': Q0, 't': t, 'T': T, 'S2': S2}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_to2u_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_to2u_pos.C, r_to2u_pos.Q0, r_to2u_pos.t, r_to2u_pos.T;
statement r_to2u_pos.S2;
position r_to2u_pos.p;
expression s_to2u_pos.QQ;
expression s_to2u_pos.NC;
@@

- while (C) {
-	t = sleep_on_timeout@p(Q0, T);
-	if (!t)
-		S2
- }
+ t = wait_event_timeout(QQ, NC, T);
+ if (!t)
+	S2

@r_lock disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
identifier ULK =~ "^spin_unlock_irq$";
identifier LCK =~ "^spin_lock_irq$";
expression C, Q0, L0;
position p;
@@

while (!C) {
	ULK(L0);
	sleep_on@p(Q0);
	LCK(L0);
}

@script:python s_lock@
p << r_lock.p;
C << r_lock.C;
Q0 << r_lock.Q0;
L0 << r_lock.L0;
ULK << r_lock.ULK;
LCK << r_lock.LCK;
QQ;
LL;
NC;
@@
if not wq_run('lock', p, {'C': C, 'Q0': Q0, 'L0': L0, 'ULK': ULK, 'LCK': LCK}, ['QQ', 'LL', 'NC'], coccinelle):
	cocci.include_match(False)

@t_lock depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_lock.C, r_lock.Q0, r_lock.L0;
identifier r_lock.ULK, r_lock.LCK;
position r_lock.p;
expression s_lock.QQ;
expression s_lock.LL;
expression s_lock.NC;
@@

- while (!C) {
-	ULK(L0);
-	sleep_on@p(Q0);
-	LCK(L0);
- }
+ wait_event_lock_irq(QQ, NC, LL);

@r_lock_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
identifier ULK =~ "^spin_unlock_irq$";
identifier LCK =~ "^spin_lock_irq$";
expression C, Q0, L0;
position p;
@@

while (C) {
	ULK(L0);
	sleep_on@p(Q0);
	LCK(L0);
}

@script:python s_lock_pos@
p << r_lock_pos.p;
C << r_lock_pos.C;
Q0 << r_lock_pos.Q0;
L0 << r_lock_pos.L0;
ULK << r_lock_pos.ULK;
LCK << r_lock_pos.LCK;
QQ;
LL;
NC;
@@
if not wq_run('lock_pos', p, {'C': C, 'Q0': Q0, 'L0': L0, 'ULK': ULK, 'LCK': LCK}, ['QQ', 'LL', 'NC'], coccinelle):
	cocci.include_match(False)

@t_lock_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_lock_pos.C, r_lock_pos.Q0, r_lock_pos.L0;
identifier r_lock_pos.ULK, r_lock_pos.LCK;
position r_lock_pos.p;
expression s_lock_pos.QQ;
expression s_lock_pos.LL;
expression s_lock_pos.NC;
@@

- while (C) {
-	ULK(L0);
-	sleep_on@p(Q0);
-	LCK(L0);
- }
+ wait_event_lock_irq(QQ, NC, LL);

@r_lock_sig disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
identifier ULK =~ "^spin_unlock_irq$";
identifier LCK =~ "^spin_lock_irq$";
expression C, Q0, L0;
statement S;
position p;
@@

(
while (!C) {
	ULK(L0);
	interruptible_sleep_on@p(Q0);
	LCK(L0);
	if (SIGE)
		S
}
|
while (!C) {
	if (SIGE)
		S
	ULK(L0);
	interruptible_sleep_on@p(Q0);
	LCK(L0);
}
)

@script:python s_lock_sig@
p << r_lock_sig.p;
C << r_lock_sig.C;
Q0 << r_lock_sig.Q0;
L0 << r_lock_sig.L0;
SIGE << r_lock_sig.SIGE;
S << r_lock_sig.S;
ULK << r_lock_sig.ULK;
LCK << r_lock_sig.LCK;
QQ;
LL;
NC;
@@
if not wq_run('lock_sig', p, {'C': C, 'Q0': Q0, 'L0': L0, 'SIGE': SIGE, 'S': S, 'ULK': ULK, 'LCK': LCK}, ['QQ', 'LL', 'NC'], coccinelle):
	cocci.include_match(False)

@t_lock_sig depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_lock_sig.C, r_lock_sig.Q0, r_lock_sig.L0, r_lock_sig.SIGE;
statement r_lock_sig.S;
identifier r_lock_sig.ULK, r_lock_sig.LCK;
position r_lock_sig.p;
expression s_lock_sig.QQ;
expression s_lock_sig.LL;
expression s_lock_sig.NC;
@@

(
- while (!C) {
-	ULK(L0);
-	interruptible_sleep_on@p(Q0);
-	LCK(L0);
-	if (SIGE)
-		S
- }
+ if (wait_event_interruptible_lock_irq(QQ, NC, LL))
+	S
|
- while (!C) {
-	if (SIGE)
-		S
-	ULK(L0);
-	interruptible_sleep_on@p(Q0);
-	LCK(L0);
- }
+ if (wait_event_interruptible_lock_irq(QQ, NC, LL))
+	S
)

@r_lock_sig_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
identifier ULK =~ "^spin_unlock_irq$";
identifier LCK =~ "^spin_lock_irq$";
expression C, Q0, L0;
statement S;
position p;
@@

(
while (C) {
	ULK(L0);
	interruptible_sleep_on@p(Q0);
	LCK(L0);
	if (SIGE)
		S
}
|
while (C) {
	if (SIGE)
		S
	ULK(L0);
	interruptible_sleep_on@p(Q0);
	LCK(L0);
}
)

@script:python s_lock_sig_pos@
p << r_lock_sig_pos.p;
C << r_lock_sig_pos.C;
Q0 << r_lock_sig_pos.Q0;
L0 << r_lock_sig_pos.L0;
SIGE << r_lock_sig_pos.SIGE;
S << r_lock_sig_pos.S;
ULK << r_lock_sig_pos.ULK;
LCK << r_lock_sig_pos.LCK;
QQ;
LL;
NC;
@@
if not wq_run('lock_sig_pos', p, {'C': C, 'Q0': Q0, 'L0': L0, 'SIGE': SIGE, 'S': S, 'ULK': ULK, 'LCK': LCK}, ['QQ', 'LL', 'NC'], coccinelle):
	cocci.include_match(False)

@t_lock_sig_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_lock_sig_pos.C, r_lock_sig_pos.Q0, r_lock_sig_pos.L0, r_lock_sig_pos.SIGE;
statement r_lock_sig_pos.S;
identifier r_lock_sig_pos.ULK, r_lock_sig_pos.LCK;
position r_lock_sig_pos.p;
expression s_lock_sig_pos.QQ;
expression s_lock_sig_pos.LL;
expression s_lock_sig_pos.NC;
@@

(
- while (C) {
-	ULK(L0);
-	interruptible_sleep_on@p(Q0);
-	LCK(L0);
-	if (SIGE)
-		S
- }
+ if (wait_event_interruptible_lock_irq(QQ, NC, LL))
+	S
|
- while (C) {
-	if (SIGE)
-		S
-	ULK(L0);
-	interruptible_sleep_on@p(Q0);
-	LCK(L0);
- }
+ if (wait_event_interruptible_lock_irq(QQ, NC, LL))
+	S
)

@r_lock_brk disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
identifier ULK =~ "^spin_unlock_irq$";
identifier LCK =~ "^spin_lock_irq$";
expression C, Q0, L0, R, E;
position p, pw;
@@

(
while@pw (!C) {
	ULK(L0);
	interruptible_sleep_on@p(Q0);
	LCK(L0);
	if (SIGE) {
		R = E;
		break;
	}
}
|
while@pw (!C) {
	if (SIGE) {
		R = E;
		break;
	}
	ULK(L0);
	interruptible_sleep_on@p(Q0);
	LCK(L0);
}
)

@script:python s_lock_brk@
p << r_lock_brk.p;
C << r_lock_brk.C;
Q0 << r_lock_brk.Q0;
L0 << r_lock_brk.L0;
R << r_lock_brk.R;
E << r_lock_brk.E;
SIGE << r_lock_brk.SIGE;
ULK << r_lock_brk.ULK;
LCK << r_lock_brk.LCK;
QQ;
LL;
NC;
@@
if not wq_run('lock_brk', p, {'C': C, 'Q0': Q0, 'L0': L0, 'R': R, 'E': E, 'SIGE': SIGE, 'ULK': ULK, 'LCK': LCK}, ['QQ', 'LL', 'NC'], coccinelle):
	cocci.include_match(False)

@t_lock_brk depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_lock_brk.R, r_lock_brk.E;
position r_lock_brk.pw;
expression E0;
statement S0;
expression s_lock_brk.QQ;
expression s_lock_brk.LL;
expression s_lock_brk.NC;
@@

- while@pw (E0) S0
+ if (wait_event_interruptible_lock_irq(QQ, NC, LL))
+	R = E;

@r_lock_brk_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
identifier ULK =~ "^spin_unlock_irq$";
identifier LCK =~ "^spin_lock_irq$";
expression C, Q0, L0, R, E;
position p, pw;
@@

(
while@pw (C) {
	ULK(L0);
	interruptible_sleep_on@p(Q0);
	LCK(L0);
	if (SIGE) {
		R = E;
		break;
	}
}
|
while@pw (C) {
	if (SIGE) {
		R = E;
		break;
	}
	ULK(L0);
	interruptible_sleep_on@p(Q0);
	LCK(L0);
}
)

@script:python s_lock_brk_pos@
p << r_lock_brk_pos.p;
C << r_lock_brk_pos.C;
Q0 << r_lock_brk_pos.Q0;
L0 << r_lock_brk_pos.L0;
R << r_lock_brk_pos.R;
E << r_lock_brk_pos.E;
SIGE << r_lock_brk_pos.SIGE;
ULK << r_lock_brk_pos.ULK;
LCK << r_lock_brk_pos.LCK;
QQ;
LL;
NC;
@@
if not wq_run('lock_brk_pos', p, {'C': C, 'Q0': Q0, 'L0': L0, 'R': R, 'E': E, 'SIGE': SIGE, 'ULK': ULK, 'LCK': LCK}, ['QQ', 'LL', 'NC'], coccinelle):
	cocci.include_match(False)

@t_lock_brk_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_lock_brk_pos.R, r_lock_brk_pos.E;
position r_lock_brk_pos.pw;
expression E0;
statement S0;
expression s_lock_brk_pos.QQ;
expression s_lock_brk_pos.LL;
expression s_lock_brk_pos.NC;
@@

- while@pw (E0) S0
+ if (wait_event_interruptible_lock_irq(QQ, NC, LL))
+	R = E;

@r_keep_sig disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression C, Q0;
statement S;
position p;
@@

(
while (!C) {
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
	interruptible_sleep_on@p(Q0);
	if (SIGE)
		S
}
|
for (;;) {
	if (C)
		break;
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
	interruptible_sleep_on@p(Q0);
	if (SIGE)
		S
}
|
while (1) {
	if (C)
		break;
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
	interruptible_sleep_on@p(Q0);
	if (SIGE)
		S
}
)

@script:python s_keep_sig@
p << r_keep_sig.p;
C << r_keep_sig.C;
Q0 << r_keep_sig.Q0;
SIGE << r_keep_sig.SIGE;
S << r_keep_sig.S;
QQ;
NC;
@@
if not wq_run('keep_sig', p, {'C': C, 'Q0': Q0, 'SIGE': SIGE, 'S': S}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_keep_sig depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_keep_sig.C, r_keep_sig.Q0, r_keep_sig.SIGE;
statement r_keep_sig.S;
position r_keep_sig.p;
expression s_keep_sig.QQ;
expression s_keep_sig.NC;
@@

(
while (!C) {
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
-	interruptible_sleep_on@p(Q0);
-	if (SIGE)
-		S
+	if (wait_event_interruptible(QQ, NC))
+		S
}
|
for (;;) {
	if (C)
		break;
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
-	interruptible_sleep_on@p(Q0);
-	if (SIGE)
-		S
+	if (wait_event_interruptible(QQ, NC))
+		S
}
|
while (1) {
	if (C)
		break;
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
-	interruptible_sleep_on@p(Q0);
-	if (SIGE)
-		S
+	if (wait_event_interruptible(QQ, NC))
+		S
}
)

@r_keep_sig_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression C, Q0;
statement S;
position p;
@@

while (C) {
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
	interruptible_sleep_on@p(Q0);
	if (SIGE)
		S
}

@script:python s_keep_sig_pos@
p << r_keep_sig_pos.p;
C << r_keep_sig_pos.C;
Q0 << r_keep_sig_pos.Q0;
SIGE << r_keep_sig_pos.SIGE;
S << r_keep_sig_pos.S;
QQ;
NC;
@@
if not wq_run('keep_sig_pos', p, {'C': C, 'Q0': Q0, 'SIGE': SIGE, 'S': S}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_keep_sig_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_keep_sig_pos.C, r_keep_sig_pos.Q0, r_keep_sig_pos.SIGE;
statement r_keep_sig_pos.S;
position r_keep_sig_pos.p;
expression s_keep_sig_pos.QQ;
expression s_keep_sig_pos.NC;
@@

while (C) {
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
-	interruptible_sleep_on@p(Q0);
-	if (SIGE)
-		S
+	if (wait_event_interruptible(QQ, NC))
+		S
}

@r_keep_sigb disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression C, Q0;
statement S;
position p;
@@

(
while (!C) {
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
	if (SIGE)
		S
	interruptible_sleep_on@p(Q0);
}
|
for (;;) {
	if (C)
		break;
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
	if (SIGE)
		S
	interruptible_sleep_on@p(Q0);
}
|
while (1) {
	if (C)
		break;
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
	if (SIGE)
		S
	interruptible_sleep_on@p(Q0);
}
)

@script:python s_keep_sigb@
p << r_keep_sigb.p;
C << r_keep_sigb.C;
Q0 << r_keep_sigb.Q0;
SIGE << r_keep_sigb.SIGE;
S << r_keep_sigb.S;
QQ;
NC;
@@
if not wq_run('keep_sigb', p, {'C': C, 'Q0': Q0, 'SIGE': SIGE, 'S': S}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_keep_sigb depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_keep_sigb.C, r_keep_sigb.Q0, r_keep_sigb.SIGE;
statement r_keep_sigb.S;
position r_keep_sigb.p;
expression s_keep_sigb.QQ;
expression s_keep_sigb.NC;
@@

(
while (!C) {
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
-	if (SIGE)
-		S
-	interruptible_sleep_on@p(Q0);
+	if (wait_event_interruptible(QQ, NC))
+		S
}
|
for (;;) {
	if (C)
		break;
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
-	if (SIGE)
-		S
-	interruptible_sleep_on@p(Q0);
+	if (wait_event_interruptible(QQ, NC))
+		S
}
|
while (1) {
	if (C)
		break;
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
-	if (SIGE)
-		S
-	interruptible_sleep_on@p(Q0);
+	if (wait_event_interruptible(QQ, NC))
+		S
}
)

@r_keep_sigb_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression C, Q0;
statement S;
position p;
@@

while (C) {
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
	if (SIGE)
		S
	interruptible_sleep_on@p(Q0);
}

@script:python s_keep_sigb_pos@
p << r_keep_sigb_pos.p;
C << r_keep_sigb_pos.C;
Q0 << r_keep_sigb_pos.Q0;
SIGE << r_keep_sigb_pos.SIGE;
S << r_keep_sigb_pos.S;
QQ;
NC;
@@
if not wq_run('keep_sigb_pos', p, {'C': C, 'Q0': Q0, 'SIGE': SIGE, 'S': S}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_keep_sigb_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_keep_sigb_pos.C, r_keep_sigb_pos.Q0, r_keep_sigb_pos.SIGE;
statement r_keep_sigb_pos.S;
position r_keep_sigb_pos.p;
expression s_keep_sigb_pos.QQ;
expression s_keep_sigb_pos.NC;
@@

while (C) {
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
-	if (SIGE)
-		S
-	interruptible_sleep_on@p(Q0);
+	if (wait_event_interruptible(QQ, NC))
+		S
}

@r_keep disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression C, Q0;
position p;
@@

(
while (!C) {
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
}
|
for (;;) {
	if (C)
		break;
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
}
|
while (1) {
	if (C)
		break;
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
}
)

@script:python s_keep@
p << r_keep.p;
C << r_keep.C;
Q0 << r_keep.Q0;
QQ;
WE;
NC;
@@
if not wq_run('keep', p, {'C': C, 'Q0': Q0}, ['QQ', 'WE', 'NC'], coccinelle):
	cocci.include_match(False)

@t_keep depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_keep.C, r_keep.Q0;
position r_keep.p;
expression s_keep.QQ;
identifier s_keep.WE;
expression s_keep.NC;
@@

(
while (!C) {
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
-	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
+	WE(QQ, NC);
}
|
for (;;) {
	if (C)
		break;
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
-	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
+	WE(QQ, NC);
}
|
while (1) {
	if (C)
		break;
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
-	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
+	WE(QQ, NC);
}
)

@r_keep_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression C, Q0;
position p;
@@

while (C) {
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
}

@script:python s_keep_pos@
p << r_keep_pos.p;
C << r_keep_pos.C;
Q0 << r_keep_pos.Q0;
QQ;
WE;
NC;
@@
if not wq_run('keep_pos', p, {'C': C, 'Q0': Q0}, ['QQ', 'WE', 'NC'], coccinelle):
	cocci.include_match(False)

@t_keep_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_keep_pos.C, r_keep_pos.Q0;
position r_keep_pos.p;
expression s_keep_pos.QQ;
identifier s_keep_pos.WE;
expression s_keep_pos.NC;
@@

while (C) {
	... when != \(sleep_on(...)\|interruptible_sleep_on(...)\|sleep_on_timeout(...)\|interruptible_sleep_on_timeout(...)\)
-	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
+	WE(QQ, NC);
}

@r_ifsig disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression C, Q0;
statement S;
position p;
@@

(
if (!C) interruptible_sleep_on@p(Q0);
if (SIGE)
	S
|
if (!C) {
	interruptible_sleep_on@p(Q0);
}
if (SIGE)
	S
|
if (!C) {
	interruptible_sleep_on@p(Q0);
	if (SIGE)
		S
}
)

@script:python s_ifsig@
p << r_ifsig.p;
C << r_ifsig.C;
Q0 << r_ifsig.Q0;
SIGE << r_ifsig.SIGE;
S << r_ifsig.S;
QQ;
NC;
@@
if not wq_run('ifsig', p, {'C': C, 'Q0': Q0, 'SIGE': SIGE, 'S': S}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_ifsig depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ifsig.C, r_ifsig.Q0, r_ifsig.SIGE;
statement r_ifsig.S;
position r_ifsig.p;
expression s_ifsig.QQ;
expression s_ifsig.NC;
@@

(
- if (!C) interruptible_sleep_on@p(Q0);
- if (SIGE)
-	S
+ if (wait_event_interruptible(QQ, NC))
+	S
|
- if (!C) {
-	interruptible_sleep_on@p(Q0);
- }
- if (SIGE)
-	S
+ if (wait_event_interruptible(QQ, NC))
+	S
|
- if (!C) {
-	interruptible_sleep_on@p(Q0);
-	if (SIGE)
-		S
- }
+ if (wait_event_interruptible(QQ, NC))
+	S
)

@r_ifsig_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression C, Q0;
statement S;
position p;
@@

(
if (C) interruptible_sleep_on@p(Q0);
if (SIGE)
	S
|
if (C) {
	interruptible_sleep_on@p(Q0);
}
if (SIGE)
	S
|
if (C) {
	interruptible_sleep_on@p(Q0);
	if (SIGE)
		S
}
)

@script:python s_ifsig_pos@
p << r_ifsig_pos.p;
C << r_ifsig_pos.C;
Q0 << r_ifsig_pos.Q0;
SIGE << r_ifsig_pos.SIGE;
S << r_ifsig_pos.S;
QQ;
NC;
@@
if not wq_run('ifsig_pos', p, {'C': C, 'Q0': Q0, 'SIGE': SIGE, 'S': S}, ['QQ', 'NC'], coccinelle):
	cocci.include_match(False)

@t_ifsig_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ifsig_pos.C, r_ifsig_pos.Q0, r_ifsig_pos.SIGE;
statement r_ifsig_pos.S;
position r_ifsig_pos.p;
expression s_ifsig_pos.QQ;
expression s_ifsig_pos.NC;
@@

(
- if (C) interruptible_sleep_on@p(Q0);
- if (SIGE)
-	S
+ if (wait_event_interruptible(QQ, NC))
+	S
|
- if (C) {
-	interruptible_sleep_on@p(Q0);
- }
- if (SIGE)
-	S
+ if (wait_event_interruptible(QQ, NC))
+	S
|
- if (C) {
-	interruptible_sleep_on@p(Q0);
-	if (SIGE)
-		S
- }
+ if (wait_event_interruptible(QQ, NC))
+	S
)

@r_if disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression C, Q0;
position p;
@@

(
if (!C) \(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
|
if (!C) {
	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
}
)

@script:python s_if@
p << r_if.p;
C << r_if.C;
Q0 << r_if.Q0;
QQ;
WE;
NC;
@@
if not wq_run('if', p, {'C': C, 'Q0': Q0}, ['QQ', 'WE', 'NC'], coccinelle):
	cocci.include_match(False)

@t_if depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_if.C, r_if.Q0;
position r_if.p;
expression s_if.QQ;
identifier s_if.WE;
expression s_if.NC;
@@

(
- if (!C) \(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
+ WE(QQ, NC);
|
- if (!C) {
-	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
- }
+ WE(QQ, NC);
)

@r_if_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression C, Q0;
position p;
@@

(
if (C) \(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
|
if (C) {
	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
}
)

@script:python s_if_pos@
p << r_if_pos.p;
C << r_if_pos.C;
Q0 << r_if_pos.Q0;
QQ;
WE;
NC;
@@
if not wq_run('if_pos', p, {'C': C, 'Q0': Q0}, ['QQ', 'WE', 'NC'], coccinelle):
	cocci.include_match(False)

@t_if_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_if_pos.C, r_if_pos.Q0;
position r_if_pos.p;
expression s_if_pos.QQ;
identifier s_if_pos.WE;
expression s_if_pos.NC;
@@

(
- if (C) \(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
+ WE(QQ, NC);
|
- if (C) {
-	\(sleep_on@p\|interruptible_sleep_on@p\)(Q0);
- }
+ WE(QQ, NC);
)

@r_ift disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression C, Q0, T;
position p;
@@

(
if (!C) \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, T);
|
if (!C) {
	\(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, T);
}
)

@script:python s_ift@
p << r_ift.p;
C << r_ift.C;
Q0 << r_ift.Q0;
T << r_ift.T;
QQ;
WE;
NC;
@@
if not wq_run('ift', p, {'C': C, 'Q0': Q0, 'T': T}, ['QQ', 'WE', 'NC'], coccinelle):
	cocci.include_match(False)

@t_ift depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ift.C, r_ift.Q0, r_ift.T;
position r_ift.p;
expression s_ift.QQ;
identifier s_ift.WE;
expression s_ift.NC;
@@

(
- if (!C) \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, T);
+ WE(QQ, NC, T);
|
- if (!C) {
-	\(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, T);
- }
+ WE(QQ, NC, T);
)

@r_ift_pos disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression C, Q0, T;
position p;
@@

(
if (C) \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, T);
|
if (C) {
	\(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, T);
}
)

@script:python s_ift_pos@
p << r_ift_pos.p;
C << r_ift_pos.C;
Q0 << r_ift_pos.Q0;
T << r_ift_pos.T;
QQ;
WE;
NC;
@@
if not wq_run('ift_pos', p, {'C': C, 'Q0': Q0, 'T': T}, ['QQ', 'WE', 'NC'], coccinelle):
	cocci.include_match(False)

@t_ift_pos depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ift_pos.C, r_ift_pos.Q0, r_ift_pos.T;
position r_ift_pos.p;
expression s_ift_pos.QQ;
identifier s_ift_pos.WE;
expression s_ift_pos.NC;
@@

(
- if (C) \(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, T);
+ WE(QQ, NC, T);
|
- if (C) {
-	\(sleep_on_timeout@p\|interruptible_sleep_on_timeout@p\)(Q0, T);
- }
+ WE(QQ, NC, T);
)

@r_delay disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression Q0, T;
position p;
@@

(
sleep_on_timeout@p(Q0, T)
|
interruptible_sleep_on_timeout@p(Q0, T)
)

@script:python s_delay@
p << r_delay.p;
Q0 << r_delay.Q0;
T << r_delay.T;
@@
if not wq_run('delay', p, {'Q0': Q0, 'T': T}, [], coccinelle):
	cocci.include_match(False)

@t_delay depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_delay.Q0, r_delay.T;
position r_delay.p;
@@

(
- sleep_on_timeout@p(Q0, T)
+ schedule_timeout_uninterruptible(T)
|
- interruptible_sleep_on_timeout@p(Q0, T)
+ schedule_timeout_interruptible(T)
)

@r_cond_sig disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression SIGE : script:python () { wq_is_sig(SIGE) };
expression Q0;
statement S;
position p;
@@

interruptible_sleep_on@p(Q0);
if (SIGE)
	S

@script:python s_cond_sig@
p << r_cond_sig.p;
Q0 << r_cond_sig.Q0;
SIGE << r_cond_sig.SIGE;
S << r_cond_sig.S;
QQ;
PC;
@@
if not wq_run('cond_sig', p, {'Q0': Q0, 'SIGE': SIGE, 'S': S}, ['QQ', 'PC'], coccinelle):
	cocci.include_match(False)

@t_cond_sig depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_cond_sig.Q0, r_cond_sig.SIGE;
statement r_cond_sig.S;
position r_cond_sig.p;
expression s_cond_sig.QQ;
expression s_cond_sig.PC;
@@

- interruptible_sleep_on@p(Q0);
- if (SIGE)
-	S
+ if (wait_event_interruptible(QQ, PC))
+	S

@r_cond disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression Q0;
position p;
@@

(
sleep_on@p(Q0);
|
interruptible_sleep_on@p(Q0);
)

@script:python s_cond@
p << r_cond.p;
Q0 << r_cond.Q0;
QQ;
WE;
PC;
@@
if not wq_run('cond', p, {'Q0': Q0}, ['QQ', 'WE', 'PC'], coccinelle):
	cocci.include_match(False)

@t_cond depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_cond.Q0;
position r_cond.p;
expression s_cond.QQ;
identifier s_cond.WE;
expression s_cond.PC;
@@

(
- sleep_on@p(Q0);
+ WE(QQ, PC);
|
- interruptible_sleep_on@p(Q0);
+ WE(QQ, PC);
)

@r_cond_t disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression Q0, T;
position p;
@@

(
sleep_on_timeout@p(Q0, T)
|
interruptible_sleep_on_timeout@p(Q0, T)
)

@script:python s_cond_t@
p << r_cond_t.p;
Q0 << r_cond_t.Q0;
T << r_cond_t.T;
QQ;
WE;
PC;
@@
if not wq_run('cond_t', p, {'Q0': Q0, 'T': T}, ['QQ', 'WE', 'PC'], coccinelle):
	cocci.include_match(False)

@t_cond_t depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_cond_t.Q0, r_cond_t.T;
position r_cond_t.p;
expression s_cond_t.QQ;
identifier s_cond_t.WE;
expression s_cond_t.PC;
@@

(
- sleep_on_timeout@p(Q0, T)
+ WE(QQ, PC, T)
|
- interruptible_sleep_on_timeout@p(Q0, T)
+ WE(QQ, PC, T)
)

@r_ptw disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression Q0;
position p;
@@

(
sleep_on@p(Q0);
|
interruptible_sleep_on@p(Q0);
)

@script:python s_ptw@
p << r_ptw.p;
Q0 << r_ptw.Q0;
W;
ST;
@@
if not wq_run('ptw', p, {'Q0': Q0}, ['W', 'ST'], coccinelle):
	cocci.include_match(False)

@t_ptw depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptw.Q0;
position r_ptw.p;
identifier s_ptw.W;
identifier s_ptw.ST;
@@

(
- sleep_on@p(Q0);
+ prepare_to_wait(Q0, &W, ST);
+ schedule();
+ finish_wait(Q0, &W);
|
- interruptible_sleep_on@p(Q0);
+ prepare_to_wait(Q0, &W, ST);
+ schedule();
+ finish_wait(Q0, &W);
)

@r_ptw_t disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression Q0, T;
position p;
@@

(
sleep_on_timeout@p(Q0, T);
|
interruptible_sleep_on_timeout@p(Q0, T);
)

@script:python s_ptw_t@
p << r_ptw_t.p;
Q0 << r_ptw_t.Q0;
T << r_ptw_t.T;
W;
ST;
@@
if not wq_run('ptw_t', p, {'Q0': Q0, 'T': T}, ['W', 'ST'], coccinelle):
	cocci.include_match(False)

@t_ptw_t depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptw_t.Q0, r_ptw_t.T;
position r_ptw_t.p;
identifier s_ptw_t.W;
identifier s_ptw_t.ST;
@@

(
- sleep_on_timeout@p(Q0, T);
+ prepare_to_wait(Q0, &W, ST);
+ schedule_timeout(T);
+ finish_wait(Q0, &W);
|
- interruptible_sleep_on_timeout@p(Q0, T);
+ prepare_to_wait(Q0, &W, ST);
+ schedule_timeout(T);
+ finish_wait(Q0, &W);
)

@r_ptw_ta disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression Q0, T, x;
position p;
@@

(
x = sleep_on_timeout@p(Q0, T);
|
x = interruptible_sleep_on_timeout@p(Q0, T);
)

@script:python s_ptw_ta@
p << r_ptw_ta.p;
Q0 << r_ptw_ta.Q0;
T << r_ptw_ta.T;
x << r_ptw_ta.x;
W;
ST;
@@
if not wq_run('ptw_ta', p, {'Q0': Q0, 'T': T, 'x': x}, ['W', 'ST'], coccinelle):
	cocci.include_match(False)

@t_ptw_ta depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptw_ta.Q0, r_ptw_ta.T, r_ptw_ta.x;
position r_ptw_ta.p;
identifier s_ptw_ta.W;
identifier s_ptw_ta.ST;
@@

(
- x = sleep_on_timeout@p(Q0, T);
+ prepare_to_wait(Q0, &W, ST);
+ x = schedule_timeout(T);
+ finish_wait(Q0, &W);
|
- x = interruptible_sleep_on_timeout@p(Q0, T);
+ prepare_to_wait(Q0, &W, ST);
+ x = schedule_timeout(T);
+ finish_wait(Q0, &W);
)

@r_ptwu disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
identifier UNL =~ "^(spin_unlock|spin_unlock_irq|spin_unlock_irqrestore|spin_unlock_bh|raw_spin_unlock|raw_spin_unlock_irq|raw_spin_unlock_irqrestore|read_unlock|read_unlock_irq|read_unlock_irqrestore|write_unlock|write_unlock_irq|write_unlock_irqrestore|mutex_unlock|up|up_read|up_write|local_irq_restore|local_irq_enable|restore_flags|sti|enable_irq|xa_unlock|xa_unlock_bh|xa_unlock_irq|xa_unlock_irqrestore|xas_unlock|xas_unlock_bh|xas_unlock_irq|xas_unlock_irqrestore|release_sock|unlock_kernel|tty_unlock|tasklet_schedule|tasklet_hi_schedule|schedule_work|queue_work|queue_work_on|schedule_delayed_work|queue_delayed_work|mod_delayed_work|wake_up_process|complete|add_timer|add_timer_on|mod_timer|hrtimer_start|hrtimer_start_range_ns)$";
expression Q0;
position p;
@@

(
  UNL(...);
sleep_on@p(Q0);
|
  UNL(...);
interruptible_sleep_on@p(Q0);
)

@script:python s_ptwu@
p << r_ptwu.p;
Q0 << r_ptwu.Q0;
UNL << r_ptwu.UNL;
W;
ST;
@@
if not wq_run('ptwu', p, {'Q0': Q0, 'UNL': UNL}, ['W', 'ST'], coccinelle):
	cocci.include_match(False)

@t_ptwu depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptwu.Q0;
identifier r_ptwu.UNL;
position r_ptwu.p;
identifier s_ptwu.W;
identifier s_ptwu.ST;
@@

(
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
- sleep_on@p(Q0);
+ schedule();
+ finish_wait(Q0, &W);
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
- interruptible_sleep_on@p(Q0);
+ schedule();
+ finish_wait(Q0, &W);
)

@r_ptwu_t disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
identifier UNL =~ "^(spin_unlock|spin_unlock_irq|spin_unlock_irqrestore|spin_unlock_bh|raw_spin_unlock|raw_spin_unlock_irq|raw_spin_unlock_irqrestore|read_unlock|read_unlock_irq|read_unlock_irqrestore|write_unlock|write_unlock_irq|write_unlock_irqrestore|mutex_unlock|up|up_read|up_write|local_irq_restore|local_irq_enable|restore_flags|sti|enable_irq|xa_unlock|xa_unlock_bh|xa_unlock_irq|xa_unlock_irqrestore|xas_unlock|xas_unlock_bh|xas_unlock_irq|xas_unlock_irqrestore|release_sock|unlock_kernel|tty_unlock|tasklet_schedule|tasklet_hi_schedule|schedule_work|queue_work|queue_work_on|schedule_delayed_work|queue_delayed_work|mod_delayed_work|wake_up_process|complete|add_timer|add_timer_on|mod_timer|hrtimer_start|hrtimer_start_range_ns)$";
expression Q0, T;
position p;
@@

(
  UNL(...);
sleep_on_timeout@p(Q0, T);
|
  UNL(...);
interruptible_sleep_on_timeout@p(Q0, T);
)

@script:python s_ptwu_t@
p << r_ptwu_t.p;
Q0 << r_ptwu_t.Q0;
T << r_ptwu_t.T;
UNL << r_ptwu_t.UNL;
W;
ST;
@@
if not wq_run('ptwu_t', p, {'Q0': Q0, 'T': T, 'UNL': UNL}, ['W', 'ST'], coccinelle):
	cocci.include_match(False)

@t_ptwu_t depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptwu_t.Q0, r_ptwu_t.T;
identifier r_ptwu_t.UNL;
position r_ptwu_t.p;
identifier s_ptwu_t.W;
identifier s_ptwu_t.ST;
@@

(
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
- sleep_on_timeout@p(Q0, T);
+ schedule_timeout(T);
+ finish_wait(Q0, &W);
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
- interruptible_sleep_on_timeout@p(Q0, T);
+ schedule_timeout(T);
+ finish_wait(Q0, &W);
)

@r_ptwu_ta disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
identifier UNL =~ "^(spin_unlock|spin_unlock_irq|spin_unlock_irqrestore|spin_unlock_bh|raw_spin_unlock|raw_spin_unlock_irq|raw_spin_unlock_irqrestore|read_unlock|read_unlock_irq|read_unlock_irqrestore|write_unlock|write_unlock_irq|write_unlock_irqrestore|mutex_unlock|up|up_read|up_write|local_irq_restore|local_irq_enable|restore_flags|sti|enable_irq|xa_unlock|xa_unlock_bh|xa_unlock_irq|xa_unlock_irqrestore|xas_unlock|xas_unlock_bh|xas_unlock_irq|xas_unlock_irqrestore|release_sock|unlock_kernel|tty_unlock|tasklet_schedule|tasklet_hi_schedule|schedule_work|queue_work|queue_work_on|schedule_delayed_work|queue_delayed_work|mod_delayed_work|wake_up_process|complete|add_timer|add_timer_on|mod_timer|hrtimer_start|hrtimer_start_range_ns)$";
expression Q0, T, x;
position p;
@@

(
  UNL(...);
x = sleep_on_timeout@p(Q0, T);
|
  UNL(...);
x = interruptible_sleep_on_timeout@p(Q0, T);
)

@script:python s_ptwu_ta@
p << r_ptwu_ta.p;
Q0 << r_ptwu_ta.Q0;
T << r_ptwu_ta.T;
x << r_ptwu_ta.x;
UNL << r_ptwu_ta.UNL;
W;
ST;
@@
if not wq_run('ptwu_ta', p, {'Q0': Q0, 'T': T, 'x': x, 'UNL': UNL}, ['W', 'ST'], coccinelle):
	cocci.include_match(False)

@t_ptwu_ta depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptwu_ta.Q0, r_ptwu_ta.T, r_ptwu_ta.x;
identifier r_ptwu_ta.UNL;
position r_ptwu_ta.p;
identifier s_ptwu_ta.W;
identifier s_ptwu_ta.ST;
@@

(
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
- x = sleep_on_timeout@p(Q0, T);
+ x = schedule_timeout(T);
+ finish_wait(Q0, &W);
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
- x = interruptible_sleep_on_timeout@p(Q0, T);
+ x = schedule_timeout(T);
+ finish_wait(Q0, &W);
)

@r_ptwul disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
identifier UNL =~ "^(spin_unlock|spin_unlock_irq|spin_unlock_irqrestore|spin_unlock_bh|raw_spin_unlock|raw_spin_unlock_irq|raw_spin_unlock_irqrestore|read_unlock|read_unlock_irq|read_unlock_irqrestore|write_unlock|write_unlock_irq|write_unlock_irqrestore|mutex_unlock|up|up_read|up_write|local_irq_restore|local_irq_enable|restore_flags|sti|enable_irq|xa_unlock|xa_unlock_bh|xa_unlock_irq|xa_unlock_irqrestore|xas_unlock|xas_unlock_bh|xas_unlock_irq|xas_unlock_irqrestore|release_sock|unlock_kernel|tty_unlock|tasklet_schedule|tasklet_hi_schedule|schedule_work|queue_work|queue_work_on|schedule_delayed_work|queue_delayed_work|mod_delayed_work|wake_up_process|complete|add_timer|add_timer_on|mod_timer|hrtimer_start|hrtimer_start_range_ns)$";
identifier PRL =~ "^(printk|pr_debug|pr_info|pr_notice|pr_warn|pr_warning|pr_err|dev_dbg|dev_info|dev_warn|dev_err|DPRINTK|dprintk|PDEBUG|DBG|dbg)$";
expression Q0;
position p;
@@

(
  UNL(...);
  PRL(...);
sleep_on@p(Q0);
|
  UNL(...);
  PRL(...);
interruptible_sleep_on@p(Q0);
)

@script:python s_ptwul@
p << r_ptwul.p;
Q0 << r_ptwul.Q0;
UNL << r_ptwul.UNL;
PRL << r_ptwul.PRL;
W;
ST;
@@
if not wq_run('ptwul', p, {'Q0': Q0, 'UNL': UNL, 'PRL': PRL}, ['W', 'ST'], coccinelle):
	cocci.include_match(False)

@t_ptwul depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptwul.Q0;
identifier r_ptwul.UNL, r_ptwul.PRL;
position r_ptwul.p;
identifier s_ptwul.W;
identifier s_ptwul.ST;
@@

(
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
  PRL(...);
- sleep_on@p(Q0);
+ schedule();
+ finish_wait(Q0, &W);
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
  PRL(...);
- interruptible_sleep_on@p(Q0);
+ schedule();
+ finish_wait(Q0, &W);
)

@r_ptwul_t disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
identifier UNL =~ "^(spin_unlock|spin_unlock_irq|spin_unlock_irqrestore|spin_unlock_bh|raw_spin_unlock|raw_spin_unlock_irq|raw_spin_unlock_irqrestore|read_unlock|read_unlock_irq|read_unlock_irqrestore|write_unlock|write_unlock_irq|write_unlock_irqrestore|mutex_unlock|up|up_read|up_write|local_irq_restore|local_irq_enable|restore_flags|sti|enable_irq|xa_unlock|xa_unlock_bh|xa_unlock_irq|xa_unlock_irqrestore|xas_unlock|xas_unlock_bh|xas_unlock_irq|xas_unlock_irqrestore|release_sock|unlock_kernel|tty_unlock|tasklet_schedule|tasklet_hi_schedule|schedule_work|queue_work|queue_work_on|schedule_delayed_work|queue_delayed_work|mod_delayed_work|wake_up_process|complete|add_timer|add_timer_on|mod_timer|hrtimer_start|hrtimer_start_range_ns)$";
identifier PRL =~ "^(printk|pr_debug|pr_info|pr_notice|pr_warn|pr_warning|pr_err|dev_dbg|dev_info|dev_warn|dev_err|DPRINTK|dprintk|PDEBUG|DBG|dbg)$";
expression Q0, T;
position p;
@@

(
  UNL(...);
  PRL(...);
sleep_on_timeout@p(Q0, T);
|
  UNL(...);
  PRL(...);
interruptible_sleep_on_timeout@p(Q0, T);
)

@script:python s_ptwul_t@
p << r_ptwul_t.p;
Q0 << r_ptwul_t.Q0;
T << r_ptwul_t.T;
UNL << r_ptwul_t.UNL;
PRL << r_ptwul_t.PRL;
W;
ST;
@@
if not wq_run('ptwul_t', p, {'Q0': Q0, 'T': T, 'UNL': UNL, 'PRL': PRL}, ['W', 'ST'], coccinelle):
	cocci.include_match(False)

@t_ptwul_t depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptwul_t.Q0, r_ptwul_t.T;
identifier r_ptwul_t.UNL, r_ptwul_t.PRL;
position r_ptwul_t.p;
identifier s_ptwul_t.W;
identifier s_ptwul_t.ST;
@@

(
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
  PRL(...);
- sleep_on_timeout@p(Q0, T);
+ schedule_timeout(T);
+ finish_wait(Q0, &W);
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
  PRL(...);
- interruptible_sleep_on_timeout@p(Q0, T);
+ schedule_timeout(T);
+ finish_wait(Q0, &W);
)

@r_ptwul_ta disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
identifier UNL =~ "^(spin_unlock|spin_unlock_irq|spin_unlock_irqrestore|spin_unlock_bh|raw_spin_unlock|raw_spin_unlock_irq|raw_spin_unlock_irqrestore|read_unlock|read_unlock_irq|read_unlock_irqrestore|write_unlock|write_unlock_irq|write_unlock_irqrestore|mutex_unlock|up|up_read|up_write|local_irq_restore|local_irq_enable|restore_flags|sti|enable_irq|xa_unlock|xa_unlock_bh|xa_unlock_irq|xa_unlock_irqrestore|xas_unlock|xas_unlock_bh|xas_unlock_irq|xas_unlock_irqrestore|release_sock|unlock_kernel|tty_unlock|tasklet_schedule|tasklet_hi_schedule|schedule_work|queue_work|queue_work_on|schedule_delayed_work|queue_delayed_work|mod_delayed_work|wake_up_process|complete|add_timer|add_timer_on|mod_timer|hrtimer_start|hrtimer_start_range_ns)$";
identifier PRL =~ "^(printk|pr_debug|pr_info|pr_notice|pr_warn|pr_warning|pr_err|dev_dbg|dev_info|dev_warn|dev_err|DPRINTK|dprintk|PDEBUG|DBG|dbg)$";
expression Q0, T, x;
position p;
@@

(
  UNL(...);
  PRL(...);
x = sleep_on_timeout@p(Q0, T);
|
  UNL(...);
  PRL(...);
x = interruptible_sleep_on_timeout@p(Q0, T);
)

@script:python s_ptwul_ta@
p << r_ptwul_ta.p;
Q0 << r_ptwul_ta.Q0;
T << r_ptwul_ta.T;
x << r_ptwul_ta.x;
UNL << r_ptwul_ta.UNL;
PRL << r_ptwul_ta.PRL;
W;
ST;
@@
if not wq_run('ptwul_ta', p, {'Q0': Q0, 'T': T, 'x': x, 'UNL': UNL, 'PRL': PRL}, ['W', 'ST'], coccinelle):
	cocci.include_match(False)

@t_ptwul_ta depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptwul_ta.Q0, r_ptwul_ta.T, r_ptwul_ta.x;
identifier r_ptwul_ta.UNL, r_ptwul_ta.PRL;
position r_ptwul_ta.p;
identifier s_ptwul_ta.W;
identifier s_ptwul_ta.ST;
@@

(
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
  PRL(...);
- x = sleep_on_timeout@p(Q0, T);
+ x = schedule_timeout(T);
+ finish_wait(Q0, &W);
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
  PRL(...);
- x = interruptible_sleep_on_timeout@p(Q0, T);
+ x = schedule_timeout(T);
+ finish_wait(Q0, &W);
)

@r_ptwi disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression Q0;
position p;
@@

(
sleep_on@p(Q0);
|
interruptible_sleep_on@p(Q0);
)

@script:python s_ptwi@
p << r_ptwi.p;
Q0 << r_ptwi.Q0;
W;
ST;
@@
if not wq_run('ptwi', p, {'Q0': Q0}, ['W', 'ST'], coccinelle):
	cocci.include_match(False)

@t_ptwi depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptwi.Q0;
position r_ptwi.p;
identifier s_ptwi.W;
identifier s_ptwi.ST;
@@

(
- sleep_on@p(Q0);
+ prepare_to_wait(Q0, &W, ST);
+ local_irq_enable();
+ schedule();
+ local_irq_disable();
+ finish_wait(Q0, &W);
|
- interruptible_sleep_on@p(Q0);
+ prepare_to_wait(Q0, &W, ST);
+ local_irq_enable();
+ schedule();
+ local_irq_disable();
+ finish_wait(Q0, &W);
)

@r_ptwi_t disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression Q0, T;
position p;
@@

(
sleep_on_timeout@p(Q0, T);
|
interruptible_sleep_on_timeout@p(Q0, T);
)

@script:python s_ptwi_t@
p << r_ptwi_t.p;
Q0 << r_ptwi_t.Q0;
T << r_ptwi_t.T;
W;
ST;
@@
if not wq_run('ptwi_t', p, {'Q0': Q0, 'T': T}, ['W', 'ST'], coccinelle):
	cocci.include_match(False)

@t_ptwi_t depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptwi_t.Q0, r_ptwi_t.T;
position r_ptwi_t.p;
identifier s_ptwi_t.W;
identifier s_ptwi_t.ST;
@@

(
- sleep_on_timeout@p(Q0, T);
+ prepare_to_wait(Q0, &W, ST);
+ local_irq_enable();
+ schedule_timeout(T);
+ local_irq_disable();
+ finish_wait(Q0, &W);
|
- interruptible_sleep_on_timeout@p(Q0, T);
+ prepare_to_wait(Q0, &W, ST);
+ local_irq_enable();
+ schedule_timeout(T);
+ local_irq_disable();
+ finish_wait(Q0, &W);
)

@r_ptwi_ta disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression Q0, T, x;
position p;
@@

(
x = sleep_on_timeout@p(Q0, T);
|
x = interruptible_sleep_on_timeout@p(Q0, T);
)

@script:python s_ptwi_ta@
p << r_ptwi_ta.p;
Q0 << r_ptwi_ta.Q0;
T << r_ptwi_ta.T;
x << r_ptwi_ta.x;
W;
ST;
@@
if not wq_run('ptwi_ta', p, {'Q0': Q0, 'T': T, 'x': x}, ['W', 'ST'], coccinelle):
	cocci.include_match(False)

@t_ptwi_ta depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptwi_ta.Q0, r_ptwi_ta.T, r_ptwi_ta.x;
position r_ptwi_ta.p;
identifier s_ptwi_ta.W;
identifier s_ptwi_ta.ST;
@@

(
- x = sleep_on_timeout@p(Q0, T);
+ prepare_to_wait(Q0, &W, ST);
+ local_irq_enable();
+ x = schedule_timeout(T);
+ local_irq_disable();
+ finish_wait(Q0, &W);
|
- x = interruptible_sleep_on_timeout@p(Q0, T);
+ prepare_to_wait(Q0, &W, ST);
+ local_irq_enable();
+ x = schedule_timeout(T);
+ local_irq_disable();
+ finish_wait(Q0, &W);
)

@r_ptwh disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression Q0, T;
statement S1, S2;
position p;
@@

(
  if (<+...
sleep_on_timeout@p(Q0, T)
  ...+>) S1 else S2
|
  if (<+...
sleep_on_timeout@p(Q0, T)
  ...+>) S1
|
  return <+...
sleep_on_timeout@p(Q0, T)
  ...+>;
|
  if (<+...
interruptible_sleep_on_timeout@p(Q0, T)
  ...+>) S1 else S2
|
  if (<+...
interruptible_sleep_on_timeout@p(Q0, T)
  ...+>) S1
|
  return <+...
interruptible_sleep_on_timeout@p(Q0, T)
  ...+>;
)

@script:python s_ptwh@
p << r_ptwh.p;
Q0 << r_ptwh.Q0;
T << r_ptwh.T;
W;
ST;
LV;
@@
if not wq_run('ptwh', p, {'Q0': Q0, 'T': T}, ['W', 'ST', 'LV'], coccinelle):
	cocci.include_match(False)

@t_ptwh depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptwh.Q0, r_ptwh.T;
statement S1, S2;
position r_ptwh.p;
identifier s_ptwh.W;
identifier s_ptwh.ST;
identifier s_ptwh.LV;
@@

(
+ prepare_to_wait(Q0, &W, ST);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  if (<+...
- sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1 else S2
|
+ prepare_to_wait(Q0, &W, ST);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  if (<+...
- sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1
|
+ prepare_to_wait(Q0, &W, ST);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  return <+...
- sleep_on_timeout@p(Q0, T)
+ LV
  ...+>;
|
+ prepare_to_wait(Q0, &W, ST);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  if (<+...
- interruptible_sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1 else S2
|
+ prepare_to_wait(Q0, &W, ST);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  if (<+...
- interruptible_sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1
|
+ prepare_to_wait(Q0, &W, ST);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  return <+...
- interruptible_sleep_on_timeout@p(Q0, T)
+ LV
  ...+>;
)

@r_ptwhu disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
identifier UNL =~ "^(spin_unlock|spin_unlock_irq|spin_unlock_irqrestore|spin_unlock_bh|raw_spin_unlock|raw_spin_unlock_irq|raw_spin_unlock_irqrestore|read_unlock|read_unlock_irq|read_unlock_irqrestore|write_unlock|write_unlock_irq|write_unlock_irqrestore|mutex_unlock|up|up_read|up_write|local_irq_restore|local_irq_enable|restore_flags|sti|enable_irq|xa_unlock|xa_unlock_bh|xa_unlock_irq|xa_unlock_irqrestore|xas_unlock|xas_unlock_bh|xas_unlock_irq|xas_unlock_irqrestore|release_sock|unlock_kernel|tty_unlock|tasklet_schedule|tasklet_hi_schedule|schedule_work|queue_work|queue_work_on|schedule_delayed_work|queue_delayed_work|mod_delayed_work|wake_up_process|complete|add_timer|add_timer_on|mod_timer|hrtimer_start|hrtimer_start_range_ns)$";
expression Q0, T;
statement S1, S2;
position p;
@@

(
  UNL(...);
  if (<+...
sleep_on_timeout@p(Q0, T)
  ...+>) S1 else S2
|
  UNL(...);
  if (<+...
sleep_on_timeout@p(Q0, T)
  ...+>) S1
|
  UNL(...);
  return <+...
sleep_on_timeout@p(Q0, T)
  ...+>;
|
  UNL(...);
  if (<+...
interruptible_sleep_on_timeout@p(Q0, T)
  ...+>) S1 else S2
|
  UNL(...);
  if (<+...
interruptible_sleep_on_timeout@p(Q0, T)
  ...+>) S1
|
  UNL(...);
  return <+...
interruptible_sleep_on_timeout@p(Q0, T)
  ...+>;
)

@script:python s_ptwhu@
p << r_ptwhu.p;
Q0 << r_ptwhu.Q0;
T << r_ptwhu.T;
UNL << r_ptwhu.UNL;
W;
ST;
LV;
@@
if not wq_run('ptwhu', p, {'Q0': Q0, 'T': T, 'UNL': UNL}, ['W', 'ST', 'LV'], coccinelle):
	cocci.include_match(False)

@t_ptwhu depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptwhu.Q0, r_ptwhu.T;
identifier r_ptwhu.UNL;
statement S1, S2;
position r_ptwhu.p;
identifier s_ptwhu.W;
identifier s_ptwhu.ST;
identifier s_ptwhu.LV;
@@

(
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  if (<+...
- sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1 else S2
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  if (<+...
- sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  return <+...
- sleep_on_timeout@p(Q0, T)
+ LV
  ...+>;
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  if (<+...
- interruptible_sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1 else S2
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  if (<+...
- interruptible_sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  return <+...
- interruptible_sleep_on_timeout@p(Q0, T)
+ LV
  ...+>;
)

@r_ptwhul disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
identifier UNL =~ "^(spin_unlock|spin_unlock_irq|spin_unlock_irqrestore|spin_unlock_bh|raw_spin_unlock|raw_spin_unlock_irq|raw_spin_unlock_irqrestore|read_unlock|read_unlock_irq|read_unlock_irqrestore|write_unlock|write_unlock_irq|write_unlock_irqrestore|mutex_unlock|up|up_read|up_write|local_irq_restore|local_irq_enable|restore_flags|sti|enable_irq|xa_unlock|xa_unlock_bh|xa_unlock_irq|xa_unlock_irqrestore|xas_unlock|xas_unlock_bh|xas_unlock_irq|xas_unlock_irqrestore|release_sock|unlock_kernel|tty_unlock|tasklet_schedule|tasklet_hi_schedule|schedule_work|queue_work|queue_work_on|schedule_delayed_work|queue_delayed_work|mod_delayed_work|wake_up_process|complete|add_timer|add_timer_on|mod_timer|hrtimer_start|hrtimer_start_range_ns)$";
identifier PRL =~ "^(printk|pr_debug|pr_info|pr_notice|pr_warn|pr_warning|pr_err|dev_dbg|dev_info|dev_warn|dev_err|DPRINTK|dprintk|PDEBUG|DBG|dbg)$";
expression Q0, T;
statement S1, S2;
position p;
@@

(
  UNL(...);
  PRL(...);
  if (<+...
sleep_on_timeout@p(Q0, T)
  ...+>) S1 else S2
|
  UNL(...);
  PRL(...);
  if (<+...
sleep_on_timeout@p(Q0, T)
  ...+>) S1
|
  UNL(...);
  PRL(...);
  return <+...
sleep_on_timeout@p(Q0, T)
  ...+>;
|
  UNL(...);
  PRL(...);
  if (<+...
interruptible_sleep_on_timeout@p(Q0, T)
  ...+>) S1 else S2
|
  UNL(...);
  PRL(...);
  if (<+...
interruptible_sleep_on_timeout@p(Q0, T)
  ...+>) S1
|
  UNL(...);
  PRL(...);
  return <+...
interruptible_sleep_on_timeout@p(Q0, T)
  ...+>;
)

@script:python s_ptwhul@
p << r_ptwhul.p;
Q0 << r_ptwhul.Q0;
T << r_ptwhul.T;
UNL << r_ptwhul.UNL;
PRL << r_ptwhul.PRL;
W;
ST;
LV;
@@
if not wq_run('ptwhul', p, {'Q0': Q0, 'T': T, 'UNL': UNL, 'PRL': PRL}, ['W', 'ST', 'LV'], coccinelle):
	cocci.include_match(False)

@t_ptwhul depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptwhul.Q0, r_ptwhul.T;
identifier r_ptwhul.UNL, r_ptwhul.PRL;
statement S1, S2;
position r_ptwhul.p;
identifier s_ptwhul.W;
identifier s_ptwhul.ST;
identifier s_ptwhul.LV;
@@

(
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
  PRL(...);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  if (<+...
- sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1 else S2
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
  PRL(...);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  if (<+...
- sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
  PRL(...);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  return <+...
- sleep_on_timeout@p(Q0, T)
+ LV
  ...+>;
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
  PRL(...);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  if (<+...
- interruptible_sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1 else S2
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
  PRL(...);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  if (<+...
- interruptible_sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1
|
+ prepare_to_wait(Q0, &W, ST);
  UNL(...);
  PRL(...);
+ LV = schedule_timeout(T);
+ finish_wait(Q0, &W);
  return <+...
- interruptible_sleep_on_timeout@p(Q0, T)
+ LV
  ...+>;
)

@r_ptwhi disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression Q0, T;
statement S1, S2;
position p;
@@

(
  if (<+...
sleep_on_timeout@p(Q0, T)
  ...+>) S1 else S2
|
  if (<+...
sleep_on_timeout@p(Q0, T)
  ...+>) S1
|
  return <+...
sleep_on_timeout@p(Q0, T)
  ...+>;
|
  if (<+...
interruptible_sleep_on_timeout@p(Q0, T)
  ...+>) S1 else S2
|
  if (<+...
interruptible_sleep_on_timeout@p(Q0, T)
  ...+>) S1
|
  return <+...
interruptible_sleep_on_timeout@p(Q0, T)
  ...+>;
)

@script:python s_ptwhi@
p << r_ptwhi.p;
Q0 << r_ptwhi.Q0;
T << r_ptwhi.T;
W;
ST;
LV;
@@
if not wq_run('ptwhi', p, {'Q0': Q0, 'T': T}, ['W', 'ST', 'LV'], coccinelle):
	cocci.include_match(False)

@t_ptwhi depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
expression r_ptwhi.Q0, r_ptwhi.T;
statement S1, S2;
position r_ptwhi.p;
identifier s_ptwhi.W;
identifier s_ptwhi.ST;
identifier s_ptwhi.LV;
@@

(
+ prepare_to_wait(Q0, &W, ST);
+ local_irq_enable();
+ LV = schedule_timeout(T);
+ local_irq_disable();
+ finish_wait(Q0, &W);
  if (<+...
- sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1 else S2
|
+ prepare_to_wait(Q0, &W, ST);
+ local_irq_enable();
+ LV = schedule_timeout(T);
+ local_irq_disable();
+ finish_wait(Q0, &W);
  if (<+...
- sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1
|
+ prepare_to_wait(Q0, &W, ST);
+ local_irq_enable();
+ LV = schedule_timeout(T);
+ local_irq_disable();
+ finish_wait(Q0, &W);
  return <+...
- sleep_on_timeout@p(Q0, T)
+ LV
  ...+>;
|
+ prepare_to_wait(Q0, &W, ST);
+ local_irq_enable();
+ LV = schedule_timeout(T);
+ local_irq_disable();
+ finish_wait(Q0, &W);
  if (<+...
- interruptible_sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1 else S2
|
+ prepare_to_wait(Q0, &W, ST);
+ local_irq_enable();
+ LV = schedule_timeout(T);
+ local_irq_disable();
+ finish_wait(Q0, &W);
  if (<+...
- interruptible_sleep_on_timeout@p(Q0, T)
+ LV
  ...+>) S1
|
+ prepare_to_wait(Q0, &W, ST);
+ local_irq_enable();
+ LV = schedule_timeout(T);
+ local_irq_disable();
+ finish_wait(Q0, &W);
  return <+...
- interruptible_sleep_on_timeout@p(Q0, T)
+ LV
  ...+>;
)

// ---- 2.0-2.2 queues and entries, ported with the sleeps (plan mode) ----

@oq_e depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
identifier q;
position p : script:python () { wq_port_queues(p) };
@@

- extern struct wait_queue *q@p;
+ extern wait_queue_head_t q;

@oq_s depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
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

@oq_g depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
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

@oq_w depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
identifier w;
position p : script:python () { wq_port_queues(p) };
declarer name DECLARE_WAITQUEUE;
@@

- struct wait_queue w@p = { current, NULL };
+ DECLARE_WAITQUEUE(w, current);

// ---- prepare_to_wait forms: one DEFINE_WAIT per function ----
// (the script constraint names the functions a ptw shape rewrote; `...`
// alone, as a pattern on the body would not match one whose #ifdef
// branches both return, the serial drivers' SERIAL_DO_RESTART idiom)

@ptw_lfn depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
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

@ptw_fn depends on patch disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
identifier fn : script:python () { wq_fn_needs_wait(fn) };
type T;
position pf;
@@

T fn@pf(...) {
...
}

@script:python ptw_w@
fn << ptw_fn.fn;
W;
@@
coccinelle.W = cocci.make_ident(wq_fn_wait_name(fn))

@depends on patch@
identifier ptw_fn.fn;
identifier ptw_w.W;
position ptw_fn.pf;
type T;
@@

T fn@pf(...) {
+ DEFINE_WAIT(W);
...
}

// ---- listing every site ----

@site depends on report || org disable drop_cast, add_signed, add_int1, add_int2, not_int1, not_int2, not_ptr1, not_ptr2, commeq, commneq, is_zero, isnt_zero, is_null, isnt_null1, bitor_comm, bitand_comm, plus_comm, mult_comm, plus_assoc, minus_assoc, plus_minus_assoc1, plus_minus_assoc2, times_assoc, div_assoc, times_div_assoc1, times_div_assoc2, gtr_lss, gtr_lss_eq, inc, for_inc, bsd_branch_pred, zero_multiple_format, neg_if, ne_if, drop_else, neg_if_exp, decl_init, extern_decl_init, static_decl_init, braces0, braces1, braces2, braces3, braces4, ret, ptr_to_array, mkinit, fld_to_ptr, sizeof_type_expr@
position p;
@@

\(sleep_on@p(...)\|interruptible_sleep_on@p(...)\|sleep_on_timeout@p(...)\|interruptible_sleep_on_timeout@p(...)\)

@script:python depends on report@
p << site.p;
@@
wq_print(p, False)

@script:python depends on org@
p << site.p;
@@
wq_print(p, True)

@depends on context@
@@

* \(sleep_on\|interruptible_sleep_on\|sleep_on_timeout\|interruptible_sleep_on_timeout\)(...)
