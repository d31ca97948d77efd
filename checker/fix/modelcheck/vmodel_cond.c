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

static bool writes_running(const struct vfn *f, int nd, int run);

/*
 * The nodes reachable from `from`, not going on from c, nor, with run
 * the TASK_RUNNING name (else -1), from a node that sets the task
 * running (reach_asleep()).
 */
bool *reach_until(const struct vfn *f, int from, int c, int run)
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

/* The nodes reachable from `from` without passing c (allocated). */
bool *reach_set(const struct vfn *f, int from, int c)
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

bool node_names_any(const struct vfn *f, int nd, const char *list)
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

/*
 * writes, and the plain locals of f assigned from an expression that
 * names one of them (`cnt = priv->rx_cnt;` under its lock, then `if
 * (!cnt)`): a test of such a copy tests what the waker writes
 * (allocated).
 */
static char *writes_and_copies(const struct vfn *f, const char *writes)
{
	const struct vtoks *v = &f->flow;
	struct strbuf sb = { 0 };
	int t, e;

	sb_puts(&sb, writes);
	for (t = 1; t + 2 < v->n; t++) {
		bool names = false;
		char *w;

		if (v->t[t].kind != VT_ID || !vtok_is(v, t + 1, "=") ||
		    !(vtok_is(v, t - 1, ";") || vtok_is(v, t - 1, "{") ||
		      vtok_is(v, t - 1, "}") || vtok_is(v, t - 1, ")")))
			continue;
		for (e = t + 2; e < v->n && !vtok_is(v, e, ";"); e++)
			if (v->t[e].kind == VT_ID) {
				w = xasprintf("%.*s", (int)v->t[e].len,
					      v->text + v->t[e].off);
				names |= word_in(writes, w);
				free(w);
			}
		w = xasprintf("%.*s", (int)v->t[t].len, v->text + v->t[t].off);
		if (names && !word_in(sb.s, w))
			sb_printf(&sb, " %s", w);
		free(w);
	}
	return sb.s;
}

void model_conditions_writes(const struct vfn *f, int8_t *cls,
			     const char *writes, bool **wguard)
{
	bool *g, *names, *seen;
	char *wc;
	int i, k, lo, hi;

	*wguard = NULL;
	if (!writes)
		return;
	wc = writes_and_copies(f, writes);
	writes = wc;
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
	free(wc);
	*wguard = g;
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

bool writes_state(const struct vfn *f, int nd, int run)
{
	return writes_task_state(f, nd, run, false);
}

/* Does node nd set TASK_RUNNING (finish_wait(), set_current_state())? */
static bool writes_running(const struct vfn *f, int nd, int run)
{
	return writes_task_state(f, nd, run, true);
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
