// SPDX-License-Identifier: GPL-2.0-only
/*
 * Function bodies from a file's text, before any parse.
 *
 * A body is a `{` at file level whose last significant character before
 * it is a `)`: the end of a parameter list or of an attribute after it.
 * An initialiser follows `=`, a struct or enum body a name, so neither
 * counts; a K&R definition (its parameter declarations end in `;`) is
 * not seen, which only means it is never left out of a parse.
 * Comments, string and character literals and preprocessor lines are
 * skipped; a literal ends at the end of its line at the latest, so the
 * apostrophe of prose in an `#if 0` block cannot swallow the file.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "wqport.h"
#include "bodies.h"

void fn_bodies_free(struct fn_bodies *fb)
{
	free(fb->b);
	free(fb->dir);
	memset(fb, 0, sizeof(*fb));
}

int function_bodies(const char *s, size_t n, struct fn_bodies *out)
{
	struct fn_body *cur = NULL;
	size_t i = 0, decl = 0, d;
	int depth = 0;
	char last = 0;		/* the last significant character */
	bool bol = true;

	memset(out, 0, sizeof(*out));
	while (i < n) {
		char c = s[i];

		if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			const char *e = memmem(s + i + 2, n - i - 2, "*/", 2);

			i = e ? (size_t)(e - s) + 2 : n;
			continue;
		}
		if (c == '/' && i + 1 < n && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
			continue;
		}
		if (c == '\n') {
			bol = true;
			i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
			i++;
			continue;
		}
		if (bol && c == '#') {		/* a directive, continuations too */
			d = i;
			while (i < n && s[i] != '\n') {
				if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
					/* a comment in it may span lines */
					const char *e = memmem(s + i + 2,
							       n - i - 2, "*/", 2);

					i = e ? (size_t)(e - s) + 2 : n;
					continue;
				}
				i += s[i] == '\\' && i + 1 < n ? 2 : 1;
			}
			if (cur) {
				out->dir = xrealloc(out->dir, (out->ndir + 1) *
						    2 * sizeof(unsigned));
				out->dir[2 * out->ndir] = d;
				out->dir[2 * out->ndir++ + 1] = i;
			} else if (!depth) {
				decl = i;
			}
			continue;
		}
		bol = false;
		if (c == '"' || c == '\'') {
			for (i++; i < n && s[i] != c && s[i] != '\n'; i++)
				if (s[i] == '\\')
					i++;
			i++;
			last = c;
			continue;
		}
		if (c == '{') {
			if (!depth && last == ')') {
				out->b = xrealloc(out->b, (out->n + 1) *
						  sizeof(*out->b));
				cur = &out->b[out->n++];
				cur->decl = decl;
				cur->open = i;
				cur->close = 0;
			}
			depth++;
		} else if (c == '}') {
			if (!depth)
				goto unpaired;
			if (!--depth) {
				if (cur)
					cur->close = i;
				cur = NULL;
				decl = i + 1;
			}
		} else if (c == ';' && !depth) {
			decl = i + 1;
		}
		last = c;
		i++;
	}
	if (depth)
		goto unpaired;
	return out->n;
unpaired:
	fn_bodies_free(out);
	return -1;
}
