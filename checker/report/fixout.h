/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The results of `wqport fix` for one file, and how they are handed back:
 * a unified diff, files rewritten in place, a patch series, JSON, and one
 * line per site with a summary.
 */
#ifndef WQPORT_FIXOUT_H
#define WQPORT_FIXOUT_H

#include <sys/stat.h>

#include "fix.h"

struct fix_opts {
	bool write;		/* --write */
	const char *series;	/* --series DIR, or NULL */
	bool unsafe;		/* --unsafe */
	bool no_keep_race;	/* --no-keep-race: refuse what FO_KEEP converts */
	bool json;		/* --format=json */
	bool sarif;		/* --format=sarif (sarif_fix.c) */
	const char *docs_url;	/* --docs-url, or NULL */
	unsigned target;	/* --target kernel version, 0: default */
	/* --series (series.c) */
	const char *author;	/* "Name <email>": --author, or git's */
	char *author_owned;	/* git's, allocated */
	bool no_signoff;	/* --no-signoff */
	bool quiet;		/* -q: no line per site, no summary */
	int color_mode;		/* --color (color.h) */
	long long when;		/* the author date, seconds */
	int tz;			/* its zone, as +0100 */
};

/* What finally happened to one site. */
struct site_outcome {
	int rule;
	struct wq_pos pos;
	enum fix_outcome outcome;	/* FO_CONVERT, FO_CAVEAT or FO_REFUSE */
	const char *reason;		/* FO_REFUSE: reason ID */
	const char *anchor, *form;
	char *text;
	const char *proof;		/* converted: the validation's result */
};

struct fix_result {
	char *path;
	char *orig, *final;
	size_t olen, flen;
	struct fix_plan plan;		/* the sites of the original text */
	char **blocked, **block_why;	/* functions failed verification */
	int nblocked;
	char **in_place;		/* functions retried in the entry form */
	int nin_place;
	char **retested;		/* functions WQ003's re-test rewrote */
	int nretested;
	char **proven, **proof;		/* functions the translation validation
					 * proved (fix/validate.c), and how */
	int nproven;
	char *error, *warning;
	struct site_outcome *out;
	int nout;
	/* the file as read (fix/write.c): checked again before the write */
	struct stat snap;
	char *raw;			/* a CRLF file's bytes while fixed as LF */
	size_t rawlen;
	unsigned ncrlf, nlf;		/* its lines by ending */
	char *target, *target_name;	/* a symlink: the file it names */
	int same_as;			/* 1 + index of an earlier name of it */
	bool not_done;			/* stopped by a signal before its end */
};

void fixout_outcomes(struct fix_result *res, bool unsafe);
int fixout_report(struct fix_result *files, int n, const struct fix_opts *fo,
		  const char *tmpdir);
void fixout_release(struct fix_result *res);
/* A run stopped by an error: stderr, and a whole JSON/SARIF document */
int fixout_error(const struct fix_opts *fo, const char *file,
		 const char *reason);

/* --series (series.c): the author and date, or -1 and *err */
int series_identity(struct fix_opts *fo, char **err);
int series_count(const struct fix_result *files, int n);
/* Patch num of total for res, named name in the diff; -1 when unwritten */
int series_write(const struct fix_result *res, const struct fix_opts *fo,
		 int num, int total, const char *name, const char *subject,
		 const char *diff);
bool write_file(const char *path, const char *s, size_t n);

#endif /* WQPORT_FIXOUT_H */
