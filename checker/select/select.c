// SPDX-License-Identifier: GPL-2.0-only
/*
 * Apply the selection to a checked file: the diff first (a finding
 * outside the changed lines is not this change's business), then the
 * baseline (a finding it records is old).  A finding counts as on a
 * changed line when its own line or the line of one of its notes
 * changed: the notes are the other statements of the same race (the
 * state set too late, the entry queued), and editing one of them is
 * editing the finding.
 */
#include <stdlib.h>

#include "select.h"

static bool on_changed_line(const struct diff_file *df,
			    const struct wq_finding *fd)
{
	int i;

	if (diff_changed(df, fd->pos.line))
		return true;
	for (i = 0; i < fd->nnotes; i++)
		if (diff_changed(df, fd->notes[i].pos.line))
			return true;
	return false;
}

static void drop(struct wq_finding *fd)
{
	int i;

	free(fd->msg);
	free(fd->func);
	for (i = 0; i < fd->nnotes; i++)
		free(fd->notes[i].msg);
}

void select_findings(struct selection *s, struct wq_file *f)
{
	const struct diff_file *df = NULL;
	int i, k = 0;

	if (s->diff)
		df = diff_lookup(s->diff, f->path);
	for (i = 0; i < f->nfindings; i++) {
		struct wq_finding *fd = &f->findings[i];

		if (s->diff && (!df || !on_changed_line(df, fd))) {
			s->hidden_by_diff++;
			drop(fd);
		} else if (s->base && baseline_take(s->base, fd->fp)) {
			s->hidden_by_base++;
			drop(fd);
		} else {
			f->findings[k++] = *fd;
		}
	}
	f->nfindings = k;
}
