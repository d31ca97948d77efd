// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which wake-up a state-after-test loses, and whether any can be lost.
 *
 * WQ003 finds the shape: a test, then the task state set, then a sleep
 * with no test in between.  What is lost is the wake-up of a waker that
 * comes between the test and the state change, and with it whatever the
 * waker made true before waking (analysis/wakers.c).  The message names
 * that, not the nearest test: a kernel thread that tests
 * kthread_should_stop() and sleeps misses the timer's or the interrupt
 * handler's wake_up_process(), and a maintainer who checks only the
 * stop concludes "false positive" and keeps the hang.
 *
 *	while (!kthread_should_stop()) {	<- not what is lost
 *		set_current_state(TASK_INTERRUPTIBLE);
 *		schedule();
 *		...
 *	}
 *	static void drv_tick(struct timer_list *t)
 *	{
 *		drv->pending = 1;		<- what is lost
 *		wake_up_process(drv->thread);
 *	}
 *
 * And nothing is lost when the only test is kthread_should_stop(), the
 * sleep is TASK_INTERRUPTIBLE, no other waker of the task is in the
 * file, and the file's kernel's kthread_stop() sets TIF_NOTIFY_SIGNAL
 * (checker/target-facts.def): schedule() does not sleep with it set.
 * When that kernel is not known (frontend/input/ktree.c found no tree), the
 * finding stays, with a note saying from which kernel it is no bug.
 * A waker is named only when the waiting function reads what it
 * changed; where no such waker is visible, the message keeps the tested
 * condition.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

/* The queue the task sleeps on at s, or NULL for a plain task sleep. */
static const char *waiter_queue(const struct cfg *g, const struct flow *fl,
				int e, int s)
{
	int i;

	if (g->nodes[e].ev.api->kind == K_PREPARE)
		return event_queue(&g->nodes[e].ev);
	for (i = 0; i < fl->nentries; i++)
		if (fl->in[s] & FL_QUEUED(i))
			return event_queue(&g->nodes[fl->enqueued_at[i]].ev);
	return NULL;
}

/* Is the tested condition only the stop request of a kernel thread? */
static bool only_stop_test(const char *t)
{
	while (*t == '!' || *t == ' ' || *t == '(')
		t++;
	static const char stop[] = KTHREAD_STOP_TEST "()";

	return !strncmp(t, stop, sizeof(stop) - 1) &&
	       !strpbrk(t + sizeof(stop) - 1, "&|?");
}

static bool interruptible(const struct wq_event *ev)
{
	int a = ev->api->state_arg;

	return a >= 0 && a < ev->nargs &&
	       !strcmp(ev->args[a], "TASK_INTERRUPTIBLE");
}

/*
 * Is t the condition of a loop that does nothing but sleep
 * (`while (!kthread_should_stop()) { set_current_state(); schedule(); }`)?
 * Then another wake-up only runs the test again: the loop waits for the
 * stop alone, whoever else wakes the task.
 */
static bool stop_only_loop(const struct cfg *g, int t)
{
	int l = g->nodes[t].loop, n;

	if (!(g->nodes[t].flags & NF_LOOP_COND) || l < 0)
		return false;
	for (n = g->loops[l].first; n <= g->loops[l].last; n++) {
		const struct cfg_node *nd = &g->nodes[n];

		if (n == t || nd->kind == N_JOIN || !cfg_in_loop(g, n, l))
			continue;
		if (nd->kind == N_EVENT &&
		    (nd->ev.api->kind == K_SET_STATE || node_is_sleep(g, n)))
			continue;
		return false;
	}
	return true;
}

/*
 * Does the sleep at s wait for a signal alone, in a loop on
 * signal_pending() entered with TASK_INTERRUPTIBLE set (the sigsuspend
 * shape behind an `if (!task_to_wake)`)?  A signal sets TIF_SIGPENDING
 * before it wakes, and schedule() does not sleep with it set: nothing a
 * test before the state change looked at is waited for.
 */
static bool signal_wait(const struct cfg *g, int e, int s)
{
	int t;

	if (!interruptible(&g->nodes[e].ev))
		return false;
	for (t = s - 1; t >= 0; t--) {
		const struct cfg_node *nd = &g->nodes[t];

		if (nd->kind != N_TEST || !(nd->flags & NF_LOOP_COND) ||
		    !cfg_in_loop(g, s, nd->loop))
			continue;
		/* the innermost loop around the sleep */
		return (nd->flags & NF_SIGNAL_TEST) &&
		       !cfg_in_loop(g, e, nd->loop);
	}
	return false;
}

/*
 * Is e a place to test as it is written: names, `->`, `.` and plain
 * indexes, no `++`, `--`, call or assignment (`buf[wp++]` is not)?
 */
static bool plain_lvalue(const char *e)
{
	return !strstr(e, "++") && !strstr(e, "--") && !strpbrk(e, "(=");
}

void lost_wakeup_judge(const struct cfg *g, const struct flow *fl,
		       const struct wq_file *f, int e, int s,
		       int t, const char *setter, const char *tested,
		       bool other_tests, struct lost_wakeup *lw)
{
	const char *q = waiter_queue(g, fl, e, s);
	bool stop_only = only_stop_test(tested) && !other_tests &&
			 interruptible(&g->nodes[e].ev);
	bool stop_safe = stop_only &&
			 target_has_fact(f->kernel,
					 TF_KTHREAD_STOP_NOTIFY_SIGNAL);
	struct waker *w = NULL;
	int i;

	memset(lw, 0, sizeof(*lw));
	lw->named = -1;
	if (signal_wait(g, e, s)) {
		lw->safe = true;
		return;
	}
	lw->nwakers = wakers_find(f, q, g->func, &lw->wakers);
	if (!q && stop_only && (!lw->nwakers || stop_only_loop(g, t))) {
		if (stop_safe) {
			lw->safe = true;
			return;
		}
		if (f->kernel == WQ_KERNEL_UNKNOWN)
			lw->fact_note = target_fact_note(
				TF_KTHREAD_STOP_NOTIFY_SIGNAL);
	}
	for (i = 0; i < lw->nwakers; i++)
		if (waker_tested_by(&lw->wakers[i], tested)) {
			lw->named = i;
			break;
		}
	if (lw->named < 0 && lw->nwakers) {
		/*
		 * A waker whose change the waiting function reads somewhere
		 * (after the sleep, in another test): a waker of another
		 * waiter on the same queue changes what this one never looks
		 * at, and naming it would mislead.
		 */
		for (i = 0; i < lw->nwakers; i++)
			if (g->body_end > g->body_start &&
			    waker_read_in(&lw->wakers[i], f->buf,
					  g->body_start, g->body_end)) {
				lw->named = i;
				break;
			}
		/* only the stop is tested: any waker is the lost one */
		if (lw->named < 0 && stop_safe)
			lw->named = 0;
		if (lw->named >= 0)
			w = &lw->wakers[lw->named];
	}
	if (!w) {
		lw->message = xasprintf(
			"%s comes after the test of '%s': a wake-up in between is lost; set the state first, then test the condition",
			setter, tested);
		return;
	}
	if (w->nchanges && !plain_lvalue(w->changed[0]))
		lw->message = xasprintf(
			"%s comes after the test of '%s', but %s() wakes the task after writing '%s': that wake-up, in between, is lost; set the state first, then test the condition",
			setter, tested, w->func, w->changed[0]);
	else if (w->nchanges)
		lw->message = xasprintf(
			"%s comes after the test of '%s', but %s() wakes the task after changing '%s': that wake-up, in between, is lost; set the state first, then test '%s'",
			setter, tested, w->func, w->changed[0], w->changed[0]);
	else if (stop_safe)
		lw->message = xasprintf(
			"%s comes after the test of '%s'; kthread_stop() cannot be missed there (it sets TIF_NOTIFY_SIGNAL), but a wake-up from %s() in between is lost; set the state first, then test what %s() wakes the task for",
			setter, tested, w->func, w->func);
	else
		lw->message = xasprintf(
			"%s comes after the test of '%s': a wake-up from %s() in between is lost; set the state first, then test the condition",
			setter, tested, w->func);
}

void lost_wakeup_free(struct lost_wakeup *lw)
{
	wakers_free(lw->wakers, lw->nwakers);
	free(lw->message);
	free(lw->fact_note);
}
