// SPDX-License-Identifier: GPL-2.0-only
/*
 * The page of one file in the HTML report: its sites in order, each with
 * its outcome (a word, never only a colour), the message, the reason of
 * a refusal, the validation and model verdicts when the run gives them,
 * the notes, the change around it before and after side by side (from
 * the run's diff, the changed lines marked - and +), and the timeline of
 * a lost wake-up (html_timeline.c); then the source lines the page links
 * to, each with its own anchor (#L123).
 */
#include <stdlib.h>
#include <string.h>

#include "html_int.h"

#define CONTEXT 10	/* lines shown around a linked line */
#define MAX_LINKED 4096

struct page {
	const struct h_report *r;
	const struct h_file *f;
	struct h_hunk *h;
	int nh;
	struct h_line *orig;	/* the text before the fix, or NULL */
	int norig;
	char *otext;
	const char *why_no_text;
	long linked[MAX_LINKED];
	int nlinked;
};

static void link_line(struct page *p, long line)
{
	if (line > 0 && p->nlinked < MAX_LINKED)
		p->linked[p->nlinked++] = line;
}

static void line_ref(struct strbuf *sb, struct page *p, const char *file,
		     long line, long col)
{
	if (file && strcmp(file, p->f->path)) {
		sb_puts(sb, "<code>");
		h_esc(sb, file);
		sb_printf(sb, ":%ld</code>", line);
		return;
	}
	link_line(p, line);
	sb_printf(sb, "<a href=\"#L%ld\">line %ld", line, line);
	if (col > 0)
		sb_printf(sb, ":%ld", col);
	sb_puts(sb, "</a>");
}

/* A verdict as the run gives it: a string, or an object's members */
static void brief(struct strbuf *sb, const struct jv *v, int depth)
{
	size_t i;

	switch (v->type) {
	case JV_STR:
		h_esc(sb, v->str);
		break;
	case JV_NUM:
		sb_printf(sb, "%g", v->num);
		break;
	case JV_BOOL:
		sb_puts(sb, v->num ? "yes" : "no");
		break;
	case JV_NULL:
		sb_puts(sb, "none");
		break;
	case JV_ARR:
	case JV_OBJ:
		if (depth > 3) {
			sb_puts(sb, "&hellip;");
			break;
		}
		for (i = 0; i < v->len; i++) {
			if (i)
				sb_puts(sb, "; ");
			if (v->keys) {
				h_esc(sb, v->keys[i]);
				sb_puts(sb, ": ");
			}
			brief(sb, &v->items[i], depth + 1);
		}
		break;
	}
}

static void verdicts(struct strbuf *sb, const struct h_site *s)
{
	static const char *const keys[] = { "validation", "model", NULL };
	static const char *const labels[] = { "Validation", "Model check" };
	int i;

	sb_puts(sb, "<dl class=\"verdict\">\n<dt>Outcome</dt><dd>");
	sb_printf(sb, "<span class=\"o %s\">", h_class_name(s->cls));
	h_esc(sb, s->word);
	sb_puts(sb, "</span>");
	if (s->cls == HC_REFUSED && *s->reason) {
		sb_puts(sb, " (reason: <code>");
		h_esc(sb, s->reason);
		sb_puts(sb, "</code>)");
	}
	sb_puts(sb, "</dd>\n");
	if (*s->form) {
		sb_puts(sb, "<dt>Form</dt><dd><code>");
		h_esc(sb, s->form);
		sb_puts(sb, "</code></dd>\n");
	}
	for (i = 0; keys[i]; i++) {
		const struct jv *v = jv_get(s->obj, keys[i]);

		if (!v)
			continue;
		sb_printf(sb, "<dt>%s</dt><dd>", labels[i]);
		brief(sb, v, 0);
		sb_puts(sb, "</dd>\n");
	}
	sb_puts(sb, "</dl>\n");
}

static void notes(struct strbuf *sb, struct page *p, const struct h_site *s)
{
	const struct jv *n = jv_get(s->obj, "notes");
	size_t i;

	if (!n || n->type != JV_ARR || !n->len)
		return;
	sb_puts(sb, "<h3>Notes</h3>\n<ul class=\"notes\">\n");
	for (i = 0; i < n->len; i++) {
		const struct jv *o = &n->items[i];

		sb_puts(sb, "<li>");
		line_ref(sb, p, jv_str(o, "file", NULL), jv_int(o, "line", 0),
			 jv_int(o, "column", jv_int(o, "col", 0)));
		sb_puts(sb, ": ");
		h_esc(sb, jv_str(o, "message", ""));
		sb_puts(sb, "</li>\n");
	}
	sb_puts(sb, "</ul>\n");
}

static void code_cells(struct strbuf *sb, const struct h_line *l, char mark,
		       long num, bool *in_comment)
{
	const char *cls = mark == '-' ? " del" : mark == '+' ? " add" : "";

	if (!l) {
		sb_puts(sb, "<td class=\"ln\"></td><td class=\"mk\"></td><td class=\"code\"></td>");
		return;
	}
	sb_printf(sb, "<td class=\"ln%s\">%ld</td><td class=\"mk%s\">%s</td><td class=\"code%s\">",
		  cls, num, cls, mark == '-' ? "&minus;" : mark == '+' ? "+" : "",
		  cls);
	h_code(sb, l->s + 1, l->n - 1, in_comment);
	sb_puts(sb, "</td>");
}

/* One hunk of the diff: the old lines left, the new right, paired */
static void side_by_side(struct strbuf *sb, const struct h_hunk *h)
{
	long o = h->os, n = h->ns;
	bool cl = false, cr = false;
	int i = 0;

	sb_printf(sb, "<table class=\"sbs\">\n<caption>Before the fix (left, lines %ld&ndash;%ld) and after it (right, lines %ld&ndash;%ld); &minus; marks a line taken out, + a line put in</caption>\n"
		  "<colgroup><col class=\"ln\"><col class=\"mk\"><col><col class=\"ln\"><col class=\"mk\"><col></colgroup>\n"
		  "<thead><tr><th scope=\"col\" colspan=\"3\">Before</th><th scope=\"col\" colspan=\"3\">After</th></tr></thead>\n<tbody>\n",
		  h->os, h->os + h->ol - 1, h->ns, h->ns + h->nl - 1);
	while (i < h->n) {
		int d0 = i, d1, a1, k;

		if (h->l[i].s[0] == ' ') {
			sb_puts(sb, "<tr>");
			code_cells(sb, &h->l[i], ' ', o++, &cl);
			code_cells(sb, &h->l[i], ' ', n++, &cr);
			sb_puts(sb, "</tr>\n");
			i++;
			continue;
		}
		while (i < h->n && h->l[i].s[0] == '-')
			i++;
		d1 = i;
		while (i < h->n && h->l[i].s[0] == '+')
			i++;
		a1 = i;
		for (k = 0; k < d1 - d0 || k < a1 - d1; k++) {
			sb_puts(sb, "<tr>");
			if (k < d1 - d0)
				code_cells(sb, &h->l[d0 + k], '-', o++, &cl);
			else
				code_cells(sb, NULL, 0, 0, NULL);
			if (k < a1 - d1)
				code_cells(sb, &h->l[d1 + k], '+', n++, &cr);
			else
				code_cells(sb, NULL, 0, 0, NULL);
			sb_puts(sb, "</tr>\n");
		}
	}
	sb_puts(sb, "</tbody>\n</table>\n");
}

/* Lines [from, to] of the text before the fix, the site's line marked */
static void excerpt(struct strbuf *sb, struct page *p, long from, long to,
		    long mark, const char *caption)
{
	bool c = false;
	long i;

	if (from < 1)
		from = 1;
	if (to > p->norig)
		to = p->norig;
	sb_printf(sb, "<table class=\"src\">\n<caption>%s</caption>\n<colgroup><col class=\"ln\"><col></colgroup>\n<tbody>\n",
		  caption);
	for (i = from; i <= to; i++) {
		sb_printf(sb, "<tr%s><td class=\"ln\">%s%ld</td><td class=\"code\">",
			  i == mark ? " class=\"hit\"" : "",
			  i == mark ? "&#9654;&nbsp;" : "", i);
		h_code(sb, p->orig[i - 1].s, p->orig[i - 1].n, &c);
		sb_puts(sb, "</td></tr>\n");
	}
	sb_puts(sb, "</tbody>\n</table>\n");
}

static const struct h_hunk *hunk_at(const struct page *p, long line,
				    bool *near)
{
	const struct h_hunk *best = NULL;
	long bd = 31;
	int i;

	*near = false;
	for (i = 0; i < p->nh; i++) {
		const struct h_hunk *h = &p->h[i];
		long d = line < h->os ? h->os - line :
			 line >= h->os + h->ol ? line - (h->os + h->ol - 1) : 0;

		if (!d)
			return h;
		if (d < bd) {
			bd = d;
			best = h;
		}
	}
	*near = best != NULL;
	return best;
}

static void change(struct strbuf *sb, struct page *p, const struct h_site *s)
{
	bool near;
	const struct h_hunk *h = p->r->fix ? hunk_at(p, s->line, &near) : NULL;

	if (h && (!near || s->cls != HC_REFUSED)) {
		sb_puts(sb, "<h3>The change</h3>\n");
		if (near)
			sb_printf(sb, "<p>The diff does not change line %ld; the nearest change:</p>\n",
				  s->line);
		side_by_side(sb, h);
		return;
	}
	sb_puts(sb, p->r->fix ? "<h3>The code (not changed by the fix)</h3>\n" :
		"<h3>The code</h3>\n");
	if (!p->orig) {
		sb_puts(sb, "<p class=\"mute\">");
		h_esc(sb, p->why_no_text);
		sb_puts(sb, ": no source shown.</p>\n");
		return;
	}
	excerpt(sb, p, s->line - 4, s->line + 4, s->line,
		"The source around the site, its line marked &#9654;");
}

static void site(struct strbuf *sb, struct page *p, const struct h_site *s)
{
	int k = s->num;
	long tl[64];
	int ntl = 0, i;

	sb_printf(sb, "<section class=\"site\" id=\"site-%d\" aria-labelledby=\"site-%d-h\">\n<h2 id=\"site-%d-h\">Site %d: ",
		  k, k, k, k);
	line_ref(sb, p, NULL, s->line, s->col);
	sb_printf(sb, " <span class=\"o %s\">", h_class_name(s->cls));
	h_esc(sb, s->word);
	sb_puts(sb, "</span> [");
	h_esc(sb, s->rule);
	sb_puts(sb, "]</h2>\n<p class=\"msg\">");
	h_esc(sb, s->message);
	sb_puts(sb, "</p>\n");
	verdicts(sb, s);
	notes(sb, p, s);
	change(sb, p, s);
	if (h_timeline(sb, p->r, s, tl, &ntl))
		for (i = 0; i < ntl; i++)
			link_line(p, tl[i]);
	sb_puts(sb, "<p class=\"sitenav\">");
	if (k > 1)
		sb_printf(sb, "<a href=\"#site-%d\">Previous site</a> &middot; ", k - 1);
	if (k < p->f->n)
		sb_printf(sb, "<a href=\"#site-%d\">Next site</a> &middot; ", k + 1);
	sb_puts(sb, "<a href=\"#main\">Top of the page</a> &middot; <a href=\"index.html\">Index</a></p>\n</section>\n");
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

static void listing_rows(struct strbuf *sb, struct page *p, long from,
			 long to)
{
	bool c = false;
	long k;

	for (k = from; k <= to; k++) {
		bool hit = bsearch(&k, p->linked, p->nlinked, sizeof(long),
				   cmp_long) != NULL;

		sb_printf(sb, "<tr id=\"L%ld\"%s><td class=\"ln\">%s%ld</td><td class=\"code\">",
			  k, hit ? " class=\"hit\"" : "",
			  hit ? "&#9654;&nbsp;" : "", k);
		h_code(sb, p->orig[k - 1].s, p->orig[k - 1].n, &c);
		sb_puts(sb, "</td></tr>\n");
	}
}

/* Every linked line with CONTEXT lines around it; ranges merged */
static void listing(struct strbuf *sb, struct page *p)
{
	long from = 0, to = 0;
	bool have = false;
	int i;

	sb_puts(sb, "<section class=\"listing\" aria-labelledby=\"src-h\">\n<h2 id=\"src-h\">Source lines the page links to</h2>\n");
	if (!p->orig) {
		sb_puts(sb, "<p class=\"mute\">");
		h_esc(sb, p->why_no_text ? p->why_no_text : "no text");
		sb_puts(sb, ".</p>\n</section>\n");
		return;
	}
	sb_printf(sb, "<p>From the file as it was before the fix (%d lines): each linked line is marked &#9654;, with %d lines around it.</p>\n",
		  p->norig, CONTEXT);
	qsort(p->linked, p->nlinked, sizeof(long), cmp_long);
	sb_puts(sb, "<table class=\"src\">\n<colgroup><col class=\"ln\"><col></colgroup>\n<tbody>\n");
	for (i = 0; i < p->nlinked; i++) {
		long l = p->linked[i];
		long lo = l - CONTEXT < 1 ? 1 : l - CONTEXT;
		long hi = l + CONTEXT > p->norig ? p->norig : l + CONTEXT;

		if (l < 1 || l > p->norig)
			continue;
		if (have && lo <= to + 1) {
			if (hi > to)
				to = hi;
			continue;
		}
		if (have) {
			listing_rows(sb, p, from, to);
			sb_puts(sb, "<tr><td class=\"ln\">&hellip;</td><td></td></tr>\n");
		}
		from = lo;
		to = hi;
		have = true;
	}
	if (have)
		listing_rows(sb, p, from, to);
	sb_puts(sb, "</tbody>\n</table>\n</section>\n");
}

void h_file_page(struct strbuf *sb, const struct h_report *r, int fi)
{
	struct page *p = xrealloc(NULL, sizeof(*p));
	const struct h_file *f = &r->files[fi];
	struct strbuf body = { 0 };
	char *title = xasprintf("wqport report: %s", f->path);
	size_t olen;
	int i, c;

	memset(p, 0, sizeof(*p));
	p->r = r;
	p->f = f;
	p->nh = h_diff_parse(f->diff, &p->h);
	p->otext = h_original(f->path, p->h, p->nh, &olen, &p->why_no_text);
	if (p->otext)
		p->norig = h_split(p->otext, olen, &p->orig);
	h_page_begin(sb, title);
	free(title);
	sb_puts(sb, "<header>\n<p><a href=\"index.html\">&larr; Index of the report</a></p>\n<h1>");
	h_esc(sb, f->path);
	sb_printf(sb, "</h1>\n<p>%d site%s", f->n, f->n == 1 ? "" : "s");
	for (c = r->fix ? HC_CONV : HC_ERROR; c <= (r->fix ? HC_REFUSED : HC_STYLE); c++)
		if (f->count[c])
			sb_printf(sb, ", %d %s", f->count[c], h_class_label(c));
	sb_puts(sb, ".</p>\n");
	if (f->n) {
		sb_puts(sb, "<nav aria-label=\"Sites of this file\"><ol>\n");
		for (i = 0; i < f->n; i++) {
			const struct h_site *s = &r->sites[f->first + i];

			sb_printf(sb, "<li><a href=\"#site-%d\">line %ld</a> <span class=\"o %s\">",
				  s->num, s->line, h_class_name(s->cls));
			h_esc(sb, s->word);
			sb_puts(sb, "</span> ");
			h_esc(sb, s->rule);
			sb_puts(sb, "</li>\n");
		}
		sb_puts(sb, "</ol></nav>\n");
	}
	sb_puts(sb, "</header>\n<main id=\"main\">\n");
	if (f->error) {
		sb_puts(sb, "<p><span class=\"o error\">error</span> ");
		h_esc(sb, f->error);
		sb_puts(sb, "</p>\n");
	}
	for (i = 0; i < f->n; i++)
		site(&body, p, &r->sites[f->first + i]);
	sb_add(sb, body.s ? body.s : "", body.len);
	listing(sb, p);
	h_page_end(sb);
	free(body.s);
	free(p->orig);
	free(p->otext);
	h_hunks_free(p->h, p->nh);
	free(p);
}
