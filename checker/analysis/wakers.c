// SPDX-License-Identifier: GPL-2.0-only
/*
 * Who wakes a waiter, and what they change before waking.
 *
 *	static irqreturn_t drv_irq(int irq, void *id)
 *	{
 *		...
 *		dev->done = 1;			<- the change
 *		wake_up(&dev->wq);		<- the waker of dev->wq
 *	}
 *
 * A lost wake-up loses what the waker made true before it woke: that
 * is the condition the waiter must test after setting its state, and
 * the one a finding must name.  The wakers of a queue are the
 * wake_up*() calls of the file on a queue with the same last member
 * name (`&dev->wq` and `&d->wq`); the wakers of a task are its
 * wake_up_process() calls, on the variable that a kthread_run() or
 * kthread_create() of the waiting function was stored in when the file
 * has one, else on anything but `current`.  The change is the nearest
 * statement before the wake-up, in the same function, that writes
 * something (an assignment, ++/--, a set_bit(), atomic_set(), a list or
 * skb queue insert); locking, barriers and logging in between are
 * skipped, and the walk stops at a return, break or goto.  Read from the
 * text, so it sees interrupt handlers and timer callbacks that the
 * function graphs of the waiter never reach.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

/*
 * Calls that change nothing a waiter tests: the locking, interrupt and
 * timer calls of kapi.def (KAPI_LOCK, KAPI_IRQ, K_UNLOCK, K_ARM_TIMER),
 * its logging (KAPI_LOG) and barriers (KAPI_BARRIER), and these: the
 * drivers' debug macros and RCU's read side.
 */
static const char *const neutral[] = {
	"dbg", "DBG", "rcu_read_lock", "rcu_read_unlock", NULL
};

static char *xstrndup(const char *s, size_t n)
{
	char *r = xrealloc(NULL, n + 1);

	memcpy(r, s, n);
	r[n] = 0;
	return r;
}

static bool in_list(const char *const *l, const char *w, size_t n)
{
	for (; *l; l++)
		if (strlen(*l) == n && !memcmp(*l, w, n))
			return true;
	return false;
}

/* Trimmed, blank-collapsed copy of buf[a, b). */
static char *clean(const char *buf, unsigned a, unsigned b)
{
	struct strbuf sb = { 0 };
	bool space = false;

	while (a < b && isspace((unsigned char)buf[a]))
		a++;
	while (b > a && (isspace((unsigned char)buf[b - 1]) || buf[b - 1] == ';'))
		b--;
	for (; a < b; a++) {
		if (buf[a] == '/' && a + 1 < b && buf[a + 1] == '*') {
			const char *e = strstr(buf + a + 2, "*/");

			a = e && (unsigned)(e - buf) + 1 < b ?
			    (unsigned)(e - buf) + 1 : b;
			space = true;
			continue;
		}
		if (buf[a] == '/' && a + 1 < b && buf[a + 1] == '/') {
			while (a + 1 < b && buf[a + 1] != '\n')
				a++;
			space = true;
			continue;
		}
		if (isspace((unsigned char)buf[a])) {
			space = true;
			continue;
		}
		if (space && sb.s)
			sb_add(&sb, " ", 1);
		space = false;
		sb_add(&sb, buf + a, 1);
	}
	return sb.s ? sb.s : xstrdup("");
}

/*
 * The key a text is matched by: its last identifier outside brackets
 * (`&dev->rx_wait` -> rx_wait, `q[i].wait` -> wait).
 */
char *waker_key(const char *t)
{
	const char *p, *best = NULL;
	size_t bn = 0;
	int depth = 0;

	for (p = t; *p; ) {
		if (*p == '[') {
			depth++;
			p++;
		} else if (*p == ']') {
			depth--;
			p++;
		} else if (wq_ident_char(*p) && !isdigit((unsigned char)*p)) {
			const char *w = p;

			while (wq_ident_char(*p))
				p++;
			if (!depth && *p != '(') {
				best = w;
				bn = p - w;
			}
		} else {
			p++;
		}
	}
	if (!best) {
		/* `sk_sleep(sk)`: the call's argument */
		for (p = t; *p; p++)
			if (wq_ident_char(*p) && !isdigit((unsigned char)*p) &&
			    (p == t || !wq_ident_char(p[-1]))) {
				best = p;
				for (bn = 0; wq_ident_char(p[bn]); bn++)
					;
			}
	}
	return best ? xstrndup(best, bn) : NULL;
}

/* The arguments of the call whose '(' is at buf[open]: [a_i, b_i). */
static int call_args(const char *buf, size_t len, unsigned open,
		     unsigned *a, unsigned *b, int max, unsigned *close)
{
	int depth = 0, n = 0;
	unsigned i, start = open + 1;

	for (i = open; i < len; i++) {
		char c = buf[i];

		if (c == '(' || c == '[' || c == '{') {
			depth++;
		} else if (c == ')' || c == ']' || c == '}') {
			if (--depth == 0) {
				if (n < max) {
					a[n] = start;
					b[n] = i;
				}
				n++;
				*close = i;
				return n < max ? n : max;
			}
		} else if (c == ',' && depth == 1) {
			if (n < max) {
				a[n] = start;
				b[n] = i;
			}
			n++;
			start = i + 1;
		}
	}
	return 0;
}

/* Does the statement [a, b) write something?  Sets *changed. */
static bool statement_change(const char *buf, unsigned a, unsigned b,
			     char **changed)
{
	unsigned i, w, we, aa[4], bb[4], close;
	const struct side_effect *se;
	int depth = 0, n;

	while (a < b && isspace((unsigned char)buf[a]))
		a++;
	/* a call of a known writer */
	for (w = a; w < b && wq_ident_char(buf[w]); w++)
		;
	we = w;
	while (w < b && isspace((unsigned char)buf[w]))
		w++;
	if (we > a && w < b && buf[w] == '(') {
		se = side_effect_lookup(buf + a, we - a);
		if (se && se->arg >= 0) {
			n = call_args(buf, b, w, aa, bb, 4, &close);
			if (n > se->arg) {
				char *t = clean(buf, aa[se->arg], bb[se->arg]);

				*changed = xstrdup(t[0] == '&' ? t + 1 : t);
				free(t);
				return true;
			}
			return false;
		}
	}
	/* an assignment at the top level, or ++/-- */
	for (i = a; i < b; i++) {
		char c = buf[i];

		if (c == '(' || c == '[')
			depth++;
		else if (c == ')' || c == ']')
			depth--;
		if (depth)
			continue;
		if (c == '=' && i + 1 < b && buf[i + 1] != '=' && i > a &&
		    !strchr("=!<>", buf[i - 1])) {
			unsigned e = i;

			if (strchr("+-*/|&^", buf[e - 1]))
				e--;
			*changed = clean(buf, a, e);
			return true;
		}
		if ((c == '+' || c == '-') && i + 1 < b && buf[i + 1] == c) {
			*changed = i == a ? clean(buf, a + 2, b) :
					    clean(buf, a, i);
			return true;
		}
	}
	return false;
}

/* Is the statement [a, b) a call of a neutral function? */
static bool neutral_statement(const char *buf, unsigned a, unsigned b)
{
	unsigned w;

	while (a < b && isspace((unsigned char)buf[a]))
		a++;
	for (w = a; w < b && wq_ident_char(buf[w]); w++)
		;
	return w > a && (in_list(neutral, buf + a, w - a) ||
			 kapi_barrier(buf + a, w - a, false) ||
			 kapi_log(buf + a, w - a) ||
			 kapi_lock(buf + a, w - a, false) ||
			 kapi_irq(buf + a, w - a) ||
			 kapi_is(buf + a, w - a, K_UNLOCK) ||
			 kapi_is(buf + a, w - a, K_ARM_TIMER));
}

static bool starts_with_word(const char *buf, unsigned a, unsigned b,
			     const char *w)
{
	size_t n = strlen(w);

	while (a < b && isspace((unsigned char)buf[a]))
		a++;
	return b - a >= n && !memcmp(buf + a, w, n) &&
	       (a + n == b || !wq_ident_char(buf[a + n]));
}

/*
 * Is plain name c declared in the body [from, at) before its use (`int
 * lsr;`, `u8 lsr = ...`): a local of the waker, which no waiter reads.
 */
static bool local_of(const char *buf, unsigned from, unsigned at,
		     const char *c)
{
	long w;
	unsigned p;

	while (*c == '*' || *c == '&')
		c++;
	if (strpbrk(c, ">.[]( *"))
		return false;
	w = text_find_word(buf, from, at, c);
	if (w < 0)
		return false;
	for (p = w; p > from && isspace((unsigned char)buf[p - 1]); p--)
		;
	return p > from && (wq_ident_char(buf[p - 1]) || buf[p - 1] == '*');
}

/* `struct zorb *zs`, `u8 lsr`: the lvalue of an initialised declaration */
static bool declaration(const char *c)
{
	const char *p = c;

	while (wq_ident_char(*p))
		p++;
	return p > c && *p == ' ' && (wq_ident_char(p[1]) || p[1] == '*');
}

/*
 * The changes before the wake-up at offset at, in body [from, at),
 * nearest first.
 */
static void change_before(const char *buf, unsigned decl, unsigned from,
			  unsigned at, struct waker *w)
{
	unsigned end = at;
	int steps;

	for (steps = 0; steps < 8 && end > from; steps++) {
		unsigned b = end;
		char *changed = NULL;

		while (b > from && buf[b - 1] != ';' && buf[b - 1] != '{' &&
		       buf[b - 1] != '}')
			b--;
		/* an `if (x)` guarding the wake-up is no write */
		if (b < end && !starts_with_word(buf, b, end, "if") &&
		    !starts_with_word(buf, b, end, "else")) {
			if (starts_with_word(buf, b, end, "return") ||
			    starts_with_word(buf, b, end, "break") ||
			    starts_with_word(buf, b, end, "goto") ||
			    starts_with_word(buf, b, end, "case") ||
			    starts_with_word(buf, b, end, "continue"))
				return;
			if (!neutral_statement(buf, b, end) &&
			    statement_change(buf, b, end, &changed)) {
				if (declaration(changed) ||
				    local_of(buf, decl, b, changed) ||
				    w->nchanges == WAKER_MAX_CHANGES) {
					free(changed);
				} else {
					w->changes[w->nchanges] =
						clean(buf, b, end);
					w->changed[w->nchanges++] = changed;
				}
			}
		}
		if (b <= from)
			return;
		end = b - 1;
	}
}

/*
 * The variable a kthread_run()/kthread_create() of fn is stored in
 * (its key), or NULL.
 */
static char *thread_variable(const char *buf, size_t len, const char *fn)
{
	size_t i, nst;
	const struct kapi_thread *starters = kapi_thread_table(&nst);

	/* the thread starters that return the task (kapi.def KAPI_THREAD) */
	for (i = 0; i < nst; i++) {
		long at = 0;

		if (!starters[i].task)
			continue;

		while ((at = text_find_word(buf, at, len, starters[i].name)) >= 0) {
			unsigned p = at + strlen(starters[i].name), a[2], b[2], c;
			int n;

			at = p;
			while (p < len && isspace((unsigned char)buf[p]))
				p++;
			if (p >= len || buf[p] != '(')
				continue;
			n = call_args(buf, len, p, a, b, 2, &c);
			if (n >= 1) {
				char *arg = clean(buf, a[0], b[0]);
				bool same = !strcmp(arg, fn);
				unsigned s, e;

				free(arg);
				if (!same)
					continue;
				/* `X = kthread_run(fn, ...)` */
				for (e = at - strlen(starters[i].name); e > 0 &&
				     isspace((unsigned char)buf[e - 1]); e--)
					;
				if (!e || buf[e - 1] != '=')
					return NULL;
				e--;
				for (s = e; s > 0 && !strchr(";{}", buf[s - 1]); s--)
					;
				arg = clean(buf, s, e);
				{
					char *k = waker_key(arg);

					free(arg);
					return k;
				}
			}
		}
	}
	return NULL;
}

static void add_waker(struct waker **out, int *n, const struct wq_file *f,
		      unsigned at, const char *call, size_t cn)
{
	unsigned from, to;
	const char *name;
	size_t nn;
	struct waker *w;

	if (!text_enclosing_function(f->buf, f->len, at, &from, &to, &name,
				     &nn))
		return;
	*out = xrealloc(*out, (*n + 1) * sizeof(**out));
	w = &(*out)[(*n)++];
	memset(w, 0, sizeof(*w));
	w->pos = text_pos(f->buf, f->len, at);
	w->func = xstrndup(name, nn);
	w->call = xstrndup(call, cn);
	change_before(f->buf, name - f->buf, from + 1, at, w);
}

/* Is q a plain name (`wait`, not `&d->wait` or `x.wait`)? */
static bool wq_ident_start(const char *q)
{
	const char *p = q;

	while (*p == '&' || *p == ' ')
		p++;
	if (!*p || isdigit((unsigned char)*p))
		return false;
	for (; *p; p++)
		if (!wq_ident_char(*p))
			return false;
	return true;
}

int wakers_find(const struct wq_file *f, const char *queue,
		const char *self_fn, struct waker **out)
{
	const char *const *words = kapi_wakes(queue != NULL);
	char *key = queue ? waker_key(queue) :
			    thread_variable(f->buf, f->len, self_fn);
	int n = 0, i;

	*out = NULL;
	if (queue && !key)
		return 0;
	for (i = 0; words[i]; i++) {
		long at = 0;
		size_t wn = strlen(words[i]);

		while ((at = text_find_word(f->buf, at, f->len, words[i])) >= 0) {
			unsigned p = at + wn, a[3], b[3], c;
			char *arg, *k;
			int na;

			while (p < f->len && isspace((unsigned char)f->buf[p]))
				p++;
			if (p >= f->len || f->buf[p] != '(') {
				at += wn;
				continue;
			}
			na = call_args(f->buf, f->len, p, a, b, 3, &c);
			if (na < 1) {
				at += wn;
				continue;
			}
			arg = clean(f->buf, a[0], b[0]);
			k = waker_key(arg);
			if (k && (key ? !strcmp(k, key) :
				  strcmp(arg, "current") != 0))
				add_waker(out, &n, f, at, words[i], wn);
			free(k);
			free(arg);
			at += wn;
		}
	}
	/* a queue head of the sleeping function's own: no other function
	 * names it, so only its own wake-ups can be of it */
	if (queue && self_fn && wq_ident_start(queue)) {
		unsigned from, to;

		if (text_function_body(f->buf, f->len, self_fn, &from, &to) &&
		    text_declares_queue(f->buf, from, to, queue))
			for (i = 0; i < n; i++)
				if (strcmp((*out)[i].func, self_fn)) {
					waker_free_one(&(*out)[i]);
					memmove(*out + i, *out + i + 1,
						(n - i - 1) * sizeof(**out));
					n--;
					i--;
				}
	}
	/* a task waker in the waiting function itself wakes another task */
	if (!queue)
		for (i = 0; i < n; i++)
			if (!strcmp((*out)[i].func, self_fn)) {
				waker_free_one(&(*out)[i]);
				memmove(*out + i, *out + i + 1,
					(n - i - 1) * sizeof(**out));
				n--;
				i--;
			}
	free(key);
	return n;
}

void waker_free_one(struct waker *w)
{
	int i;

	free(w->func);
	free(w->call);
	for (i = 0; i < w->nchanges; i++) {
		free(w->changes[i]);
		free(w->changed[i]);
	}
}

void wakers_free(struct waker *w, int n)
{
	int i;

	for (i = 0; i < n; i++)
		waker_free_one(&w[i]);
	free(w);
}

/*
 * Does buf[from, to) name anything waker w changed?  The change it names
 * becomes the first of w's.
 */
static bool first_change_read(struct waker *w, const char *buf,
			      unsigned from, unsigned to)
{
	int i;

	for (i = 0; i < w->nchanges; i++) {
		char *k = waker_key(w->changed[i]);
		bool hit = k && text_has_word(buf, from, to, k);

		free(k);
		if (hit) {
			char *c = w->changes[i], *d = w->changed[i];

			w->changes[i] = w->changes[0];
			w->changed[i] = w->changed[0];
			w->changes[0] = c;
			w->changed[0] = d;
			return true;
		}
	}
	return false;
}

/*
 * Does test text t read what waker w changed?  The change it reads
 * becomes the first of w's.
 */
bool waker_tested_by(struct waker *w, const char *t)
{
	return first_change_read(w, t, 0, strlen(t));
}

/*
 * Does the code in buf[from, to) (the waiter's function) read anything
 * waker w changed?  The change it reads becomes the first of w's.
 */
bool waker_read_in(struct waker *w, const char *buf, unsigned from,
		   unsigned to)
{
	return first_change_read(w, buf, from, to);
}

/*
 * What runs fn: "interrupt handler", "timer", "work item" when the file
 * hands it to a K_START_* call of kapi.def (or stores it in a timer's
 * .function), "callback .<member>" when an initializer or store names
 * it as another member (a file operation), else "function".
 */
const char *waker_kind(const char *buf, size_t len, const char *fn,
		       char **member)
{
	long at = 0;
	size_t n = strlen(fn);

	*member = NULL;
	while ((at = text_find_word(buf, at, len, fn)) >= 0) {
		long p = at, q = at + n;
		int depth = 0;

		at = q;
		while ((size_t)q < len && isspace((unsigned char)buf[q]))
			q++;
		if ((size_t)q < len && buf[q] == '(')
			continue;	/* a call or the definition */
		while (p > 0 && isspace((unsigned char)buf[p - 1]))
			p--;
		if (p > 0 && buf[p - 1] == '&')
			p--;
		while (p > 0 && isspace((unsigned char)buf[p - 1]))
			p--;
		if (p > 0 && buf[p - 1] == '=') {
			long e = p - 1, s;
			const struct kapi *k;

			while (e > 0 && isspace((unsigned char)buf[e - 1]))
				e--;
			for (s = e; s > 0 && wq_ident_char(buf[s - 1]); s--)
				;
			if (s == e || s == 0 || (buf[s - 1] != '.' && buf[s - 1] != '>'))
				continue;
			k = kapi_fact(buf + s, e - s);
			if (k && k->kind == K_START_TIMER)
				return "timer";
			free(*member);
			*member = xstrndup(buf + s, e - s);
			continue;
		}
		/* an argument: the call around it */
		for (; p > 0; p--) {
			char c = buf[p - 1];

			if (c == ')')
				depth++;
			else if (c == '(' && depth-- == 0)
				break;
			else if (c == ';' || c == '{' || c == '}')
				break;
		}
		if (p > 0 && buf[p - 1] == '(') {
			long e = p - 1, s;
			const struct kapi *k;

			while (e > 0 && isspace((unsigned char)buf[e - 1]))
				e--;
			for (s = e; s > 0 && wq_ident_char(buf[s - 1]); s--)
				;
			k = s < e ? kapi_fact(buf + s, e - s) : NULL;
			if (k && k->kind == K_START_IRQ)
				return "interrupt handler";
			if (k && k->kind == K_START_TIMER)
				return "timer";
			if (k && k->kind == K_START_WORK)
				return "work item";
		}
	}
	return *member ? "callback" : "function";
}
