// SPDX-License-Identifier: GPL-2.0-only
/*
 * Comments of the lines a rewrite replaced (keep_comments(), after
 * layout_new_lines() in layout.c): a comment spatch dropped is put back
 * beside the line that replaces its own, in the order it had.
 *
 * Lines of their own inside replaced code go above the replacement; a
 * comment trailing a removed line goes at the end of the new line that
 * shares most names with it when that fits in 100 columns, else above
 * it; a comment inside the code of a removed line (`sleep_on_timeout(&q,
 * HZ / 50 / * 20 ms * /);`) goes beside the new line with the line's
 * other lost comments, in order; and of two comments on one line, the
 * one spatch did not keep goes after the one it kept.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "fix.h"
#include "site_text.h"

struct lines {
	const char **s;
	size_t *n;
	int count;
};

static struct lines split_lines(const char *t, size_t len)
{
	struct lines l = { 0 };
	const char *p = t, *end = t + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		l.s = xrealloc(l.s, (l.count + 1) * sizeof(*l.s));
		l.n = xrealloc(l.n, (l.count + 1) * sizeof(*l.n));
		l.s[l.count] = p;
		l.n[l.count++] = n;
		p += n + 1;
	}
	return l;
}

static bool same_line(const struct lines *a, int i, const struct lines *b, int j)
{
	return a->n[i] == b->n[j] && !memcmp(a->s[i], b->s[j], a->n[i]);
}

static const char *skip_blank(const char *s, const char *end)
{
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	return s;
}

/* A line holding only (a part of) a comment: `/ * ...`, ` * ...`, `// ...` */
static bool comment_line(const char *s, size_t n)
{
	const char *p = skip_blank(s, s + n), *end = s + n;

	if (end - p >= 2 && (!strncmp(p, "/*", 2) || !strncmp(p, "//", 2)))
		return !strncmp(p, "//", 2) || !memchr(p, ';', end - p);
	return end - p >= 1 && *p == '*' && (end - p == 1 || p[1] == ' ' ||
					     p[1] == '/');
}

/*
 * Where a comment trailing code on line s starts, or NULL: a block
 * comment that ends the line, or a // comment, with code before it,
 * outside string and character literals.  *sep: where the blanks before
 * the comment start.
 */
static const char *trailing_comment(const char *s, size_t n, const char **sep)
{
	const char *p = s, *end = s + n, *c, *e;
	char quote = 0;
	bool code = false;

	while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	for (; p < end; p++) {
		if (quote) {
			if (*p == '\\')
				p++;
			else if (*p == quote)
				quote = 0;
			continue;
		}
		if (*p == '"' || *p == '\'') {
			quote = *p;
			code = true;
			continue;
		}
		if (p + 1 < end && p[0] == '/' && (p[1] == '*' || p[1] == '/')) {
			c = p;
			if (p[1] == '*') {
				e = memmem(p + 2, end - p - 2, "*/", 2);
				if (!e)
					return NULL;
				if (e + 2 != end) {	/* a comment inside the code */
					p = e + 1;
					continue;
				}
			}
			if (!code)
				return NULL;
			while (c > s && (c[-1] == ' ' || c[-1] == '\t'))
				c--;
			*sep = c;
			return p;
		}
		if (*p != ' ' && *p != '\t')
			code = true;
	}
	return NULL;
}

static bool hunk_has(const struct lines *b, int from, int to, const char *c,
		     size_t n)
{
	int k;

	for (k = from; k < to; k++)
		if (memmem(b->s[k], b->n[k], c, n))
			return true;
	return false;
}

static bool keyword(const char *w, size_t n)
{
	static const char *const kw[] = {
		"if", "else", "while", "for", "do", "return", "break",
		"continue", "goto", "sizeof", "switch", "case", "default",
		"struct", "union", "enum", "int", "long", "unsigned", "void",
		"char", "const", "static", "NULL", NULL
	};
	int i;

	for (i = 0; kw[i]; i++)
		if (strlen(kw[i]) == n && !memcmp(kw[i], w, n))
			return true;
	return false;
}

/*
 * How many distinct names (identifiers that are not keywords) of the code
 * [s, s + n) occur as names in line t.
 */
static int shared_names(const char *s, size_t n, const char *t, size_t tn)
{
	const char *p = s, *end = s + n;
	int shared = 0;

	while (p < end) {
		const char *w = p, *q;
		bool seen = false, found = false;

		if (*p == '"' || *p == '\'') {
			char quote = *p++;

			while (p < end && *p != quote)
				p += *p == '\\' ? 2 : 1;
			p++;
			continue;
		}
		if (!is_ident(*p)) {
			p++;
			continue;
		}
		if (*p >= '0' && *p <= '9') {	/* a number */
			while (p < end && is_ident(*p))
				p++;
			continue;
		}
		while (p < end && is_ident(*p))
			p++;
		if (keyword(w, p - w))
			continue;
		/* counted once: not seen earlier on the removed line */
		for (q = s; q + (p - w) <= w && !seen; q++)
			seen = !memcmp(q, w, p - w) &&
			       (q == s || !is_ident(q[-1])) && !is_ident(q[p - w]);
		for (q = t; !seen && !found && q + (p - w) <= t + tn; q++)
			found = !memcmp(q, w, p - w) &&
				(q == t || !is_ident(q[-1])) &&
				(q + (p - w) == t + tn || !is_ident(q[p - w]));
		shared += found;
	}
	return shared;
}

#define LCS_MAX 3000
#define COMMENT_COLS 100	/* checkpatch's line length */
#define LINE_COMMENTS 16

/*
 * The comments of code line s that lie wholly on it, in order, outside
 * string and character literals: [cs[k], ce[k]).  How many (at most max).
 */
static int line_comments(const char *s, size_t n, const char **cs,
			 const char **ce, int max)
{
	const char *p = s, *end = s + n, *e;
	char quote = 0;
	int k = 0;

	while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	for (; p < end && k < max; p++) {
		if (quote) {
			if (*p == '\\')
				p++;
			else if (*p == quote)
				quote = 0;
			continue;
		}
		if (*p == '"' || *p == '\'') {
			quote = *p;
			continue;
		}
		if (p + 1 >= end || p[0] != '/' || (p[1] != '*' && p[1] != '/'))
			continue;
		if (p[1] == '/') {
			cs[k] = p;
			ce[k++] = end;
			break;
		}
		e = memmem(p + 2, end - p - 2, "*/", 2);
		if (!e)
			break;		/* goes on to the next line */
		cs[k] = p;
		ce[k++] = e + 2;
		p = e + 1;
	}
	return k;
}

/*
 * The comments inside the code of deleted line s (before its trailing
 * comment, which keep_trailing() places itself) that the insertion
 * b[from, to) does not have: `HZ / 50 / * 20 ms * /` of a call the
 * rewrite replaced.  Joined by a blank, in order; NULL when none.
 */
static char *inner_comments(const char *s, size_t n, const char *trail,
			    const struct lines *b, int from, int to)
{
	const char *cs[LINE_COMMENTS], *ce[LINE_COMMENTS];
	int k, nc = line_comments(s, n, cs, ce, LINE_COMMENTS);
	struct strbuf sb = { 0 };

	for (k = 0; k < nc; k++) {
		if ((trail && cs[k] >= trail) ||
		    hunk_has(b, from, to, cs[k], ce[k] - cs[k]))
			continue;
		sb_printf(&sb, "%s%.*s", sb.len ? " " : "",
			  (int)(ce[k] - cs[k]), cs[k]);
	}
	return sb.s;
}

/*
 * The comment that ends inserted line l is one that came before c on the
 * deleted line s (`sleep_on(&q); / * first * / / * second * /`, the first
 * kept by the rewrite): the second goes after it, in order, not above.
 */
static bool own_earlier(const char *l, size_t ln, const char *s,
			const char *c)
{
	const char *sep, *tc = trailing_comment(l, ln, &sep), *end = l + ln;

	while (end > l && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	return tc && end > tc && c > s &&
	       memmem(s, c - s, tc, end - tc) != NULL;
}

/* The inserted line b[j] that shares most names with code [s, e), or -1 */
static int best_line(const char *s, const char *e, const struct lines *b,
		     int from, int to)
{
	int j, sh, best = -1, most = 0;

	for (j = 0; j < to - from; j++) {
		sh = shared_names(s, e - s, b->s[from + j], b->n[from + j]);
		if (sh > most) {
			most = sh;
			best = j;
		}
	}
	return best;
}

struct kept {
	char **tail;		/* at the end of inserted line j */
	char **mid;		/* before inserted line j's own trailing comment */
	struct strbuf *above;	/* on lines of their own above line j */
	struct strbuf lost;	/* nothing inserted: where the line was */
};

/*
 * Deleted line s lost comments inside its code (and maybe its trailing
 * one, c): all of them, text t, in order, go beside the inserted line
 * that replaces it: at its end, or before its own trailing comment (the
 * one spatch kept), when that fits in 100 columns, else above it.
 */
static void keep_all(struct kept *kp, const char *s, size_t n, const char *t,
		     const struct lines *b, int from, int to)
{
	const char *sep, *code_end = trailing_comment(s, n, &sep) ? sep : s + n;
	int best = best_line(s, code_end, b, from, to), cnt = to - from;
	const char *ind, *l;
	size_t ln;

	if (best < 0 && !cnt) {
		sb_printf(&kp->lost, "%.*s%s\n",
			  (int)(skip_blank(s, s + n) - s), s, t);
		return;
	}
	if (best < 0) {
		ind = b->s[from];
		sb_printf(&kp->above[0], "%.*s%s\n",
			  (int)(skip_blank(ind, ind + b->n[from]) - ind), ind, t);
		return;
	}
	l = b->s[from + best];
	ln = b->n[from + best];
	if (!kp->tail[best] && !kp->mid[best] &&
	    layout_width(l, ln) + 1 + layout_width(t, strlen(t)) <= COMMENT_COLS) {
		if (trailing_comment(l, ln, &sep))
			kp->mid[best] = xstrdup(t);
		else
			kp->tail[best] = xasprintf(" %s", t);
		return;
	}
	sb_printf(&kp->above[best], "%.*s%s\n",
		  (int)(skip_blank(l, l + ln) - l), l, t);
}

/*
 * Print the inserted lines b[from, to) of a hunk that deleted a[dfrom,
 * dto), keeping the comments that trailed deleted lines and are not in
 * the insertion.  Each goes at the end of the inserted line that shares
 * most names with its line (the statement that replaces it) when that
 * line has no comment yet and the result fits in 100 columns, else on a
 * line of its own above that line, at its indentation; when no inserted
 * line shares a name, on a line of its own above the insertion, at its
 * indentation; with nothing inserted, on a line of its own where the
 * removed line was, at its indentation.  Comments above one line keep
 * the order of their lines.  A comment inside the code of a deleted line
 * (`HZ / 50 / * 20 ms * /);`) that the insertion lacks is kept too, with
 * the line's other lost comments, in order (keep_all()).
 */
static void keep_trailing(struct strbuf *sb, const struct lines *a, int dfrom,
			  int dto, const struct lines *b, int from, int to)
{
	int cnt = to - from, k, j;
	struct kept kp = { 0 };

	kp.tail = xrealloc(NULL, (cnt + 1) * sizeof(*kp.tail));
	kp.mid = xrealloc(NULL, (cnt + 1) * sizeof(*kp.mid));
	kp.above = xrealloc(NULL, (cnt + 1) * sizeof(*kp.above));
	memset(kp.tail, 0, (cnt + 1) * sizeof(*kp.tail));
	memset(kp.mid, 0, (cnt + 1) * sizeof(*kp.mid));
	memset(kp.above, 0, (cnt + 1) * sizeof(*kp.above));
	for (k = dfrom; k < dto; k++) {
		const char *s = a->s[k], *sep, *ind, *c = trailing_comment(s, a->n[k], &sep);
		const char *cend = s + a->n[k], *isep;
		char *inner = comment_line(s, a->n[k]) ? NULL :
			      inner_comments(s, a->n[k], c, b, from, to);
		int best;

		if (c) {
			while (cend > c && (cend[-1] == ' ' || cend[-1] == '\t'))
				cend--;
			if (hunk_has(b, from, to, c, cend - c))
				c = NULL;	/* the rewrite kept it */
		}
		if (inner) {
			char *t = c ? xasprintf("%s %.*s", inner,
						(int)(cend - c), c) : xstrdup(inner);

			keep_all(&kp, s, a->n[k], t, b, from, to);
			free(t);
			free(inner);
			continue;
		}
		if (!c)
			continue;
		best = best_line(s, sep, b, from, to);
		if (best < 0 && !cnt) {
			sb_printf(&kp.lost, "%.*s%.*s\n",
				  (int)(skip_blank(s, s + a->n[k]) - s), s,
				  (int)(cend - c), c);
			continue;
		}
		if (best < 0) {		/* above the statement that replaces it */
			ind = b->s[from];
			sb_printf(&kp.above[0], "%.*s%.*s\n",
				  (int)(skip_blank(ind, ind + b->n[from]) - ind),
				  ind, (int)(cend - c), c);
			continue;
		}
		ind = b->s[from + best];
		if (!kp.tail[best] && !kp.mid[best] &&
		    (!trailing_comment(ind, b->n[from + best], &isep) ||
		     own_earlier(ind, b->n[from + best], s, c))) {
			char *l = xasprintf("%.*s%.*s", (int)b->n[from + best],
					    ind, (int)(cend - sep), sep);

			if (layout_width(l, strlen(l)) <= COMMENT_COLS) {
				kp.tail[best] = xasprintf("%.*s", (int)(cend - sep), sep);
				free(l);
				continue;
			}
			free(l);
		}
		sb_printf(&kp.above[best], "%.*s%.*s\n",
			  (int)(skip_blank(ind, ind + b->n[from + best]) - ind),
			  ind, (int)(cend - c), c);
	}
	if (kp.lost.len)
		sb_add(sb, kp.lost.s, kp.lost.len);
	for (j = 0; j < cnt; j++) {
		const char *l = b->s[from + j], *sep = l + b->n[from + j];

		if (kp.above[j].len)
			sb_add(sb, kp.above[j].s, kp.above[j].len);
		if (kp.mid[j])
			trailing_comment(l, b->n[from + j], &sep);
		sb_printf(sb, "%.*s%s%s%.*s%s\n", (int)(sep - l), l,
			  kp.mid[j] ? " " : "", kp.mid[j] ? kp.mid[j] : "",
			  (int)(l + b->n[from + j] - sep), sep,
			  kp.tail[j] ? kp.tail[j] : "");
		free(kp.tail[j]);
		free(kp.mid[j]);
		free(kp.above[j].s);
	}
	free(kp.lost.s);
	free(kp.tail);
	free(kp.mid);
	free(kp.above);
}

/*
 * A comment on lines of its own inside code the rewrite replaced (a
 * comment in a loop that became one wait_event() call) is put back above
 * the replacement, at its indentation.  Comments trailing code go with
 * their code (above); comments of their own say why, and stay.
 */
void keep_comments(const char *orig, size_t olen, char **text, size_t *len)
{
	struct lines a = split_lines(orig, olen), b = split_lines(*text, *len);
	int pre = 0, suf = 0, m, n, i, j;
	unsigned short *t;
	struct strbuf sb = { 0 };

	while (pre < a.count && pre < b.count && same_line(&a, pre, &b, pre))
		pre++;
	while (suf < a.count - pre && suf < b.count - pre &&
	       same_line(&a, a.count - 1 - suf, &b, b.count - 1 - suf))
		suf++;
	m = a.count - pre - suf;
	n = b.count - pre - suf;
	if (!m || m > LCS_MAX || n > LCS_MAX)
		goto out;
	/* t[i][j]: LCS length of a[pre+i..] and b[pre+j..] */
	t = calloc((size_t)(m + 1) * (n + 1), sizeof(*t));
	if (!t)
		goto out;
	for (i = m - 1; i >= 0; i--)
		for (j = n - 1; j >= 0; j--)
			t[i * (n + 1) + j] = same_line(&a, pre + i, &b, pre + j) ?
				t[(i + 1) * (n + 1) + j + 1] + 1 :
				t[(i + 1) * (n + 1) + j] > t[i * (n + 1) + j + 1] ?
				t[(i + 1) * (n + 1) + j] : t[i * (n + 1) + j + 1];
	for (i = 0; i < pre; i++)
		sb_printf(&sb, "%.*s\n", (int)b.n[i], b.s[i]);
	i = j = 0;
	while (i < m || j < n) {
		int di = i, dj = j, k;

		if (i < m && j < n && same_line(&a, pre + i, &b, pre + j)) {
			sb_printf(&sb, "%.*s\n", (int)b.n[pre + j], b.s[pre + j]);
			i++, j++;
			continue;
		}
		/* a hunk: deletions a[di..i), insertions b[dj..j) */
		while (i < m || j < n) {
			if (i < m && j < n && same_line(&a, pre + i, &b, pre + j))
				break;
			if (j < n && (i == m || t[i * (n + 1) + j + 1] >= t[(i + 1) * (n + 1) + j]))
				j++;
			else
				i++;
		}
		if (j > dj) {
			const char *first = b.s[pre + dj];
			const char *ind_end = skip_blank(first, first + b.n[pre + dj]);

			for (k = di; k < i; k++) {
				const char *s = a.s[pre + k], *body;

				if (!comment_line(s, a.n[pre + k]) ||
				    memmem(*text, *len, s, a.n[pre + k]))
					continue;
				body = skip_blank(s, s + a.n[pre + k]);
				sb_printf(&sb, "%.*s%s%.*s\n", (int)(ind_end - first),
					  first, *body == '*' ? " " : "",
					  (int)(s + a.n[pre + k] - body), body);
			}
		}
		keep_trailing(&sb, &a, pre + di, pre + i, &b, pre + dj, pre + j);
	}
	for (i = b.count - suf; i < b.count; i++)
		sb_printf(&sb, "%.*s\n", (int)b.n[i], b.s[i]);
	free(t);
	if (*len && (*text)[*len - 1] != '\n' && sb.len)
		sb.len--;	/* the text had no final newline */
	free(*text);
	*text = sb.s ? sb.s : xstrdup("");
	*len = sb.len;
	sb.s = NULL;
out:
	free(sb.s);
	free(a.s);
	free(a.n);
	free(b.s);
	free(b.n);
}
