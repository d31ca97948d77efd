/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef WQPORT_PROGRESS_H
#define WQPORT_PROGRESS_H

#include <stdbool.h>

struct progress {
	bool on;		/* stderr is a terminal and not --quiet */
	bool shown;		/* the line is on the screen now */
	int total;
	double t0, last;
};

void progress_init(struct progress *p, int total, bool quiet);
/* redraw with done files finished (rate-limited) */
void progress_show(struct progress *p, int done);
/* erase the line before anything else is written */
void progress_clear(struct progress *p);

#endif /* WQPORT_PROGRESS_H */
