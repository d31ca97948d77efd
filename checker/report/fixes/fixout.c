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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "color.h"
#include "fixout.h"
#include "html.h"
#include "kwords.h"
#include "patchtext.h"
#include "sarif.h"

/* The path as it appears after a/ and b/ in the diff. */
const char *diff_name(const char *p)
{
	while (p[0] == '.' && p[1] == '/')
		p += 2;
	while (*p == '/')
		p++;
	return p;
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
	const char *a = NULL, *form = NULL;
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
		if (!form)
			form = o->form;
		many_a |= strcmp(a, o->anchor) != 0;
		loops &= !strncmp(o->anchor, "add_wait_queue", 14);
		sleep_on &= sleep_on_lookup(o->anchor, strlen(o->anchor)) != NULL;
		sites++;
	}
	w = patch_written(diff);
	if (w && getenv("WQPORT_RECORD_MUTATE") &&
	    !strcmp(getenv("WQPORT_RECORD_MUTATE"), "2") && form) {
		/* record-test.py's mutation: the planner's form for a call */
		free(w);
		w = xasprintf("%s()", form);
	}
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

/* "char: acme: replace sleep_on() with wait_event()" */
static char *subject_of(const struct fix_result *res, const char *diff)
{
	char *prefix = subject_prefix(res->path);
	char *change = subject_change(res, diff);
	char *subject = xasprintf("%s: %s", prefix, change);

	free(prefix);
	free(change);
	return subject;
}

char *fixout_patch(const struct fix_result *res, const struct fix_opts *fo,
		   int num, int total, const char *diff, char **path,
		   size_t *len)
{
	char *subject = subject_of(res, diff);
	char *text = series_patch(res, fo, num, total, diff_name(res->path),
				  subject, diff, path, len);

	free(subject);
	return text;
}

/* the outcome word as gcc colours its kinds: green, magenta, cyan */
static const char *outcome_color(enum fix_outcome o, bool color)
{
	if (!color)
		return "";
	return o == FO_CONVERT ? "\033[01;32m" : o == FO_CAVEAT ?
	       "\033[01;35m" : "\033[01;36m";
}

/* `, "validation": ..., "model": ...`: a site's two verdicts, when it has them */
void fixout_verdicts_json(struct strbuf *sb, const struct site_outcome *o)
{
	if (o->proof) {
		sb_puts(sb, ", \"validation\": ");
		report_json_escape(sb, o->proof);
	}
	if (o->model) {
		sb_puts(sb, ", \"model\": ");
		report_json_escape(sb, o->model);
	}
}

static void json_uints(struct strbuf *sb, const char *key, const unsigned *v,
		       int n)
{
	int i;

	sb_printf(sb, ", \"%s\": [", key);
	for (i = 0; i < n; i++)
		sb_printf(sb, "%s%u", i ? ", " : "", v[i]);
	sb_puts(sb, "]");
}

/* The model's facts per sleep, and the site's own sleeps */
static void json_sleeps(struct strbuf *sb, const struct site_outcome *o)
{
	const struct model_facts *m = &o->mf;

	json_uints(sb, "sleep_lines", m->sleep_line, m->nsleeps);
	json_uints(sb, "orig_at", m->orig_at, 8);
	json_uints(sb, "new_at", m->new_at, 8);
	json_uints(sb, "early_lines", m->early_line, m->nearly);
	json_uints(sb, "orig_seen", m->orig_seen, 2);
	json_uints(sb, "new_seen", m->new_seen, 2);
	sb_printf(sb, ", \"reached\": %u, \"asleep_in\": %u, \"mine\": %u, \"early_at\": %u, \"early_skip\": %u, \"early_unlock\": %u, \"early_orig\": %s, \"lost_plain\": %s",
		  m->reached, m->asleep_in, o->sleeps, m->early_at,
		  m->early_skip, m->early_unlock,
		  m->early_orig ? "true" : "false",
		  m->lost_plain ? "true" : "false");
}

/* What closes the rewrite's lost wake-up, and the wakers that lose it */
static void json_lost(struct strbuf *sb, const struct model_facts *m)
{
	int i;

	sb_printf(sb, ", \"dropped\": %s", m->dropped ? "true" : "false");
	sb_printf(sb, ", \"outside_at\": %u, \"outside_known\": %s", m->outside_at,
		  m->outside_known ? "true" : "false");
	sb_puts(sb, ", \"unordered\": ");
	report_json_escape(sb, m->unordered);
	sb_puts(sb, ", \"entered\": ");
	report_json_escape(sb, m->entered);
	sb_puts(sb, ", \"lost_if\": ");
	report_json_escape(sb, m->lost_if);
	sb_puts(sb, ", \"lost_by\": [");
	for (i = 0; i < m->nlost_by; i++) {
		sb_printf(sb, "%s{\"what\": ", i ? ", " : "");
		report_json_escape(sb, m->lost_by[i]);
		sb_printf(sb, ", \"at\": %u, \"plain\": %s}", m->lost_by_at[i],
			  m->lost_by_plain[i] ? "true" : "false");
	}
	sb_puts(sb, "]");
}

/* The facts of a site's record, beside its words (fo->record) */
static void json_record(struct strbuf *sb, const struct site_outcome *o)
{
	const struct model_facts *m = &o->mf;

	sb_puts(sb, ", \"record\": {\"anchor\": ");
	report_json_escape(sb, o->anchor ? o->anchor : "");
	sb_puts(sb, ", \"func\": ");
	report_json_escape(sb, o->func ? o->func : "");
	sb_printf(sb, ", \"fn_lines\": [%u, %u]", o->fn_first, o->fn_last);
	sb_printf(sb, ", \"model\": {\"ran\": %s, \"no_waker\": %s, \"outside\": %s, \"kstop\": %s, \"complete\": %s, \"wakers\": %d, \"schedules\": %llu, \"capped\": %s, \"orig_props\": %u, \"new_props\": %u, \"configs\": %s, \"files\": ",
		  m->ran ? "true" : "false", m->no_waker ? "true" : "false",
		  m->outside ? "true" : "false", m->kstop ? "true" : "false",
		  m->complete ? "true" : "false",
		  m->nwakers, m->schedules,
		  m->capped ? "true" : "false", m->orig_props, m->new_props,
		  m->configs ? "true" : "false");
	report_json_escape(sb, m->files);
	json_sleeps(sb, o);
	json_lost(sb, m);
	sb_puts(sb, "}}");
}

/* The file's kernel facts and words, beside each other (fo->record) */
static void json_kernel_record(struct strbuf *sb, const struct kernel_facts *k)
{
	char *t = kwords_text(k), *c = kwords_compiled(k);

	sb_printf(sb, ", \"kernel_record\": {\"cc_flags\": %s, \"tree_known\": %s, \"cc_missing\": ",
		  k->cc_flags ? "true" : "false",
		  k->tree_known ? "true" : "false");
	if (k->cc_missing)
		report_json_escape(sb, k->cc_missing);
	else
		sb_puts(sb, "null");
	sb_puts(sb, ", \"words\": ");
	report_json_escape(sb, t);
	sb_puts(sb, ", \"compiled\": ");
	report_json_escape(sb, c);
	sb_puts(sb, "}");
	free(t);
	free(c);
}

static void json_site(struct strbuf *sb, const struct site_outcome *o,
		      const char *path, bool record)
{
	int i;

	sb_printf(sb, "{\"line\": %u, \"col\": %u, \"rule\": \"WQ%03d\", \"outcome\": \"%s\", ",
		  o->pos.line, o->pos.col, o->rule, o->outcome_word);
	sb_puts(sb, "\"reason\": ");
	report_json_escape(sb, o->reason ? o->reason : "");
	sb_puts(sb, ", \"form\": ");
	report_json_escape(sb, o->form ? o->form : "");
	sb_puts(sb, ", \"message\": ");
	report_json_escape(sb, o->text ? o->text : "");
	fixout_verdicts_json(sb, o);
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
	sb_puts(sb, "]");
	if (record)
		json_record(sb, o);
	sb_puts(sb, "}");
}

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

void fixout_begin(struct fixout *out, const struct fix_opts *fo, int n)
{
	memset(out, 0, sizeof(*out));
	out->fo = fo;
	out->first = true;
	out->ndone = out->ntotal = n;
	out->color = color_on(fo->color_mode, STDERR_FILENO);
	if (fo->json || fo->report)
		sb_puts(&out->json, "{\"version\": 1, \"files\": [");
	if (fo->sarif)
		sarif_fix_begin(&out->sarif, fo->docs_url);
}

bool fixout_head(struct fixout *out, const struct fix_result *files, int i,
		 bool *changed)
{
	const struct fix_result *res = &files[i];

	*changed = res->final && (res->flen != res->olen ||
				  memcmp(res->final, res->orig, res->olen));
	if (res->not_done) {
		out->ndone--;
		return false;
	}
	if (res->same_as) {
		fprintf(stderr, "%s: note: the same file as %s, fixed once\n",
			res->path, files[res->same_as - 1].path);
		out->ndone--;
		out->ntotal--;
		return false;
	}
	if (res->error) {
		fprintf(stderr, "%s: error: %s\n", res->path, res->error);
		out->errors++;
		*changed = false;
	}
	if (res->warning)
		fprintf(stderr, "%s: warning: %s\n", res->path, res->warning);
	return true;
}

/* Count the site's outcome, and its refusal's reason */
static void count_site(struct fixout *out, const struct site_outcome *o)
{
	int k;

	out->sites++;
	if (o->outcome == FO_CONVERT)
		out->nconv++;
	else if (o->outcome == FO_CAVEAT)
		out->ncav++;
	else if (o->outcome == FO_KEEP)
		out->nkeep++;
	else
		out->nref++;
	if (o->outcome != FO_REFUSE)
		return;
	for (k = 0; k < out->nreasons; k++)
		if (!strcmp(out->reasons[k].reason, o->reason))
			break;
	if (k == out->nreasons && out->nreasons < FIXOUT_REASONS)
		out->reasons[out->nreasons++] =
			(struct reason_count){ o->reason, 0 };
	if (k < out->nreasons)
		out->reasons[k].n++;
}

/* The site's line on stderr: file:line:col: outcome: its sentences */
static void site_line(const struct fixout *out, const struct fix_result *res,
		      const struct site_outcome *o)
{
	bool color = out->color, link = res->target && o->outcome != FO_REFUSE;

	fprintf(stderr, "%s:%u:%u: %s%s%s: %s%s%s%s%s%s%s%s%s%s [WQ%03d]\n",
		res->path, o->pos.line, o->pos.col,
		outcome_color(o->outcome, color), o->outcome_word,
		color ? "\033[m" : "",
		o->outcome == FO_REFUSE ? o->reason : "",
		o->outcome == FO_REFUSE ? ": " : "",
		o->text,
		o->proof ? "; " : "", o->proof ? o->proof : "",
		o->model ? "; " : "", o->model ? o->model : "",
		link ? " (through the symlink to " : "",
		link ? res->target_name : "", link ? ")" : "", o->rule);
}

/* The file's member of the JSON's "files" */
static void json_file(struct strbuf *json, const struct fix_result *res,
		      const char *diff, const char *wfail, bool record)
{
	int j;

	sb_puts(json, json->len > 30 ? ",\n  {\"file\": " : "\n  {\"file\": ");
	report_json_escape(json, res->path);
	sb_puts(json, ", \"diff\": ");
	report_json_escape(json, diff ? diff : "");
	sb_puts(json, ", \"error\": ");
	report_json_escape(json, res->error ? res->error : wfail ? wfail : "");
	sb_puts(json, ", \"kernel\": ");
	kwords_json(json, &res->kf);
	if (record)
		json_kernel_record(json, &res->kf);
	if (record && diff && *diff) {
		/* the --series subject, for record-test.py */
		char *subject = subject_of(res, diff);

		sb_puts(json, ", \"subject\": ");
		report_json_escape(json, subject);
		free(subject);
	}
	sb_puts(json, ", \"sites\": [");
	for (j = 0; j < res->nout; j++) {
		if (j)
			sb_puts(json, ", ");
		json_site(json, &res->out[j], res->path, record);
	}
	sb_puts(json, "]}");
}

void fixout_file(struct fixout *out, const struct fix_result *res,
		 bool changed, const char *diff, const char *wfail)
{
	const struct fix_opts *fo = out->fo;
	int j;

	for (j = 0; j < res->nout; j++) {
		count_site(out, &res->out[j]);
		if (!fo->json && !fo->sarif && !fo->quiet)
			site_line(out, res, &res->out[j]);
	}
	if (wfail && !out->stop_signal)
		fprintf(stderr, "%s: error: %s\n", res->path, wfail);
	if (changed && !wfail)
		out->nfiles++;
	/* the kernel the file is from, and what the rewrite needs */
	kwords_run_add(&out->kern, &res->kf);
	if (changed && !fo->write && !fo->series && !fo->json &&
	    !fo->sarif && diff)
		fputs(diff, stdout);
	if (fo->sarif) {
		sarif_fix_add(&out->sarif, &out->notes, res, diff, &out->first);
		if (wfail)	/* the file's sites are there, not its text */
			sarif_notification(&out->notes, res->path, "error", wfail);
	}
	if ((fo->json || fo->report) && (res->nout || res->error || wfail))
		json_file(&out->json, res, diff, wfail, fo->record);
}

/* The summary on stderr */
static void summary(const struct fixout *out)
{
	int i;

	fprintf(stderr, "wqport fix: %d site%s: %d converted, %d converted with caveat, ",
		out->sites, out->sites == 1 ? "" : "s", out->nconv, out->ncav);
	if (out->nkeep)
		fprintf(stderr, "%d converted keeping the race, ", out->nkeep);
	fprintf(stderr, "%d refused", out->nref);
	for (i = 0; i < out->nreasons; i++)
		fprintf(stderr, "%s%d %s", i ? ", " : " (", out->reasons[i].n,
			out->reasons[i].reason);
	fprintf(stderr, "%s; %d file%s changed%s\n", out->nreasons ? ")" : "",
		out->nfiles, out->nfiles == 1 ? "" : "s",
		out->errors ? ", errors" : "");
	kwords_run_print(&out->kern, stderr);
	if (out->stop_signal)
		fprintf(stderr, "wqport fix: interrupted by %s: %d of %d file%s fixed, %d %s; every other file is as it was\n",
			out->stop_signal == SIGINT ? "SIGINT" : "SIGTERM",
			out->ndone, out->ntotal, out->ntotal == 1 ? "" : "s",
			out->nfiles, out->fo->series ?
			(out->nfiles == 1 ? "patch written" : "patches written") :
			"written");
}

int fixout_end(struct fixout *out, int stop_signal)
{
	const struct fix_opts *fo = out->fo;

	out->stop_signal = stop_signal;
	if (fo->sarif) {
		sarif_end(&out->sarif, &out->notes, !out->first, !out->errors);
		fputs(out->sarif.s, stdout);
		free(out->sarif.s);
		free(out->notes.s);
	}
	if (fo->json || fo->report) {
		sb_printf(&out->json, "\n  ],\n  \"summary\": {\"sites\": %d, \"converted\": %d, \"caveat\": %d, \"keeps_race\": %d, \"refused\": %d, \"files_changed\": %d, \"errors\": %d, \"kernels\": [",
			  out->sites, out->nconv, out->ncav, out->nkeep,
			  out->nref, out->nfiles, out->errors);
		kwords_run_json(&out->json, &out->kern);
		sb_puts(&out->json, "]}}\n");
		if (fo->json)
			fputs(out->json.s, stdout);
		/* the HTML report reads the same document */
		if (fo->report && html_fix_report(fo->report, out->json.s,
						  fo->quiet, fo->force))
			out->errors++;
		free(out->json.s);
	}
	if (!fo->quiet)
		summary(out);
	kwords_run_release(&out->kern);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "wqport fix: error writing the output: %s\n",
			strerror(errno));
		return 2;
	}
	if (stop_signal)
		return 128 + stop_signal;
	if (out->errors)
		return 2;
	return out->sites ? 1 : 0;
}
