// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model check's wait condition (vmodel.c): which tests of the
 * function are the condition the wakers make true.  The condition is
 * one shared flag; a test whose one arm sleeps and comes back to it (a
 * wait loop), else whose one arm sleeps where the other does not (`if
 * (!cond) schedule();`), takes its sleeping arm while the flag is
 * false.  A test of what a wait_event*() returns is not the condition.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vmodel.h"


bool is_sleep_ev(const struct vev *e)
{
	return e->k == EV_SLEEP || e->k == EV_SLEEPON || e->k == EV_WAITEV;
}

/*
 * From node `from`, without passing node c: can the waiter reach a sleep
 * (back: false), or come back to c having slept on the way (back: true)?
 */
static bool reach(const struct vfn *f, int from, int c, bool back, bool *seen)
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

/* The nodes reachable from `from` without passing c (allocated). */
static bool *reach_set(const struct vfn *f, int from, int c)
{
	bool *seen = xrealloc(NULL, (f->g.nn + 1) * sizeof(bool));
	int *stack = xrealloc(NULL, (f->g.nn + 1) * sizeof(int)), ns = 0, i;

	memset(seen, 0, f->g.nn * sizeof(bool));
	stack[ns++] = from;
	seen[from] = true;
	while (ns) {
		int nd = stack[--ns];

		if (nd == c)
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
