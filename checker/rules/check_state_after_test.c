// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ003 state-after-test: the condition is tested, then the state set.
 *
 *	while (!dev->ready) {
 *		set_current_state(TASK_INTERRUPTIBLE);
 *		schedule();
 *	}
 *
 * If the waker sets dev->ready and calls wake_up() between the test and
 * set_current_state(), the wake-up finds the task running and does
 * nothing; the task then marks itself sleeping and schedules away with
 * nothing left to wake it.  The safe order is: set the state (or
 * prepare_to_wait()), test, schedule().
 *
 * Reported at a state-setting event E when (1) a schedule() is reachable
 * from E without passing a test of the condition, and (2) a test of the
 * condition that belongs to the same wait (its loop, or an if guarding E)
 * reaches E without passing a schedule().  A lock dropped between E and
 * the schedule() means the test ran under a lock, which is the safe
 * idiom (the waker takes the lock too), so that path does not count.
 */
#include <stdlib.h>
#include <string.h>

#include "cfg.h"

/* stop kinds for the walks */
static bool resets_state(const struct cfg *g, int n)
{
	return node_is(g, n, K_SET_STATE) || node_is(g, n, K_PREPARE) ||
	       node_is(g, n, K_SLEEP_ON) || node_is(g, n, K_WAIT_EVENT) ||
	       node_is(g, n, K_DELAY) || node_is(g, n, K_FINISH) ||
	       node_is_sleep(g, n);
}

/* (1): the schedule() reached from e before any condition test, or -1 */
static int untested_sleep(const struct cfg *g, int e, char *seen, int *stack)
{
	int sp = 0, i;

	stack[sp++] = e;
	seen[e] = 1;
	while (sp) {
		int n = stack[--sp];

		for (i = 0; i < g->nodes[n].nsucc; i++) {
			int s = g->nodes[n].succ[i];

			if (seen[s])
				continue;
			seen[s] = 1;
			if (node_is_sleep(g, s))
				return s;
			/*
			 * A lock dropped after the state is set: the test ran
			 * under the lock the waker takes, so it cannot race.
			 */
			if (node_is_cond_test(g, s) || resets_state(g, s) ||
			    node_is(g, s, K_UNLOCK))
				continue;
			stack[sp++] = s;
		}
	}
	return -1;
}

static bool related(const struct cfg *g, int t, int e)
{
	const struct cfg_node *tn = &g->nodes[t];

	if (tn->flags & NF_LOOP_COND)
		return cfg_in_loop(g, e, tn->loop);
	if (t < e && e <= tn->branch_end)
		return true;
	return tn->loop >= 0 && cfg_in_loop(g, e, tn->loop);
}

/* Does a branch of if-test t leave its loop (break, return, goto out)? */
static bool exits_loop(const struct cfg *g, int t)
{
	const struct cfg_node *tn = &g->nodes[t];
	int b, n, steps;

	if (tn->loop < 0)
		return false;
	for (b = 0; b < 2; b++) {
		n = b ? tn->on_false : tn->on_true;
		/* follow the branch's straight-line start: joins only */
		for (steps = 0; n >= 0 && steps < 4; steps++) {
			if (g->nodes[n].kind == N_RETURN ||
			    !cfg_in_loop(g, n, tn->loop))
				return true;
			if (g->nodes[n].kind != N_JOIN || g->nodes[n].nsucc != 1)
				break;
			n = g->nodes[n].succ[0];
		}
	}
	return false;
}

/*
 * (2): a related test that reaches e without a sleep between, or -1.
 * The loop's own condition is the best name for what is waited for;
 * next best is a test that leaves the loop (`if (done) break;`), which
 * wins over one that only picks what to do (O_NONBLOCK, a mode).
 */
static int test_before(const struct cfg *g, const struct flow *fl, int e,
		       char *seen, int *stack)
{
	int sp = 0, i, found = -1;

	stack[sp++] = e;
	seen[e] = 1;
	while (sp) {
		int n = stack[--sp];

		for (i = 0; i < fl->npred[n]; i++) {
			int p = fl->pred[n][i];

			if (seen[p])
				continue;
			seen[p] = 1;
			if (node_is_cond_test(g, p) && related(g, p, e)) {
				if (g->nodes[p].flags & NF_LOOP_COND)
					return p;
				if (found < 0 || (!exits_loop(g, found) &&
						  exits_loop(g, p)))
					found = p;
			}
			if (resets_state(g, p))
				continue;
			stack[sp++] = p;
		}
	}
	return found;
}

/*
 * A timed sleep with nothing queued is a poll: a lost wake_up_process()
 * costs at most the timeout.  A timed sleep guarded by a plain if (no
 * loop) sleeps once for a bounded time.  Neither loses a wake-up for
 * good, so neither is reported.
 */
static bool bounded_poll(const struct cfg *g, const struct flow *fl, int t,
			 int s)
{
	if (!node_is(g, s, K_SCHEDULE_TIMEOUT))
		return false;
	if (!(fl->in[s] & ~FL_STATE_BITS))
		return true;
	return !(g->nodes[t].flags & NF_LOOP_COND) && g->nodes[t].loop < 0;
}

void check_state_after_test(const struct cfg *g, const struct flow *fl,
			    struct wq_file *f)
{
	char *seen = xrealloc(NULL, g->n);
	int *stack = xrealloc(NULL, g->n * sizeof(int));
	int e;

	for (e = 0; e < g->n; e++) {
		const struct cfg_node *en = &g->nodes[e];
		struct wq_finding *fd;
		int s, t;

		if (en->kind != N_EVENT || !fl->in[e] ||
		    !event_sleeping_state(&en->ev))
			continue;
		memset(seen, 0, g->n);
		s = untested_sleep(g, e, seen, stack);
		if (s < 0)
			continue;
		memset(seen, 0, g->n);
		t = test_before(g, fl, e, seen, stack);
		if (t < 0 || bounded_poll(g, fl, t, s))
			continue;
		file_add_finding(f, WQ003, en->pos, xasprintf(
			"%s() comes after the test of '%s': a wake-up in between is lost; set the state first, then test the condition",
			en->ev.api->name, g->nodes[t].text));
		fd = &f->findings[f->nfindings - 1];
		finding_add_note(fd, g->nodes[t].pos, xasprintf(
			"'%s' is tested here, before the task state is set",
			g->nodes[t].text));
		finding_add_note(fd, g->nodes[s].pos, xasprintf(
			"%s() sleeps here without testing it again",
			g->nodes[s].ev.api->name));
	}
	free(seen);
	free(stack);
}
