// SPDX-License-Identifier: GPL-2.0-only
/*
 * The end of a `wqport fix` run: the command writes, the report
 * formats.  For each file, the diff of the fix (diff -u), then what the
 * user asked written: the file itself (--write: checked and written by
 * fix/rewrite/write.c, never half-written) or its patch (--series: the
 * text formatted by report/fixes/series.c, put by fix_put_file()); a file not
 * written has its sites refused with reason not-written (fix/record.c)
 * and is not counted as changed; then the report says it all
 * (report/fixes/fixout.c).  A file named twice is done once.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "child.h"
#include "fixout.h"
#include "write.h"

/* The patches a run wrote, in order (their paths) */
struct series_log {
	char **paths;
	int n;
};

static char *make_diff(const struct fix_result *res, const char *tmpdir)
{
	char *a = xasprintf("%s/orig", tmpdir), *b = xasprintf("%s/new", tmpdir);
	/* a symlink: the diff names the file it points to, which is patched */
	const char *name = res->target_name ? res->target_name : res->path;
	/* the labels are the diff's own text: quoted as git does, so that a
	 * newline or a quote in the name cannot break the patch */
	char *la = git_quote_path("a/", diff_name(name));
	char *lb = git_quote_path("b/", diff_name(name));
	char *argv[] = { "diff", "-u", "--label", la, "--label", lb, a, b, NULL };
	struct strbuf out = { 0 };

	if (write_file(a, res->orig, res->olen) &&
	    write_file(b, res->final, res->flen))
		spawn_capture(argv, NULL, &out, false);
	unlink(a);
	unlink(b);
	free(a);
	free(b);
	free(la);
	free(lb);
	return out.s;
}

/* Patch num of total for res; false (said on stderr) when not written */
static bool write_patch(const struct fix_result *res, const struct fix_opts *fo,
			int num, int total, const char *diff,
			struct series_log *log)
{
	size_t len;
	char *path, *text = fixout_patch(res, fo, num, total, diff, &path, &len);
	bool ok = fix_put_file(path, text, len);

	if (!ok) {
		fprintf(stderr, "wqport fix: %s: cannot write: %s\n", path,
			strerror(errno));
		free(path);
	} else {
		log->paths = xrealloc(log->paths, (log->n + 1) * sizeof(char *));
		log->paths[log->n++] = path;
	}
	free(text);
	return ok;
}

/*
 * Write a changed file (--write) or its patch (--series); NULL when done
 * or nothing is to be written, else why not (errors counted).
 */
static char *put_result(struct fix_result *res, const struct fix_result *files,
			int n, const struct fix_opts *fo, int num, int total,
			const char *diff, int *errors, const char **why,
			struct series_log *log)
{
	char *err;
	bool lost;

	*why = "interrupted, not written";
	if ((fo->write || fo->series) && fix_stop_signal)
		return xstrdup(*why);
	if (fo->write) {
		err = fix_write(res, files, n, &lost);
		if (err && !lost && fix_stop_signal) {
			/* the signal came during this write: not an error */
			free(err);
			return xstrdup(*why);
		}
		*why = lost ? "changed during the run, not written" :
		       fix_stop_signal ? "interrupted, not written" :
		       "not written (the error for the file says why)";
		if (err && !lost) {
			char *t = xasprintf("not written: %s", err);

			free(err);
			err = t;
		}
		if (err)
			(*errors)++;
		return err;
	}
	if (fo->series) {
		*why = "no patch written (the error says why)";
		if (write_patch(res, fo, num, total, diff ? diff : "", log))
			return NULL;
		(*errors)++;
		return xstrdup("no patch written");
	}
	return NULL;
}

/* The patch at path numbered num of total: its subject and its name */
static void renumber_one(const char *path, int num, int total)
{
	size_t len, at;
	char *text = read_regular_file(path, 256u << 20, &len), *subj, *end;
	char *base, *npath;
	struct strbuf sb = { 0 };

	if (!text)
		return;
	subj = strstr(text, "\nSubject: [PATCH");
	end = subj ? strchr(subj + 1, ']') : NULL;
	base = strrchr(path, '/');
	base = base ? base + 1 : (char *)path;
	if (!end || strspn(base, "0123456789") != 4 || base[4] != '-') {
		free(text);
		return;
	}
	at = subj - text + strlen("\nSubject: ");
	sb_add(&sb, text, at);
	if (total > 1)
		sb_printf(&sb, "[PATCH %d/%d]", num, total);
	else
		sb_puts(&sb, "[PATCH]");
	sb_add(&sb, end + 1, len - (end + 1 - text));
	npath = xasprintf("%.*s%04d%s", (int)(base - path), path, num, base + 4);
	/* not fix_put_file(): this runs after the signal, on purpose */
	if (put_file(npath, sb.s, sb.len, 0666) && strcmp(npath, path))
		unlink(path);
	free(npath);
	free(sb.s);
	free(text);
}

/*
 * Fewer patches written than counted (an interrupted run, a patch that
 * could not be written): number those written 1..n of n, names and
 * subjects, as if the series had been those alone.  Frees the log.
 */
static void series_renumber(struct series_log *log, int counted)
{
	int i;

	for (i = 0; log->n != counted && i < log->n; i++)
		renumber_one(log->paths[i], i + 1, log->n);
	for (i = 0; i < log->n; i++)
		free(log->paths[i]);
	free(log->paths);
}

int fix_output(struct fix_result *files, int n, const struct fix_opts *fo,
	       const char *tmpdir)
{
	struct fixout out;
	struct series_log written = { NULL, 0 };
	int nseries = fo->series ? series_count(files, n) : 0;
	int series = 0, i;

	if (fo->series && mkdir(fo->series, 0777) && errno != EEXIST) {
		char *why = xasprintf("cannot create the series folder: %s",
				      strerror(errno));

		fixout_error(fo, fo->series, why);
		free(why);
		return 2;
	}
	fixout_begin(&out, fo, n);
	for (i = 0; i < n; i++) {
		struct fix_result *res = &files[i];
		char *diff = NULL, *wfail = NULL;
		const char *why = NULL;
		bool changed;

		if (!fixout_head(&out, files, i, &changed))
			continue;
		if (changed) {
			int before = out.errors;

			diff = make_diff(res, tmpdir);
			wfail = put_result(res, files, n, fo, ++series, nseries,
					   diff, &out.errors, &why, &written);
			if (wfail)
				fixout_not_written(res, why);
			/* a file not written carries an error in the JSON
			 * and the report: the summaries count it alike */
			if (wfail && out.errors == before)
				out.errors++;
		}
		out.stop_signal = fix_stop_signal;
		fixout_file(&out, res, changed, diff, wfail);
		free(wfail);
		free(diff);
	}
	/* numbered by what was written: [PATCH 1/9], not 1/50 */
	series_renumber(&written, nseries);
	return fixout_end(&out, fix_stop_signal);
}
