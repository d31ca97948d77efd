// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hand back what `wqport fix` did: one line per site on stderr, in the
 * checker's file:line:col style, a summary by outcome and reason, and the
 * change itself as a unified diff (default), files rewritten in place
 * (--write: checked and written by fix/rewrite/write.c, never half-written),
 * one git-am patch per file (--series), or JSON.  A file that is not
 * written has its sites refused with reason not-written and is not
 * counted as changed; a file named twice is done once.
 */
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "child.h"
#include "color.h"
#include "fixout.h"
#include "html.h"
#include "kwords.h"
#include "patchtext.h"
#include "sarif.h"

static int run_capture(char **argv, struct strbuf *out)
{
	return spawn_capture(argv, NULL, out, false);
}

/* The path as it appears after a/ and b/ in the diff. */
static const char *diff_name(const char *p)
{
	while (p[0] == '.' && p[1] == '/')
		p += 2;
	while (*p == '/')
		p++;
	return p;
}

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
		run_capture(argv, &out);
	unlink(a);
	unlink(b);
	free(a);
	free(b);
	free(la);
	free(lb);
	return out.s;
}

/* drivers/char/acme.c -> "char: acme" */
static char *subject_prefix(const char *path)
{
	const char *p = diff_name(path), *slash = strrchr(p, '/'), *dot;
	const char *base = slash ? slash + 1 : p;
	const char *dir = NULL;
	unsigned char *u;
	char *s;
	int dl = 0;

	if (slash) {
		const char *d = slash;

		while (d > p && d[-1] != '/')
			d--;
		dir = d;
		dl = slash - d;
	}
	dot = strrchr(base, '.');
	if (dir && dl)
		s = xasprintf("%.*s: %.*s", dl, dir,
			      (int)(dot ? dot - base : (long)strlen(base)), base);
	else
		s = xasprintf("%.*s", (int)(dot ? dot - base : (long)strlen(base)),
			      base);
	/* a mail header: a newline in the name would end it */
	for (u = (unsigned char *)s; *u; u++)
		if (*u < 0x20 || *u >= 0x7f)
			*u = '?';
	return s;
}

/*
 * "replace interruptible_sleep_on() with wait_event_interruptible()": what
 * the sites had (their anchors) and what the diff writes in their place,
 * read from its added lines, never from the planner's form names.
 */
static char *subject_change(const struct fix_result *res, const char *diff)
{
	const char *a = NULL;
	bool many_a = false, loops = true, sleep_on = true;
	int i, sites = 0;
	char *w, *s;

	for (i = 0; i < res->nout; i++) {
		const struct site_outcome *o = &res->out[i];

		if (o->outcome == FO_REFUSE || !o->form || !*o->anchor ||
		    !rule_cocci(o->rule))
			continue;
		if (!a)
			a = o->anchor;
		many_a |= strcmp(a, o->anchor) != 0;
		loops &= !strncmp(o->anchor, "add_wait_queue", 14);
		sleep_on &= sleep_on_lookup(o->anchor, strlen(o->anchor)) != NULL;
		sites++;
	}
	w = patch_written(diff);
	if (!a || !w)
		s = xstrdup("fix racy wait-queue sleeps");
	else if (loops)
		s = xasprintf("convert open-coded wait loop%s to %s",
			      sites > 1 ? "s" : "", w);
	else if (!many_a)
		s = xasprintf("replace %s() with %s", a, w);
	else if (sleep_on)
		s = xasprintf("replace sleep_on() family with %s", w);
	else
		s = xasprintf("convert wait-queue sleeps to %s", w);
	free(w);
	return s;
}

static void write_series(const struct fix_result *res,
			 const struct fix_opts *fo, int num, int total,
			 const char *diff, int *errors, struct series_log *log)
{
	char *prefix = subject_prefix(res->path);
	char *change = subject_change(res, diff);
	char *subject = xasprintf("%s: %s", prefix, change);

	if (series_write(res, fo, num, total, diff_name(res->path), subject,
			 diff, log) < 0)
		(*errors)++;
	free(subject);
	free(prefix);
	free(change);
}

/* the outcome word as gcc colours its kinds: green, magenta, cyan */
static const char *outcome_color(enum fix_outcome o, bool color)
{
	if (!color)
		return "";
	return o == FO_CONVERT ? "\033[01;32m" : o == FO_CAVEAT ?
	       "\033[01;35m" : "\033[01;36m";
}

static void json_site(struct strbuf *sb, const struct site_outcome *o,
		      const char *path)
{
	int i;

	sb_printf(sb, "{\"line\": %u, \"col\": %u, \"rule\": \"WQ%03d\", \"outcome\": \"%s\", ",
		  o->pos.line, o->pos.col, o->rule, outcome_name(o->outcome));
	sb_puts(sb, "\"reason\": ");
	report_json_escape(sb, o->reason ? o->reason : "");
	sb_puts(sb, ", \"form\": ");
	report_json_escape(sb, o->form ? o->form : "");
	sb_puts(sb, ", \"message\": ");
	report_json_escape(sb, o->text ? o->text : "");
	if (o->proof) {
		sb_puts(sb, ", \"validation\": ");
		report_json_escape(sb, o->proof);
	}
	if (o->model) {
		sb_puts(sb, ", \"model\": ");
		report_json_escape(sb, o->model);
	}
	/* the check's notes of the site, as its JSON has them */
	sb_puts(sb, ", \"notes\": [");
	for (i = 0; i < o->nnotes; i++) {
		sb_puts(sb, i ? ", {\"file\": " : "{\"file\": ");
		report_json_escape(sb, o->notes[i].file ? o->notes[i].file : path);
		sb_printf(sb, ", \"line\": %u, \"column\": %u, \"message\": ",
			  o->notes[i].pos.line, o->notes[i].pos.col);
		report_json_escape(sb, o->notes[i].msg);
		sb_puts(sb, "}");
	}
	sb_puts(sb, "]}");
}

/*
 * The sites of a file that is not written are not converted: refused,
 * reason not-written, saying why and what the conversion was.
 */
static void not_written(struct fix_result *res, const char *why)
{
	int j;

	for (j = 0; j < res->nout; j++) {
		struct site_outcome *o = &res->out[j];
		char *t;

		if (o->outcome == FO_REFUSE)
			continue;
		t = xasprintf("%s (was: %s)", why, o->text);
		free(o->text);
		o->text = t;
		o->outcome = FO_REFUSE;
		o->reason = "not-written";
	}
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
	int before = *errors;

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
		write_series(res, fo, num, total, diff ? diff : "", errors, log);
		*why = "no patch written (the error says why)";
		return *errors > before ? xstrdup("no patch written") : NULL;
	}
	return NULL;
}

struct reason_count {
	const char *reason;
	int n;
};

/*
 * A fix run that stops before it has a result for its files (a usage
 * error, no spatch, no shim, a series folder it cannot make): the reason
 * on stderr and, with --format=json or sarif, still a whole document on
 * stdout naming the file (NULL: the run) and the reason.  Returns 2.
 */
int fixout_error(const struct fix_opts *fo, const char *file,
		 const char *reason)
{
	struct strbuf sb = { 0 }, notes = { 0 };

	if (file)
		fprintf(stderr, "wqport fix: %s: %s\n", file, reason);
	else
		fprintf(stderr, "wqport fix: %s\n", reason);
	if (fo->json) {
		sb_puts(&sb, "{\"version\": 1, \"files\": [\n  {\"file\": ");
		if (file)
			report_json_escape(&sb, file);
		else
			sb_puts(&sb, "null");
		sb_puts(&sb, ", \"diff\": \"\", \"error\": ");
		report_json_escape(&sb, reason);
		sb_puts(&sb, ", \"sites\": []}\n  ],\n  \"summary\": {\"sites\": 0, \"converted\": 0, \"caveat\": 0, \"keeps_race\": 0, \"refused\": 0, \"files_changed\": 0, \"errors\": 1}}\n");
	} else if (fo->sarif) {
		sarif_fix_begin(&sb, fo->docs_url);
		sarif_notification(&notes, file, "error", reason);
		sarif_end(&sb, &notes, false, false);
	}
	if (sb.len)
		fputs(sb.s, stdout);
	fflush(stdout);
	free(sb.s);
	free(notes.s);
	return 2;
}

int fixout_report(struct fix_result *files, int n, const struct fix_opts *fo,
		  const char *tmpdir)
{
	struct strbuf json = { 0 }, sarif = { 0 }, notes = { 0 };
	bool first = true;
	struct reason_count reasons[32];
	int nreasons = 0, errors = 0, sites = 0, nconv = 0, ncav = 0, nref = 0;
	int nkeep = 0;
	int nfiles = 0, series = 0, ndone = n, ntotal = n, i, j;
	int nseries = fo->series ? series_count(files, n) : 0;
	struct series_log written = { NULL, 0 };
	bool color = color_on(fo->color_mode, STDERR_FILENO);
	struct kwords kw;
	struct kwords_run kern = { .n = 0 };

	if (fo->series && mkdir(fo->series, 0777) && errno != EEXIST) {
		char *why = xasprintf("cannot create the series folder: %s",
				      strerror(errno));

		fixout_error(fo, fo->series, why);
		free(why);
		return 2;
	}
	if (fo->json || fo->report)
		sb_puts(&json, "{\"version\": 1, \"files\": [");
	if (fo->sarif)
		sarif_fix_begin(&sarif, fo->docs_url);
	for (i = 0; i < n; i++) {
		struct fix_result *res = &files[i];
		bool changed = res->final && (res->flen != res->olen ||
					      memcmp(res->final, res->orig, res->olen));
		char *diff = NULL, *wfail = NULL;
		const char *short_why = NULL;

		if (res->not_done) {
			ndone--;
			continue;
		}
		if (res->same_as) {
			fprintf(stderr, "%s: note: the same file as %s, fixed once\n",
				res->path, files[res->same_as - 1].path);
			ndone--;
			ntotal--;
			continue;
		}
		if (res->error) {
			fprintf(stderr, "%s: error: %s\n", res->path, res->error);
			errors++;
			changed = false;
		}
		if (res->warning)
			fprintf(stderr, "%s: warning: %s\n", res->path, res->warning);
		if (changed) {
			int before = errors;

			diff = make_diff(res, tmpdir);
			wfail = put_result(res, files, n, fo, ++series, nseries, diff,
					   &errors, &short_why, &written);
			if (wfail)
				not_written(res, short_why);
			/* a file not written carries an error in the JSON
			 * and the report: the summaries count it alike */
			if (wfail && errors == before)
				errors++;
		}
		for (j = 0; j < res->nout; j++) {
			const struct site_outcome *o = &res->out[j];
			int k;

			sites++;
			if (o->outcome == FO_CONVERT)
				nconv++;
			else if (o->outcome == FO_CAVEAT)
				ncav++;
			else if (o->outcome == FO_KEEP)
				nkeep++;
			else
				nref++;
			if (o->outcome == FO_REFUSE) {
				for (k = 0; k < nreasons; k++)
					if (!strcmp(reasons[k].reason, o->reason))
						break;
				if (k == nreasons && nreasons < 32)
					reasons[nreasons++] = (struct reason_count){ o->reason, 0 };
				if (k < nreasons)
					reasons[k].n++;
			}
			if (!fo->json && !fo->sarif && !fo->quiet)
				fprintf(stderr, "%s:%u:%u: %s%s%s: %s%s%s%s%s%s%s%s%s%s [WQ%03d]\n",
					res->path, o->pos.line, o->pos.col,
					outcome_color(o->outcome, color),
					outcome_name(o->outcome),
					color ? "\033[m" : "",
					o->outcome == FO_REFUSE ? o->reason : "",
					o->outcome == FO_REFUSE ? ": " : "",
					o->text,
					o->proof ? "; " : "", o->proof ? o->proof : "",
					o->model ? "; " : "", o->model ? o->model : "",
					res->target && o->outcome != FO_REFUSE ?
					" (through the symlink to " : "",
					res->target && o->outcome != FO_REFUSE ?
					res->target_name : "",
					res->target && o->outcome != FO_REFUSE ?
					")" : "", o->rule);
		}
		if (wfail && !fix_stop_signal)
			fprintf(stderr, "%s: error: %s\n", res->path, wfail);
		if (changed && !wfail)
			nfiles++;
		/* the kernel the file is from, and what the rewrite needs */
		kwords_of(&kw, res, fo, changed && !wfail ? diff : NULL);
		kwords_run_add(&kern, &kw);
		if (changed && !fo->write && !fo->series && !fo->json &&
		    !fo->sarif && diff)
			fputs(diff, stdout);
		if (fo->sarif) {
			sarif_fix_add(&sarif, &notes, res, diff, &first);
			if (wfail)	/* the file's sites are there, not its text */
				sarif_notification(&notes, res->path, "error", wfail);
		}
		if ((fo->json || fo->report) && (res->nout || res->error || wfail)) {
			sb_puts(&json, json.len > 30 ? ",\n  {\"file\": " : "\n  {\"file\": ");
			report_json_escape(&json, res->path);
			sb_puts(&json, ", \"diff\": ");
			report_json_escape(&json, diff ? diff : "");
			sb_puts(&json, ", \"error\": ");
			report_json_escape(&json, res->error ? res->error :
					   wfail ? wfail : "");
			sb_puts(&json, ", \"kernel\": ");
			kwords_json(&json, &kw);
			sb_puts(&json, ", \"sites\": [");
			for (j = 0; j < res->nout; j++) {
				if (j)
					sb_puts(&json, ", ");
				json_site(&json, &res->out[j], res->path);
			}
			sb_puts(&json, "]}");
		}
		kwords_release(&kw);
		free(wfail);
		free(diff);
	}
	/* numbered by what was written: [PATCH 1/9], not 1/50 */
	series_renumber(&written, nseries);
	if (fo->sarif) {
		sarif_end(&sarif, &notes, !first, !errors);
		fputs(sarif.s, stdout);
		free(sarif.s);
		free(notes.s);
	}
	if (fo->json || fo->report) {
		sb_printf(&json, "\n  ],\n  \"summary\": {\"sites\": %d, \"converted\": %d, \"caveat\": %d, \"keeps_race\": %d, \"refused\": %d, \"files_changed\": %d, \"errors\": %d, \"kernels\": [",
			  sites, nconv, ncav, nkeep, nref, nfiles, errors);
		kwords_run_json(&json, &kern);
		sb_puts(&json, "]}}\n");
		if (fo->json)
			fputs(json.s, stdout);
		/* the HTML report reads the same document */
		if (fo->report && html_fix_report(fo->report, json.s, fo->quiet,
					      fo->force))
			errors++;
		free(json.s);
	}
	if (!fo->quiet) {
		fprintf(stderr, "wqport fix: %d site%s: %d converted, %d converted with caveat, ",
			sites, sites == 1 ? "" : "s", nconv, ncav);
		if (nkeep)
			fprintf(stderr, "%d converted keeping the race, ", nkeep);
		fprintf(stderr, "%d refused", nref);
		for (i = 0; i < nreasons; i++)
			fprintf(stderr, "%s%d %s", i ? ", " : " (", reasons[i].n,
				reasons[i].reason);
		fprintf(stderr, "%s; %d file%s changed%s\n", nreasons ? ")" : "", nfiles,
			nfiles == 1 ? "" : "s", errors ? ", errors" : "");
		kwords_run_print(&kern, stderr);
		if (fix_stop_signal)
			fprintf(stderr, "wqport fix: interrupted by %s: %d of %d file%s fixed, %d %s; every other file is as it was\n",
				fix_stop_signal == SIGINT ? "SIGINT" : "SIGTERM", ndone,
				ntotal, ntotal == 1 ? "" : "s", nfiles,
				fo->series ? (nfiles == 1 ? "patch written" : "patches written") :
					     "written");
	}
	kwords_run_release(&kern);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "wqport fix: error writing the output: %s\n",
			strerror(errno));
		return 2;
	}
	if (fix_stop_signal)
		return 128 + fix_stop_signal;
	if (errors)
		return 2;
	return sites ? 1 : 0;
}

void fixout_release(struct fix_result *res)
{
	int i;

	for (i = 0; i < res->nout; i++)
		free(res->out[i].text);
	free(res->out);
	for (i = 0; i < res->nblocked; i++) {
		free(res->blocked[i]);
		free(res->block_why[i]);
	}
	free(res->blocked);
	free(res->block_why);
	for (i = 0; i < res->nproven; i++) {
		free(res->proven[i]);
		free(res->proof[i]);
		free(res->model[i]);
	}
	free(res->proven);
	free(res->proof);
	for (i = 0; i < res->nmref; i++) {
		free(res->mref[i]);
		free(res->mwhy[i]);
	}
	free(res->mref);
	for (i = 0; i < res->nnoretest; i++) {
		free(res->noretest[i]);
		free(res->noretest_why[i]);
	}
	free(res->noretest);
	free(res->noretest_why);
	free(res->mwhy);
	free(res->model);
	for (i = 0; i < res->nretested; i++)
		free(res->retested[i]);
	free(res->retested);
	for (i = 0; i < res->nin_place; i++)
		free(res->in_place[i]);
	free(res->in_place);
	plan_release(&res->plan);
	free(res->path);
	free(res->orig);
	free(res->final);
	free(res->error);
	free(res->warning);
	free(res->raw);
	free(res->target);
	free(res->target_name);
	free(res->kernel_inc);
	free(res->cc_missing);
}
