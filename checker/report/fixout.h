/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The results of `wqport fix` for one file, and how they are handed back:
 * a unified diff, files rewritten in place, a patch series, JSON, and one
 * line per site with a summary.
 */
#ifndef WQPORT_FIXOUT_H
#define WQPORT_FIXOUT_H

#include "result.h"

int fixout_report(struct fix_result *files, int n, const struct fix_opts *fo,
		  const char *tmpdir);
void fixout_release(struct fix_result *res);
/* A run stopped by an error: stderr, and a whole JSON/SARIF document */
int fixout_error(const struct fix_opts *fo, const char *file,
		 const char *reason);

/* --series (series.c): the author and date, or -1 and *err */
int series_identity(struct fix_opts *fo, char **err);
int series_count(const struct fix_result *files, int n);
/* The patches a run wrote, in order (their paths) */
struct series_log {
	char **paths;
	int n;
};

/* Patch num of total for res, named name in the diff; -1 when unwritten */
int series_write(const struct fix_result *res, const struct fix_opts *fo,
		 int num, int total, const char *name, const char *subject,
		 const char *diff, struct series_log *log);
/*
 * Fewer patches written than counted (an interrupted run, a patch that
 * could not be written): number those written 1..n of n, names and
 * subjects, as if the series had been those alone.  Frees the log.
 */
void series_renumber(struct series_log *log, int counted);

#endif /* WQPORT_FIXOUT_H */
