/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What main.c calls of the select layer (ci.c): the options of CI and
 * pre-commit runs and the per-file hooks.
 */
#ifndef WQPORT_CI_H
#define WQPORT_CI_H

#include <stdio.h>

#include "sarif.h"
#include "select.h"

struct ci_run {
	const char *diff_file, *since, *baseline, *write_baseline;
	const char *docs_url;
	bool staged;
	char *docs;			/* the base of helpUri, or NULL */
	struct diff diff;
	struct baseline base;
	struct selection sel;
	struct strbuf base_out;		/* lines of --write-baseline */
	char *stdin_text;		/* the file "-", from standard input */
	char *baseline_owned;		/* baseline's path, from .wqport */
	size_t stdin_len;
	int recorded;
};

/* Load the diff and the baseline; 0, or the exit status and *msg. */
int ci_prepare(struct ci_run *c, char **msg);
bool ci_used(const struct ci_run *c);
bool ci_by_diff(const struct ci_run *c);
void ci_diff_files(const struct ci_run *c, void (*add)(void *, const char *),
		   void *arg);
bool ci_in_diff(const struct ci_run *c, const char *path);
void ci_check(const struct ci_run *c, struct wq_file *f,
	      const struct wq_options *opt, void *index);
void ci_file_done(struct ci_run *c, struct wq_file *f);
int ci_finish(struct ci_run *c, bool stats);

#endif /* WQPORT_CI_H */
