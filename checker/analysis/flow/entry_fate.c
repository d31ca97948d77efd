// SPDX-License-Identifier: GPL-2.0-only
/*
 * What became of a wait entry on an exit that does not remove it.
 *
 * The dataflow says an entry may still be queued at a return; the path
 * to that return may say it is not, or that its queue is gone
 * (`list_empty(&wait.entry)` is analysis/flow/paths.c's):
 *
 *	if (!smp_load_acquire(&wq_entry.private))
 *		break;			<- cleared by the wake function
 *					   right after list_del_init()
 *
 *	if (dev->queues)		<- no queues: they were freed with
 *		remove_wait_queue(&dev->queues->q, &wait);  the entry's list
 *
 * An exit is fated when every path from the enqueue to it passes one
 * branch of a test that says so:
 * - a field that the entry's own wake function (a function of the file,
 *   named by DEFINE_WAIT_FUNC() or init_waitqueue_func_entry()) clears
 *   after it list_del_init()s the entry (`wq_entry->private = NULL`),
 *   read as zero;
 * - the owner of the queue torn down: a pointer the queue lives in
 *   (`dev->queues` for `dev->queues->queue[i].cmdready`) read as NULL,
 *   or `sock_flag(sk, SOCK_DEAD)` set for a socket's own queue
 *   (sock_orphan() clears the socket's wait queue pointer with it); not
 *   a flag of the owner (queue_gone());
 * - the queue a pointer the file stores NULL to (the owner lent it and
 *   takes it away), left when a predicate of that owner is false
 *   (`while (d_in_lookup(dentry))` on `dentry->d_wait`, fs/dcache.c);
 * - the test that guarded the enqueue, taken the other way, when what it
 *   reads does not change from there on: `if (!bus->polling_mode)`
 *   around both prepare_to_wait() and finish_wait() (no statement of
 *   the file stores to polling_mode), `while (wait)` after
 *   `if (wait) __add_wait_queue_entry_tail()` (no later write of the
 *   local).  Off with WQPORT_NO_FEASIBILITY, like the other correlated
 *   tests;
 * - a local flag of the enqueue, read as zero: set to a nonzero
 *   constant right after it (`add_wait_queue(&q, &wait); on_wq = true;`)
 *   and written elsewhere only zero, where the entry is off its queue
 *   (drivers/md/raid5.c's `if (unlikely(on_wq)) remove_wait_queue()`).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "paths.h"

/* t without blanks, outer parentheses and a leading `!` counted. */
static char *bare(const char *t, bool *neg)
{
	struct strbuf sb = { 0 };
	char *r;
	size_t n;

	for (; *t; t++)
		if (!isspace((unsigned char)*t))
			sb_add(&sb, t, 1);
	r = sb.s ? sb.s : xstrdup("");
	*neg = false;
	for (;;) {
		n = strlen(r);
		if (r[0] == '!') {
			*neg = !*neg;
			memmove(r, r + 1, n);
		} else if (r[0] == '(' && n > 1 && r[n - 1] == ')') {
			int d = 0;
			size_t i;

			for (i = 0; i < n - 1; i++) {
				d += r[i] == '(';
				d -= r[i] == ')';
				if (!d)
					break;
			}
			if (i < n - 1)
				break;
			r[n - 1] = 0;
			memmove(r, r + 1, n - 1);
		} else {
			break;
		}
	}
	return r;
}

/* Is p a pointer the queue q (blanks removed) is reached through? */
static bool owner_of(const char *p, const char *q)
{
	size_t n = strlen(p);

	if (q[0] == '&')
		q++;
	return n && !strncmp(q, p, n) &&
	       (!strncmp(q + n, "->", 2) || q[n] == '.' || q[n] == '[');
}

static char *squeeze(const char *t)
{
	struct strbuf sb = { 0 };

	for (; *t; t++)
		if (!isspace((unsigned char)*t))
			sb_add(&sb, t, 1);
	return sb.s ? sb.s : xstrdup("");
}

/* Split a || chain at the top level; returns the count (max 4). */
static int or_operands(const char *t, char **ops)
{
	int n = 0, d = 0;
	const char *s = t, *p;

	for (p = t; *p; p++) {
		if (*p == '(')
			d++;
		else if (*p == ')')
			d--;
		else if (!d && p[0] == '|' && p[1] == '|') {
			if (n == 4)
				return 0;
			ops[n++] = xasprintf("%.*s", (int)(p - s), s);
			s = p + 2;
			p++;
		} else if (!d && p[0] == '&' && p[1] == '&') {
			return 0;
		}
	}
	if (n == 4)
		return 0;
	ops[n++] = xstrdup(s);
	return n;
}

/*
 * Does the outcome `taken` of test text say the queue q is gone?
 * `!P`, `P == NULL` true; `P`, `P != NULL` false; `sock_flag(S,
 * SOCK_DEAD)` true with S in q; a || chain of such tests, taken true.
 * A flag of the owner is not the owner gone: in hid-debug.c's
 * `if (!list->hdev || !list->hdev->debug)` the path where only
 * `!list->hdev->debug` holds leaves the entry on `hdev->debug_wait`,
 * and the device and its queue live on after hid_debug_unregister()
 * (its poll and hid_debug_event() still use the head): no such chain
 * dismisses the exit.
 */
static bool queue_gone(const char *test, bool taken, const char *queue)
{
	char *q = squeeze(queue), *ops[4];
	int n = or_operands(test, ops), i, nulls = 0;

	for (i = 0; i < n; i++) {
		bool neg;
		char *b = bare(ops[i], &neg);
		size_t bl = strlen(b);

		if (bl > 6 && !strcmp(b + bl - 6, "==NULL")) {
			b[bl - 6] = 0;
			neg = !neg;
		} else if (bl > 6 && !strcmp(b + bl - 6, "!=NULL")) {
			b[bl - 6] = 0;
		}
		/* neg: the test is true when b is NULL */
		if (!strncmp(b, "sock_flag(", 10) && strstr(b, ",SOCK_DEAD)")) {
			char *s = xasprintf("%.*s", (int)(strstr(b, ",") - b - 10),
					    b + 10);

			if (strstr(q, s) && (n == 1 ? taken != neg : !neg))
				nulls++;
			free(s);
		} else if (owner_of(b, q) && (n == 1 ? taken == neg : neg)) {
			nulls++;
		}
		free(b);
		free(ops[i]);
	}
	free(q);
	return n && (n == 1 || taken) && nulls == n;
}

/*
 * The wake function of entry name in the function's text [from, to):
 * DEFINE_WAIT_FUNC(name, fn), init_waitqueue_func_entry(&name, fn) or
 * `name.func = fn`.  Returns it or NULL.
 */
static char *wake_function(const struct wq_file *f, unsigned from,
			   unsigned to, const char *name)
{
	static const char *const forms[] = {
		"DEFINE_WAIT_FUNC", "init_waitqueue_func_entry", NULL
	};
	char *want = squeeze(name), *fn = NULL;
	int i;

	for (i = 0; forms[i] && !fn; i++) {
		long at = from;

		while (!fn && (at = text_find_word(f->buf, at, to, forms[i])) >= 0) {
			const char *p = f->buf + at + strlen(forms[i]);
			const char *c, *e;
			char *a;

			at += strlen(forms[i]);
			while (isspace((unsigned char)*p))
				p++;
			if (*p != '(')
				continue;
			c = strchr(p, ',');
			e = c ? strchr(c, ')') : NULL;
			if (!e)
				continue;
			a = xasprintf("%.*s", (int)(c - p - 1), p + 1);
			{
				char *s = squeeze(a);

				if (!strcmp(s[0] == '&' ? s + 1 : s, want)) {
					char *g = xasprintf("%.*s",
							    (int)(e - c - 1),
							    c + 1);

					fn = squeeze(g);
					free(g);
				}
				free(s);
			}
			free(a);
		}
	}
	/* `name.func = fn;` */
	{
		long at = from;

		while (!fn && (at = text_find_word(f->buf, at, to, "func")) >= 0) {
			const char *p = f->buf + at + 4, *b = f->buf + at, *e;
			size_t n = strlen(want);

			at += 4;
			while (b > f->buf && isspace((unsigned char)b[-1]))
				b--;
			if (b == f->buf || b[-1] != '.' || b - 1 - f->buf < (long)n ||
			    strncmp(b - 1 - n, want, n) ||
			    (b - 1 - n > f->buf && wq_ident_char(b[-2 - n])))
				continue;
			while (isspace((unsigned char)*p))
				p++;
			if (*p != '=' || p[1] == '=')
				continue;
			for (p++; isspace((unsigned char)*p); p++)
				;
			for (e = p; wq_ident_char(*e); e++)
				;
			if (e > p)
				fn = xasprintf("%.*s", (int)(e - p), p);
		}
	}
	free(want);
	return fn;
}

/* Does the body of fn list_del_init() its entry?  Sets the cleared field. */
static bool dequeues(const struct wq_file *f, const char *fn, char **field)
{
	unsigned from, to;
	long at;
	const char *p;

	*field = NULL;
	if (!fn || !text_function_body(f->buf, f->len, fn, &from, &to))
		return false;
	at = text_find_word(f->buf, from, to, "list_del_init");
	if (at < 0)
		return false;
	/* `x->F = NULL`, smp_store_release(&x->F, NULL), after it */
	for (p = f->buf + at; p < f->buf + to; p++) {
		const char *a = strstr(p, "->");
		const char *w, *e;

		if (!a || a >= f->buf + to)
			break;
		w = a + 2;
		for (e = w; wq_ident_char(*e); e++)
			;
		p = e - 1;
		while (isspace((unsigned char)*e) || *e == ')')
			e++;
		if ((*e == '=' && e[1] != '=') || *e == ',') {
			e += 1;
			while (isspace((unsigned char)*e))
				e++;
			if (!strncmp(e, "NULL", 4) || (*e == '0' && !wq_ident_char(e[1]))) {
				*field = xasprintf("%.*s", (int)(p + 1 - w), w);
				break;
			}
		}
	}
	return true;
}

struct fate {
	const char *entry;	/* the entry's name */
	const char *queue;	/* its queue */
	bool removes;		/* its wake function dequeues it */
	char *field;		/* a field the wake function clears, or NULL */
	/* the enqueue's guard, when what it reads does not change: its text
	 * (bare()) and the value it had for the enqueue, or NULL */
	char *guard;
	bool guard_val;
	bool torn_down;		/* the file stores NULL to the queue pointer */
	/* a local set nonzero right after the enqueue and zero only where
	 * the entry is off its queue (`on_wq = true;`), or NULL */
	const char *flag;
};

/*
 * Is what bare test text b reads fixed from node from on: a local no
 * node reachable from there writes, or a field (`bus->polling_mode`) no
 * node of the function writes and no statement of the file stores to?
 * A call, an element or a pointer's target is not.
 */
static bool fixed_after(const struct cfg *g, const struct wq_file *f,
			int from, const char *b)
{
	const char *last = b, *p;
	char *seen;
	int *stack, sp = 0, n, i;
	bool ok = true, field = strstr(b, "->") || strchr(b, '.');
	long at;

	for (p = b; *p; p++) {
		if (!(wq_ident_char(*p) || *p == '.' || (p[0] == '-' && p[1] == '>') ||
		      (p > b && p[-1] == '-' && p[0] == '>')))
			return false;
		if (*p == '.' || *p == '>')
			last = p + 1;
	}
	if (!*last || isdigit((unsigned char)*last) ||
	    (!field && !cfg_is_var(g, b, strlen(b))))
		return false;
	/* the nodes from `from` on that write it */
	seen = xrealloc(NULL, g->n);
	stack = xrealloc(NULL, g->n * sizeof(int));
	memset(seen, 0, g->n);
	stack[sp++] = from;
	seen[from] = 1;
	while (sp && ok) {
		n = stack[--sp];
		if (g->nodes[n].kind == N_ASSIGN && g->nodes[n].text) {
			const char *t = g->nodes[n].text;
			size_t lt = strlen(t), ll = strlen(last);

			ok = field ? !(lt >= ll && !strcmp(t + lt - ll, last)) :
				     strcmp(t, b);
		}
		for (i = 0; i < g->nodes[n].nsucc; i++)
			if (!seen[g->nodes[n].succ[i]]) {
				seen[g->nodes[n].succ[i]] = 1;
				stack[sp++] = g->nodes[n].succ[i];
			}
	}
	free(seen);
	free(stack);
	/* a field: no store to it anywhere in the file */
	for (at = 0; ok && field &&
	     (at = text_find_word(f->buf, at, f->len, last)) >= 0;) {
		const char *q = f->buf + at + strlen(last);
		const char *r = f->buf + at;

		at += strlen(last);
		while (isspace((unsigned char)*q))
			q++;
		if ((q[0] == '=' && q[1] != '=') ||
		    (strchr("+-*/%&|^", q[0]) && q[1] == '=') ||
		    (q[0] == '<' && q[1] == '<' && q[2] == '=') ||
		    (q[0] == '>' && q[1] == '>' && q[2] == '=') ||
		    (q[0] == '+' && q[1] == '+') || (q[0] == '-' && q[1] == '-'))
			ok = false;
		/* ++x->f, &x->f handed on */
		while (r > f->buf && (wq_ident_char(r[-1]) || r[-1] == '.' ||
				      r[-1] == '>' || r[-1] == '-'))
			r--;
		while (r > f->buf && isspace((unsigned char)r[-1]))
			r--;
		if (r > f->buf && (r[-1] == '&' ||
				   (r - f->buf >= 2 && (!strncmp(r - 2, "++", 2) ||
							!strncmp(r - 2, "--", 2)))))
			ok = false;
	}
	return ok;
}

/* Is rhs a constant: *nonzero set to whether it is not 0 / false? */
static bool constant_value(const char *rhs, bool *nonzero)
{
	bool neg;
	char *b = bare(rhs, &neg);
	char *end;
	long v = strtol(b, &end, 0);
	bool ok = true;

	if (!strcmp(b, "true") || !strcmp(b, "false"))
		*nonzero = b[0] == 't';
	else if (*b && !*end)
		*nonzero = v != 0;
	else
		ok = false;
	if (ok && neg)
		*nonzero = !*nonzero;
	free(b);
	return ok;
}

/*
 * The enqueue's flag: the local the node right after enqueue q sets to
 * a nonzero constant, when every other write of it stores zero where
 * entry e is off its queue (so the flag read zero says never enqueued,
 * or dequeued), and its address is not taken.  NULL when none.
 */
static const char *find_flag(const struct cfg *g, const struct flow *fl,
			     const struct wq_file *f, int q, int e)
{
	const struct cfg_node *a;
	const char *v;
	bool nz;
	int i;

	if (paths_no_feasibility() || g->nodes[q].nsucc != 1)
		return NULL;
	a = &g->nodes[g->nodes[q].succ[0]];
	if (a->kind != N_ASSIGN || !a->text || !a->rhs ||
	    !constant_value(a->rhs, &nz) || !nz)
		return NULL;
	v = a->text;
	for (i = 0; i < g->nvars && strcmp(g->vars[i], v); i++)
		;
	if (i == g->nvars ||
	    text_addr_taken(f->buf, g->body_start, g->body_end, v))
		return NULL;
	for (i = 0; i < g->n; i++) {
		const struct cfg_node *w = &g->nodes[i];

		if (w == a || w->kind != N_ASSIGN || !w->text ||
		    strcmp(w->text, v))
			continue;
		if (!w->rhs || !constant_value(w->rhs, &nz) || nz ||
		    (fl->in[i] & FL_QUEUED(e)))
			return NULL;
	}
	return v;
}

/* Does bare test text b read just the flag v (`unlikely(on_wq)`)? */
static bool reads_flag(const char *b, const char *v)
{
	size_t n = strlen(v), m = strlen(b);

	if (!strncmp(b, "unlikely(", 9) || !strncmp(b, "likely(", 7)) {
		const char *in = strchr(b, '(') + 1;

		return m - (in - b) == n + 1 && !strncmp(in, v, n) &&
		       b[m - 1] == ')';
	}
	return !strcmp(b, v);
}

/*
 * The test the enqueue at node q is under: back from q over nodes with
 * one predecessor to the branch entry of a test.  Sets ft->guard to its
 * bare text and ft->guard_val to the value it had, when fixed_after().
 */
static void find_guard(const struct cfg *g, const struct flow *fl,
		       const struct wq_file *f, int q, struct fate *ft)
{
	int n = q, steps = 0, i;

	/* a correlated test: off with the rest (WQPORT_NO_FEASIBILITY) */
	if (paths_no_feasibility())
		return;
	/* one enqueue of the entry, or the guard says nothing */
	for (i = 0; i < g->n; i++)
		if (i != q && (node_is(g, i, K_ADD_WAIT) ||
			       node_is(g, i, K_PREPARE)) &&
		    event_entry(&g->nodes[i].ev) &&
		    !strcmp(event_entry(&g->nodes[i].ev), ft->entry))
			return;
	while (fl->npred[n] == 1 && steps++ < 32) {
		int p = fl->pred[n][0];
		const struct cfg_node *pn = &g->nodes[p];

		if (pn->kind == N_TEST && pn->text && pn->on_true != pn->on_false &&
		    (n == pn->on_true || n == pn->on_false)) {
			bool neg;
			char *b = bare(pn->text, &neg);

			/* nothing from the branch on writes what it reads */
			if (fixed_after(g, f, n, b)) {
				ft->guard = b;
				ft->guard_val = (n == pn->on_true) != neg;
			} else {
				free(b);
			}
			return;
		}
		if (pn->kind == N_TEST)
			return;
		n = p;
	}
}

/*
 * Does the file store NULL to the queue pointer q (`dentry->d_wait`, not
 * `&dev->wq`): whoever set it tears the queue down and clears it?
 */
static bool queue_torn_down(const struct wq_file *f, const char *queue)
{
	char *q = squeeze(queue);
	const char *last = q, *p;
	long at;
	bool hit = false;

	for (p = q; *p; p++)
		if (*p == '.' || *p == '>')
			last = p + 1;
	if (q[0] == '&' || last == q || !*last) {
		free(q);
		return false;
	}
	for (p = last; *p; p++)
		if (!wq_ident_char(*p)) {
			free(q);
			return false;
		}
	for (at = 0; !hit && (at = text_find_word(f->buf, at, f->len, last)) >= 0;) {
		const char *r = f->buf + at, *e = r + strlen(last);

		at += strlen(last);
		while (r > f->buf && isspace((unsigned char)r[-1]))
			r--;
		if (!(r > f->buf && (r[-1] == '.' || r[-1] == '>')))
			continue;
		while (isspace((unsigned char)*e))
			e++;
		if (*e != '=' || e[1] == '=')
			continue;
		for (e++; isspace((unsigned char)*e); e++)
			;
		hit = !strncmp(e, "NULL", 4) && !wq_ident_char(e[4]);
	}
	free(q);
	return hit;
}

/*
 * The queue's owner read as done: the queue is a pointer the file
 * clears (queue_torn_down()), reached through X, and the test, taken
 * false, is a predicate of X alone (`while (d_in_lookup(dentry))` on
 * `dentry->d_wait`: the lookup that owns the queue ended and took it
 * away).
 */
static bool owner_done(const char *b, bool val, const struct fate *ft)
{
	char *q = squeeze(ft->queue);
	const char *open = strchr(b, '('), *p;
	size_t n;
	bool hit = false;

	if (!ft->torn_down || val || !open || b[strlen(b) - 1] != ')') {
		free(q);
		return false;
	}
	for (p = b; p < open; p++)
		if (!wq_ident_char(*p))
			break;
	n = strlen(b) - (open - b) - 2;
	if (p == open && n && !memchr(open + 1, '(', n) &&
	    !memchr(open + 1, ',', n) && !strncmp(q, open + 1, n) &&
	    (!strncmp(q + n, "->", 2) || q[n] == '.'))
		hit = true;
	free(q);
	return hit;
}

/* Does the outcome `taken` of test t say entry is off its queue? */
static bool fated_edge(const struct cfg *g, int t, bool taken,
		       const struct fate *ft)
{
	const char *text = g->nodes[t].text;
	bool neg, hit = false;
	char *b, *want;

	if (!text || g->nodes[t].on_true == g->nodes[t].on_false)
		return false;
	if (queue_gone(text, taken, ft->queue))
		return true;
	b = bare(text, &neg);
	/* the enqueue's own guard, the other way: never enqueued; its
	 * flag read zero: never enqueued, or dequeued */
	if ((ft->guard && !strcmp(b, ft->guard) &&
	     (taken != neg) != ft->guard_val) ||
	    (ft->flag && taken == neg && reads_flag(b, ft->flag)) ||
	    owner_done(b, taken != neg, ft)) {
		free(b);
		return true;
	}
	if (!ft->removes) {
		free(b);
		return false;
	}
	want = squeeze(ft->entry);
	/* the cleared field read as zero */
	if (!hit && ft->field && taken == neg) {
		char *x = xasprintf("%s.%s", want, ft->field);

		hit = strstr(b, x) != NULL && !strpbrk(b, "|&=<>") ;
		if (!hit && strstr(b, x)) {
			/* smp_load_acquire(&W.F), READ_ONCE(W.F) */
			hit = !strstr(b, "||") && !strstr(b, "&&") &&
			      !strchr(b, '=');
		}
		free(x);
	}
	free(b);
	free(want);
	return hit;
}

bool entry_exit_fated(const struct cfg *g, const struct flow *fl,
		      const struct wq_file *f, int e, int r)
{
	const struct cfg_node *add = &g->nodes[fl->enqueued_at[e]];
	struct fate ft = { fl->entries[e], event_queue(&add->ev), false, NULL,
			   NULL, false, false, NULL };
	char *seen, *fn = NULL;
	int *stack, sp = 0, i;
	bool leak = false;

	if (!ft.queue)
		return false;
	if (fl->autoremove & FL_QUEUED(e)) {
		ft.removes = true;
	} else if (g->body_end > g->body_start) {
		fn = wake_function(f, g->body_start, g->body_end, ft.entry);
		ft.removes = dequeues(f, fn, &ft.field);
	}
	find_guard(g, fl, f, fl->enqueued_at[e], &ft);
	ft.flag = find_flag(g, fl, f, fl->enqueued_at[e], e);
	ft.torn_down = queue_torn_down(f, ft.queue);
	seen = xrealloc(NULL, g->n);
	stack = xrealloc(NULL, g->n * sizeof(int));
	memset(seen, 0, g->n);
	stack[sp++] = r;
	seen[r] = 1;
	while (sp && !leak) {
		int n = stack[--sp];

		if (!(fl->in[n] & FL_QUEUED(e)) || n == fl->enqueued_at[e] ||
		    n == g->entry) {
			leak = true;
			break;
		}
		for (i = 0; i < fl->npred[n]; i++) {
			int p = fl->pred[n][i];
			const struct cfg_node *pn = &g->nodes[p];

			if (pn->kind == N_TEST &&
			    ((n == pn->on_true && fated_edge(g, p, true, &ft)) ||
			     (n == pn->on_false && fated_edge(g, p, false, &ft))))
				continue;
			if (!(flow_transfer(g, fl, p, fl->in[p]) & FL_QUEUED(e)))
				continue;
			if (seen[p])
				continue;
			seen[p] = 1;
			stack[sp++] = p;
		}
	}
	free(seen);
	free(stack);
	free(fn);
	free(ft.field);
	free(ft.guard);
	return !leak;
}
