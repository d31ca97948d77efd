// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ001 sleep-on: any call of the sleep_on() family.
 *
 *	while (!dev->ready)
 *		interruptible_sleep_on(&dev->wq);
 *
 * The test and the enqueue are not atomic: a wake_up() that lands after
 * the test of dev->ready but before the task is on dev->wq is lost, and
 * the task sleeps until the next one, which may never come.  The family
 * was removed in Linux 3.15.  The replacement is the wait_event*() form
 * whose condition is the loop's (or if's) test, negated.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rules.h"
#include "condproof.h"

/* The closest test guarding node n: its loop's condition or an if. */
int node_pos_loop_test(const struct cfg *g, int n)
{
	int t;

	for (t = n - 1; t >= 0; t--) {
		const struct cfg_node *nd = &g->nodes[t];

		if (!node_is_cond_test(g, t))
			continue;
		if ((nd->flags & NF_LOOP_COND) && cfg_in_loop(g, n, nd->loop))
			return t;
		if (!(nd->flags & NF_LOOP_COND) && nd->branch_end >= n)
			return t;
	}
	return -1;
}

/*
 * Does the text of a test change state: `tries--`, `++n`, `x = f()`, `n
 * -= 1`?  wait_event*() evaluates its condition any number of times, so
 * such a test cannot become one.
 */
static bool text_side_effect(const char *t)
{
	size_t i;

	for (i = 0; t[i]; i++) {
		/* a call that sleeps (sideeffect.def "sleeps" rows: submits
		 * I/O, `usb_submit_urb(urb, GFP_KERNEL) == 0`); a take-if-
		 * there call (test_and_set_bit()) is the wait_event*()
		 * idiom, and stays a condition */
		if (wq_ident_char(t[i]) && (!i || !wq_ident_char(t[i - 1]))) {
			const struct side_effect *se;
			size_t n = 0;

			while (wq_ident_char(t[i + n]))
				n++;
			if (t[i + n] == '(' &&
			    (se = side_effect_lookup(t + i, n)) &&
			    !strcmp(se->what, "sleeps"))
				return true;
			i += n - 1;
			continue;
		}
		if ((t[i] == '+' || t[i] == '-') && t[i + 1] == t[i])
			return true;
		if (t[i] == '=' && t[i + 1] != '=' &&
		    !(i && strchr("=!<>", t[i - 1])))
			return true;
		if (t[i] == '=' && i && strchr("+-*/%&|^", t[i - 1]))
			return true;
	}
	return false;
}

/*
 * Take the operands of the guard's top-level `&&` that have a side
 * effect out of it (the attempt counter of `!ready && tries--`); the
 * first one taken out is copied to *dropped.  Returns false when the
 * rest still has one, or nothing is left.
 */
static bool drop_side_effects(char *guard, char **dropped)
{
	char *p = guard;
	int depth = 0;

	*dropped = NULL;
	while (*p) {
		char *start = p, *end, save;

		for (end = start; *end; end++) {
			if (*end == '(' || *end == '[')
				depth++;
			else if (*end == ')' || *end == ']')
				depth--;
			else if (!depth && !strncmp(end, " && ", 4))
				break;
		}
		save = *end;
		*end = '\0';
		if (text_side_effect(start)) {
			char *op = xstrdup(start);

			*end = save;
			if (!cond_drop_operand(guard, op)) {
				free(op);
				break;
			}
			if (!*dropped)
				*dropped = op;
			else
				free(op);
			p = guard;
			depth = 0;
			continue;
		}
		*end = save;
		p = *end ? end + 4 : end;
	}
	return *guard && !text_side_effect(guard);
}

/*
 * The wait queue head as wait_event() takes it: `&dev->wq` -> `dev->wq`,
 * a pointer `wq` -> `*wq`, `sk_sleep(sk)` -> `*sk_sleep(sk)`.
 */
static char *queue_head(const struct wq_event *ev)
{
	const char *a = ev->nargs > 0 ? ev->args[0] : NULL;

	if (!a)
		return xstrdup("wq");
	while (*a == ' ')
		a++;
	if (*a == '&')
		return xstrdup(event_queue(ev));
	return strpbrk(a, " +?:") ? xasprintf("*(%s)", a) : xasprintf("*%s", a);
}

/*
 * The guard of the sleep changes state (`!ready && tries--`): suggest
 * the condition without that operand when one is left, and say why it
 * is left out; else suggest none.
 */
static void side_effect_finding(struct wq_file *f, const struct cfg_node *nd,
				const struct cfg_node *tn, const char *rep,
				const char *q, const char *guard,
				const char *tmo, const char *old,
				const char *tnote)
{
	char *rest = xstrdup(guard), *dropped = NULL, *cond;
	struct wq_finding *fd;

	if (drop_side_effects(rest, &dropped)) {
		cond = wait_condition(rest);
		file_add_finding(f, WQ001, nd->pos, xasprintf(
			"%s() loses wake-ups and was removed in Linux 3.15; use %s(%s, %s%s%s), with '%s' kept out of the condition: %s() evaluates its condition any number of times; bound the wait with a timeout instead of counting%s%s",
			nd->ev.api->name, rep, q ? q : "wq", cond,
			tmo ? ", " : "", tmo ? tmo : "", dropped, rep, old,
			tnote));
		fd = &f->findings[f->nfindings - 1];
		finding_add_note(fd, tn->pos, xasprintf(
			"the condition waited for is probably '%s', tested here with '%s'",
			cond, dropped));
		free(cond);
	} else {
		file_add_finding(f, WQ001, nd->pos, xasprintf(
			"%s() loses wake-ups and was removed in Linux 3.15; use %s() with a condition free of side effects: the test '%s' changes state, and %s() evaluates its condition any number of times; do the change after the wait%s%s",
			nd->ev.api->name, rep, guard, rep, old, tnote));
		fd = &f->findings[f->nfindings - 1];
		finding_add_note(fd, tn->pos, xasprintf(
			"'%s' is tested here, before each sleep", guard));
	}
	free(dropped);
	free(rest);
}

/* Is name a parameter or a stack variable of g? */
static bool own_name(const struct cfg *g, const char *x, size_t n)
{
	int i;

	for (i = 0; i < g->nparams; i++)
		if (strlen(g->params[i]) == n && !strncmp(g->params[i], x, n))
			return true;
	for (i = 0; i < g->nvars; i++)
		if (strlen(g->vars[i]) == n && !strncmp(g->vars[i], x, n))
			return true;
	return false;
}

/*
 * Does the guard t of sleep nd read only the function's own parameters
 * and stack variables, none of them with its address taken (and
 * constants: NULL, an upper-case macro)?  No waker can change it, so it
 * is no condition a wake-up brings (`while (priv != NULL)` around a
 * TIOCMIWAIT sleep that leaves by its returns): not offered as one.  A
 * file's open flags (`file->f_flags & O_NONBLOCK`) count as the file's.
 */
/* The offset of the '(' of g's parameter list (else its body's '{'). */
static unsigned params_open(const struct wq_file *f, const struct cfg *g)
{
	unsigned p = g->body_start;
	int d = 0;

	while (p > 0 && f->buf[p - 1] != ')' && f->buf[p - 1] != ';' &&
	       f->buf[p - 1] != '}')
		p--;
	if (!p || f->buf[p - 1] != ')')
		return g->body_start;
	for (p--; p > 0; p--) {
		d += (f->buf[p] == ')') - (f->buf[p] == '(');
		if (!d)
			return p;
	}
	return g->body_start;
}

static bool guard_own_names(const struct wq_file *f, const struct cfg *g,
			    const struct cfg_node *nd, int t)
{
	char *guard = xstrdup(g->nodes[t].text);
	const char *p = guard;
	bool own = true;
	int ids = 0;

	if (nd->ev.nargs >= 2)
		cond_drop_operand(guard, nd->ev.args[1]);
	/* `file->f_flags & O_NONBLOCK`: the open file's flags, which the
	 * caller's file brings and no waker changes, read as the file */
	for (;;) {
		char *m = strstr(guard, "->f_flags");
		size_t k = 9;

		if (!m) {
			m = strstr(guard, ".f_flags");
			k = 8;
		}
		if (!m || wq_ident_char(m[k]))
			break;
		memmove(m, m + k, strlen(m + k) + 1);
	}
	while (own && *p) {
		const char *b = p, *q;
		size_t n;
		bool caps = true;

		if (!wq_ident_char(*p) || isdigit((unsigned char)*p)) {
			const char *l = p;

			while (l > guard && l[-1] == ' ')
				l--;
			/* a field, an element, a dereference, an address;
			 * not `a & MASK` nor `a && b` (after an operand) */
			own = !strchr(".[*&", *p) && strncmp(p, "->", 2);
			if (*p == '&' && l > guard &&
			    (wq_ident_char(l[-1]) || l[-1] == ')'))
				own = true;
			if (*p == '&' && p[1] == '&') {
				p += 2;
				continue;
			}
			p += isdigit((unsigned char)*p) ?
			     strspn(p, "0123456789abcdefxABCDEFXuUlL") : 1;
			continue;
		}
		while (wq_ident_char(*p))
			caps &= !islower((unsigned char)*p++);
		n = p - b;
		for (q = p; *q == ' ' || *q == '\t'; q++)
			;
		if (*q == '(') {	/* a call */
			own = false;
		} else if (!caps && !(n == 4 && !strncmp(b, "true", 4)) &&
			   !(n == 5 && !strncmp(b, "false", 5))) {
			char *w = xasprintf("%.*s", (int)n, b);

			/* a local the parse did not record (a header
			 * missing): its declaration read from the text */
			own = (own_name(g, b, n) ||
			       (g->body_end > g->body_start &&
				cp_is_local(f->buf, params_open(f, g),
					    g->body_end, w))) &&
			      !(g->body_end > g->body_start &&
				text_addr_taken(f->buf, g->body_start,
						g->body_end, w));
			free(w);
			ids++;
		}
	}
	free(guard);
	return own && ids > 0;
}

/*
 * Is a name the guard tn reads assigned between the test and the sleep
 * nd (`if (cnt == N) { cnt = 0; sleep_on(&q); }`)?  Then its negation
 * holds at the sleep already: no condition to wait for.
 */
static bool guard_written(const struct wq_file *f, const struct cfg_node *tn,
			  const struct cfg_node *nd)
{
	unsigned a = text_offset(f->buf, f->len, tn->pos),
		 b = text_offset(f->buf, f->len, nd->pos);
	const char *p = tn->text;
	bool hit = false;

	if (!p || a >= b || b > f->len)
		return false;
	while (b > a && f->buf[b - 1] != '\n')	/* not the sleep's own line
						 * (`left = sleep_on_timeout()`) */
		b--;
	while (*p && !hit) {
		const char *w = p;
		size_t n;
		long at;

		if (!wq_ident_char(*p) || isdigit((unsigned char)*p)) {
			p++;
			continue;
		}
		while (wq_ident_char(*p))
			p++;
		n = p - w;
		{
			char *id = xasprintf("%.*s", (int)n, w);

			for (at = a; !hit && (at = text_find_word(f->buf, at, b, id)) >= 0;
			     at += n) {
				const char *q = f->buf + at + n;

				while (*q == ' ' || *q == '\t')
					q++;
				hit = (q[0] == '=' && q[1] != '=') ||
				      (q[0] == '+' && q[1] == '+') ||
				      (q[0] == '-' && q[1] == '-') ||
				      (strchr("+-|&^", q[0]) && q[1] == '=');
			}
			free(id);
		}
	}
	return hit;
}

/* Has the guard t of sleep nd, without its timeout operand, a side effect? */
static bool guard_side_effect(const struct cfg *g, const struct cfg_node *nd,
			      int t)
{
	char *guard = xstrdup(g->nodes[t].text);
	bool se;

	if (nd->ev.nargs >= 2)
		cond_drop_operand(guard, nd->ev.args[1]);
	se = text_side_effect(guard);
	free(guard);
	return se;
}

/* The last member or name of a queue expression: `dev->x.wait` -> wait. */
static const char *queue_word(const char *q, size_t *len)
{
	const char *end = q + strlen(q), *b;

	while (end > q && !(isalnum((unsigned char)end[-1]) || end[-1] == '_'))
		end--;
	for (b = end; b > q && (isalnum((unsigned char)b[-1]) || b[-1] == '_');)
		b--;
	*len = end - b;
	return b;
}

static bool word_is(const char *a, size_t n, const char *w)
{
	return strlen(w) == n && !strncmp(a, w, n);
}

/* Is a[0..n) a wake-up of a queue (kapi.def KAPI_WAKES_QUEUE)? */
static bool wakes(const char *a, size_t n)
{
	const char *const *w;

	for (w = kapi_wakes(true); *w; w++)
		if (word_is(a, n, *w))
			return true;
	return false;
}

/*
 * Is the address of the queue of last name w[0..n) handed to a call that
 * is not of the wait API (`start_flush(&done)`), or stored (`p->wq =
 * &done`)?  Whatever gets it may wake it: no delay then.
 */
static bool queue_handed_on(const char *buf, const char *w, size_t n)
{
	const char *p;

	for (p = buf; (p = strchr(p, '&')); p++) {
		const char *a = p + 1, *b, *c;
		int depth = 0;

		while (*a == ' ' || *a == '(')
			a++;
		/* `&name`, `&x->name`, `&x.name`: the last name */
		for (b = a; wq_ident_char(*b) || *b == '.' || *b == '[' ||
			    *b == ']' || (*b == '-' && b[1] == '>') ||
			    (*b == '>' && b > a && b[-1] == '-'); b++)
			;
		for (c = b; c > a && wq_ident_char(c[-1]); c--)
			;
		if ((size_t)(b - c) != n || strncmp(c, w, n) || p[1] == '&' ||
		    (p > buf && p[-1] == '&'))
			continue;
		/* back to what takes it: an unmatched '(' with a name */
		for (c = p - 1; c > buf; c--) {
			if (*c == ')')
				depth++;
			else if (*c == '(' && depth-- == 0)
				break;
			else if (!depth && strchr(";{}", *c))
				break;
			else if (!depth && *c == '=' && c[-1] != '=' &&
				 c[-1] != '!' && c[-1] != '<' && c[-1] != '>' &&
				 c[1] != '=')
				return true;	/* stored */
		}
		if (c <= buf || *c != '(')
			continue;
		for (b = c; b > buf && (b[-1] == ' ' || b[-1] == '\t'); b--)
			;
		for (a = b; a > buf && wq_ident_char(a[-1]); a--)
			;
		if (a == b)
			continue;	/* a cast or a grouping */
		/* the wait API, a wake-up (next_waker()'s), a test */
		if (!kapi_quiet_queue_user(a, b - a) && !wakes(a, b - a) &&
		    !word_is(a, b - a, "if") && !word_is(a, b - a, "while"))
			return true;
	}
	return false;
}

/*
 * Does anything in the file wake the queue: a wake_up*() call (or a
 * driver's wrapper with "wake" in its name) whose argument names the
 * queue's last member?  A _timeout sleep on a queue
 * nothing wakes is a delay (a 2.4 polling loop with a retry count), and
 * its loop test is a counter, not a condition to wait for.
 */
/*
 * From *pp on, the next call of a name with "wake" in it (wake_up*(), or
 * a driver's wrapper) whose arguments name w[0..n): the start of the
 * call's name, with *pp moved past it; NULL when there is none.
 */
static const char *next_waker(const char *buf, const char **pp,
			      const char *w, size_t n)
{
	const char *p;
	size_t k;

	for (p = *pp; *p; p++) {
		const char *a = p, *name = p;
		int depth = 0;
		bool wake = false;

		if (!wq_ident_char(*p) || (p > buf && wq_ident_char(p[-1])))
			continue;
		for (; wq_ident_char(*a); a++)
			if (!strncasecmp(a, "wake", 4))
				wake = true;
		p = a - 1;
		if (!wake)
			continue;
		while (*a == ' ' || *a == '\t')
			a++;
		if (*a != '(')
			continue;
		for (; *a && !(*a == ')' && depth == 1); a++) {
			depth += (*a == '(') - (*a == ')');
			for (k = 0; k < n && a[k] == w[k]; k++)
				;
			if (k == n && !wq_ident_char(a[n]) && !wq_ident_char(a[-1])) {
				*pp = p + 1;
				return name;
			}
		}
	}
	*pp = p;
	return NULL;
}

/*
 * Is q a queue head of g's function's own (DECLARE_WAIT_QUEUE_HEAD_
 * ONSTACK(wait) in its body) that nothing in the body wakes or hands
 * on?  No other function can name it: nothing wakes it.
 */
static bool own_unwoken(const struct cfg *g, const struct wq_file *f,
			const char *q)
{
	size_t n;
	const char *w = queue_word(q, &n), *p;
	char *body, *name;
	bool own;

	if (!n || !g->body_end || strchr(q, '.') || strstr(q, "->"))
		return false;
	name = xasprintf("%.*s", (int)n, w);
	own = text_declares_queue(f->buf, g->body_start, g->body_end, name);
	free(name);
	if (!own)
		return false;
	body = xasprintf("%.*s", (int)(g->body_end - g->body_start),
			 f->buf + g->body_start);
	p = body;
	own = !next_waker(body, &p, w, n) && !queue_handed_on(body, w, n);
	free(body);
	return own;
}

static bool queue_may_be_woken(const struct wq_file *f, const char *q)
{
	size_t n;
	const char *w = queue_word(q, &n), *p = f->buf;
	char *m;
	size_t mn;
	bool member;

	if (!n || next_waker(f->buf, &p, w, n) || queue_handed_on(f->buf, w, n))
		return true;
	/* `complete(&c)` wakes c.wait (kapi.def KAPI_WAKES_MEMBER) */
	m = xasprintf("%.*s", (int)n, w);
	member = text_member_waker(f->buf, f->len, m, &mn) >= 0;
	free(m);
	return member;
}

/*
 * Does the test read only the function's own variables and constants
 * (`tries < PPX_RETRIES`): a retry count, not a condition a waker sets?
 */
static bool test_counts_only(const struct cfg *g, const char *t)
{
	const char *p = t, *b;
	bool upper;

	while (*p) {
		if (!(isalpha((unsigned char)*p) || *p == '_')) {
			p++;
			continue;
		}
		upper = true;
		for (b = p; isalnum((unsigned char)*p) || *p == '_'; p++)
			if (islower((unsigned char)*p))
				upper = false;
		if ((b > t && (b[-1] == '.' || (b[-1] == '>' && b > t + 1 &&
						 b[-2] == '-'))) ||
		    *p == '(' || (*p == ' ' && p[1] == '('))
			return false;
		if (!upper && !cfg_is_var(g, b, p - b))
			return false;
	}
	return true;
}

/*
 * The flag a waker of the queue sets right before waking it, as the
 * sleeper would write it: `dev->work = 1; wake_up(&dev->wq);` with the
 * sleeper on `d->wq` gives "d->work".  NULL when no waker stores a
 * non-zero constant in the statement before its wake-up.
 */
/* The length of the pointer or struct a member access starts with. */
static size_t base_len(const char *x)
{
	size_t k = 0;

	while (wq_ident_char(x[k]))
		k++;
	return k && (x[k] == '.' || (x[k] == '-' && x[k + 1] == '>')) ? k : 0;
}

static char *waker_flag(const struct wq_file *f, const char *q, char **other)
{
	size_t n;
	const char *w = queue_word(q, &n), *p = f->buf, *e;

	if (other)
		*other = NULL;
	if (!n)
		return NULL;
	while ((e = next_waker(f->buf, &p, w, n))) {
		const char *s, *eq, *qa = strchr(e, '(');

		/* the statement before the wake-up: `lhs = <constant>;` */
		while (e > f->buf && isspace((unsigned char)e[-1]))
			e--;
		if (e == f->buf || e[-1] != ';')
			continue;
		e--;
		for (s = e; s > f->buf && !strchr(";{}", s[-1]); s--)
			;
		while (s < e && isspace((unsigned char)*s))
			s++;
		eq = memchr(s, '=', e - s);
		if (!eq || eq == s || strchr("=!<>+-*/%&|^", eq[-1]) || eq[1] == '=')
			continue;
		{
			const char *r = eq + 1, *le = eq;
			char *lhs, *cond;
			const char *wb, *sb;

			while (isspace((unsigned char)*r))
				r++;
			while (le > s && isspace((unsigned char)le[-1]))
				le--;
			if (!((isdigit((unsigned char)*r) && *r != '0') ||
			      !strncmp(r, "true", 4)))
				continue;
			for (; r < e && (wq_ident_char(*r)); r++)
				;
			while (r < e && isspace((unsigned char)*r))
				r++;
			if (r != e)
				continue;
			lhs = xasprintf("%.*s", (int)(le - s), s);
			if (strpbrk(lhs, "()[ "))
				goto next;
			/*
			 * `d->reg_done = 1; wake_up(&s->reg_wait);` with d a
			 * pointer into *s: the flag is written through
			 * another pointer than the queue's, and renaming its
			 * base would name a member *s does not have
			 */
			if (qa) {
				size_t lb = base_len(lhs), wb2;

				for (qa++; *qa == ' ' || *qa == '&' || *qa == '('; qa++)
					;
				wb2 = base_len(qa);
				if (lb && wb2 && (lb != wb2 || strncmp(lhs, qa, lb))) {
					if (other && !*other)
						*other = xstrdup(lhs);
					goto next;
				}
			}
			/* the waker's base pointer becomes the sleeper's */
			wb = strstr(lhs, "->");
			sb = strstr(q, "->");
			if (wb && sb && !strchr(q, '('))
				cond = xasprintf("%.*s%s", (int)(sb - q), q, wb);
			else
				cond = xstrdup(lhs);
			free(lhs);
			if (other) {
				free(*other);
				*other = NULL;
			}
			return cond;
next:
			free(lhs);
		}
	}
	return NULL;
}

/*
 * A kernel thread's loop `while (!kthread_should_stop()) { ...
 * interruptible_sleep_on_timeout(&q, T); ... }`: the thread waits for
 * work, or paces itself; its own stop is the loop's test, not the
 * condition of the sleep.  Returns whether it suggested a wait_event*()
 * form (else schedule_timeout_*(), whose result is the old call's).
 */
static bool kthread_finding(struct wq_file *f, const struct cfg_node *nd,
			    const struct cfg_node *tn, const char *rep,
			    const char *q, const char *tmo, bool intr)
{
	char *flag = waker_flag(f, q, NULL), *tn_note;
	const char *pace = intr ? "schedule_timeout_interruptible" :
				  "schedule_timeout_uninterruptible";
	struct wq_finding *fd;
	bool waits = flag != NULL;

	if (flag) {
		tn_note = target_note(f->target, rep, intr, tmo);
		file_add_finding(f, WQ001, nd->pos, xasprintf(
			"%s() loses wake-ups and was removed in Linux 3.15; the thread waits for work, not for its own stop: use %s(%s, %s || kthread_should_stop()%s%s), with kthread_should_stop() kept as the loop test and in the condition, since kthread_stop() wakes the thread and the wait must then end%s",
			nd->ev.api->name, rep, q, flag, tmo ? ", " : "",
			tmo ? tmo : "", tn_note));
		fd = &f->findings[f->nfindings - 1];
		finding_add_note(fd, tn->pos, xasprintf(
			"the loop tests kthread_should_stop(); the wakers of '%s' set '%s' first, probably the condition waited for",
			q, flag));
		free(flag);
	} else {
		tn_note = target_lacks(f->target, pace) ?
			xasprintf("; %s() is first in Linux 2.6.14: on the target, set the state to %s, then schedule_timeout(%s)",
				  pace, intr ? "TASK_INTERRUPTIBLE" :
				  "TASK_UNINTERRUPTIBLE", tmo ? tmo : "T") :
			xstrdup("");
		file_add_finding(f, WQ001, nd->pos, xasprintf(
			"%s() loses wake-ups and was removed in Linux 3.15; kthread_should_stop() is the thread's exit, not what it waits for: use %s(%s) with kthread_should_stop() kept as the loop test (kthread_stop() wakes the thread, so the sleep ends early), or %s() with the condition the waker sets%s",
			nd->ev.api->name, pace, tmo ? tmo : "T", rep, tn_note));
		fd = &f->findings[f->nfindings - 1];
		finding_add_note(fd, tn->pos, xstrdup(
			"the loop tests kthread_should_stop() here; no waker of the queue sets a flag before its wake-up"));
	}
	free(tn_note);
	return waits;
}

/* Skip blanks and comments forward from p. */
static const char *skip_blank(const char *p, const char *end)
{
	for (;;) {
		while (p < end && isspace((unsigned char)*p))
			p++;
		if (p + 1 < end && p[0] == '/' && p[1] == '*') {
			const char *c = strstr(p + 2, "*/");

			p = c && c < end ? c + 2 : end;
		} else if (p + 1 < end && p[0] == '/' && p[1] == '/') {
			while (p < end && *p != '\n')
				p++;
		} else {
			return p;
		}
	}
}

/*
 * `spin_unlock_irq(&l); sleep(&q); spin_lock_irq(&l);`: the lock the
 * statements around the sleep at pos drop and retake ("l"), or NULL.
 * The _lock_irq forms of wait_event*() do just that around schedule().
 */
static char *dropped_irq_lock(const struct wq_file *f, struct wq_pos pos)
{
	static const char un[] = "spin_unlock_irq(", lk[] = "spin_lock_irq(";
	const char *b = f->buf, *end = f->buf + f->len;
	const char *p = b + text_offset(f->buf, f->len, pos), *s, *e, *a;
	int depth = 0;

	/* the statement before: `spin_unlock_irq(X);` */
	for (s = p; s > b && !strchr(";{}", s[-1]); s--)
		;
	for (e = s; e > b && isspace((unsigned char)e[-1]); e--)
		;
	if (e == b || e[-1] != ';')
		return NULL;
	for (a = e - 1; a > b && !strchr(";{}", a[-1]); a--)
		;
	a = skip_blank(a, e);
	if (strncmp(a, un, sizeof(un) - 1))
		return NULL;
	a += sizeof(un) - 1;
	/* X: up to the `)` before the `;` */
	{
		const char *x = a, *xe = e - 1;

		while (xe > x && isspace((unsigned char)xe[-1]))
			xe--;
		if (xe <= x || xe[-1] != ')')
			return NULL;
		xe--;
		/* the statement after the sleep: `spin_lock_irq(X);` */
		for (e = p; e < end && !(*e == ';' && !depth); e++)
			depth += (*e == '(') - (*e == ')');
		if (e >= end)
			return NULL;
		e = skip_blank(e + 1, end);
		if (strncmp(e, lk, sizeof(lk) - 1) ||
		    strncmp(e + sizeof(lk) - 1, x, xe - x) ||
		    strncmp(e + sizeof(lk) - 1 + (xe - x), ");", 2))
			return NULL;
		while (x < xe && (*x == '&' || *x == ' '))
			x++;
		return x < xe ? xasprintf("%.*s", (int)(xe - x), x) : NULL;
	}
}

static bool kthread_loop(const struct cfg_node *tn)
{
	char *rest;
	bool only;

	if (!(tn->flags & NF_LOOP_COND) || !strstr(tn->text, KTHREAD_STOP_TEST))
		return false;
	rest = xstrdup(tn->text);
	cond_drop_operand(rest, "!kthread_should_stop()");
	only = !strcmp(rest, "") || !strcmp(rest, "!kthread_should_stop()");
	free(rest);
	return only;
}

/* A timed sleep on a queue nothing in the file wakes: a plain delay. */
static void delay_finding(struct wq_file *f, const struct cfg_node *nd,
			  const char *name, const char *q, bool intr)
{
	const char *pace = intr ? "schedule_timeout_interruptible" :
				  "schedule_timeout_uninterruptible";
	char *dn = target_lacks(f->target, pace) ? xasprintf(
		"; %s() is first in Linux 2.6.14: on the target, set the state to %s, then schedule_timeout(%s)",
		pace, intr ? "TASK_INTERRUPTIBLE" : "TASK_UNINTERRUPTIBLE",
		nd->ev.args[1]) : xstrdup("");

	file_add_finding(f, WQ001, nd->pos, xasprintf(
		"%s() loses wake-ups and was removed in Linux 3.15; nothing in this file wakes '%s': for a plain delay use %s(%s)%s",
		name, q, pace, nd->ev.args[1], dn));
	free(dn);
}

void check_sleep_on(const struct cfg *g, const struct flow *fl,
		    struct wq_file *f)
{
	int n;

	(void)fl;
	for (n = 0; n < g->n; n++) {
		const struct cfg_node *nd = &g->nodes[n];
		const char *q, *rep, *name, *tmo;
		const struct sleep_on_fact *so;
		char *qh, *old_tmo, *old, *tnote, *flag, *other = NULL;
		char *lrep = NULL;	/* the _lock_irq form, when rep is it */
		struct wq_finding *fd;
		bool delay, intr, paced = false;
		int t;

		if (!node_is(g, n, K_SLEEP_ON))
			continue;
		qh = queue_head(&nd->ev);
		q = qh;
		name = nd->ev.api->name;
		so = sleep_on_lookup(name, strlen(name));
		intr = so && so->intr;
		rep = sleep_on_wait_event(intr, !so || so->timed);
		/* 2.0: `current->timeout = jiffies + X;` before an untimed
		 * sleep made it a timed one */
		old_tmo = strstr(name, "timeout") ? NULL :
			  text_old_timeout_before(f->buf, f->len,
				text_offset(f->buf, f->len, nd->pos));
		if (old_tmo)
			rep = sleep_on_wait_event(intr, true);
		tmo = old_tmo ? old_tmo :
		      (strstr(name, "timeout") && nd->ev.nargs >= 2 &&
		       strcmp(nd->ev.args[1], "?")) ? nd->ev.args[1] : NULL;
		old = old_tmo ? xasprintf(
			"; current->timeout, set before it, was the 2.0 way of a timeout: the sleep returned after %s at most",
			old_tmo) : xstrdup("");
		tnote = target_note(f->target, rep, intr, tmo);
		t = node_pos_loop_test(g, n);
		delay = !old_tmo && strstr(name, "timeout") &&
			nd->ev.nargs >= 2 && strcmp(nd->ev.args[1], "?") &&
			(own_unwoken(g, f, q) || !queue_may_be_woken(f, q)) &&
			(t < 0 || test_counts_only(g, g->nodes[t].text));
		if (delay) {
			delay_finding(f, nd, name, q, intr);
		} else if (t >= 0 && g->nodes[t].pos.line == nd->pos.line &&
		    g->nodes[t].pos.col == nd->pos.col) {
			/* test and sleep both inside one macro: its text is
			 * the invocation, not the condition */
			file_add_finding(f, WQ001, nd->pos, xasprintf(
				"%s() loses wake-ups and was removed in Linux 3.15; it is inside this macro: rewrite the macro with %s() and its loop's condition%s%s",
				name, rep, old, tnote));
		} else if (t >= 0 && kthread_loop(&g->nodes[t])) {
			/* schedule_timeout_*() returns what the old call
			 * did: no note on the result */
			paced = !kthread_finding(f, nd, &g->nodes[t], rep, q,
						 tmo, intr);
		} else if (t >= 0 && guard_side_effect(g, nd, t)) {
			char *guard = xstrdup(g->nodes[t].text);

			if (nd->ev.nargs >= 2)
				cond_drop_operand(guard, nd->ev.args[1]);
			side_effect_finding(f, nd, &g->nodes[t], rep, q, guard,
					    tmo, old, tnote);
			free(guard);
		} else if (t >= 0 && !guard_own_names(f, g, nd, t) &&
			   !guard_written(f, &g->nodes[t], nd)) {
			const struct cfg_node *tn = &g->nodes[t];
			char *guard = xstrdup(tn->text), *cond;
			char *lk = (tn->flags & NF_LOOP_COND) ?
				   dropped_irq_lock(f, nd->pos) : NULL;

			/* `while (!c && t) t = ..._timeout(&q, t)`: t is no
			 * part of the condition */
			if (nd->ev.nargs >= 2)
				cond_drop_operand(guard, nd->ev.args[1]);
			/* `while (!c && !signal_pending(current))`: the
			 * interruptible forms test the signal themselves */
			cond_drop_operand(guard, "!signal_pending(current)");
			/* in the else of `if (c)`: c is what it waits for */
			cond = !(tn->flags & NF_LOOP_COND) &&
			       tn->on_false > tn->on_true &&
			       (int)n >= tn->on_false && (int)n <= tn->branch_end ?
			       xstrdup(guard) : wait_condition(guard);
			free(guard);
			if (lk) {
				/* the loop drops the lock around the sleep:
				 * the form that does so, with the lock */
				lrep = xasprintf("wait_event%s_lock_irq%s",
						 intr ? "_interruptible" : "",
						 tmo ? "_timeout" : "");
				rep = lrep;
				free(tnote);
				tnote = target_note(f->target, rep, intr, tmo);
			}

			file_add_finding(f, WQ001, nd->pos, xasprintf(
				"%s() loses wake-ups and was removed in Linux 3.15; use %s(%s, %s%s%s%s%s)%s%s%s",
				name, rep, q ? q : "wq", cond,
				lk ? ", " : "", lk ? lk : "",
				tmo ? ", " : "", tmo ? tmo : "",
				(tn->flags & NF_LOOP_COND) ? "" :
				" (it waits until the condition holds; the old call slept at most once)",
				old, tnote));
			fd = &f->findings[f->nfindings - 1];
			finding_add_note(fd, tn->pos, xasprintf(
				"the condition waited for is probably '%s', tested here",
				cond));
			free(cond);
			free(lk);
		} else if (q && (tmo || !strstr(rep, "timeout")) &&
			   !own_unwoken(g, f, q) &&
			   (flag = waker_flag(f, q, &other))) {
			/*
			 * `h->acked = 0; outb(...); sleep(&h->ack_wait, HZ);`
			 * with the interrupt doing `h->acked = 1; wake_up()`:
			 * no test in the function, but the waker names it
			 */
			file_add_finding(f, WQ001, nd->pos, xasprintf(
				"%s() loses wake-ups and was removed in Linux 3.15; use %s(%s, %s%s%s) with the flag the wakers set before their wake-up (it waits until the flag is set; the old call returned on any wake-up)%s%s",
				name, rep, q, flag, tmo ? ", " : "",
				tmo ? tmo : "", old, tnote));
			free(flag);
		} else if (other) {
			/* what `wqport fix` says: no rebasing by name */
			file_add_finding(f, WQ001, nd->pos, xasprintf(
				"%s() loses wake-ups and was removed in Linux 3.15; use %s() with the condition the waker sets: a waker sets '%s' before its wake-up, through another pointer than the queue's, so it is not rewritten in the sleeper's terms: name the field the sleeper reads by hand%s%s",
				name, rep, other, old, tnote));
			free(other);
		} else {
			file_add_finding(f, WQ001, nd->pos, xasprintf(
				"%s() loses wake-ups and was removed in Linux 3.15; use %s() with the condition the waker sets, or schedule_timeout_*() for a plain delay%s%s",
				name, rep, old, tnote));
		}
		if ((strstr(name, "timeout") || old_tmo) && !delay && !paced) {
			fd = &f->findings[f->nfindings - 1];
			finding_add_note(fd, nd->pos, old_tmo ? xasprintf(
				"%s() returns 0 on timeout and at least 1 when the condition held; %s() told neither: check how the code after it tells a timeout",
				rep, name) : xasprintf(
				"%s() returns 0 on timeout and at least 1 when the condition held, unlike %s(); check how the result is used",
				rep, name));
		}
		free(old_tmo);
		free(old);
		free(tnote);
		free(qh);
		free(lrep);
	}
}

char *sleep_on_token_message(unsigned target, const char *name,
			     const char *timeout, const char *macro)
{
	const struct sleep_on_fact *so = sleep_on_lookup(name, strlen(name));
	bool intr = so && so->intr;
	const char *rep = sleep_on_wait_event(intr, !so || so->timed);
	const char *tmo = so && so->timed ? timeout : NULL;
	char *tnote = target_note(target, rep, intr, tmo), *msg;

	if (macro)
		msg = xasprintf("%s() loses wake-ups and was removed in Linux 3.15; it is inside macro '%s': rewrite the macro with %s() and its loop's condition%s",
				name, macro, rep, tnote);
	else
		msg = xasprintf("%s() loses wake-ups and was removed in Linux 3.15; use %s() with the condition the waker sets, or schedule_timeout_*() for a plain delay%s",
				name, rep, tnote);
	free(tnote);
	return msg;
}
