// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ007 interruptible-ignores-signals: an interruptible wait that never
 * looks at signals.
 *
 *	for (;;) {
 *		prepare_to_wait(&dev->wq, &wait, TASK_INTERRUPTIBLE);
 *		if (dev->ready)
 *			break;
 *		schedule();
 *	}
 *
 * schedule() does not sleep in TASK_INTERRUPTIBLE while a signal is
 * pending: it returns at once.  A loop that only leaves when its
 * condition holds then spins, burning a CPU until the condition comes
 * true, and the process cannot be killed meanwhile.  The loop needs a
 * signal_pending() exit (returning -ERESTARTSYS), or the task should
 * sleep in TASK_UNINTERRUPTIBLE (or TASK_KILLABLE with a
 * fatal_signal_pending() exit).
 *
 * Kernel threads and workqueue functions have every signal blocked
 * unless they ask for some, so their loops are left alone: functions
 * this file hands to kthread_run(), kernel_thread(), INIT_WORK() and the
 * like (also through a macro of the file around them, or one whose name
 * says it starts a thread, torture_create_kthread()), and functions that
 * call kthread_should_stop(), the freezer, daemonize() or
 * allow_signal(), the marks of a thread's main loop.  A loop test that
 * calls a helper of the same file counts as a signal test when the
 * helper's body tests signals (one level, analysis/helpers.c).
 */
#include <stdlib.h>
#include <string.h>

#include "cfg.h"

/*
 * Words of a test that looks at signals: 2.4 had current->sigpending; a
 * test of what schedule_timeout() returned sees the early return a
 * signal causes; an interruptible or killable call in a test
 * (mutex_lock_interruptible()) leaves on a signal.
 */
static bool signal_text(const char *t)
{
	return t && (strstr(t, "signal_pending") || strstr(t, "sigpending") ||
		     strstr(t, "kthread_should_stop") ||
		     strstr(t, "do_signal") || strstr(t, "dequeue_signal") ||
		     strstr(t, "get_signal") ||
		     strstr(t, "schedule_timeout") ||
		     strstr(t, "schedule_hrtimeout") ||
		     strstr(t, "interruptible") || strstr(t, "killable"));
}

static bool is_thread(const struct cfg *g, const struct wq_file *f)
{
	return text_is_thread(f->buf, f->len, g->body_start, g->body_end,
			      g->func);
}

static const char *state_of(const struct wq_event *ev)
{
	int a = ev->api->kind == K_PREPARE ? 2 : ev->api->state_arg;

	return a >= 0 && a < ev->nargs ? ev->args[a] : NULL;
}

/* Is the loop's sleep followed by another pass, not by an exit? */
static bool sleeps_again(const struct cfg *g, int s, int l, char *seen,
			 int *stack)
{
	int sp = 0, i;

	memset(seen, 0, g->n);
	stack[sp++] = s;
	seen[s] = 1;
	while (sp) {
		int n = stack[--sp];

		for (i = 0; i < g->nodes[n].nsucc; i++) {
			int t = g->nodes[n].succ[i];

			if (t == g->loops[l].head)
				return true;
			if (seen[t] || !cfg_in_loop(g, t, l))
				continue;
			seen[t] = 1;
			stack[sp++] = t;
		}
	}
	return false;
}

/* The interruptible state set in loop l, or -1; -1 too if l also
 * sets another sleeping state (the loop picks its state at run time). */
static int interruptible_set(const struct cfg *g, int l)
{
	int n, found = -1;

	for (n = g->loops[l].first; n <= g->loops[l].last && n < g->n; n++) {
		const char *st;

		if (g->nodes[n].kind != N_EVENT || !cfg_in_loop(g, n, l) ||
		    !event_sleeping_state(&g->nodes[n].ev))
			continue;
		st = state_of(&g->nodes[n].ev);
		if (!st || strcmp(st, "TASK_INTERRUPTIBLE"))
			return -1;
		if (found < 0)
			found = n;
	}
	return found;
}

/*
 * Does loop l test for signals?  A test inside a macro carries the
 * invocation's text, not its own: the loop is then out of sight, and
 * taken to test them.
 */
static bool tests_signals(const struct cfg *g, int l, const struct wq_file *f)
{
	int n;

	for (n = g->loops[l].first; n <= g->loops[l].last && n < g->n; n++)
		if (g->nodes[n].kind == N_TEST && cfg_in_loop(g, n, l) &&
		    (signal_text(g->nodes[n].text) ||
		     (g->nodes[n].flags & (NF_IN_MACRO | NF_SIGNAL_TEST)) ||
		     /* `if (drv_check_signals(dev))`: a helper of the file */
		     text_helpers_match(f->buf, f->len, g->nodes[n].text,
					signal_text)))
			return true;
	return false;
}

void check_interruptible_signals(const struct cfg *g, const struct flow *fl,
				 struct wq_file *f)
{
	char *seen = xrealloc(NULL, g->n);
	int *stack = xrealloc(NULL, g->n * sizeof(int));
	char *done = xrealloc(NULL, g->nloops + 1);
	int s, thread = -1;

	memset(done, 0, g->nloops + 1);
	for (s = 0; s < g->n; s++) {
		struct wq_finding *fd;
		int l, e = -1;

		if (!node_is_sleep(g, s) || !fl->in[s])
			continue;
		/* the innermost loop around the sleep that sets the state */
		for (l = g->nodes[s].loop; l >= 0; l = g->loops[l].parent) {
			e = interruptible_set(g, l);
			if (e >= 0)
				break;
		}
		if (l < 0 || done[l])
			continue;
		done[l] = 1;
		if (tests_signals(g, l, f) || !sleeps_again(g, s, l, seen, stack))
			continue;
		if (thread < 0)
			thread = is_thread(g, f);
		if (thread)
			break;
		file_add_finding(f, WQ007, g->nodes[e].pos, xasprintf(
			"TASK_INTERRUPTIBLE wait loop with no signal_pending() exit: with a signal pending, %s() returns at once and the loop spins; leave it with -ERESTARTSYS on signal_pending(current), or sleep in TASK_UNINTERRUPTIBLE",
			g->nodes[s].ev.api->name));
		fd = &f->findings[f->nfindings - 1];
		finding_add_note(fd, g->nodes[s].pos, xasprintf(
			"%s() is called here, in the loop", g->nodes[s].ev.api->name));
	}
	free(seen);
	free(stack);
	free(done);
}
