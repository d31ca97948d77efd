// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ004 schedule-while-running: schedule() in TASK_RUNNING.
 *
 *	set_current_state(TASK_INTERRUPTIBLE);
 *	while (!dev->ready)
 *		schedule();
 *
 * schedule() puts the task back to TASK_RUNNING when it wakes, so from
 * the second iteration on it returns at once: a busy loop.  Likewise
 * schedule_timeout(HZ) with no state set returns at once instead of
 * waiting a second.  A plain schedule() in a function that never sets a
 * sleeping state is a yield and is left alone.
 */
#include <string.h>

#include "cfg.h"

/* The sleeping-state event set before loop l, the likely intent. */
static int state_before_loop(const struct cfg *g, int l)
{
	int n;

	for (n = g->loops[l].first - 1; n >= 0; n--)
		if (g->nodes[n].kind == N_EVENT &&
		    event_sleeping_state(&g->nodes[n].ev) &&
		    !cfg_in_loop(g, n, l))
			return n;
	return -1;
}

/*
 * schedule_timeout() and friends leave setting the state to their caller,
 * and so do the kernel's own wrappers around them: a function that
 * returns the sleep's result, or passes its own parameter as the timeout,
 * is taken to be such a wrapper, whose caller set the state.
 */
static bool wrapper_of_sleep(const struct cfg *g, int s)
{
	const struct wq_event *ev = &g->nodes[s].ev;
	int i;
	const struct cfg_node *r = g->nodes[s].nsucc == 1 ?
				   &g->nodes[g->nodes[s].succ[0]] : NULL;

	/* `return schedule_timeout(t);` */
	if (r && r->kind == N_RETURN && !(r->flags & NF_FALL_OFF) &&
	    r->pos.line == g->nodes[s].pos.line)
		return true;
	for (i = 0; i < g->nparams && ev->nargs; i++)
		if (!strcmp(ev->args[0], g->params[i]))
			return true;
	return false;
}

void check_schedule_running(const struct cfg *g, const struct flow *fl,
			    struct wq_file *f)
{
	int s;

	for (s = 0; s < g->n; s++) {
		const struct cfg_node *sn = &g->nodes[s];
		bool woke = fl->in[s] & FL_RUN_WOKE;
		bool init = fl->in[s] & FL_RUN_INIT;
		struct wq_finding *fd;
		int b;

		if (!node_is_sleep(g, s))
			continue;
		if (woke && sn->loop >= 0) {
			file_add_finding(f, WQ004, sn->pos, xasprintf(
				"%s() runs in TASK_RUNNING after the first wake-up, so the loop spins; set the task state inside the loop, before the condition test",
				sn->ev.api->name));
			b = state_before_loop(g, sn->loop);
			if (b >= 0) {
				fd = &f->findings[f->nfindings - 1];
				finding_add_note(fd, g->nodes[b].pos, xasprintf(
					"the state is set only once, here, before the loop"));
			}
		} else if ((init || woke) && node_is(g, s, K_SCHEDULE_TIMEOUT) &&
			   !(init && !woke && wrapper_of_sleep(g, s))) {
			file_add_finding(f, WQ004, sn->pos, xasprintf(
				"%s() is called in TASK_RUNNING and returns at once; use schedule_timeout_uninterruptible() or schedule_timeout_interruptible(), or set the state first",
				sn->ev.api->name));
		}
	}
}
