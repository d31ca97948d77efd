// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which macro invocation in the file does a cursor come from?
 *
 * This is answered from the AST and the file's own text, never from
 * libclang's preprocessing record: a precompiled header (ours, or the
 * -include-pch of a user's flags) does not supply that record the same
 * way, and the findings must not depend on where a macro was defined.
 *
 * A cursor comes out of a macro when the start of its extent is a macro
 * location.  Its expansion location is then the name of the outermost
 * invocation in the file; the name and, for a name followed by `(`, the
 * parenthesised arguments are read from the file's text.  Nested
 * invocations (TASK_INTERRUPTIBLE in set_current_state(...)) are part of
 * the outer one, as clang's expansion locations already say.
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"

/*
 * libclang 14 has no call for "is this a macro location": its spelling
 * location of a macro-body token is the expansion (a FIXME in
 * CXSourceLocation.cpp).  A CXSourceLocation keeps clang's raw
 * SourceLocation encoding in int_data, and a range its begin in
 * begin_int_data; clang marks macro locations with the top bit.
 */
#define RAW_MACRO_BIT 0x80000000u

/* Skip blanks, line splices and comments from p; return the new offset. */
static size_t skip_space(const char *s, size_t len, size_t p)
{
	while (p < len) {
		if (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' ||
		    s[p] == '\r' || s[p] == '\f' || s[p] == '\v') {
			p++;
		} else if (s[p] == '\\' && p + 1 < len &&
			   (s[p + 1] == '\n' || s[p + 1] == '\r')) {
			p++;
		} else if (text_skip_comment(s + p, s + len) != s + p) {
			p = text_skip_comment(s + p, s + len) - s;
		} else {
			break;
		}
	}
	return p;
}

/* The end of the parenthesised arguments opening at s[p] == '('. */
static size_t match_paren(const char *s, size_t len, size_t p)
{
	int depth = 0;

	while (p < len) {
		char c = s[p];

		if (c == '"' || c == '\'') {
			for (p++; p < len && s[p] != c; p++)
				if (s[p] == '\\')
					p++;
			p++;
			continue;
		}
		if (c == '/' && p + 1 < len && (s[p + 1] == '*' || s[p + 1] == '/')) {
			p = skip_space(s, len, p);
			continue;
		}
		p++;
		if (c == '(')
			depth++;
		else if (c == ')' && --depth == 0)
			return p;
	}
	return len;
}

/*
 * The end of a function-like invocation whose name ends at name_end:
 * past its closing parenthesis, or 0 when no `(` follows the name.
 */
unsigned macro_call_end(const char *buf, size_t len, unsigned name_end)
{
	size_t q = skip_space(buf, len, name_end);

	if (q >= len || buf[q] != '(')
		return 0;
	return match_paren(buf, len, q);
}

/* The invocation whose name starts at offset start, read from the text. */
static struct mexp *invocation(struct builder *b, unsigned start)
{
	struct macro_cache *mc = b->macros;
	struct mexp *m;
	size_t p = start, q;
	int i;

	for (i = mc->n - 1; i >= 0; i--)
		if (mc->v[i].start == start)
			return &mc->v[i];
	if (mc->n == mc->cap) {
		mc->cap = mc->cap ? mc->cap * 2 : 16;
		mc->v = xrealloc(mc->v, mc->cap * sizeof(*mc->v));
	}
	m = &mc->v[mc->n++];
	memset(m, 0, sizeof(*m));
	m->start = start;
	while (p < b->len && wq_ident_char(b->buf[p]))
		p++;
	if (p > start) {
		const struct kapi *api = kapi_classify(b->buf + start,
						       p - start);

		/* a state name is a constant, for the prefilter only */
		if (api && api->kind != K_STATE_NAME && api->kind != K_OLD_NAME)
			m->api = api;
	}
	q = skip_space(b->buf, b->len, p);
	if (p > start && q < b->len && b->buf[q] == '(')
		p = match_paren(b->buf, b->len, q);
	m->end = p;
	return m;
}

/*
 * The invocation in this file that holds all of cursor c, or NULL when c
 * is written out in the file (or only starts inside a macro, like
 * `current->state`).
 */
struct mexp *macro_expansion(struct builder *b, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile file;
	unsigned s, e;
	struct mexp *m;

	if (!(r.begin_int_data & RAW_MACRO_BIT) || !b->buf)
		return NULL;
	clang_getExpansionLocation(clang_getRangeStart(r), &file, NULL, NULL,
				   &s);
	if (!file || !clang_File_isEqual(file, b->file) || s >= b->len)
		return NULL;
	e = loc_offset(clang_getRangeEnd(r));
	m = invocation(b, s);
	return e <= m->end ? m : NULL;
}

/*
 * Is the invocation holding c a branch hint, likely() or unlikely(),
 * written around a test in the file?  The test is the file's own then:
 * `if (unlikely(!noblock))` tests noblock as plainly as `if (!noblock)`.
 */
bool macro_is_branch_hint(struct builder *b, CXCursor c)
{
	struct mexp *m = macro_expansion(b, c);
	const char *w;
	size_t n;

	if (!m)
		return false;
	w = b->buf + m->start;
	for (n = 0; m->start + n < b->len && wq_ident_char(w[n]); n++)
		;
	return (n == 6 && !memcmp(w, "likely", 6)) ||
	       (n == 8 && !memcmp(w, "unlikely", 8));
}

void macro_cache_free(struct macro_cache *mc)
{
	free(mc->v);
	mc->v = NULL;
	mc->n = mc->cap = 0;
	lock_wraps_free(&mc->wraps);
}
