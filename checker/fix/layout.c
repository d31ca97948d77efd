// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel layout for the lines a rewrite produced.
 *
 * spatch prints a new wait_event*() call on one line however long it is.
 * A line the rewrite added that is wider than 80 columns is broken after
 * the last comma that keeps it within 80, and the rest is aligned after
 * the innermost open parenthesis with tabs and spaces, as the kernel's
 * coding style asks.  Only whitespace changes, and only on lines that are
 * not in the original file.
 *
 * When a semantic patch deletes a statement that had a trailing comment,
 * spatch 1.1.1 leaves the comment behind on a line of its own at column
 * 0, in place of the line break before the statement.  Such a residue is
 * turned back into that line break: the comment went with its code.
 * Likewise a comment that trailed a statement the rewrite replaced does
 * not move onto the replacement (spatch moves some and not others): the
 * rule is simply that a trailing comment goes with its code.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "fix.h"
#include "site_text.h"

#define MAX_COLS 80

static unsigned width(const char *s, size_t n)
{
	unsigned col = 0;
	size_t i;

	for (i = 0; i < n; i++)
		col = s[i] == '\t' ? (col + 8) & ~7u : col + 1;
	return col;
}

static bool in_original(const char *orig, size_t olen, const char *line,
			size_t n)
{
	const char *p = orig, *end = orig + olen;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (l == n && !memcmp(p, line, n))
			return true;
		p += l + 1;
	}
	return false;
}

/* Append line (no newline) to sb, broken as described above. */
static void wrap_line(struct strbuf *sb, const char *line, size_t n)
{
	int depth = 0, open[64], best = -1, best_open = -1;
	bool in_str = false;
	size_t i;

	for (i = 0; i < n; i++) {
		char c = line[i];

		if (c == '"' && (i == 0 || line[i - 1] != '\\'))
			in_str = !in_str;
		if (in_str)
			continue;
		if (c == '(' && depth < 64)
			open[depth++] = i;
		else if (c == ')' && depth)
			depth--;
		else if (c == '/' && i + 1 < n && (line[i + 1] == '*' || line[i + 1] == '/'))
			break;	/* never break inside or before a comment */
		else if (c == ',' && depth && i + 1 < n && line[i + 1] == ' ' &&
			 width(line, i + 1) <= MAX_COLS) {
			best = i;
			best_open = open[depth - 1];
		}
	}
	if (best < 0 || width(line, n) <= MAX_COLS) {
		sb_add(sb, line, n);
		return;
	}
	sb_add(sb, line, best + 1);
	sb_puts(sb, "\n");
	{
		unsigned col = width(line, best_open + 1), t;
		struct strbuf rest = { 0 };
		size_t skip = best + 2;

		for (t = 0; t + 8 <= col; t += 8)
			sb_puts(&rest, "\t");
		for (; t < col; t++)
			sb_puts(&rest, " ");
		sb_add(&rest, line + skip, n - skip);
		if (width(rest.s, rest.len) < width(line, n))
			wrap_line(sb, rest.s, rest.len);
		else
			sb_add(sb, rest.s, rest.len);
		free(rest.s);
	}
}

/* A line that is only a comment at column 0, trailing some original line. */
static bool comment_residue(const char *orig, size_t olen, const char *line,
			    size_t n)
{
	char *c, *hit;
	bool r = false;

	if (n < 4 || strncmp(line, "/*", 2) || strncmp(line + n - 2, "*/", 2) ||
	    memmem(line + 2, n - 4, "*/", 2) || in_original(orig, olen, line, n))
		return false;
	c = xasprintf("%.*s", (int)n, line);
	hit = memmem(orig, olen, c, n);
	/* it must trail code in the original: not at the start of a line */
	while (hit && !r) {
		const char *b = hit;

		while (b > orig && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		r = b > orig && b[-1] != '\n' && b[-1] != '/';
		hit = memmem(hit + 1, olen - (hit + 1 - orig), c, n);
	}
	free(c);
	return r;
}

/* Is there a line in text equal to [l, l + n)? */
static bool line_in(const char *text, size_t tlen, const char *l, size_t n)
{
	return in_original(text, tlen, l, n);
}

/*
 * Length of line without a trailing comment that trailed an original
 * line which is gone from the new text; n if there is none.
 */
static size_t strip_moved_comment(const char *orig, size_t olen,
				  const char *text, size_t tlen,
				  const char *line, size_t n)
{
	const char *c, *p = orig, *end = orig + olen;
	size_t cl;

	if (n < 4 || strncmp(line + n - 2, "*/", 2))
		return n;
	for (c = line + n - 2; c > line && strncmp(c, "/*", 2); c--)
		;
	if (c == line || strncmp(c, "/*", 2))
		return n;
	cl = line + n - c;
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (l > cl && !memcmp(p + l - cl, c, cl) &&
		    !line_in(text, tlen, p, l)) {
			while (c > line && (c[-1] == ' ' || c[-1] == '\t'))
				c--;
			return c - line;
		}
		p += l + 1;
	}
	return n;
}

static bool is_define_wait(const char *l, size_t n)
{
	while (n && (*l == ' ' || *l == '\t')) {
		l++;
		n--;
	}
	if (n > 5 && !strncmp(l, "long ", 5) && l[n - 1] == ';') {
		/* `long left;`, the hoisted schedule_timeout() result */
		size_t i;

		for (i = 5; i < n - 1 && is_ident(l[i]); i++)
			;
		return i == n - 1 && i > 5;
	}
	return n > 12 && !strncmp(l, "DEFINE_WAIT(", 12) && l[n - 1] == ';';
}

/* Does the line at l look like a declaration, or is it blank? */
static bool declaration_line(const char *l, const char *end)
{
	static const char *const words[] = {
		"struct ", "union ", "enum ", "unsigned ", "signed ", "int ",
		"long ", "short ", "char ", "bool ", "const ", "static ",
		"volatile ", "u8 ", "u16 ", "u32 ", "u64 ", "s8 ", "s16 ",
		"s32 ", "s64 ", "size_t ", "ssize_t ", "loff_t ", "DECLARE_",
		"DEFINE_", "wait_queue_head_t ", "register ", "void ", NULL
	};
	const char *e = memchr(l, '\n', end - l);
	int i;

	if (!e)
		e = end;
	while (l < e && (*l == ' ' || *l == '\t'))
		l++;
	if (l == e || *l == '}')
		return true;
	for (i = 0; words[i]; i++)
		if ((size_t)(e - l) > strlen(words[i]) &&
		    !strncmp(l, words[i], strlen(words[i])))
			return true;
	/* `type name;`, `type *name = x;`: two words before ; = [ */
	{
		const char *q = l;
		int w = 0;

		while (q < e && w < 3) {
			while (q < e && (is_ident(*q) || *q == '*'))
				q++;
			w++;
			while (q < e && (*q == ' ' || *q == '\t' || *q == '*'))
				q++;
			if (q < e && !is_ident(*q))
				break;
		}
		return w >= 2 && q < e && strchr(";=[,", *q) &&
		       !(q + 1 < e && *q == '=' && q[1] == '=');
	}
}

void layout_new_lines(const char *orig, size_t olen, char **text, size_t *len)
{
	struct strbuf sb = { 0 };
	const char *p = *text, *end = *text + *len;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (!in_original(orig, olen, p, n)) {
			size_t k = strip_moved_comment(orig, olen, *text, *len,
						       p, n);

			if (k < n && k) {
				char *l = xasprintf("%.*s", (int)k, p);

				if (width(l, k) > MAX_COLS)
					wrap_line(&sb, l, k);
				else
					sb_add(&sb, l, k);
				free(l);
				if (nl)
					sb_puts(&sb, "\n");
				p += n + 1;
				continue;
			}
		}
		if (comment_residue(orig, olen, p, n)) {
			/* keep the line break, unless a blank line precedes */
			bool blank = !sb.len || (sb.len >= 2 &&
						 sb.s[sb.len - 1] == '\n' &&
						 sb.s[sb.len - 2] == '\n');

			if (nl && !blank)
				sb_puts(&sb, "\n");
			p += n + 1;
			continue;
		} else if (width(p, n) > MAX_COLS && !in_original(orig, olen, p, n))
			wrap_line(&sb, p, n);
		else
			sb_add(&sb, p, n);
		if (nl)
			sb_puts(&sb, "\n");
		/* a DEFINE_WAIT() added as the only declaration: a blank line
		 * after it, as after any declarations (checkpatch) */
		if (nl && !in_original(orig, olen, p, n) && is_define_wait(p, n) &&
		    nl + 1 < end && !declaration_line(nl + 1, end))
			sb_puts(&sb, "\n");
		p += n + 1;
	}
	free(*text);
	*text = sb.s ? sb.s : xstrdup("");
	*len = sb.len;
}

/* ---- comments inside rewritten code ---- */

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

#define LCS_MAX 3000

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
	if (!m || !n || m > LCS_MAX || n > LCS_MAX)
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
		for (k = dj; k < j; k++)
			sb_printf(&sb, "%.*s\n", (int)b.n[pre + k], b.s[pre + k]);
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
