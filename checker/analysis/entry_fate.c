// SPDX-License-Identifier: GPL-2.0-only
/*
 * What became of a wait entry on an exit that does not remove it.
 *
 * The dataflow says an entry may still be queued at a return; the path
 * to that return may say it is not, or that its queue is gone
 * (`list_empty(&wait.entry)` is analysis/paths.c's):
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
 *   alone or or-ed with a flag of that same pointer's object, or
 *   `sock_flag(sk, SOCK_DEAD)` set for a socket's own queue (sock_orphan()
 *   clears the socket's wait queue pointer with it).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"

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
 * SOCK_DEAD)` true with S in q; and a || chain, taken true, of a NULL
 * test of P and flags read through P (`!list->hdev || !list->hdev->debug`).
 */
static bool queue_gone(const char *test, bool taken, const char *queue)
{
	char *q = squeeze(queue), *ops[4];
	int n = or_operands(test, ops), i, nulls = 0, flags = 0;
	const char *owner = NULL;
	char *keep[4] = { 0 };

	for (i = 0; i < n; i++) {
		bool neg, isnull = false;
		char *b = bare(ops[i], &neg);
		size_t bl = strlen(b);

		if (bl > 6 && !strcmp(b + bl - 6, "==NULL")) {
			b[bl - 6] = 0;
			neg = !neg;
		} else if (bl > 6 && !strcmp(b + bl - 6, "!=NULL")) {
			b[bl - 6] = 0;
		}
		/* the test is true when b is NULL */
		isnull = neg;
		if (!strncmp(b, "sock_flag(", 10) && strstr(b, ",SOCK_DEAD)")) {
			char *s = xasprintf("%.*s", (int)(strstr(b, ",") - b - 10),
					    b + 10);

			if (strstr(q, s) && (n == 1 ? taken != neg : !neg))
				nulls++;
			free(s);
		} else if (owner_of(b, q) &&
			   (n == 1 ? taken == isnull : isnull)) {
			nulls++;
			owner = ops[i];
			keep[i] = b;
			b = NULL;
		} else if (n > 1 && neg && taken) {
			keep[i] = b;
			b = NULL;
			flags++;
		}
		free(b);
	}
	/* each flag must be read through the pointer tested for NULL */
	if (flags) {
		char *p = NULL;

		for (i = 0; i < n; i++)
			if (keep[i] && owner && ops[i] == owner)
				p = keep[i];
		for (i = 0; i < n && p; i++)
			if (keep[i] && keep[i] != p && !owner_of(p, keep[i]))
				nulls = 0;
		if (!p)
			nulls = 0;
	}
	for (i = 0; i < n; i++) {
		free(keep[i]);
		free(ops[i]);
	}
	free(q);
	return n && nulls && (n == 1 || taken) &&
	       nulls + flags == n;
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
};

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
	if (!ft->removes)
		return false;
	b = bare(text, &neg);
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
	struct fate ft = { fl->entries[e], event_queue(&add->ev), false, NULL };
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
	return !leak;
}
