/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The select layer: which findings of a run are reported.  A unified
 * diff (diff.c) keeps the findings on changed lines; a baseline
 * (baseline.c) drops the findings that were there before.  Both run
 * after the rules and before the report, on the main thread, in input
 * order (select.c).
 */
#ifndef WQPORT_SELECT_H
#define WQPORT_SELECT_H

#include "wqport.h"

/* ---- changed lines (diff.c) ---- */

struct diff_file {
	char *rel;		/* path as the diff names it */
	char *abs;		/* resolved absolute path */
	unsigned *lines;	/* [first, last] pairs of changed lines */
	int nranges;
};

struct diff {
	struct diff_file *files;
	int nfiles;
	char *root;		/* git top level, for --since and --staged */
	bool staged;		/* check the index's text, not the file */
};

/* Parse a unified diff; paths relative to root, or to the directory
 * among the current one and its parents where they exist (root NULL). */
int diff_parse(struct diff *d, const char *text, size_t len,
	       const char *root, char **err);
/* rel made absolute: under root, or the nearest parent that has it
 * (diffparse.c, which diff.c uses: the two do not call each other) */
char *diff_resolve(const char *rel, const char *root);
/* Read a diff from FILE or standard input ("-"). */
int diff_read(struct diff *d, const char *file, char **err);
/* Run git diff -U0 against rev, or of the index (staged). */
int diff_git(struct diff *d, const char *rev, bool staged, char **err);
const struct diff_file *diff_lookup(const struct diff *d, const char *path);
bool diff_changed(const struct diff_file *df, unsigned line);
/* For --staged: read the index's version of the file into f->buf. */
bool diff_read_staged(const struct diff *d, struct wq_file *f);
void diff_free(struct diff *d);

/* ---- baselines (baseline.c) ---- */

struct baseline {
	uint64_t *fp;		/* sorted fingerprints */
	int *left;		/* how many of each are still unmatched */
	int n;
};

int baseline_read(struct baseline *b, const char *path, char **err);
/* Is a finding with this fingerprint in the baseline?  Takes one. */
bool baseline_take(struct baseline *b, const char *fp);
void baseline_add_lines(struct strbuf *sb, const struct wq_file *f);
int baseline_write(const char *path, const struct strbuf *body, char **err);
void baseline_free(struct baseline *b);

/* ---- select.c ---- */

struct selection {
	const struct diff *diff;	/* or NULL: every line */
	struct baseline *base;		/* or NULL: all are new */
	int hidden_by_diff, hidden_by_base;
};

/* Drop the findings of f the selection does not report. */
void select_findings(struct selection *s, struct wq_file *f);

#endif /* WQPORT_SELECT_H */
