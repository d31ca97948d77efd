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
 * sleeping state is a yield and is left alone, and so are deliberate
 * yields anywhere: `if (need_resched()) schedule();` (2.4 spelled it
 * `current->need_resched`), `current->policy |= SCHED_YIELD; schedule();`,
 * and a schedule() loop that no sleeping state reaches (only earlier,
 * finished sleeps: a yield loop after a delay).
 *
 * Another function may have set the state (analysis/flow/state_summary.c):
 * a helper called before the sleep (`b = drv_dequeue(d);` setting
 * TASK_INTERRUPTIBLE when the queue is empty), the callers (a helper
 * called inside their wait loop), or an unknown caller (a callback, a
 * function of other files, an action function given the state as
 * `mode`).  A sleep helper (it sleeps in the state its callers set, none
 * of them in the files read: this file and the headers beside it that it
 * includes, not the module's other files; and it does nothing after:
 * blk_io_schedule()) is correct as it is and not recorded.  One that a
 * caller of this file calls in TASK_RUNNING is a finding, with a note at
 * that call.  Where such a state may reach the
 * sleep beside TASK_RUNNING, or the state is not known at all, nothing
 * is reported: the sleep is
 * recorded for `wqport fix`, which refuses it (state-from-helper,
 * state-from-caller) rather than rewrite a sleep whose state it does
 * not know.  Where only such a sleeping state reaches it, it sleeps.
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"

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

/* The first sleeping-state write inside loop l, or -1. */
static int state_in_loop(const struct cfg *g, int l)
{
	int n;

	for (n = g->loops[l].first; n <= g->loops[l].last && n < g->n; n++)
		if (g->nodes[n].kind == N_EVENT &&
		    event_sleeping_state(&g->nodes[n].ev) &&
		    cfg_in_loop(g, n, l))
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

/*
 * A deliberate yield: the sleep is guarded by a need_resched test, or
 * follows a write of the task's scheduling policy (SCHED_YIELD).
 */
static bool deliberate_yield(const struct cfg *g, const struct flow *fl,
			     int s)
{
	int t = node_pos_loop_test(g, s), n = s, steps;

	if (t >= 0 && g->nodes[t].text &&
	    strstr(g->nodes[t].text, "need_resched"))
		return true;
	for (steps = 0; steps < 4 && fl->npred[n] == 1; steps++) {
		n = fl->pred[n][0];
		if (g->nodes[n].kind == N_ASSIGN && g->nodes[n].text &&
		    strstr(g->nodes[n].text, "policy"))
			return true;
		if (g->nodes[n].kind != N_JOIN)
			break;
	}
	return false;
}

/*
 * The calls that may leave TASK_RUNNING at the sleep s, each named:
 * "f() (called at line N)", "f() (called at line N) or g() (called at
 * line M)" (io-wq.c's worker: io_run_task_work() right before the sleep,
 * and io_worker_handle_work() before it, whose TASK_RUNNING passes
 * through the first when it has no work to run).
 */
static char *running_setters(const struct cfg *g, const struct flow *fl,
			     int s)
{
	int hits[4], n = state_calls_before(g, fl, s, FL_RUN_CALLEE, hits, 4);
	char *out = NULL, *t;
	int i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < i; j++)
			if (!strcmp(g->nodes[hits[j]].text, g->nodes[hits[i]].text))
				break;
		if (j < i)
			continue;	/* named once, at its nearest call */
		t = xasprintf("%s%s%s() (called at line %u)", out ? out : "",
			      out ? " or " : "", g->nodes[hits[i]].text,
			      g->nodes[hits[i]].pos.line);
		free(out);
		out = t;
	}
	return out ? out : xstrdup("a function it calls");
}

/*
 * The sleep at s runs in a state another function set, and it is not
 * known to be that state: record it for the fix, with the reason and
 * the function that set it.
 */
static void hold(const struct cfg *g, const struct flow *fl, int s,
		 struct wq_file *f)
{
	uint32_t st = fl->in[s];
	const char *setter = NULL, *name = g->nodes[s].ev.api->name;
	char *why;
	int c;

	if ((st & FL_SLEEP_CALLEE) &&
	    (c = state_call_before(g, fl, s, FL_SLEEP_CALLEE, &setter)) >= 0) {
		const char *callee = g->nodes[c].text;

		file_add_held(f, WQ004, g->nodes[s].pos, "state-from-helper",
			strcmp(setter, callee) ?
			xasprintf("%s() may run in the sleeping state %s() sets (through %s(), called at line %u) rather than in TASK_RUNNING; the tool does not know which, so it leaves the sleep alone",
				  name, setter, callee, g->nodes[c].pos.line) :
			xasprintf("%s() may run in the sleeping state %s() sets (called at line %u) rather than in TASK_RUNNING; the tool does not know which, so it leaves the sleep alone",
				  name, setter, g->nodes[c].pos.line));
		return;
	}
	if ((st & FL_RUN_CALLEE) &&
	    state_call_before(g, fl, s, FL_RUN_CALLEE, &setter) >= 0) {
		char *who = running_setters(g, fl, s);

		file_add_held(f, WQ004, g->nodes[s].pos, "state-from-helper",
			xasprintf("%s() may run in the sleeping state set before it or in the TASK_RUNNING %s may leave; the tool does not know which, so it leaves the sleep alone",
				  name, who));
		free(who);
		return;
	}
	if ((st & FL_UNKNOWN) && state_sums_helper(g->sums, g->func))
		return;	/* a sleep helper: its callers' state is its purpose */
	if (st & FL_UNKNOWN) {
		why = state_sums_unknown_why(g->sums, g->func);
		file_add_held(f, WQ004, g->nodes[s].pos, "state-from-caller",
			xasprintf("%s() runs%s in the state %s() is entered in: %s; the tool does not know it, so it leaves the sleep alone",
				  name, (st & FL_RUN_WOKE) &&
				  g->nodes[s].loop >= 0 ?
				  ", on its first pass," : "",
				  g->func, why));
		free(why);
		return;
	}
	setter = state_sums_entry_setter(g->sums, g->func);
	file_add_held(f, WQ004, g->nodes[s].pos, "state-from-caller",
		xasprintf("%s() may run in the sleeping state %s() set before calling %s() rather than in TASK_RUNNING; the tool does not know which, so it leaves the sleep alone",
			  name, setter ? setter : "a caller", g->func));
}

/* TASK_RUNNING that a function the sleep's function calls set. */
static void note_running_setter(const struct cfg *g, const struct flow *fl,
				int s, struct wq_finding *fd)
{
	const char *setter = NULL;
	int c = state_call_before(g, fl, s, FL_RUN_CALLEE, &setter);

	if (c >= 0)
		finding_add_note(fd, g->nodes[c].pos, xasprintf(
			"%s() leaves the task in TASK_RUNNING here", setter));
}

/*
 * TASK_RUNNING the function was entered in, from a caller of this file
 * (a sleep helper that leaves the state to its callers, called by one
 * that sets none: blx_flush() calling blx_io_wait()): the finding names
 * that call, so that the fix is looked for there.
 */
static void note_running_caller(const struct cfg *g, const struct flow *fl,
				int s, struct wq_finding *fd)
{
	struct wq_pos at;
	const char *caller;

	if (!(fl->in[s] & FL_RUN_INIT) || !g->sums || !g->func ||
	    !(caller = state_sums_run_caller(g->sums, g->func, &at)))
		return;
	finding_add_note(fd, at, xasprintf(
		"%s() calls %s() here in TASK_RUNNING, and that state reaches the sleep",
		caller, g->func));
}

void check_schedule_while_running(const struct cfg *g, const struct flow *fl,
			    struct wq_file *f)
{
	int s;

	for (s = 0; s < g->n; s++) {
		const struct cfg_node *sn = &g->nodes[s];
		bool woke = fl->in[s] & FL_RUN_WOKE;
		bool init = fl->in[s] & FL_RUN_INIT;
		/* TASK_RUNNING a function it calls left */
		bool rc = fl->in[s] & FL_RUN_CALLEE;
		/* a state another function set, or one not known */
		bool other = fl->in[s] & FL_ELSEWHERE;
		struct wq_finding *fd;
		int b;

		if (!node_is_sleep(g, s) || deliberate_yield(g, fl, s) ||
		    condclass_deliberate_skip(g, fl, s))
			continue;
		/*
		 * It spins only if it was meant to sleep: a sleeping state
		 * reaches it (the first pass sleeps, the next ones do not).
		 */
		if (woke && sn->loop >= 0 && (fl->in[s] & FL_SLEEP)) {
			int w = state_in_loop(g, sn->loop);

			if (w < 0)
				file_add_finding(f, WQ004, sn->pos, xasprintf(
					"%s() runs in TASK_RUNNING after the first wake-up, so the loop spins; set the task state inside the loop, before the condition test",
					sn->ev.api->name));
			else
				file_add_finding(f, WQ004, sn->pos, xasprintf(
					"%s() can run in TASK_RUNNING after a wake-up: a path to it in the loop skips the state write at line %u, and there the sleep returns at once; set the task state on every path to the sleep, before the condition test",
					sn->ev.api->name, g->nodes[w].pos.line));
			b = state_before_loop(g, sn->loop);
			if (b >= 0) {
				fd = &f->findings[f->nfindings - 1];
				finding_add_note(fd, g->nodes[b].pos, w < 0 ?
					xstrdup("the state is set only once, here, before the loop") :
					xasprintf("the state is set here, before the loop, and in the loop at line %u",
						  g->nodes[w].pos.line));
			}
			/* the first pass sleeps in a state the fix cannot name */
			if (other && node_is(g, s, K_SCHEDULE_TIMEOUT))
				hold(g, fl, s, f);
		} else if (woke && sn->loop >= 0 && (fl->in[s] & FL_UNKNOWN) &&
			   node_is(g, s, K_SCHEDULE_TIMEOUT) &&
			   state_in_loop(g, sn->loop) < 0) {
			/*
			 * Entered in a state the tool does not know, but
			 * every pass after the first runs in the TASK_RUNNING
			 * the sleep before it left (a `goto retry` throttle):
			 * those passes return at once, whatever the first.
			 * A nap with a timeout only: a plain schedule() in a
			 * loop that writes no state is a yield (airo.c's
			 * `if ((tries & 255) == 0) schedule();`).
			 */
			file_add_finding(f, WQ004, sn->pos, xasprintf(
				"%s() runs in TASK_RUNNING on every pass of the loop after the first (the sleep before it leaves the task running), so those passes return at once; set the task state inside the loop, before the sleep",
				sn->ev.api->name));
			if (node_is(g, s, K_SCHEDULE_TIMEOUT))
				hold(g, fl, s, f);
		} else if ((init || woke || rc || other) &&
			   node_is(g, s, K_SCHEDULE_TIMEOUT) &&
			   !((init || rc || other) && !woke &&
			     wrapper_of_sleep(g, s))) {
			/*
			 * Not known: another function's sleeping state or
			 * TASK_RUNNING beside a state set here or elsewhere.
			 * Only sleeping states: it sleeps.
			 */
			if (other || (rc && (fl->in[s] & FL_SLEEP))) {
				if ((fl->in[s] & FL_UNKNOWN) || init || woke ||
				    rc)
					hold(g, fl, s, f);
				continue;
			}
			/* --target=2.4: the helpers came in 2.6.14 */
			if (target_lacks(f->target,
					 "schedule_timeout_uninterruptible")) {
				char *t = kernel_version_text(f->target);

				file_add_finding(f, WQ004, sn->pos, xasprintf(
					"%s() is called in TASK_RUNNING and returns at once; set the state first (%s TASK_UNINTERRUPTIBLE or TASK_INTERRUPTIBLE); schedule_timeout_uninterruptible() and schedule_timeout_interruptible(), which do both, are first in Linux 2.6.14, not in the target %s",
					sn->ev.api->name,
					f->target < WQ_KVER(2, 4, 0) ?
					"current->state =" : "set_current_state() to",
					t));
				free(t);
			} else if (kapi_io_sleep(sn->ev.api->name,
						 strlen(sn->ev.api->name))) {
				/* the helpers sleep in schedule_timeout() */
				file_add_finding(f, WQ004, sn->pos, xasprintf(
					"%s() is called in TASK_RUNNING and returns at once; set the state first (set_current_state(TASK_UNINTERRUPTIBLE)): schedule_timeout_uninterruptible() would sleep, but not counted as I/O wait",
					sn->ev.api->name));
			} else {
				file_add_finding(f, WQ004, sn->pos, xasprintf(
					"%s() is called in TASK_RUNNING and returns at once; use schedule_timeout_uninterruptible() or schedule_timeout_interruptible(), or set the state first",
					sn->ev.api->name));
			}
			note_running_setter(g, fl, s,
					    &f->findings[f->nfindings - 1]);
			note_running_caller(g, fl, s,
					    &f->findings[f->nfindings - 1]);
		}
	}
}
