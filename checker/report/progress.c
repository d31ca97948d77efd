// SPDX-License-Identifier: GPL-2.0-only
/*
 * The progress line of long runs: files done of the total, the rate and
 * the time left, redrawn in place on stderr.  Only on a terminal (a log
 * or a pipe gets nothing), never for a single file, and erased before
 * any report line is written so the two never mix.
 */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "color.h"
#include "progress.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void progress_init(struct progress *p, int total, bool quiet)
{
	/* it redraws with \r and an erase escape: a terminal that has them */
	p->on = !quiet && total > 1 && smart_terminal(STDERR_FILENO);
	p->shown = false;
	p->total = total;
	p->t0 = now();
	p->last = 0;
}

void progress_clear(struct progress *p)
{
	if (!p->shown)
		return;
	fflush(stdout);
	fputs("\r\033[K", stderr);
	fflush(stderr);
	p->shown = false;
}

void progress_show(struct progress *p, int done)
{
	double t = now(), el = t - p->t0, rate;
	long eta;

	/* quiet for the first half second; then at most 10 times a second */
	if (!p->on || el < 0.5 || (p->shown && t - p->last < 0.1))
		return;
	rate = el > 0 ? done / el : 0;
	eta = rate > 0 ? (long)((p->total - done) / rate + 0.5) : -1;
	fprintf(stderr, "\r\033[Kwqport: %d/%d files, %.1f files/s, ", done,
		p->total, rate);
	if (eta >= 0)
		fprintf(stderr, "%ld:%02ld left", eta / 60, eta % 60);
	else
		fputs("time left unknown", stderr);
	fflush(stderr);
	p->shown = true;
	p->last = t;
}
