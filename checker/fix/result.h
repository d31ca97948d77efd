/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The public header of fix/ for the report: what `wqport fix` did to one
 * file (struct fix_result, its sites' outcomes), the options of the run
 * (struct fix_opts), and the writes the report asks for (--write,
 * --series).  report/ includes nothing else of fix/.
 */
#ifndef WQPORT_RESULT_H
#define WQPORT_RESULT_H

#include <signal.h>
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
	const char *report;	/* --report DIR (html.c), or NULL */
	bool force;		/* --force: into a folder that is no report's */
	unsigned target;	/* --target kernel version, 0: default */
	bool cc_flags;		/* flags after --: the compile check's,
				 * not the shim headers (report/kwords.c) */
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
	const struct wq_note *notes;	/* the finding's, in the plan */
	int nnotes;
	const char *proof;		/* converted: the validation's result */
	const char *model;		/* converted: the model check's verdict */
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
	char **noretest, **noretest_why; /* ... refused to rewrite, and why */
	int nnoretest;
	char **proven, **proof;		/* functions the translation validation
					 * proved (fix/validate/validate.c), and how */
	char **model;			/* ... and the verdict of the model
					 * check generated from the file */
	char **mref, **mwhy;		/* functions whose wait_event*() form
					 * the model refused, and why */
	int nmref;
	bool mretry;			/* plan again: the list grew */
	int nproven;
	char *error, *warning;
	struct site_outcome *out;
	int nout;
	/* the file as read (fix/rewrite/write.c): checked again before the write */
	struct stat snap;
	char *raw;			/* a CRLF file's bytes while fixed as LF */
	size_t rawlen;
	unsigned ncrlf, nlf;		/* its lines by ending */
	char *target, *target_name;	/* a symlink: the file it names */
	int same_as;			/* 1 + index of an earlier name of it */
	bool not_done;			/* stopped by a signal before its end */
	/* the kernel the code is from (frontend/input/ktree.c), whatever
	 * --target says: 0 when not known; what said so; the include
	 * folder of its tree, whose headers are read (report/kwords.c) */
	unsigned kernel;
	const char *kernel_from;
	char *kernel_inc;
	char *cc_missing;	/* the header the input misses, as clang
				 * quotes it: its errors were not counted */
};

/* The final outcome of each planned site of res (fix/outcome.c). */
void fixout_outcomes(struct fix_result *res, bool unsafe);

/* SIGINT or SIGTERM caught during --write or --series, else 0 */
extern volatile sig_atomic_t fix_stop_signal;

/*
 * Replace the file res names with res->final, or return why not (NULL:
 * written).  *changed: the file is no longer what was read.
 */
char *fix_write(const struct fix_result *res, const struct fix_result *files,
		int n, bool *changed);

/* A new file (a --series patch): temporary file, fsync, rename. */
bool fix_put_file(const char *path, const char *text, size_t len);

/* Write n bytes of s to path (a scratch file: not atomic). */
bool write_file(const char *path, const char *s, size_t n);

#endif /* WQPORT_RESULT_H */
