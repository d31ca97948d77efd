// SPDX-License-Identifier: GPL-2.0-only
/*
 * --report=DIR: the HTML report of a check or fix run, for review.  It
 * reads the run's --format=json document (the same data a CI job gets),
 * never the analysis, and writes:
 *
 *   index.html      one row per file (sites by outcome, refusals by
 *                   reason), then every site;
 *   by-*.html       the same file table sorted by another column;
 *   outcome-*.html, rule-*.html
 *                   the sites of one outcome (severity) or one rule;
 *   file-NNNN.html  one page per file (html_page.c), numbered so that a
 *                   hostile file name never becomes a path;
 *   style.css       the only thing a page loads.
 *
 * Sorting and filtering are pages, not script: the pages carry a CSP
 * that forbids every script.  Every piece of data is escaped.
 */
#define _GNU_SOURCE	/* qsort_r() */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "html_int.h"

static const char style_css[] =
	"/* wqport report: no web font, no image; readable without colour */\n"
	":root { color-scheme: light dark; --fg: #1b1b1b; --bg: #fff; --mute: #595959;\n"
	"  --line: #d0d0d0; --del: #ffe3e3; --add: #ddf7dd; --win: #fff4c2; --link: #0645ad; }\n"
	"@media (prefers-color-scheme: dark) { :root { --fg: #e8e8e8; --bg: #161616;\n"
	"  --mute: #b0b0b0; --line: #444; --del: #4a2020; --add: #1e3d1e; --win: #4a4010; --link: #8ab4f8; } }\n"
	"body { font: 15px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 0 1.5em 2em; }\n"
	"a { color: var(--link); }\n"
	"a:focus, a:hover { outline: 3px solid #e8a400; outline-offset: 1px; }\n"
	".skip { position: absolute; left: -999px; } .skip:focus { left: 1em; top: .5em; background: var(--bg); padding: .3em; }\n"
	"nav.filters { margin: .6em 0; } nav.filters div { margin: .2em 0; } nav.filters ul { display: inline; padding: 0; margin: 0; }\n"
	"nav.filters li { display: inline; margin-right: .4em; } nav.filters [aria-current] { font-weight: bold; text-decoration: none; }\n"
	"table { border-collapse: collapse; margin: .5em 0 1em; }\n"
	"th, td { border: 1px solid var(--line); padding: .15em .5em; text-align: left; vertical-align: top; }\n"
	"td.num { text-align: right; font-variant-numeric: tabular-nums; }\n"
	"code, pre, .src td.code, .sbs td.code { font-family: ui-monospace, 'DejaVu Sans Mono', monospace; font-size: 13px; }\n"
	".o { font-weight: bold; border: 2px solid; border-radius: 3px; padding: 0 .3em; white-space: nowrap; }\n"
	".o.conv { color: #106010; } .o.caveat { color: #7a4a00; } .o.keep { color: #a03800; border-style: dashed; }\n"
	".o.refused, .o.error { color: #b00020; border-style: double; } .o.warning { color: #7a4a00; } .o.style { color: var(--mute); }\n"
	"@media (prefers-color-scheme: dark) { .o.conv { color: #7ddc7d; } .o.caveat, .o.warning { color: #f0c060; }\n"
	"  .o.keep { color: #ff9f60; } .o.refused, .o.error { color: #ff8080; } }\n"
	"section.site { border-top: 2px solid var(--line); margin-top: 1.5em; }\n"
	".sbs, .src { width: 100%; table-layout: fixed; } .sbs td, .src td { border: 0; padding: 0 .4em; }\n"
	".sbs td.code, .src td.code { white-space: pre-wrap; overflow-wrap: anywhere; }\n"
	".sbs td.code { tab-size: 4; }\n"
	".sbs col.ln, .src col.ln { width: 4.5em; } .sbs col.mk { width: 1.5em; }\n"
	".sbs td.ln, .src td.ln { color: var(--mute); text-align: right; user-select: none; }\n"
	".sbs td.del { background: var(--del); } .sbs td.add { background: var(--add); }\n"
	".sbs td.mk { font-weight: bold; text-align: center; }\n"
	".src tr:target, .src tr.hit { background: var(--win); }\n"
	".k { font-weight: bold; } .c { color: #6a6a6a; font-style: italic; } .s { color: #8a3c00; }\n"
	".n { color: #1a5fb4; } .p { color: #7a2e8e; } .w { font-weight: bold; text-decoration: underline dotted; }\n"
	"@media (prefers-color-scheme: dark) { .c { color: #a0a0a0; } .s { color: #f0a070; } .n { color: #8ab4f8; } .p { color: #d0a0f0; } }\n"
	".timeline { width: 100%; } .timeline td.lane { width: 45%; } .timeline tr.window td { background: var(--win); font-style: italic; }\n"
	".timeline tr.end td { font-weight: bold; }\n"
	"dl.verdict dt { font-weight: bold; float: left; clear: left; margin-right: .5em; } dl.verdict dd { margin: 0 0 .2em 8em; }\n"
	".mute { color: var(--mute); }\n"
	"footer { margin-top: 3em; color: var(--mute); font-size: 13px; }\n";

/* Normalise what the JSON says into a class */
static enum h_class class_of(const char *w, bool fix)
{
	if (!fix)
		return !strcmp(w, "error") ? HC_ERROR :
		       !strcmp(w, "warning") ? HC_WARNING : HC_STYLE;
	if (strstr(w, "keeps the race"))
		return HC_KEEP;
	if (strstr(w, "caveat"))
		return HC_CAVEAT;
	if (!strncmp(w, "converted", 9))
		return HC_CONV;
	return HC_REFUSED;
}

static int file_of(struct h_report *r, const char *path)
{
	int i;

	for (i = r->nfiles - 1; i >= 0; i--)
		if (!strcmp(r->files[i].path, path))
			return i;
	r->files = xrealloc(r->files, (r->nfiles + 1) * sizeof(*r->files));
	memset(&r->files[r->nfiles], 0, sizeof(*r->files));
	r->files[r->nfiles].path = path;
	r->files[r->nfiles].diff = "";
	r->files[r->nfiles].first = -1;
	return r->nfiles++;
}

static void add_site(struct h_report *r, int fi, const struct jv *o)
{
	struct h_site *s;
	struct h_file *f = &r->files[fi];

	r->sites = xrealloc(r->sites, (r->nsites + 1) * sizeof(*r->sites));
	s = &r->sites[r->nsites];
	memset(s, 0, sizeof(*s));
	s->file = fi;
	s->line = jv_int(o, "line", 0);
	s->col = jv_int(o, r->fix ? "col" : "column", 0);
	s->rule = jv_str(o, "rule", "");
	s->word = jv_str(o, r->fix ? "outcome" : "severity", "");
	s->cls = class_of(s->word, r->fix);
	s->reason = jv_str(o, "reason", "");
	s->form = jv_str(o, "form", "");
	s->message = jv_str(o, "message", "");
	s->obj = o;
	if (f->first < 0)
		f->first = r->nsites;
	s->num = ++f->n;
	f->count[s->cls]++;
	r->nsites++;
}

/*
 * The files and sites of the document.  A check's findings come file by
 * file (one run prints them in input order), a fix's under its files.
 */
static bool read_model(struct h_report *r, char **err)
{
	const struct jv *list = jv_get(r->root, r->fix ? "files" : "findings");
	const struct jv *errs = jv_get(r->root, "errors");
	size_t i, j;

	if (!list || list->type != JV_ARR) {
		*err = xasprintf("the JSON document has no '%s' list",
				 r->fix ? "files" : "findings");
		return false;
	}
	for (i = 0; i < list->len; i++) {
		const struct jv *o = &list->items[i];
		const char *path = jv_str(o, "file", NULL);
		int fi;

		if (!path)	/* a run-wide error of fix: file null */
			path = "(the run)";
		fi = file_of(r, path);
		if (!r->fix) {
			add_site(r, fi, o);
			continue;
		}
		r->files[fi].diff = jv_str(o, "diff", "");
		if (*jv_str(o, "error", ""))
			r->files[fi].error = jv_str(o, "error", "");
		o = jv_get(o, "sites");
		for (j = 0; o && o->type == JV_ARR && j < o->len; j++)
			add_site(r, fi, &o->items[j]);
	}
	for (i = 0; errs && errs->type == JV_ARR && i < errs->len; i++) {
		const char *path = jv_str(&errs->items[i], "file", NULL);

		r->files[file_of(r, path ? path : "(the run)")].error =
			jv_str(&errs->items[i], "message", "");
	}
	for (i = 0; i < (size_t)r->nfiles; i++)
		snprintf(r->files[i].page, sizeof(r->files[i].page),
			 "file-%04zu.html", i + 1);
	return true;
}

/* ---- the index and the filter pages ---- */

static int first_class(const struct h_report *r)
{
	return r->fix ? HC_CONV : HC_ERROR;
}

static int last_class(const struct h_report *r)
{
	return r->fix ? HC_REFUSED : HC_STYLE;
}

/* The rules of the run, in order, each once */
static int rules_of(const struct h_report *r, const char **out, int max)
{
	int i, j, n = 0;

	for (i = 0; i < r->nsites; i++) {
		for (j = 0; j < n && strcmp(out[j], r->sites[i].rule); j++)
			;
		if (j == n && n < max && *r->sites[i].rule)
			out[n++] = r->sites[i].rule;
	}
	for (i = 1; i < n; i++)	/* sort: few */
		for (j = i; j > 0 && strcmp(out[j - 1], out[j]) > 0; j--) {
			const char *t = out[j];

			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return n;
}

static void nav_item(struct strbuf *sb, const char *href, const char *label,
		     const char *current)
{
	sb_printf(sb, "<li><a href=\"%s\"%s>", href,
		  !strcmp(href, current) ? " aria-current=\"page\"" : "");
	h_esc(sb, label);
	sb_puts(sb, "</a></li>");
}

static void filters(struct strbuf *sb, const struct h_report *r,
		    const char *current)
{
	const char *rules[64];
	int nr = rules_of(r, rules, 64), c, i;

	sb_puts(sb, "<nav class=\"filters\" aria-label=\"Filters\">\n<div><span id=\"f-o\">Sites by outcome:</span> <ul aria-labelledby=\"f-o\">");
	nav_item(sb, "index.html", "all", current);
	for (c = first_class(r); c <= last_class(r); c++) {
		char href[40];

		snprintf(href, sizeof(href), "outcome-%s.html", h_class_name(c));
		nav_item(sb, href, h_class_label(c), current);
	}
	sb_puts(sb, "</ul></div>\n<div><span id=\"f-r\">By rule:</span> <ul aria-labelledby=\"f-r\">");
	for (i = 0; i < nr; i++) {
		char href[40];

		snprintf(href, sizeof(href), "rule-%.8s.html", rules[i]);
		nav_item(sb, href, rules[i], current);
	}
	sb_puts(sb, "</ul></div>\n</nav>\n");
}

static void outcome_badge(struct strbuf *sb, const struct h_site *s)
{
	sb_printf(sb, "<span class=\"o %s\">", h_class_name(s->cls));
	h_esc(sb, s->word);
	sb_puts(sb, "</span>");
}

static void site_table(struct strbuf *sb, const struct h_report *r,
		       const char *only_rule, int only_class)
{
	int i, n = 0;

	sb_printf(sb, "<table class=\"sites\">\n<caption>Sites</caption>\n<thead><tr><th scope=\"col\">File and line</th><th scope=\"col\">Rule</th><th scope=\"col\">%s</th><th scope=\"col\">Message</th></tr></thead>\n<tbody>\n",
		  r->fix ? "Outcome" : "Severity");
	for (i = 0; i < r->nsites; i++) {
		const struct h_site *s = &r->sites[i];
		const struct h_file *f = &r->files[s->file];

		if ((only_rule && strcmp(only_rule, s->rule)) ||
		    (only_class >= 0 && (int)s->cls != only_class))
			continue;
		n++;
		sb_printf(sb, "<tr class=\"site\"><td><a href=\"%s#site-%d\">", f->page, s->num);
		h_esc(sb, f->path);
		sb_printf(sb, ":%ld:%ld</a></td><td>", s->line, s->col);
		h_esc(sb, s->rule);
		sb_puts(sb, "</td><td>");
		outcome_badge(sb, s);
		if (s->cls == HC_REFUSED && *s->reason) {
			sb_puts(sb, " <span class=\"reason\">");
			h_esc(sb, s->reason);
			sb_puts(sb, "</span>");
		}
		sb_puts(sb, "</td><td>");
		h_esc(sb, s->message);
		sb_puts(sb, "</td></tr>\n");
	}
	if (!n)
		sb_puts(sb, "<tr><td colspan=\"4\">No site.</td></tr>\n");
	sb_puts(sb, "</tbody>\n</table>\n");
}

/* The reasons of a file's refusals: "2 no-patch, 1 unsafe" */
static void reasons(struct strbuf *sb, const struct h_report *r,
		    const struct h_file *f)
{
	const char *seen[32];
	int count[32], n = 0, i, j;

	for (i = f->first; f->n && i < f->first + f->n; i++) {
		const struct h_site *s = &r->sites[i];

		if (s->cls != HC_REFUSED)
			continue;
		for (j = 0; j < n && strcmp(seen[j], s->reason); j++)
			;
		if (j == n && n < 32) {
			seen[n] = s->reason;
			count[n++] = 0;
		}
		if (j < n)
			count[j]++;
	}
	for (i = 0; i < n; i++) {
		sb_printf(sb, "%s%d ", i ? ", " : "", count[i]);
		h_esc(sb, *seen[i] ? seen[i] : "no reason given");
	}
}

enum h_sort { SORT_NAME, SORT_SITES, SORT_REFUSED };

struct sort_key {
	const struct h_report *r;
	enum h_sort by;
};

static int file_cmp(const void *a, const void *b, void *arg)
{
	const struct sort_key *k = arg;
	const struct h_file *x = &k->r->files[*(const int *)a];
	const struct h_file *y = &k->r->files[*(const int *)b];
	int kx = 0, ky = 0;

	if (k->by == SORT_SITES) {
		kx = x->n;
		ky = y->n;
	} else if (k->by == SORT_REFUSED) {
		kx = k->r->fix ? x->count[HC_REFUSED] : x->count[HC_ERROR];
		ky = k->r->fix ? y->count[HC_REFUSED] : y->count[HC_ERROR];
	}
	if (kx != ky)
		return ky - kx;
	return *(const int *)a - *(const int *)b;
}

static void sort_link(struct strbuf *sb, const char *label, const char *href,
		      bool current)
{
	if (current) {
		sb_printf(sb, "<th scope=\"col\" aria-sort=\"%s\">%s (sorted)</th>",
			  strcmp(href, "index.html") ? "descending" : "ascending", label);
		return;
	}
	sb_printf(sb, "<th scope=\"col\"><a href=\"%s\">%s</a></th>", href, label);
}

static void file_table(struct strbuf *sb, const struct h_report *r,
		       enum h_sort by)
{
	int *order = xrealloc(NULL, (r->nfiles + 1) * sizeof(int)), i, c;
	const char *worst = r->fix ? "Refused" : "Errors";
	struct sort_key key = { r, by };

	for (i = 0; i < r->nfiles; i++)
		order[i] = i;
	qsort_r(order, r->nfiles, sizeof(int), file_cmp, &key);
	sb_puts(sb, "<table class=\"files\">\n<caption>Files (a column heading that is a link sorts by it)</caption>\n<thead><tr>");
	sort_link(sb, "File", "index.html", by == SORT_NAME);
	sort_link(sb, "Sites", "by-sites.html", by == SORT_SITES);
	for (c = first_class(r); c <= last_class(r); c++) {
		if (c == last_class(r))
			sort_link(sb, worst, "by-worst.html", by == SORT_REFUSED);
		else
			sb_printf(sb, "<th scope=\"col\">%s</th>", h_class_label(c));
	}
	sb_printf(sb, "<th scope=\"col\">%s</th></tr></thead>\n<tbody>\n",
		  r->fix ? "Refused by reason, errors" : "Errors of the run");
	for (i = 0; i < r->nfiles; i++) {
		const struct h_file *f = &r->files[order[i]];

		sb_printf(sb, "<tr class=\"file\"><th scope=\"row\"><a href=\"%s\">", f->page);
		h_esc(sb, f->path);
		sb_printf(sb, "</a></th><td class=\"num\">%d</td>", f->n);
		for (c = first_class(r); c <= last_class(r); c++)
			sb_printf(sb, "<td class=\"num\">%d</td>", f->count[c]);
		sb_puts(sb, "<td>");
		reasons(sb, r, f);
		if (f->error) {
			sb_puts(sb, " <span class=\"o error\">error</span> ");
			h_esc(sb, f->error);
		}
		sb_puts(sb, "</td></tr>\n");
	}
	sb_puts(sb, "</tbody>\n</table>\n");
	free(order);
}

/* A fix run: the kernel the code is from and the rewrite's (kwords.c) */
static void kernels(struct strbuf *sb, const struct h_report *r)
{
	const struct jv *k = r->fix ? jv_get(jv_get(r->root, "summary"),
					     "kernels") : NULL;
	size_t i;

	for (i = 0; k && k->type == JV_ARR && i < k->len; i++) {
		const char *w = jv_str(&k->items[i], "words", NULL);

		if (!w)
			continue;
		sb_puts(sb, "<p class=\"kernel\">");
		h_esc(sb, w);
		sb_puts(sb, "</p>\n");
	}
}

static void summary(struct strbuf *sb, const struct h_report *r)
{
	int tot[HC_N] = { 0 }, i, c, nerr = 0;

	for (i = 0; i < r->nsites; i++)
		tot[r->sites[i].cls]++;
	for (i = 0; i < r->nfiles; i++)
		nerr += r->files[i].error != NULL;
	sb_printf(sb, "<p class=\"summary\">%d file%s, %d site%s: ", r->nfiles,
		  r->nfiles == 1 ? "" : "s", r->nsites, r->nsites == 1 ? "" : "s");
	for (c = first_class(r); c <= last_class(r); c++)
		sb_printf(sb, "%s%d %s", c == first_class(r) ? "" : ", ",
			  tot[c], h_class_label(c));
	sb_printf(sb, "; %d file%s with an error.</p>\n", nerr, nerr == 1 ? "" : "s");
	kernels(sb, r);
}

static void head(struct strbuf *sb, const struct h_report *r, const char *title,
		 const char *current)
{
	char *t = xasprintf("wqport %s report: %s", r->fix ? "fix" : "check", title);

	h_page_begin(sb, t);
	free(t);
	sb_printf(sb, "<header><h1>wqport %s report</h1>\n", r->fix ? "fix" : "check");
	summary(sb, r);
	filters(sb, r, current);
	sb_puts(sb, "</header>\n<main id=\"main\">\n");
}

/* ---- writing ---- */


static bool put(struct h_out *o, const char *name, const struct strbuf *sb)
{
	char *path = xasprintf("%s/%s", o->dir, name);
	/* a mkstemp() file beside it, renamed over it: never written
	 * through a link planted at either name */
	bool ok = put_file(path, sb->s ? sb->s : "", sb->len, 0666);

	if (!ok && !o->err)
		o->err = xasprintf("cannot write %s: %s", path, strerror(errno));
	free(path);
	o->bytes += sb->len;
	o->names = xrealloc(o->names, (o->n + 1) * sizeof(char *));
	o->names[o->n++] = xstrdup(name);
	return ok;
}

static void write_pages(struct h_out *o, const struct h_report *r)
{
	struct strbuf sb = { 0 };
	const char *rules[64];
	int nr = rules_of(r, rules, 64), i, c;
	static const struct { const char *name, *title; enum h_sort by; } sorts[] = {
		{ "index.html", "files", SORT_NAME },
		{ "by-sites.html", "files by sites", SORT_SITES },
		{ "by-worst.html", "files by refusals or errors", SORT_REFUSED },
	};

	sb.s = xstrdup(style_css);
	sb.len = strlen(style_css);
	put(o, "style.css", &sb);
	for (i = 0; i < 3; i++) {
		sb.len = 0;
		head(&sb, r, sorts[i].title, sorts[i].name);
		sb_puts(&sb, "<h2>Files</h2>\n");
		file_table(&sb, r, sorts[i].by);
		sb_puts(&sb, "<h2>Every site</h2>\n");
		site_table(&sb, r, NULL, -1);
		h_page_end(&sb);
		put(o, sorts[i].name, &sb);
	}
	for (c = first_class(r); c <= last_class(r); c++) {
		char name[40];

		snprintf(name, sizeof(name), "outcome-%s.html", h_class_name(c));
		sb.len = 0;
		head(&sb, r, h_class_label(c), name);
		sb_printf(&sb, "<h2>Sites: %s</h2>\n", h_class_label(c));
		site_table(&sb, r, NULL, c);
		h_page_end(&sb);
		put(o, name, &sb);
	}
	for (i = 0; i < nr; i++) {
		char name[40];

		snprintf(name, sizeof(name), "rule-%.8s.html", rules[i]);
		sb.len = 0;
		head(&sb, r, rules[i], name);
		sb_puts(&sb, "<h2>Sites of ");
		h_esc(&sb, rules[i]);
		sb_puts(&sb, "</h2>\n");
		site_table(&sb, r, rules[i], -1);
		h_page_end(&sb);
		put(o, name, &sb);
	}
	for (i = 0; i < r->nfiles; i++) {
		sb.len = 0;
		h_file_page(&sb, r, i);
		put(o, r->files[i].page, &sb);
	}
	free(sb.s);
}

/* A rule ID is a file name part: only "WQ" and digits are taken */
static bool sane_rules(const struct h_report *r)
{
	int i;

	for (i = 0; i < r->nsites; i++) {
		const char *p = r->sites[i].rule;

		if (strncmp(p, "WQ", 2) || strspn(p + 2, "0123456789") != strlen(p + 2))
			return false;
	}
	return true;
}

static double seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int html_report(const char *dir, const char *json, bool fix, bool quiet,
		bool force, char **err)
{
	struct h_report r = { 0 };
	struct h_out o = { dir, NULL, 0, 0, NULL };
	double t0 = seconds();
	struct jv *root = jv_parse(json, err);
	int i;

	if (!root) {
		char *t = xasprintf("the run's JSON document cannot be read: %s", *err);

		free(*err);
		*err = t;
		return -1;
	}
	r.fix = fix;
	r.root = root;
	if (!read_model(&r, err) || !html_dir_make(dir, force, err)) {
		jv_free(root);
		free(r.files);
		free(r.sites);
		return -1;
	}
	if (!sane_rules(&r)) {
		*err = xstrdup("the run's JSON document names a rule that is not WQnnn");
		jv_free(root);
		free(r.files);
		free(r.sites);
		return -1;
	}
	write_pages(&o, &r);
	if (!o.err)
		html_dir_drop_stale(&o);
	if (!o.err)
		html_dir_manifest(&o, &o.err);
	if (!o.err && !quiet)
		fprintf(stderr, "wqport%s: report: %s/index.html (%d file%s, %d site%s; %d pages, %zu KiB, %.2f s)\n",
			fix ? " fix" : "", dir, r.nfiles, r.nfiles == 1 ? "" : "s",
			r.nsites, r.nsites == 1 ? "" : "s", o.n - 1,
			(o.bytes + 1023) / 1024, seconds() - t0);
	for (i = 0; i < o.n; i++)
		free(o.names[i]);
	free(o.names);
	jv_free(root);
	free(r.files);
	free(r.sites);
	if (o.err) {
		*err = o.err;
		return -1;
	}
	return 0;
}

static void check_json(struct strbuf *sb, const struct wq_file *files, int n)
{
	int i;
	bool first = true;

	sb_puts(sb, "{\"version\": 1, \"findings\": [");
	for (i = 0; i < n; i++) {
		if (files[i].error)
			continue;
		report_file(sb, &files[i], FMT_JSON, first, false);
		if (files[i].nfindings)
			first = false;
	}
	sb_puts(sb, "],\n  \"errors\": [");
	first = true;
	for (i = 0; i < n; i++) {
		if (!files[i].error)
			continue;
		sb_puts(sb, first ? "{\"file\": " : ", {\"file\": ");
		report_json_escape(sb, files[i].path);
		sb_puts(sb, ", \"message\": ");
		report_json_escape(sb, files[i].error);
		sb_puts(sb, "}");
		first = false;
	}
	sb_puts(sb, "]}\n");
}

int html_check_report(const char *dir, const struct wq_file *files, int n,
		      bool quiet, bool force)
{
	struct strbuf json = { 0 };
	char *err = NULL;
	int rc;

	check_json(&json, files, n);
	rc = html_report(dir, json.s, false, quiet, force, &err);
	if (rc)
		fprintf(stderr, "wqport: --report: %s\n", err);
	free(err);
	free(json.s);
	return rc;
}

int html_fix_report(const char *dir, const char *json, bool quiet,
		    bool force)
{
	char *err = NULL;
	int rc = html_report(dir, json, true, quiet, force, &err);

	if (rc)
		fprintf(stderr, "wqport fix: --report: %s\n", err);
	free(err);
	return rc;
}
