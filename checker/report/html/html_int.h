/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the pieces of the HTML report share: the sites and files read
 * from the JSON (html.c), the text helpers (html_text.c), the file page
 * (html_page.c) and the timeline (html_timeline.c).
 */
#ifndef WQPORT_HTML_INT_H
#define WQPORT_HTML_INT_H

#include "html.h"
#include "json_read.h"

/* outcome classes: the fix's outcomes, then the check's severities */
enum h_class { HC_CONV, HC_CAVEAT, HC_KEEP, HC_REFUSED,
	       HC_ERROR, HC_WARNING, HC_STYLE, HC_N };

struct h_site {
	int file;		/* index in h_report.files */
	int num;		/* 1-based within its file */
	long line, col;
	const char *rule;	/* "WQ001" */
	const char *word;	/* the outcome or severity, as the run says */
	enum h_class cls;
	const char *reason, *form, *message;
	const struct jv *obj;	/* notes, validation, model, trace */
};

struct h_file {
	const char *path;
	const char *diff;	/* fix: the file's unified diff, or "" */
	const char *error;
	int first, n;		/* its sites */
	int count[HC_N];
	char page[40];		/* file-0001.html */
};

struct h_report {
	bool fix;
	struct h_file *files;
	int nfiles;
	struct h_site *sites;
	int nsites;
	const struct jv *root;
};

/* html_text.c */
void h_esc(struct strbuf *sb, const char *s);
void h_escn(struct strbuf *sb, const char *s, size_t n);
/* One line of C, escaped and highlighted; *in_comment carries a block
 * comment from line to line. */
void h_code(struct strbuf *sb, const char *s, size_t n, bool *in_comment);
const char *h_class_name(enum h_class c);	/* CSS class */
const char *h_class_label(enum h_class c);	/* heading */
void h_page_begin(struct strbuf *sb, const char *title);
void h_page_end(struct strbuf *sb);

struct h_line {
	const char *s;
	size_t n;
};

struct h_hunk {
	long os, ol, ns, nl;	/* old start, length; new start, length */
	struct h_line *l;	/* with their ' ', '-' or '+' */
	int n;
};

/* Split text into lines (no '\n', no trailing '\r') */
int h_split(const char *text, size_t len, struct h_line **out);
int h_diff_parse(const char *diff, struct h_hunk **out);
void h_hunks_free(struct h_hunk *h, int n);
/*
 * The text before the fix, from the file as it is now: the file itself
 * when the diff's old side matches it, the file with the diff undone
 * when its new side does (--write), NULL when neither (changed since).
 */
char *h_original(const char *path, const struct h_hunk *h, int nh,
		 size_t *len, const char **why);

/* html_page.c: the page of file i */
void h_file_page(struct strbuf *sb, const struct h_report *r, int i);

/* html_timeline.c: the site's two-lane schedule, when it has one; the
 * lines it links are added to lines[*nlines] (at most 64) */
bool h_timeline(struct strbuf *sb, const struct h_report *r,
		const struct h_site *s, long *lines, int *nlines);

/* The pages written into dir (html.c), and the folder's rules (html_dir.c) */
struct h_out {
	const char *dir;
	char **names;
	int n;
	size_t bytes;
	char *err;
};

bool html_dir_make(const char *dir, bool force, char **err);
void html_dir_drop_stale(const struct h_out *o);
bool html_dir_manifest(const struct h_out *o, char **err);

#endif /* WQPORT_HTML_INT_H */
