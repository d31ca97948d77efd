// SPDX-License-Identifier: GPL-2.0-only
/*
 * Text helpers of the HTML report: escaping (every byte of source,
 * message and file name goes through h_escn(): nothing from the data is
 * ever markup), a line-by-line C highlighter, the page frame with its
 * Content-Security-Policy, and reading the unified diff of a fix run
 * back into hunks and the text before the fix.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "html_int.h"
#include "text.h"

void h_escn(struct strbuf *sb, const char *s, size_t n)
{
	size_t i, from = 0;

	for (i = 0; i < n; i++) {
		const char *e;

		switch (s[i]) {
		case '&': e = "&amp;"; break;
		case '<': e = "&lt;"; break;
		case '>': e = "&gt;"; break;
		case '"': e = "&quot;"; break;
		case '\'': e = "&#39;"; break;
		case '\0': e = "\xef\xbf\xbd"; break;
		case '\r': e = ""; break;
		default:
			/* other control bytes are not text: show them as U+FFFD */
			if ((unsigned char)s[i] < 0x20 && s[i] != '\t' &&
			    s[i] != '\n')
				e = "\xef\xbf\xbd";
			else
				continue;
		}
		sb_add(sb, s + from, i - from);
		sb_puts(sb, e);
		from = i + 1;
	}
	sb_add(sb, s + from, n - from);
}

void h_esc(struct strbuf *sb, const char *s)
{
	h_escn(sb, s ? s : "", s ? strlen(s) : 0);
}

static const char *const keywords[] = {
	"auto", "break", "case", "char", "const", "continue", "default", "do",
	"double", "else", "enum", "extern", "float", "for", "goto", "if",
	"inline", "int", "long", "register", "return", "short", "signed",
	"sizeof", "static", "struct", "switch", "typedef", "union",
	"unsigned", "void", "volatile", "while", "bool", NULL,
};

/*
 * The wait API a reviewer looks for: every kernel function kapi.def
 * knows (the sleep_on family, the wait and wake calls, locks, state
 * setters), and the task states
 */
static const char *word_class(const char *s, size_t n)
{
	int i;

	for (i = 0; keywords[i]; i++)
		if (strlen(keywords[i]) == n && !memcmp(keywords[i], s, n))
			return "k";
	if (kapi_classify(s, n) || (n > 5 && !memcmp(s, "TASK_", 5)))
		return "w";
	return NULL;
}

static void span(struct strbuf *sb, const char *cls, const char *s, size_t n)
{
	if (!n)
		return;
	if (cls)
		sb_printf(sb, "<span class=\"%s\">", cls);
	h_escn(sb, s, n);
	if (cls)
		sb_puts(sb, "</span>");
}

void h_code(struct strbuf *sb, const char *s, size_t n, bool *in_comment)
{
	size_t i = 0, j;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (!*in_comment && i < n && s[i] == '#') {
		span(sb, NULL, s, i);
		/* a directive; a comment on it is still a comment */
		for (j = i; j < n && !(s[j] == '/' && j + 1 < n &&
				       (s[j + 1] == '*' || s[j + 1] == '/')); j++)
			;
		span(sb, "p", s + i, j - i);
		i = j;
	} else {
		span(sb, NULL, s, i);
	}
	while (i < n) {
		if (*in_comment) {
			for (j = i; j + 1 < n && !(s[j] == '*' && s[j + 1] == '/'); j++)
				;
			if (j + 1 < n) {
				j += 2;
				*in_comment = false;
			} else {
				j = n;
			}
			span(sb, "c", s + i, j - i);
			i = j;
		} else if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
			*in_comment = true;
			span(sb, "c", s + i, 2);
			i += 2;
		} else if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
			span(sb, "c", s + i, n - i);
			i = n;
		} else if (s[i] == '"' || s[i] == '\'') {
			for (j = i + 1; j < n && s[j] != s[i]; j++)
				if (s[j] == '\\')
					j++;
			j = j < n ? j + 1 : n;
			span(sb, "s", s + i, j - i);
			i = j;
		} else if (isalpha((unsigned char)s[i]) || s[i] == '_') {
			for (j = i; j < n && (isalnum((unsigned char)s[j]) ||
					      s[j] == '_'); j++)
				;
			span(sb, word_class(s + i, j - i), s + i, j - i);
			i = j;
		} else if (isdigit((unsigned char)s[i])) {
			for (j = i; j < n && (isalnum((unsigned char)s[j]) ||
					      s[j] == '.'); j++)
				;
			span(sb, "n", s + i, j - i);
			i = j;
		} else {
			for (j = i; j < n && !strchr("/\"'_#", s[j]) &&
			     !isalnum((unsigned char)s[j]); j++)
				;
			if (j == i)
				j++;
			span(sb, NULL, s + i, j - i);
			i = j;
		}
	}
}

static const char *const class_names[HC_N] = {
	"conv", "caveat", "keep", "refused", "error", "warning", "style",
};

static const char *const class_labels[HC_N] = {
	"converted", "with caveat", "keeps the race", "refused",
	"errors", "warnings", "style",
};

const char *h_class_name(enum h_class c)
{
	return class_names[c];
}

const char *h_class_label(enum h_class c)
{
	return class_labels[c];
}

/*
 * Nothing but the stylesheet next to the page may load: no script (the
 * report has none), no image, no font, no frame, no form target.
 */
void h_page_begin(struct strbuf *sb, const char *title)
{
	sb_puts(sb, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'\">\n"
		"<meta name=\"referrer\" content=\"no-referrer\">\n"
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		"<title>");
	h_esc(sb, title);
	sb_puts(sb, "</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n"
		"<a class=\"skip\" href=\"#main\">Skip to the content</a>\n");
}

void h_page_end(struct strbuf *sb)
{
	sb_puts(sb, "</main>\n<footer><p>Written by wqport from the run's JSON document; no script, nothing loaded from outside this folder.</p></footer>\n</body>\n</html>\n");
}

int h_split(const char *text, size_t len, struct h_line **out)
{
	struct h_line *l = NULL;
	int n = 0, cap = 0;
	const char *p = text, *e = text + len;

	while (p < e) {
		const char *nl = memchr(p, '\n', e - p);
		size_t k = nl ? (size_t)(nl - p) : (size_t)(e - p);

		if (n == cap) {
			cap = cap ? cap * 2 : 256;
			l = xrealloc(l, cap * sizeof(*l));
		}
		l[n].s = p;
		l[n].n = k && p[k - 1] == '\r' ? k - 1 : k;
		n++;
		p += k + (nl != NULL);
	}
	*out = l;
	return n;
}

/* "@@ -a,b +c,d @@" */
static bool hunk_head(const char *s, struct h_hunk *h)
{
	char *e;

	if (strncmp(s, "@@ -", 4))
		return false;
	h->os = strtol(s + 4, &e, 10);
	h->ol = *e == ',' ? strtol(e + 1, &e, 10) : 1;
	if (strncmp(e, " +", 2))
		return false;
	h->ns = strtol(e + 2, &e, 10);
	h->nl = *e == ',' ? strtol(e + 1, &e, 10) : 1;
	return !strncmp(e, " @@", 3);
}

int h_diff_parse(const char *diff, struct h_hunk **out)
{
	struct h_line *l;
	struct h_hunk *h = NULL;
	int nl = h_split(diff, strlen(diff), &l), i, n = 0;

	for (i = 0; i < nl; i++) {
		struct h_hunk cur = { 0 };
		char *head = xasprintf("%.*s", (int)l[i].n, l[i].s);
		bool ok = hunk_head(head, &cur);

		free(head);
		if (!ok)
			continue;
		while (i + 1 < nl && l[i + 1].n &&
		       strchr(" -+\\", l[i + 1].s[0])) {
			i++;
			if (l[i].s[0] == '\\')	/* "\ No newline at end of file" */
				continue;
			cur.l = xrealloc(cur.l, (cur.n + 1) * sizeof(*cur.l));
			cur.l[cur.n++] = l[i];
		}
		h = xrealloc(h, (n + 1) * sizeof(*h));
		h[n++] = cur;
	}
	free(l);
	*out = h;
	return n;
}

void h_hunks_free(struct h_hunk *h, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(h[i].l);
	free(h);
}

static bool same_line(struct h_line a, const struct h_line *b)
{
	return a.n == b->n - 1 && !memcmp(a.s, b->s + 1, a.n);
}

/* Does side (' ' and skip, the other kept) of every hunk match text? */
static bool side_matches(const struct h_line *t, int nt, const struct h_hunk *h,
			 int nh, char skip)
{
	int i, j;

	for (i = 0; i < nh; i++) {
		long at = (skip == '+' ? h[i].os : h[i].ns) - 1;

		if (at < 0)
			at = 0;
		for (j = 0; j < h[i].n; j++) {
			if (h[i].l[j].s[0] == skip)
				continue;
			if (at >= nt || !same_line(t[at], &h[i].l[j]))
				return false;
			at++;
		}
	}
	return true;
}

char *h_original(const char *path, const struct h_hunk *h, int nh,
		 size_t *len, const char **why)
{
	size_t n;
	char *text = read_regular_file(path, 64u << 20, &n);
	struct h_line *t;
	struct strbuf sb = { 0 };
	long at = 0;
	int nt, i, j;

	*why = NULL;
	if (!text) {
		*why = "the file cannot be read now";
		return NULL;
	}
	nt = h_split(text, n, &t);
	if (!nh || side_matches(t, nt, h, nh, '+')) {
		free(t);
		*len = n;
		return text;
	}
	if (!side_matches(t, nt, h, nh, '-')) {
		free(t);
		free(text);
		*why = "the file has changed since the run";
		return NULL;
	}
	/* written in place (--write): undo the diff */
	sb_add(&sb, "", 0);
	for (i = 0; i < nh; i++) {
		for (; at < h[i].ns - 1 + (h[i].nl == 0) && at < nt; at++) {
			sb_add(&sb, t[at].s, t[at].n);
			sb_puts(&sb, "\n");
		}
		for (j = 0; j < h[i].n; j++) {
			if (h[i].l[j].s[0] == '+') {
				at++;
				continue;
			}
			sb_add(&sb, h[i].l[j].s + 1, h[i].l[j].n - 1);
			sb_puts(&sb, "\n");
			if (h[i].l[j].s[0] == ' ')
				at++;
		}
	}
	for (; at < nt; at++) {
		sb_add(&sb, t[at].s, t[at].n);
		sb_puts(&sb, "\n");
	}
	free(t);
	free(text);
	*len = sb.len;
	return sb.s;
}
