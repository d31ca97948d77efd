// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ006 wait-entry-leak: returning with an on-stack entry still queued.
 *
 *	DECLARE_WAITQUEUE(wait, current);
 *	add_wait_queue(&dev->wq, &wait);
 *	...
 *	if (signal_pending(current))
 *		return -ERESTARTSYS;	<- 'wait' is still on dev->wq
 *
 * The queue keeps a pointer into a stack frame that is gone; the next
 * wake_up() on dev->wq writes through it.  There is no automatic fix:
 * the path must call remove_wait_queue() or finish_wait() first.
 */
#include "cfg.h"

static void report(const struct cfg *g, const struct flow *fl,
		   struct wq_file *f, int r, int e)
{
	const struct cfg_node *add = &g->nodes[fl->enqueued_at[e]];
	const char *q = event_queue(&add->ev);
	const char *undo = add->ev.api->kind == K_PREPARE ?
			   "finish_wait" : "remove_wait_queue";
	struct wq_finding *fd;

	file_add_finding(f, WQ006, g->nodes[r].pos, xasprintf(
		"returns while on-stack wait entry '%s' is still queued on '%s'; call %s() on this path",
		fl->entries[e], q ? q : "?", undo));
	fd = &f->findings[f->nfindings - 1];
	finding_add_note(fd, add->pos, xasprintf(
		"'%s' is queued here by %s()", fl->entries[e],
		add->ev.api->name));
}

void check_entry_leak(const struct cfg *g, const struct flow *fl,
		      struct wq_file *f)
{
	int r, e;

	for (r = 0; r < g->n; r++) {
		if (g->nodes[r].kind != N_RETURN)
			continue;
		for (e = 0; e < fl->nentries; e++)
			if ((fl->in[r] & FL_QUEUED(e)) &&
			    cfg_is_local(g, fl->entries[e]))
				report(g, fl, f, r, e);
	}
}
