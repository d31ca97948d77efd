// SPDX-License-Identifier: GPL-2.0-only
/*
 * Helpers over libclang cursors and tokens; see ast.h.
 */
#include <stdlib.h>
#include <string.h>

#include "ast.h"


static enum CXChildVisitResult collect(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct kids *k = data;

	(void)parent;
	if (k->n == k->cap) {
		k->cap = k->cap ? k->cap * 2 : 8;
		k->c = xrealloc(k->c, k->cap * sizeof(*k->c));
	}
	k->c[k->n++] = c;
	return CXChildVisit_Continue;
}

struct kids children(CXCursor c)
{
	struct kids k = { 0 };

	clang_visitChildren(c, collect, &k);
	return k;
}

char *cursor_name(CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	char *r = xstrdup(clang_getCString(s));

	clang_disposeString(s);
	return r;
}

unsigned loc_offset(CXSourceLocation l)
{
	unsigned off;

	clang_getExpansionLocation(l, NULL, NULL, NULL, &off);
	return off;
}

struct wq_pos loc_pos(CXSourceLocation l)
{
	struct wq_pos p;

	clang_getExpansionLocation(l, NULL, &p.line, &p.col, NULL);
	return p;
}

/*
 * Where c starts.  For a statement that is its own location: the start
 * of its extent is the same place, but the extent's end is found by
 * walking down nested bodies (`while (x) while (x) ...`), which made
 * deep nesting quadratic.
 */
CXSourceLocation cursor_start(CXCursor c)
{
	if (clang_isStatement(clang_getCursorKind(c)))
		return clang_getCursorLocation(c);
	return clang_getRangeStart(clang_getCursorExtent(c));
}

struct wq_pos cursor_pos(CXCursor c)
{
	return loc_pos(cursor_start(c));
}

bool tok_is_word(CXTokenKind k)
{
	return k == CXToken_Identifier || k == CXToken_Keyword ||
	       k == CXToken_Literal;
}

bool spaced_op(const char *s)
{
	static const char *const ops[] = {
		"&&", "||", "==", "!=", "<=", ">=", "<", ">", "=", "+=",
		"-=", "|=", "&=", "?", ":", "|", "^", "/", "%", "+", NULL
	};
	int i;

	for (i = 0; ops[i]; i++)
		if (!strcmp(s, ops[i]))
			return true;
	return false;
}

/*
 * Join the tokens [from, to) into readable C: words are separated by a
 * space, binary operators are surrounded by spaces, a comma is followed
 * by one.  Good enough to quote an expression back to the user.
 */
char *tokens_text(CXTranslationUnit tu, CXToken *t, unsigned from,
			 unsigned to)
{
	struct strbuf sb = { 0 };
	CXTokenKind prev = CXToken_Comment;
	bool prev_op = false;
	unsigned i;

	for (i = from; i < to; i++) {
		CXTokenKind k = clang_getTokenKind(t[i]);
		CXString s;
		const char *str;
		bool op;

		if (k == CXToken_Comment)
			continue;
		s = clang_getTokenSpelling(tu, t[i]);
		str = clang_getCString(s);
		op = k == CXToken_Punctuation && spaced_op(str);
		/* & * - are binary after an operand, unary otherwise */
		if (k == CXToken_Punctuation && strchr("&*-", str[0]) && !str[1] &&
		    (tok_is_word(prev) || (sb.len && strchr(")]", sb.s[sb.len - 1]))))
			op = true;
		if (sb.len && ((tok_is_word(k) && tok_is_word(prev)) || op ||
			       prev_op))
			sb_puts(&sb, " ");
		sb_puts(&sb, str);
		if (k == CXToken_Punctuation && !strcmp(str, ","))
			sb_puts(&sb, " ");
		prev = k;
		prev_op = op;
		clang_disposeString(s);
	}
	return sb.s ? sb.s : xstrdup("");
}

char *range_text(CXTranslationUnit tu, CXSourceRange r)
{
	CXToken *t;
	unsigned n;
	char *s;

	clang_tokenize(tu, r, &t, &n);
	s = tokens_text(tu, t, 0, n);
	clang_disposeTokens(tu, t, n);
	return s;
}

bool tok_is(CXTranslationUnit tu, CXToken t, const char *what)
{
	CXString s = clang_getTokenSpelling(tu, t);
	bool r = !strcmp(clang_getCString(s), what);

	clang_disposeString(s);
	return r;
}
