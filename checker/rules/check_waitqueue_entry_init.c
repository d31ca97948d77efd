// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ008 waitqueue-entry-init: an entry made for add_wait_queue() handed
 * to prepare_to_wait().
 *
 *	DECLARE_WAITQUEUE(wait, current);
 *	for (;;) {
 *		prepare_to_wait(&dev->wq, &wait, TASK_INTERRUPTIBLE);
 *		...
 *
 * DECLARE_WAITQUEUE() and init_waitqueue_entry() wake with
 * default_wake_function(), which leaves the entry on the queue; the
 * prepare_to_wait()/finish_wait() protocol (2.6.0 on) is built for
 * DEFINE_WAIT()/init_wait() entries, whose autoremove_wake_function()
 * takes the entry off the queue at the wake-up, so that a second
 * wake_up() does not wake a task that has stopped waiting and
 * finish_wait() finds the entry already gone.
 *
 * Worse, prepare_to_wait() queues an entry only when its list reads as
 * empty (points to itself), and DECLARE_WAITQUEUE() makes the list
 * { NULL, NULL }, init_waitqueue_entry() leaves it as it was: an entry
 * no add_wait_queue() queued first is never queued, the queue's
 * wake-ups never reach the task, and finish_wait() unlinks it through
 * NULL pointers (include/linux/wait.h, kernel/sched/wait.c of 2.6 to
 * 6.1).  With an add_wait_queue() of the entry before, it works, but
 * every wake-up until finish_wait() goes through it.
 */
#include <string.h>

#include "rules.h"

static const char *skip_amp(const char *s)
{
	while (*s == '&' || *s == ' ')
		s++;
	return s;
}

/* The DECLARE_WAITQUEUE()/init_waitqueue_entry() of entry e, or -1. */
static int old_init(const struct cfg *g, const char *e)
{
	int n;

	for (n = 0; n < g->n; n++) {
		const struct wq_event *ev = &g->nodes[n].ev;

		if (g->nodes[n].kind != N_EVENT || ev->nargs < 2 ||
		    (strcmp(ev->api->name, "DECLARE_WAITQUEUE") &&
		     strcmp(ev->api->name, "init_waitqueue_entry")))
			continue;
		if (!strcmp(skip_amp(ev->args[0]), e))
			return n;
	}
	return -1;
}

/* The add_wait_queue*() of entry e in the function, or -1. */
static int added(const struct cfg *g, const char *e)
{
	int n;

	for (n = 0; n < g->n; n++)
		if (node_is(g, n, K_ADD_WAIT) && event_entry(&g->nodes[n].ev) &&
		    !strcmp(event_entry(&g->nodes[n].ev), e))
			return n;
	return -1;
}

void check_waitqueue_entry_init(const struct cfg *g, const struct flow *fl,
		      struct wq_file *f)
{
	int p, d, q, a;

	(void)fl;
	for (p = 0; p < g->n; p++) {
		const char *e;
		const struct wq_event *dv;
		struct wq_finding *fd;
		bool first = true, decl;

		if (!node_is(g, p, K_PREPARE))
			continue;
		e = event_entry(&g->nodes[p].ev);
		d = e ? old_init(g, e) : -1;
		if (d < 0)
			continue;
		/* once per entry: at its first prepare_to_wait() */
		for (q = 0; q < p && first; q++)
			if (node_is(g, q, K_PREPARE) && event_entry(&g->nodes[q].ev) &&
			    !strcmp(event_entry(&g->nodes[q].ev), e))
				first = false;
		if (!first)
			continue;
		dv = &g->nodes[d].ev;
		decl = !strcmp(dv->api->name, "DECLARE_WAITQUEUE");
		/* DEFINE_WAIT() waits for current; another task's entry stays */
		if (strcmp(dv->args[1], "current") && strcmp(dv->args[1], "get_current()"))
			continue;
		if ((a = added(g, e)) >= 0) {
			file_add_finding(f, WQ008, g->nodes[d].pos, xasprintf(
				"'%s' is set up by %s() and queued with %s(), but also handed to %s(): it stays queued through every wake-up until finish_wait(); use %s(%s%s), whose wake-up takes it off the queue, and no %s()",
				e, dv->api->name, g->nodes[a].ev.api->name,
				g->nodes[p].ev.api->name,
				decl ? "DEFINE_WAIT" : "init_wait", decl ? "" : "&", e,
				g->nodes[a].ev.api->name));
			fd = &f->findings[f->nfindings - 1];
			finding_add_note(fd, g->nodes[p].pos, xasprintf(
				"'%s' is handed to %s() here, already queued", e,
				g->nodes[p].ev.api->name));
			continue;
		}
		/* never added: prepare_to_wait() reads its list */
		file_add_finding(f, WQ008, g->nodes[d].pos, xasprintf(decl ?
			"'%s' is set up by DECLARE_WAITQUEUE(), whose list is { NULL, NULL }: %s() takes that for an entry already on a queue and does not queue it, so no wake-up of the queue reaches the task (each sleep lasts until its timeout or a signal, or for ever), and finish_wait() unlinks it through NULL pointers; use DEFINE_WAIT(%s)" :
			"'%s' is set up by init_waitqueue_entry(), which leaves its list as it was: %s() queues it only if that list reads as empty, and finish_wait() unlinks it if not, so whether the task is ever queued, and what finish_wait() unlinks, depend on what was there before; use init_wait(&%s)",
			e, g->nodes[p].ev.api->name, e));
		fd = &f->findings[f->nfindings - 1];
		finding_add_note(fd, g->nodes[p].pos, xasprintf(
			"'%s' is handed to %s() here, and nothing queued it before", e,
			g->nodes[p].ev.api->name));
	}
}
