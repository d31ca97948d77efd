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
 * wake_up() on dev->wq writes through it.  One finding per entry, at
 * the first exit that leaks it, the other such exits as notes.  Not
 * reported: wait_event*()'s own entry (prepare_to_wait_event() dequeues
 * it when a signal ends the wait), and an entry on a head that lives in
 * the same stack frame, and an exit where the path shows the entry
 * dequeued by its wake function (`list_empty(&wait.entry)`, a field the
 * wake function clears) or its queue gone with its owner
 * (analysis/flow/entry_fate.c).  There is no automatic fix:
 * the path must call remove_wait_queue() or finish_wait() first.
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"

/* Where a leak of entry e is worth a finding at all. */
static bool leak_candidate(const struct cfg *g, const struct flow *fl, int e)
{
	const struct cfg_node *add = &g->nodes[fl->enqueued_at[e]];
	const char *q = event_queue(&add->ev);

	if (!cfg_is_local(g, fl->entries[e]) || (fl->internal & FL_QUEUED(e)))
		return false;
	/* a head in the same frame goes away with the entry */
	return !(q && cfg_is_local_head(g, q));
}

/*
 * The exits that return with entry e queued, in source order; the first
 * that comes after the enqueue in the text is the one reported, so a
 * return met again through a loop's back edge is never the headline.
 */
static int leaking_exits(const struct cfg *g, const struct flow *fl, int e,
			 int *out)
{
	const struct wq_pos *a = &g->nodes[fl->enqueued_at[e]].pos;
	int r, n = 0, i, j;

	for (r = 0; r < g->n; r++)
		if (g->nodes[r].kind == N_RETURN && (fl->in[r] & FL_QUEUED(e)))
			out[n++] = r;
	for (i = 1; i < n; i++) {
		int x = out[i];
		const struct wq_pos *p = &g->nodes[x].pos;

		for (j = i; j > 0; j--) {
			const struct wq_pos *q = &g->nodes[out[j - 1]].pos;

			if (q->line < p->line ||
			    (q->line == p->line && q->col <= p->col))
				break;
			out[j] = out[j - 1];
		}
		out[j] = x;
	}
	for (i = 0; i < n; i++) {
		const struct wq_pos *p = &g->nodes[out[i]].pos;

		if (p->line > a->line || (p->line == a->line && p->col > a->col))
			break;
	}
	if (i > 0 && i < n) {
		int x = out[i];

		memmove(out + 1, out, i * sizeof(int));
		out[0] = x;
	}
	return n;
}

static void report(const struct cfg *g, const struct flow *fl,
		   struct wq_file *f, const int *rs, int nr, int e)
{
	const struct cfg_node *add = &g->nodes[fl->enqueued_at[e]];
	const char *q = event_queue(&add->ev);
	const char *undo = add->ev.api->kind == K_PREPARE ?
			   "finish_wait" : "remove_wait_queue";
	struct wq_finding *fd;
	int i;

	file_add_finding(f, WQ006, g->nodes[rs[0]].pos, xasprintf(
		"returns while on-stack wait entry '%s' is still queued on '%s'; call %s() on this path",
		fl->entries[e], q ? q : "?", undo));
	fd = &f->findings[f->nfindings - 1];
	finding_add_note(fd, add->pos, xasprintf(
		"'%s' is queued here by %s()", fl->entries[e],
		add->ev.api->name));
	for (i = 1; i < nr; i++) {
		if (i == WQ_MAX_NOTES - 1 && nr > WQ_MAX_NOTES) {
			finding_add_note(fd, g->nodes[rs[i]].pos, xasprintf(
				"so do this return and %d more", nr - i - 1));
			break;
		}
		finding_add_note(fd, g->nodes[rs[i]].pos, xasprintf(
			"this return also leaves '%s' queued", fl->entries[e]));
	}
}

/*
 * Keep the exits that may really leave e queued: not those where every
 * path says the waker dequeued it or its queue is gone
 * (analysis/flow/entry_fate.c).
 */
static int drop_fated(const struct cfg *g, const struct flow *fl,
		      const struct wq_file *f, int e, int *rs, int nr)
{
	int i, k = 0;

	for (i = 0; i < nr; i++)
		if (!entry_exit_fated(g, fl, f, e, rs[i]))
			rs[k++] = rs[i];
	return k;
}

/* One finding per leaked entry, at its first leaking exit. */
void check_wait_entry_leak(const struct cfg *g, const struct flow *fl,
		      struct wq_file *f)
{
	int *rs, e, nr;

	if (!fl->nentries)
		return;
	rs = xrealloc(NULL, g->n * sizeof(int));
	for (e = 0; e < fl->nentries; e++) {
		if (!leak_candidate(g, fl, e))
			continue;
		nr = leaking_exits(g, fl, e, rs);
		nr = drop_fated(g, fl, f, e, rs, nr);
		if (nr)
			report(g, fl, f, rs, nr, e);
	}
	free(rs);
}
