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
 * finish_wait() finds the entry already gone.  It works with the old
 * entry, but every wake-up until finish_wait() goes through it, and
 * the code says one protocol while doing the other.
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

void check_waitqueue_entry_init(const struct cfg *g, const struct flow *fl,
		      struct wq_file *f)
{
	int p, d, q;

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
		file_add_finding(f, WQ008, g->nodes[d].pos, xasprintf(
			"'%s' is set up by %s() but queued by %s(): use %s(%s%s), whose wake-up also takes it off the queue",
			e, dv->api->name, g->nodes[p].ev.api->name,
			decl ? "DEFINE_WAIT" : "init_wait", decl ? "" : "&", e));
		fd = &f->findings[f->nfindings - 1];
		finding_add_note(fd, g->nodes[p].pos, xasprintf(
			"'%s' is queued here", e));
	}
}
