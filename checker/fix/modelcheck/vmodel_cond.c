// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model check's wait condition (vmodel.c): which tests of the
 * function are the condition the wakers make true.  The condition is
 * one shared flag; a test whose one arm sleeps and comes back to it (a
 * wait loop), else whose one arm sleeps where the other does not (`if
 * (!cond) schedule();`), takes its sleeping arm while the flag is
 * false.  A test of what a wait_event*() returns is not the condition.
 */
#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vmodel.h"
#include "vmodel_run.h"


bool is_sleep_ev(const struct vev *e)
{
	return e->k == EV_SLEEP || e->k == EV_SLEEPON || e->k == EV_WAITEV;
}

/*
 * From node `from`, without passing node c, inside tokens [lo, hi] (a
 * node with no tokens is inside; the exit is not): can the waiter reach
 * a sleep (back: false), or come back to c having slept on the way
 * (back: true)?
 */
static bool reach_in(const struct vfn *f, int from, int c, bool back,
		     bool *seen, int lo, int hi)
{
	int *stack, ns = 0, i, k;
	bool hit = false;

	memset(seen, 0, 2 * f->g.nn * sizeof(bool));
	stack = xrealloc(NULL, (2 * f->g.nn + 1) * sizeof(int));
	stack[ns++] = from * 2;
	seen[from * 2] = true;
	while (ns && !hit) {
		int x = stack[--ns], nd = x / 2;
		bool slept = x & 1;

		if (nd == c) {
			hit = back && slept;
			continue;
		}
		if (f->g.n[nd].first < f->g.n[nd].last &&
		    (f->g.n[nd].first < lo || f->g.n[nd].first > hi))
			continue;
		if (f->g.n[nd].kind == VN_EXIT && hi < INT_MAX)
			continue;
		for (k = 0; k < f->nnev[nd]; k++)
			slept |= is_sleep_ev(&f->ev[f->nev[nd][k]]);
		if (slept && !back)
			hit = true;
		for (i = 0; i < f->g.n[nd].nsucc; i++) {
			int to = f->g.n[nd].succ[i] * 2 + slept;

			if (!seen[to]) {
				seen[to] = true;
				stack[ns++] = to;
			}
		}
	}
	free(stack);
	return hit;
}

static bool reach(const struct vfn *f, int from, int c, bool back, bool *seen)
{
	return reach_in(f, from, c, back, seen, INT_MIN, INT_MAX);
}

/* The nodes reachable from `from` without passing c (allocated). */
static bool writes_running(const struct vfn *f, int nd, int run);

/*
 * The nodes reachable from `from`, not going on from c, nor, with run
 * the TASK_RUNNING name (else -1), from a node that sets the task
 * running (reach_asleep()).
 */
static bool *reach_until(const struct vfn *f, int from, int c, int run)
{
	bool *seen = xrealloc(NULL, (f->g.nn + 1) * sizeof(bool));
	int *stack = xrealloc(NULL, (f->g.nn + 1) * sizeof(int)), ns = 0, i;

	memset(seen, 0, f->g.nn * sizeof(bool));
	stack[ns++] = from;
	seen[from] = true;
	while (ns) {
		int nd = stack[--ns];

		if (nd == c || (run >= 0 && nd != from &&
				writes_running(f, nd, run)))
			continue;
		for (i = 0; i < f->g.n[nd].nsucc; i++) {
			int to = f->g.n[nd].succ[i];

			if (!seen[to]) {
				seen[to] = true;
				stack[ns++] = to;
			}
		}
	}
	free(stack);
	return seen;
}

static bool *reach_set(const struct vfn *f, int from, int c)
{
	return reach_until(f, from, c, -1);
}

/*
 * Does the test of node nd test what a wait_event*() returns (`if
 * (wait_event_interruptible(...))`)?  That is not the condition: it is
 * 0 when the condition came true, nonzero on a signal or, for the timed
 * forms, when it came true in time; either arm may follow.
 */
static bool tests_a_wait(const struct vfn *f, int nd)
{
	int k;

	for (k = 0; k < f->nnev[nd]; k++)
		if (f->ev[f->nev[nd][k]].k == EV_WAITEV)
			return true;
	return false;
}

/*
 * The tests that are the wait condition: the arm that sleeps and comes
 * back to the test (a wait loop), else the arm that sleeps where the
 * other does not (`if (!cond) schedule();`).
 */
void model_conditions(const struct vfn *f, int8_t **clsp, bool **guardp)
{
	int8_t *cls = xrealloc(NULL, f->g.nn * sizeof(int8_t));
	bool *guard = xrealloc(NULL, f->g.nn * sizeof(bool));
	bool *seen = xrealloc(NULL, (2 * f->g.nn + 1) * sizeof(bool));
	int i;

	for (i = 0; i < f->g.nn; i++) {
		const struct vnode *nd = &f->g.n[i];
		bool t, e;

		cls[i] = 0;
		if (nd->kind != VN_COND || nd->nsucc != 2 || tests_a_wait(f, i))
			continue;
		t = reach(f, nd->succ[0], i, true, seen);
		e = reach(f, nd->succ[1], i, true, seen);
		if (t == e) {
			t = reach(f, nd->succ[0], i, false, seen);
			e = reach(f, nd->succ[1], i, false, seen);
		}
		if (t != e)
			cls[i] = t ? 1 : 2;
	}
	/* the sleeps that wait for the condition: on its waiting arm only */
	memset(guard, 0, f->g.nn * sizeof(bool));
	for (i = 0; i < f->g.nn; i++) {
		bool *w, *g;
		int k;

		if (!cls[i])
			continue;
		w = reach_set(f, f->g.n[i].succ[cls[i] == 1 ? 0 : 1], i);
		g = reach_set(f, f->g.n[i].succ[cls[i] == 1 ? 1 : 0], i);
		for (k = 0; k < f->g.nn; k++)
			guard[k] |= w[k] && !g[k];
		free(w);
		free(g);
	}
	free(seen);
	*clsp = cls;
	*guardp = guard;
}

/*
 * For the run of one queue's waker (other[q]: queue q is known and not
 * its queue): a test whose waiting arm sleeps only on other queues (a
 * sleep_on() or wait_event*() of theirs) waits for their condition, not
 * this waker's: it goes either way (their own runs check it).  The
 * sleeps of a wait loop's test are those that come back to it.  A
 * schedule() counts as such a sleep when the function queues itself on
 * other queues only.
 */
void model_conditions_other(const struct vfn *f, int8_t *cls, const bool *other)
{
	bool queued_other = false, queued_mine = false;
	int i, k, j;

	/* schedule() of a function that queues itself on other queues only */
	for (i = 0; i < f->nev_all; i++)
		if (f->ev[i].k == EV_ADD || f->ev[i].k == EV_PREPARE) {
			if (f->ev[i].q >= 0 && other[f->ev[i].q])
				queued_other = true;
			else
				queued_mine = true;
		}
	queued_other &= !queued_mine;
	for (i = 0; i < f->g.nn; i++) {
		bool *w, any = false, all = true, loop = false;
		int pass;

		if (!cls[i])
			continue;
		w = reach_set(f, f->g.n[i].succ[cls[i] == 1 ? 0 : 1], i);
		/* a wait loop's own sleeps: those that come back to the test */
		for (pass = 0; pass < 2 && !any; pass++)
			for (k = 0; k < f->g.nn; k++)
				for (j = 0; w[k] && j < f->nnev[k]; j++) {
					const struct vev *e = &f->ev[f->nev[k][j]];

					if (!is_sleep_ev(e))
						continue;
					if (!pass) {
						bool *b = reach_set(f, k, -1);

						loop = b[i];
						free(b);
						if (!loop)
							continue;
					}
					any = true;
					all &= e->k == EV_SLEEP ? queued_other :
					       e->q >= 0 && other[e->q];
				}
		if (any && all)
			cls[i] = 0;
		free(w);
	}
}

/* Does text t name one of the space-separated words of list? */
bool text_names(const char *t, const char *list)
{
	const char *p = t;

	while (p && *p) {
		const char *b;
		char *w;
		bool in;

		if (!(isalnum((unsigned char)*p) || *p == '_')) {
			p++;
			continue;
		}
		for (b = p; isalnum((unsigned char)*p) || *p == '_'; p++)
			;
		w = xasprintf("%.*s", (int)(p - b), b);
		in = word_in(list, w);
		free(w);
		if (in)
			return true;
	}
	return false;
}

/* Does node nd's text name one of the space-separated words of list? */
/*
 * Does the body of the file's function name (a helper the test calls,
 * `RxQueueEmpty(rxq)`) name a word of list?  One level down.
 */
static bool helper_names_any(const struct vfn *f, const char *name,
			     const char *list)
{
	unsigned a, b;
	struct vtoks hv;
	bool in = false;
	int t;

	if (!text_function_body(f->side->text, f->side->len, name, &a, &b) ||
	    !vtok_cut(&hv, f->side->text, a, b))
		return false;
	for (t = 0; t < hv.n && !in; t++) {
		char *w;

		if (hv.t[t].kind != VT_ID)
			continue;
		w = xasprintf("%.*s", (int)hv.t[t].len, hv.text + hv.t[t].off);
		in = word_in(list, w);
		free(w);
	}
	vtok_release(&hv);
	return in;
}

static bool node_names_any(const struct vfn *f, int nd, const char *list)
{
	const struct vnode *n = &f->g.n[nd];
	int t;

	for (t = n->first; t < n->last && t < f->flow.n; t++) {
		const struct vtok *k = &f->flow.t[t];
		char *w;
		bool in;

		if (k->kind != VT_ID)
			continue;
		w = xasprintf("%.*s", (int)k->len, f->flow.text + k->off);
		in = word_in(list, w) ||
		     (t + 1 < f->flow.n && vtok_is(&f->flow, t + 1, "(") &&
		      !kapi_classify(w, k->len) && helper_names_any(f, w, list));
		free(w);
		if (in)
			return true;
	}
	return false;
}

/*
 * Does the head of switch node nd (`switch (x)` before the body's `{`
 * that model_switches() reads from the node) name one of the words of
 * list?
 */
static bool switch_names_any(const struct vfn *f, int nd, const char *list)
{
	int open = f->g.n[nd].first, from;

	while (open < f->flow.n && !vtok_is(&f->flow, open, "{"))
		open++;
	/* back to its `switch` keyword */
	for (from = open - 1; from >= 0 && open - from < 64 &&
	     !vtok_is(&f->flow, from, "switch"); from--)
		;
	return from >= 0 && vtok_is(&f->flow, from, "switch") &&
	       vtoks_name_any(&f->flow, from + 1, open, list);
}

bool vtoks_name_any(const struct vtoks *v, int from, int to,
		    const char *list)
{
	int t;

	for (t = from; t < to && t < v->n; t++) {
		char *w;
		bool in;

		if (v->t[t].kind != VT_ID)
			continue;
		w = xasprintf("%.*s", (int)v->t[t].len, v->text + v->t[t].off);
		in = word_in(list, w);
		free(w);
		if (in)
			return true;
	}
	return false;
}

/*
 * The tokens [*lo, *hi] of the innermost for/while/do loop around test
 * node c (the loop whose head it is, or one whose body holds it); false
 * when none does (a goto loop).
 */
static bool inner_loop(const struct vfn *f, int c, int *lo, int *hi)
{
	const struct vtoks *v = &f->flow;
	int t = f->g.n[c].first, d = 0, p;

	if (t <= 0 || t >= v->n)
		return false;
	/* the head of a while or for: `while (` before the test */
	if (vtok_is(v, t - 1, "(") && t >= 2 &&
	    (vtok_is(v, t - 2, "while") || vtok_is(v, t - 2, "for"))) {
		int close = vtok_match(v, t - 1);

		if (vtok_is(v, t - 2, "while") && t >= 3 && vtok_is(v, t - 3, "}")) {
			/* do { ... } while (c): its body */
			for (p = t - 3, d = 0; p >= 0; p--) {
				d += vtok_is(v, p, "}") - vtok_is(v, p, "{");
				if (!d)
					break;
			}
			*lo = p;
			*hi = close;
			return p >= 0 && close > 0;
		}
		if (close > 0 && close + 1 < v->n && vtok_is(v, close + 1, "{")) {
			*lo = t - 2;
			*hi = vtok_match(v, close + 1);
			return *hi > 0;
		}
		return false;
	}
	for (p = t - 1; p >= 0; p--) {
		int q;

		d += vtok_is(v, p, "}") - vtok_is(v, p, "{");
		if (d >= 0)
			continue;
		d = 0;
		/* an unmatched '{': a loop's body? */
		if (p >= 1 && vtok_is(v, p - 1, "do")) {
			q = vtok_match(v, p);
			if (q > 0 && q + 2 < v->n && vtok_is(v, q + 1, "while") &&
			    vtok_is(v, q + 2, "(")) {
				*lo = p - 1;
				*hi = vtok_match(v, q + 2);
				return *hi > 0;
			}
		}
		if (p >= 1 && vtok_is(v, p - 1, ")")) {
			for (q = p - 1, d = 0; q >= 0; q--) {
				d += vtok_is(v, q, ")") - vtok_is(v, q, "(");
				if (!d)
					break;
			}
			d = 0;
			if (q >= 1 && (vtok_is(v, q - 1, "while") || vtok_is(v, q - 1, "for"))) {
				*lo = q - 1;
				*hi = vtok_match(v, p);
				return *hi > 0;
			}
		}
	}
	return false;
}

void model_conditions_writes(const struct vfn *f, int8_t *cls,
			     const char *writes, bool **wguard)
{
	bool *g, *names, *seen;
	int i, k, lo, hi;

	*wguard = NULL;
	if (!writes)
		return;
	g = xrealloc(NULL, (f->g.nn + 1) * sizeof(bool));
	seen = xrealloc(NULL, (2 * f->g.nn + 1) * sizeof(bool));
	names = xrealloc(NULL, (f->g.nn + 1) * sizeof(bool));
	memset(g, 0, f->g.nn * sizeof(bool));
	for (i = 0; i < f->g.nn; i++) {
		const struct vnode *nd = &f->g.n[i];
		bool t, e;

		names[i] = nd->kind == VN_COND && nd->nsucc == 2 &&
			   !tests_a_wait(f, i) && node_names_any(f, i, writes);
		if (!names[i] || cls[i] || !inner_loop(f, i, &lo, &hi))
			continue;
		t = reach_in(f, nd->succ[0], i, true, seen, lo, hi);
		e = reach_in(f, nd->succ[1], i, true, seen, lo, hi);
		if (t != e)
			cls[i] = t ? 1 : 2;
	}
	/* a node one arm of such a test reaches and the other does not
	 * (before coming back to it): the test decides whether it runs, the
	 * waiting arm's when the test is the condition */
	for (i = 0; i < f->g.nn; i++) {
		bool *w, *o;

		if (!names[i])
			continue;
		w = reach_set(f, f->g.n[i].succ[cls[i] == 2 ? 1 : 0], i);
		o = reach_set(f, f->g.n[i].succ[cls[i] == 2 ? 0 : 1], i);
		for (k = 0; k < f->g.nn; k++)
			g[k] |= cls[i] ? w[k] && !o[k] : w[k] != o[k];
		free(w);
		free(o);
	}
	/* a switch on what the waker writes (`switch (chip->state)`, its
	 * default arm sleeps): a node some of its arms reach and others
	 * do not */
	for (i = 0; i < f->g.nn; i++) {
		const struct vnode *nd = &f->g.n[i];
		int *hits, a;

		if (nd->nsucc <= 2 || !switch_names_any(f, i, writes))
			continue;
		hits = xrealloc(NULL, (f->g.nn + 1) * sizeof(int));
		memset(hits, 0, f->g.nn * sizeof(int));
		for (a = 0; a < nd->nsucc; a++) {
			bool *w = reach_set(f, nd->succ[a], i);

			for (k = 0; k < f->g.nn; k++)
				hits[k] += w[k];
			free(w);
		}
		for (k = 0; k < f->g.nn; k++)
			g[k] |= hits[k] > 0 && hits[k] < nd->nsucc;
		free(hits);
	}
	free(names);
	free(seen);
	*wguard = g;
}

/* Does node nd's text name one of the words (a test of a signal, or of
 * what the loop's sleep returned), or no name at all (a constant)? */
static bool node_names(const struct vfn *f, int nd, const char *w1,
		       const char *w2)
{
	static const char *const kw[] = { "if", "while", "for", "do", "true" };
	static const char *const sig[] = { "signal_pending",
		"fatal_signal_pending", "signal_pending_state" };
	const struct vnode *n = &f->g.n[nd];
	int t, ids = 0;

	for (t = n->first; t < n->last && t < f->flow.n; t++) {
		const struct vtok *k = &f->flow.t[t];
		const char *x = f->flow.text + k->off;
		size_t i;

		for (i = 0; k->kind == VT_ID && i < sizeof(kw) / sizeof(kw[0]); i++)
			if (strlen(kw[i]) == k->len && !strncmp(x, kw[i], k->len))
				break;
		ids += k->kind == VT_ID && i == sizeof(kw) / sizeof(kw[0]);
		/* 2.0's `current->signal & ~current->blocked` */
		if (k->kind == VT_ID && k->len == 6 && !strncmp(x, "signal", 6) &&
		    t >= n->first + 2 && vtok_is(&f->flow, t - 1, "->") &&
		    f->flow.t[t - 2].len == 7 &&
		    !strncmp(f->flow.text + f->flow.t[t - 2].off, "current", 7))
			return true;
		if ((w1 && strlen(w1) == k->len && !strncmp(x, w1, k->len)) ||
		    (w2 && strlen(w2) == k->len && !strncmp(x, w2, k->len)))
			return true;
		for (i = 0; i < sizeof(sig) / sizeof(sig[0]); i++)
			if ((strlen(sig[i]) == k->len && !strncmp(x, sig[i], k->len)) ||
			    /* a macro of the file that tests one */
			    (k->kind == VT_ID && k->len > 1 &&
			     vmacro_names(f->side, x, k->len, sig[i])))
				return true;
	}
	return !ids;	/* a constant: `while (1)` */
}

/*
 * Is the name declared in f itself (a parameter or a local: `TYPE name`
 * followed by '=', ';', ',', ')' or '['), and never has its address
 * taken?  No waker can write such a name.
 */
static bool vfn_local(const struct vfn *f, const char *x, size_t len)
{
	static const char *const not_type[] = { "return", "case", "goto",
		"sizeof", "else", "do", NULL };
	const struct vtoks *v = &f->raw;
	bool decl = false;
	int i, k;

	for (i = 1; i + 1 < v->n; i++) {
		const struct vtok *p = &v->t[i - 1], *nx = &v->t[i + 1];
		const char *pt = v->text + p->off, *nt = v->text + nx->off;

		if (v->t[i].kind != VT_ID || v->t[i].len != len ||
		    strncmp(v->text + v->t[i].off, x, len))
			continue;
		if (p->kind == VT_PUNCT && p->len == 1 && *pt == '&')
			return false;	/* its address is taken */
		if (p->kind != VT_ID || nx->kind != VT_PUNCT || nx->len != 1 ||
		    !strchr("=;,)[", *nt))
			continue;
		for (k = 0; not_type[k]; k++)
			if (strlen(not_type[k]) == p->len &&
			    !strncmp(pt, not_type[k], p->len))
				break;
		decl |= !not_type[k];
	}
	return decl;
}

/*
 * Does test node nd read only the function's own names (vfn_local()):
 * no field, element, call or dereference?  `while (count)` on a
 * parameter the loop never changes is no exit a waker can open.
 */
static bool node_locals_only(const struct vfn *f, int nd)
{
	static const char *const kw[] = { "if", "while", "for", "switch",
		"likely", "unlikely", NULL };
	const struct vnode *n = &f->g.n[nd];
	int t, k, ids = 0;

	for (t = n->first; t < n->last && t < f->flow.n; t++) {
		const struct vtok *tk = &f->flow.t[t];
		const char *x = f->flow.text + tk->off;

		bool binary = t > n->first &&
			      (f->flow.t[t - 1].kind == VT_ID ||
			       f->flow.t[t - 1].kind == VT_NUM ||
			       vtok_is(&f->flow, t - 1, ")"));
		size_t u;

		/* `a & MASK`, `a * 2`: operators; `*p`, `&x`, `p->f`: not
		 * the local alone */
		if (tk->kind == VT_PUNCT &&
		    ((tk->len == 2 && !strncmp(x, "->", 2)) ||
		     (tk->len == 1 && strchr(".[", *x)) ||
		     (tk->len == 1 && strchr("*&", *x) && !binary)))
			return false;
		if (tk->kind != VT_ID)
			continue;
		/* an upper-case name is a constant (`MSG_WAITALL`) */
		for (u = 0; u < tk->len && (isupper((unsigned char)x[u]) ||
					    isdigit((unsigned char)x[u]) ||
					    x[u] == '_'); u++)
			;
		if (u == tk->len && isupper((unsigned char)x[0]))
			continue;
		for (k = 0; kw[k]; k++)
			if (strlen(kw[k]) == tk->len && !strncmp(x, kw[k], tk->len))
				break;
		if (kw[k])
			continue;
		/* a call: a name followed by '(' */
		if (t + 1 < f->flow.n &&
		    f->flow.text[f->flow.t[t + 1].off] == '(')
			return false;
		if (!vfn_local(f, x, tk->len))
			return false;
		ids++;
	}
	return ids > 0;
}

/*
 * The last name of the lock node nd drops (unlock: its first unlock
 * call, one of kapi.def's or a name with "unlock"; "sk" of
 * release_sock(sk), "lock" of spin_unlock(&d->lock)) or takes (a name
 * with "lock" and no "unlock": lock_sock(sk), mutex_lock(&d->lock)),
 * allocated; NULL when nd has no such call, "" when the call names no
 * lock (unlock_kernel()).
 */
static char *node_lock_name(const struct vfn *f, int nd, bool unlock)
{
	const struct vnode *n = &f->g.n[nd];
	int t;

	for (t = n->first; t < n->last && t + 1 < f->flow.n; t++) {
		const struct vtok *k = &f->flow.t[t];
		const char *x = f->flow.text + k->off;
		struct strbuf arg = { 0 };
		unsigned i;
		int a, depth = 0;
		char *ln;

		if (k->kind != VT_ID || !vtok_is(&f->flow, t + 1, "("))
			continue;
		/* a method through a pointer (`mtd->unlock(mtd, ofs, len)`:
		 * a flash sector's unlock) is no lock's call */
		if (t > 0 && (vtok_is(&f->flow, t - 1, "->") ||
			      vtok_is(&f->flow, t - 1, ".")))
			continue;
		for (i = 0; i + 6 <= k->len && strncmp(x + i, "unlock", 6); i++)
			;
		if (unlock != (kapi_is(x, k->len, K_UNLOCK) || i + 6 <= k->len))
			continue;
		for (i = 0; !unlock && i + 4 <= k->len && strncmp(x + i, "lock", 4); i++)
			;
		if (!unlock && i + 4 > k->len)
			continue;
		for (a = t + 2; a < f->flow.n; a++) {
			if (vtok_is(&f->flow, a, "(") || vtok_is(&f->flow, a, "["))
				depth++;
			else if (vtok_is(&f->flow, a, ")") || vtok_is(&f->flow, a, "]"))
				depth--;
			if (depth < 0 || (!depth && vtok_is(&f->flow, a, ",")))
				break;
			sb_printf(&arg, "%.*s", (int)f->flow.t[a].len,
				  f->flow.text + f->flow.t[a].off);
		}
		ln = last_name(arg.s ? arg.s : "");
		free(arg.s);
		return ln;
	}
	return NULL;
}

/*
 * Does every waker the model runs the function against (model_env(): the
 * file's, the module's) hold the lock of last name lk at its wake-up, or
 * take it around what it writes before it?  Then a lock the loop holds
 * from its test to its state write keeps them out of that window.  A
 * waker outside this file, or one that does not take lk (the softirq's
 * bh_lock_sock() against the task's lock_sock(), unless it defers to the
 * backlog: not read), may come between.
 */
static bool wakers_take(struct vval *vv, const struct vfn *o,
			const struct vfn *r, const char *lk)
{
	char *keys[4];
	int nk = queue_keys(o, r, vv, keys, 4), i, j;
	bool all = *lk != 0;

	for (i = 0; i <= nk && all; i++) {
		struct mwakers ws;
		struct menv env = { .complete = true };

		if (i == nk && nk)
			break;
		model_env(o->side, vv, o, o->fn->name, i < nk ? keys[i] : "",
			  i == nk, &ws, &env);
		for (j = 0; j < ws.n; j++) {
			const struct mwaker *w = &ws.w[j];

			if (w->none)
				continue;
			all &= !w->opaque &&
			       ((w->lock && word_in(w->lock, lk)) ||
				(w->clock && word_in(w->clock, lk)));
		}
		wakers_release(&ws);
		free(env.files.s);
	}
	for (i = 0; i < nk; i++)
		free(keys[i]);
	return all;
}

/*
 * Is node nd's test whether a lock that can fail was taken (`if
 * (mutex_lock_interruptible(&m))`, vev.fails)?  It fails on a signal
 * only, which is no waker's change: schedule() sees it pending.
 */
static bool node_lock_fails(const struct vfn *f, int nd)
{
	int k;

	for (k = 0; k < f->nnev[nd]; k++)
		if (f->ev[f->nev[nd][k]].k == EV_LOCK && f->ev[f->nev[nd][k]].fails)
			return true;
	return false;
}

/*
 * Does test node nd test only whether a copy to or from user memory
 * faulted (`if (put_user(x, p))`, `if (copy_to_user(...) != 0)`)?  No
 * waker decides that: its exit is no condition a wake-up is for.
 */
static bool node_user_copy(const struct vfn *f, int nd)
{
	static const char *const kw[] = { "if", "while", "likely", "unlikely",
		NULL };
	const struct vnode *n = &f->g.n[nd];
	int t, k, depth = 0, copies = 0;

	for (t = n->first; t < n->last && t < f->flow.n; t++) {
		const struct vtok *tk = &f->flow.t[t];
		const char *x = f->flow.text + tk->off;

		if (depth) {	/* the copy's arguments */
			if (tk->kind == VT_PUNCT && *x == '(')
				depth++;
			else if (tk->kind == VT_PUNCT && *x == ')')
				depth--;
			continue;
		}
		if (tk->kind == VT_NUM ||
		    (tk->kind == VT_PUNCT && strchr("()!<>=", *x) &&
		     !(tk->len == 2 && !strncmp(x, "->", 2))))
			continue;
		if (tk->kind != VT_ID)
			return false;
		for (k = 0; kw[k]; k++)
			if (strlen(kw[k]) == tk->len && !strncmp(x, kw[k], tk->len))
				break;
		if (kw[k])
			continue;
		if (!kapi_user_copy(x, tk->len) || t + 1 >= f->flow.n ||
		    f->flow.text[f->flow.t[t + 1].off] != '(')
			return false;
		copies++;
		depth = 1;
		t++;	/* its '(' */
	}
	return copies > 0;
}

/*
 * Is the lock of last name lk, dropped at node t, taken at a node of
 * between[] (after a state write) on the way to t?  Then it is held
 * from there only, not over the state write (pcm_oss.c:1637 of 6.1:
 * snd_pcm_stream_lock_irq() after set_current_state()).
 */
static bool taken_after_write(const struct vfn *f, const bool *between,
			      int t, const char *lk)
{
	bool hit = false;
	int u;

	for (u = 0; u < f->g.nn && !hit; u++) {
		char *l = between[u] && u != t ? node_lock_name(f, u, false) : NULL;

		if (l && !strcmp(l, lk)) {
			bool *ur = reach_set(f, u, -1);

			hit = ur[t];
			free(ur);
		}
		free(l);
	}
	return hit;
}

/*
 * Does node nd write a sleeping state (running false: set_current_state()
 * or prepare_to_wait() of a state other than run), or set the task
 * running again (running true: finish_wait(), TASK_RUNNING)?
 */
static bool writes_task_state(const struct vfn *f, int nd, int run,
			      bool running)
{
	int k;

	for (k = 0; k < f->nnev[nd]; k++) {
		const struct vev *e = &f->ev[f->nev[nd][k]];

		if (running ? e->k == EV_FINISH || (e->k == EV_STATE && e->st == run) :
		    (e->k == EV_PREPARE || e->k == EV_STATE) && e->st >= 0 &&
		    e->st != run)
			return true;
	}
	return false;
}

static bool writes_state(const struct vfn *f, int nd, int run)
{
	return writes_task_state(f, nd, run, false);
}

/* The test of node nd as its tokens, `while`/`if` and spaces left out. */
static char *test_text(const struct vfn *f, int nd)
{
	const struct vnode *n = &f->g.n[nd];
	struct strbuf sb = { 0 };
	int t = n->first;

	if (t < n->last && (vtok_is(&f->flow, t, "while") ||
			    vtok_is(&f->flow, t, "if")))
		t++;
	for (; t < n->last && t < f->flow.n; t++)
		sb_printf(&sb, "%.*s", (int)f->flow.t[t].len,
			  f->flow.text + f->flow.t[t].off);
	return sb.s ? sb.s : xstrdup("");
}

/*
 * Is test t made again, the same test, between the state write and the
 * sleep (the state-after-test fix's `if (c) schedule();` after a
 * `while (c)`)?  Then a wake-up for it is not lost.
 */
static bool tested_again(const struct vfn *f, int t, const bool *between,
			 const int8_t *cls)
{
	char *a = test_text(f, t);
	bool same = false;
	int j;

	for (j = 0; j < f->g.nn && !same && *a; j++) {
		char *b;

		if (j == t || !between[j] || !cls[j])
			continue;
		b = test_text(f, j);
		same = !strcmp(a, b);
		free(b);
	}
	free(a);
	return same;
}

/*
 * Is node nd's test kthread_should_stop() alone?  The model runs
 * kthread_stop() as a waker of its own (vmodel_kthread.c): such an exit
 * is modelled.
 */
static bool kstop_only(const struct vfn *f, int nd)
{
	char *t = test_text(f, nd), *p, *q;
	bool only;

	for (p = q = t; *p; p++)
		if (*p != '(' && *p != ')' && *p != '!')
			*q++ = *p;
	*q = '\0';
	only = !strcmp(t, KSTOP_TEST);
	free(t);
	return only;
}

/* Does node nd set TASK_RUNNING (finish_wait(), set_current_state())? */
static bool writes_running(const struct vfn *f, int nd, int run)
{
	return writes_task_state(f, nd, run, true);
}

/*
 * reach_set(f, from, stop), but not through a node that sets the task
 * running again: the nodes the task reaches from a state write still in
 * its sleeping state (a retest's arm that skips schedule() goes on to
 * finish_wait(), and what it tests after that is tested awake).
 */
static bool *reach_asleep(const struct vfn *f, int from, int stop, int run)
{
	return reach_until(f, from, stop, run);
}

/*
 * The exits of a wait loop around schedule() tested before the loop sets
 * its sleeping state, in a loop that tests its condition after it too.
 * The model's condition is one flag, true for every test once a waker
 * ran, so the later test hides what such an exit keeps: a waker that
 * makes that exit's own condition true between its test and the state
 * write has its wake-up lost.  A test of a signal (schedule() returns
 * at once with one pending; also the failure of a lock taken with
 * mutex_lock_interruptible(), usblp.c:908), of a copy to or from user
 * memory that faulted (KAPI_USER_COPY), of what the sleep returned,
 * or of the function's own locals and parameters (no waker writes
 * them) is not one, nor any exit of a loop that drops a lock between
 * its state write and its sleep that every waker takes (wakers_take():
 * the lock may cover the test and the state write, and a waker that
 * takes it cannot come between; orig, the original, names the wakers).
 * A lock a waker does not take keeps none out (6.1 af_iucv.c:832:
 * release_sock(), wakers under bh_lock_sock() only): *unlock gets its
 * line, for the words' condition.
 * Fills lines[] (their first lines, at most max), *skip (bit j: the arm
 * of lines[j] comes back to it, a `continue` past the sleep, not an exit)
 * and *at (the sleeps' ordinals); returns how many.
 */
/*
 * Does the arm of test t whose nodes are go come back to t through the
 * way from the sleep ns to t (the wait loop's head, as a `continue`
 * does), not only through nodes of its own (an inner loop's body)?
 */
static bool rejoins(const struct vfn *f, const bool *go, int ns, int t)
{
	bool *pre = reach_set(f, ns, t), r = false;
	int j;

	for (j = 0; j < f->g.nn && !r; j++) {
		bool *to;

		if (j == t || !go[j] || !pre[j])
			continue;
		to = reach_set(f, j, -1);
		r = to[t];
		free(to);
	}
	free(pre);
	return r;
}

int early_exits(struct vval *vv, const struct vfn *orig, const struct vfn *f,
		const int8_t *cls, int run, unsigned *lines, int max,
		unsigned *skip, uint32_t *at, unsigned *unlock)
{
	int n = 0, e, w, t, j;
	bool back = false;

	*at = 0;
	*unlock = 0;
	*skip = 0;
	for (e = 0; e < f->nev_all; e++) {
		const struct vev *sl = &f->ev[e];
		int ns = -1, o = sleep_ord(f, e);
		bool *cyc, *between, after = false;

		if (sl->k != EV_SLEEP || o < 0 || o >= 32)
			continue;
		for (t = 0; t < f->g.nn && ns < 0; t++)
			for (j = 0; j < f->nnev[t]; j++)
				if (f->nev[t][j] == e)
					ns = t;
		if (ns < 0)
			continue;
		cyc = reach_set(f, ns, -1);
		between = xrealloc(NULL, (f->g.nn + 1) * sizeof(bool));
		memset(between, 0, f->g.nn * sizeof(bool));
		for (w = 0; w < f->g.nn; w++) {
			bool *b, *wr;

			if (!cyc[w] || !writes_state(f, w, run))
				continue;
			wr = reach_set(f, w, -1);
			if (wr[ns]) {
				b = reach_asleep(f, w, ns, run);
				for (t = 0; t < f->g.nn; t++)
					between[t] |= b[t];
				free(b);
			}
			free(wr);
		}
		for (t = 0; t < f->g.nn; t++)
			after |= between[t] && cls[t] && cyc[t] && t != ns;
		/* a lock dropped after the state write that every waker
		 * takes may cover the test too: not claimed; one they may
		 * not take is named (the words' "unless") */
		for (t = 0; t < f->g.nn && after; t++) {
			char *lk = between[t] && t != ns ? node_lock_name(f, t, true) : NULL;
			bool *tr;

			if (!lk)
				continue;
			tr = reach_set(f, t, -1);
			if (tr[ns] && taken_after_write(f, between, t, lk))
				tr[ns] = false;	/* it covers no state write */
			if (tr[ns] && wakers_take(vv, orig, f, lk))
				after = false;	/* on the way to the sleep */
			else if (tr[ns] && !*unlock)
				*unlock = f->flow.t[f->g.n[t].first].line;
			free(tr);
			free(lk);
		}
		for (t = 0; t < f->g.nn && after; t++) {
			bool *tr;

			if (!cls[t] || !cyc[t] || between[t] ||
			    tested_again(f, t, between, cls) || kstop_only(f, t) ||
			    node_names(f, t, sl->recv, NULL) ||
			    node_locals_only(f, t) || node_lock_fails(f, t) ||
			    node_user_copy(f, t))
				continue;
			tr = reach_set(f, t, -1);
			/* an exit: its going arm leaves the loop, or skips
			 * this pass's sleep (`continue`: back to the test
			 * before it can sleep); a continue of an inner loop
			 * comes back to the sleep, and an inner loop's own
			 * body arm back to its test without rejoining the
			 * way from the sleep to it (pktcdvd's list walk
			 * after the sleep): neither is an exit */
			{
				bool *go = reach_set(f, f->g.n[t].succ[cls[t] == 1 ? 1 : 0], t);

				if (go[ns] || (go[t] && !rejoins(f, go, ns, t)))
					tr[ns] = false;
				back = go[t];
				free(go);
			}
			if (tr[ns] && n < max) {
				unsigned l = f->flow.t[f->g.n[t].first].line;

				for (j = 0; j < n && lines[j] != l; j++)
					;
				if (j == n) {
					*skip |= back ? 1u << n : 0;
					lines[n++] = l;
				}
				*at |= 1u << o;
			}
			free(tr);
		}
		free(cyc);
		free(between);
	}
	return n;
}

/*
 * A switch is a test too (`switch (chip->state)`, its default arm goes
 * to sleep): per node of more than two successors, the mask of those
 * (the first 32) that reach a sleep inside the switch's body, when some
 * do not; else 0.  With the condition true the waiter takes the others.
 */
uint32_t *model_switches(const struct vfn *f)
{
	uint32_t *m = xrealloc(NULL, (f->g.nn + 1) * sizeof(uint32_t));
	int i, k, j, x;

	for (i = 0; i < f->g.nn; i++) {
		const struct vnode *nd = &f->g.n[i];
		int open = nd->last, close;
		uint32_t all;

		m[i] = 0;
		if (nd->nsucc <= 2)
			continue;
		while (open < f->flow.n && !vtok_is(&f->flow, open, "{"))
			open++;
		close = open < f->flow.n ? vtok_match(&f->flow, open) : -1;
		if (close < 0)
			continue;
		for (k = 0; k < nd->nsucc && k < 32; k++) {
			bool *w = reach_set(f, nd->succ[k], i);

			for (x = 0; x < f->g.nn; x++)
				for (j = 0; w[x] && j < f->nnev[x]; j++) {
					const struct vev *e = &f->ev[f->nev[x][j]];

					if (is_sleep_ev(e) && e->tok > open &&
					    e->tok < close)
						m[i] |= 1u << k;
				}
			free(w);
		}
		all = nd->nsucc >= 32 ? ~0u : (1u << nd->nsucc) - 1;
		if (m[i] == all)
			m[i] = 0;
	}
	return m;
}

/* Line l (1-based) of text, its spaces at both ends cut: *n bytes. */
static const char *line_trimmed(const char *text, size_t len, unsigned l,
				size_t *n)
{
	const char *p = text, *e = text + len, *q;

	while (--l && p < e) {
		q = memchr(p, '\n', e - p);
		p = q ? q + 1 : e;
	}
	q = memchr(p, '\n', e - p);
	q = q ? q : e;
	while (p < q && (*p == ' ' || *p == '\t'))
		p++;
	while (q > p && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r'))
		q--;
	*n = q - p;
	return p;
}

/*
 * The rewrite's exits as lines of the original: each rewrite line
 * rl[0..n) read as the one of the original's ol[0..no) with the same
 * text.  False when one has none: then they are not said.
 */
static bool early_in_orig(const struct vfn *o, const struct vfn *r,
			  unsigned *rl, int n, const unsigned *ol, int no)
{
	unsigned ml[4], first = 0, last = 0;
	int i, j;

	if (!no && o->flow.n) {
		/* a sleep_on() original: every test was before its state
		 * write; any line of its function */
		first = o->flow.t[0].line;
		last = o->flow.t[o->flow.n - 1].line;
	}
	for (i = 0; i < n && i < 4; i++) {
		size_t a, b;
		const char *rt = line_trimmed(r->side->text, r->side->len,
					      rl[i], &a);
		unsigned l = 0;

		for (j = 0; j < no && !l; j++) {
			const char *ot = line_trimmed(o->side->text,
						      o->side->len, ol[j], &b);

			if (a && a == b && !memcmp(rt, ot, a))
				l = ol[j];
		}
		for (j = first; !no && j && j <= (int)last && !l; j++) {
			const char *ot = line_trimmed(o->side->text,
						      o->side->len, j, &b);

			if (a && a == b && !memcmp(rt, ot, a))
				l = j;
		}
		if (!l)
			return false;
		ml[i] = l;
	}
	memcpy(rl, ml, n * sizeof(unsigned));
	return true;
}

/* Does f sleep with sleep_on() (the state written inside the sleep)? */
static bool sleeps_on(const struct vfn *f)
{
	int i;

	for (i = 0; i < f->nev_all; i++)
		if (f->ev[i].k == EV_SLEEPON)
			return true;
	return false;
}

/* The exits of the wait loops the model's one flag hides (record.h). */
void early_facts(struct vval *vv, const struct vfn *o,
			const struct vfn *r, struct model_facts *mf)
{
	int run = vintern(vv, NS_STATE, "TASK_RUNNING");
	unsigned ol[4], unl, oskip;
	uint32_t oat;
	int8_t *cls;
	bool *guard;
	int no;

	model_conditions(r, &cls, &guard);
	mf->nearly = early_exits(vv, o, r, cls, run, mf->early_line, 4,
				 &mf->early_skip, &mf->early_at, &unl);
	free(cls);
	free(guard);
	model_conditions(o, &cls, &guard);
	no = early_exits(vv, o, o, cls, run, ol, 4, &oskip, &oat,
			 &mf->early_unlock);
	free(cls);
	free(guard);
	/* the original's lines, as every line the words give */
	mf->early_orig = no > 0;
	if (no == mf->nearly) {
		memcpy(mf->early_line, ol, sizeof(ol));
		mf->early_skip = oskip;
	} else if (mf->nearly && (mf->nearly < no || (!no && sleeps_on(o))) &&
		   early_in_orig(o, r, mf->early_line, mf->nearly, ol, no)) {
		/* the rewrite tests some again after its state write (the
		 * state-after-test fix): the others, said with the
		 * original's lines; a sleep_on() tested all before it */
		mf->early_orig = true;
	} else {
		mf->nearly = 0;	/* not the same exits: not said */
		mf->early_skip = 0;
	}
	if (!mf->nearly || !unl)
		mf->early_unlock = 0;	/* the original's line, where both drop one */
}
