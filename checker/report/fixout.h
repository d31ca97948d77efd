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
};

/* What finally happened to one site. */
struct site_outcome {
	int rule;
	struct wq_pos pos;
	enum fix_outcome outcome;	/* FO_CONVERT, FO_CAVEAT or FO_REFUSE */
	const char *reason;		/* FO_REFUSE: reason ID */
	const char *anchor, *form;
	char *text;
};

struct fix_result {
	char *path;
	char *orig, *final;
	size_t olen, flen;
	struct fix_plan plan;		/* the sites of the original text */
	char **blocked, **block_why;	/* functions failed verification */
	int nblocked;
	char **retested;		/* functions WQ003's re-test rewrote */
	int nretested;
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

#endif /* WQPORT_FIXOUT_H */
