// SPDX-License-Identifier: GPL-2.0-only
/*
 * The command-line side of the select layer: the options of CI and
 * pre-commit runs (--diff, --since, --staged, --baseline,
 * --write-baseline, --docs-url), loading what they name, and the hooks
 * main.c calls per file and at the end.  Kept out of main.c so that the
 * check command only calls in here.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "select.h"
#include "ci.h"

int ci_prepare(struct ci_run *c, char **msg)
{
	char *err = NULL;
	int ways = !!c->diff_file + !!c->since + c->staged;

	if (ways > 1) {
		*msg = xstrdup("--diff, --since and --staged do not go together");
		return 2;
	}
	c->docs = c->docs_url ? xstrdup(c->docs_url) : NULL;
	if (ways) {
		c->sel.diff = &c->diff;
		if (c->diff_file && diff_read(&c->diff, c->diff_file, &err) < 0) {
			*msg = err;
			return 2;
		}
		if (!c->diff_file &&
		    diff_git(&c->diff, c->since, c->staged, &err) < 0) {
			*msg = c->since ? xasprintf("--since '%s': %s", c->since, err) :
			       xasprintf("--staged: %s", err);
			free(err);
			return 2;
		}
	}
	if (c->baseline) {
		if (baseline_read(&c->base, c->baseline, &err) < 0) {
			*msg = err;
			return 2;
		}
		c->sel.base = &c->base;
	}
	return 0;
}

/* Was any of the options of this layer given? */
bool ci_used(const struct ci_run *c)
{
	return c->diff_file || c->since || c->staged || c->baseline ||
	       c->write_baseline;
}

bool ci_by_diff(const struct ci_run *c)
{
	return c->sel.diff != NULL;
}

/* With a diff: the files to check when none is named (the diff's *.c). */
void ci_diff_files(const struct ci_run *c, void (*add)(void *, const char *),
		   void *arg)
{
	char cwd[PATH_MAX], *here = getcwd(cwd, sizeof(cwd)) ?
				realpath(cwd, NULL) : NULL;
	size_t hn = here ? strlen(here) : 0;
	int i;

	for (i = 0; i < c->diff.nfiles; i++) {
		const char *abs = c->diff.files[i].abs;
		size_t n = strlen(abs);
		struct stat st;

		/* a file the diff deletes from the work tree is still in
		 * the index; otherwise it must be there to be checked */
		if (n < 3 || strcmp(abs + n - 2, ".c") ||
		    (!c->staged && stat(abs, &st)))
			continue;
		/* named as the user would: relative to here when below it */
		if (here && hn > 1 && !strncmp(abs, here, hn) && abs[hn] == '/')
			abs += hn + 1;
		add(arg, abs);
	}
	free(here);
}

/* Is a named input file one the diff touches?  (Others are not read.) */
bool ci_in_diff(const struct ci_run *c, const char *path)
{
	return diff_lookup(&c->diff, path) != NULL;
}

/* Read and check one file: its staged content with --staged. */
void ci_check(const struct ci_run *c, struct wq_file *f,
	      const struct wq_options *opt, void *index)
{
	if (f->from_stdin) {
		f->buf = xrealloc(NULL, c->stdin_len + 1);
		memcpy(f->buf, c->stdin_text, c->stdin_len + 1);
		f->len = c->stdin_len;
		check_buffer(f, opt, index);
	} else if (c->staged) {
		if (diff_read_staged(&c->diff, f))
			check_buffer(f, opt, index);
	} else {
		check_file(f, opt, index);
	}
	fingerprint_file(f);
	sarif_columns(f);
}

/* In input order, before the report: record, then select. */
void ci_file_done(struct ci_run *c, struct wq_file *f)
{
	if (c->write_baseline) {
		baseline_add_lines(&c->base_out, f);
		c->recorded += f->nfindings;
	}
	select_findings(&c->sel, f);
}

int ci_finish(struct ci_run *c, bool stats)
{
	char *err = NULL;
	int ret = 0;

	if (c->write_baseline &&
	    baseline_write(c->write_baseline, &c->base_out, &err) < 0) {
		fprintf(stderr, "wqport: %s\n", err);
		free(err);
		ret = 2;
	}
	if (stats && (c->sel.diff || c->sel.base || c->write_baseline))
		fprintf(stderr, "wqport: %d findings off the changed lines, %d in the baseline, %d recorded\n",
			c->sel.hidden_by_diff, c->sel.hidden_by_base,
			c->recorded);
	free(c->base_out.s);
	free(c->stdin_text);
	free(c->baseline_owned);
	free(c->docs);
	diff_free(&c->diff);
	baseline_free(&c->base);
	return ret;
}
