/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The public header of fix/ for the report: what `wqport fix` did to one
 * file (struct fix_result, its sites' outcomes), the options of the run
 * (struct fix_opts), and each site's record (record.h) the report
 * formats.  report/ includes nothing else of fix/ and calls none of
 * its functions: the command (cmd/fix_out.c) writes the files.
 */
#ifndef WQPORT_RESULT_H
#define WQPORT_RESULT_H

#include <sys/stat.h>

#include "fix.h"
#include "record.h"

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
				 * not the shim headers (report/fixes/kwords.c) */
	/* --series (series.c) */
	const char *author;	/* "Name <email>": --author, or git's */
	char *author_owned;	/* git's, allocated */
	bool no_signoff;	/* --no-signoff */
	bool quiet;		/* -q: no line per site, no summary */
	bool record;		/* WQPORT_RECORD=1: each site's record in
				 * the JSON, beside its words (record-test) */
	int color_mode;		/* --color (color.h) */
	long long when;		/* the author date, seconds */
	int tz;			/* its zone, as +0100 */
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
	struct model_facts *mfacts;	/* ... and what the verdict rests on */
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
	 * folder of its tree, whose headers are read (report/fixes/kwords.c) */
	unsigned kernel;
	const char *kernel_from;
	char *kernel_inc;
	char *cc_missing;	/* the header the input misses, as clang
				 * quotes it: its errors were not counted */
	struct kernel_facts kf;	/* the words' kernel facts (record.c) */
};

/*
 * The translation validation's "unproven: X" of a rewrite that is put
 * back: X is said of that rewrite, which the user does not see; the
 * words say so (outcome.c).  Takes why, returns the new words.
 */
char *unproven_rewrite_words(char *why);
/* The final outcome of each planned site of res (fix/outcome.c). */
void fixout_outcomes(struct fix_result *res, bool unsafe);
/*
 * The sites of a file that is not written are not converted: refused,
 * reason not-written, saying why and what the conversion was; the
 * rewrite writes nothing (outcome.c).
 */
void fixout_not_written(struct fix_result *res, const char *why);
/*
 * Fill res->kf: the kernel the code is from (res->kernel, kernel_from,
 * kernel_inc, set by the command), the rewrite's (target, 0: the
 * default), what the rewrite writes and whether the former has it
 * (record.c).  cc_flags: the compile check had flags after --.
 */
void record_kernel(struct fix_result *res, unsigned target, bool cc_flags);
/* Free what a fix_result holds (record.c) */
void fix_result_release(struct fix_result *res);

#endif /* WQPORT_RESULT_H */
