/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The results of `wqport fix`, formatted from the sites' records: a
 * unified diff, a patch series' text, JSON, SARIF, and one line per site
 * with a summary.  The command (cmd/fix_out.c) writes the files.
 */
#ifndef WQPORT_FIXOUT_H
#define WQPORT_FIXOUT_H

#include "result.h"

/* The kernels of a run's files, for the summary: at most KW_KERNELS */
#define KW_KERNELS 8
struct kwords_run {
	struct kernel_facts k[KW_KERNELS];
	int n;
	int more;		/* files of further kernels */
};

#define FIXOUT_REASONS 32

struct reason_count {
	const char *reason;
	int n;
};

/* The report of a fix run, file by file (fixout.c) */
struct fixout {
	const struct fix_opts *fo;
	struct strbuf json, sarif, notes;
	bool first, color;
	struct reason_count reasons[FIXOUT_REASONS];
	int nreasons;
	int errors;		/* the files' and the writes' (the command's) */
	int sites, nconv, ncav, nref, nkeep, nfiles, ndone, ntotal;
	int stop_signal;	/* SIGINT or SIGTERM caught so far, or 0 */
	struct kwords_run kern;
};

void fixout_begin(struct fixout *out, const struct fix_opts *fo, int n);
/*
 * Before file i of files is written: false when it is not reported (not
 * fixed before a signal, or a second name of a file); says its error
 * and warning.  *changed: the fix changed its text.
 */
bool fixout_head(struct fixout *out, const struct fix_result *files, int i,
		 bool *changed);
/* After: its site lines, its diff, its JSON and SARIF; wfail: not written */
void fixout_file(struct fixout *out, const struct fix_result *res,
		 bool changed, const char *diff, const char *wfail);
/* The summary and the documents; the exit status of the run */
int fixout_end(struct fixout *out, int stop_signal);
/* The path as it appears after a/ and b/ in the diff */
const char *diff_name(const char *p);
/* `, "validation": ..., "model": ...` of a site (fix JSON and SARIF) */
void fixout_verdicts_json(struct strbuf *sb, const struct site_outcome *o);
/*
 * The --series patch num of total for res, formatted from its records:
 * its text (*len bytes), and its file name in *path.
 */
char *fixout_patch(const struct fix_result *res, const struct fix_opts *fo,
		   int num, int total, const char *diff, char **path,
		   size_t *len);

/* A run stopped by an error: stderr, and a whole JSON/SARIF document */
int fixout_error(const struct fix_opts *fo, const char *file,
		 const char *reason);

/* --series (series.c): the author and date, or -1 and *err */
int series_identity(struct fix_opts *fo, char **err);
int series_count(const struct fix_result *files, int n);
/* The text of patch num of total for res, named name in the diff */
char *series_patch(const struct fix_result *res, const struct fix_opts *fo,
		   int num, int total, const char *name, const char *subject,
		   const char *diff, char **path, size_t *len);

#endif /* WQPORT_FIXOUT_H */
