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
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "fix.h"

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

void layout_new_lines(const char *orig, size_t olen, char **text, size_t *len)
{
	struct strbuf sb = { 0 };
	const char *p = *text, *end = *text + *len;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

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
		p += n + 1;
	}
	free(*text);
	*text = sb.s ? sb.s : xstrdup("");
	*len = sb.len;
}
