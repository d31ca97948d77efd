// SPDX-License-Identifier: GPL-2.0-only
/*
 * The struct behind `base->member`, read from the base's declaration.
 *
 * Renamed fields (task_struct::state, wait_queue_entry::task_list) are
 * errors in the headers of the kernels that renamed them, so the member
 * itself often has no cursor; its base, a plain name, still has one
 * with a type.  `current` is a macro and is recognised by name, also in
 * a branch the compiler never saw.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "macros.h"

static bool space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static char *struct_of(CXType t)
{
	CXString s;
	char *r;

	t = clang_getCanonicalType(t);
	if (t.kind == CXType_Pointer)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	if (t.kind != CXType_Record)
		return NULL;
	s = clang_getTypeSpelling(t);
	r = xstrdup(clang_getCString(s));
	clang_disposeString(s);
	return r;
}

/*
 * A base declared with a type the headers no longer have (wait_queue_t
 * against 4.13+ headers) has no type, and often no cursor: its
 * declaration is then looked for in the text, `wait_queue_t *name`.
 */
static char *declared_old(const struct wq_file *f, const char *name,
			  size_t n)
{
	static const char *const old[][2] = {
		{ "wait_queue_t", "struct __wait_queue" },
		{ "__wait_queue", "struct __wait_queue" },
		{ "__wait_queue_head", "struct __wait_queue_head" },
	};
	size_t k;

	for (k = 0; k < sizeof(old) / sizeof(old[0]); k++) {
		long at = 0;
		size_t l = strlen(old[k][0]);

		/* asked for many `x->state` of a file: rule out most at once */
		if (!memmem(f->buf, f->len, old[k][0], l))
			continue;

		while ((at = text_find_word(f->buf, at, f->len, old[k][0])) >= 0) {
			unsigned i = at + l;

			while (i < f->len && (space(f->buf[i]) || f->buf[i] == '*'))
				i++;
			if (i + n <= f->len && !memcmp(f->buf + i, name, n) &&
			    !wq_ident_char(f->buf[i + n]))
				return xstrdup(old[k][1]);
			at = i;
		}
	}
	return NULL;
}

char *member_base_struct(CXTranslationUnit tu, const struct wq_file *f,
			 unsigned off, bool *arrow, unsigned *base_start)
{
	const char *b = f->buf;
	unsigned i = off, e;
	CXCursor c;
	enum CXCursorKind k;
	char *r;

	while (i > 0 && space(b[i - 1]))
		i--;
	if (i >= 2 && b[i - 1] == '>' && b[i - 2] == '-') {
		*arrow = true;
		i -= 2;
	} else if (i >= 1 && b[i - 1] == '.') {
		*arrow = false;
		i -= 1;
	} else {
		return NULL;
	}
	while (i > 0 && space(b[i - 1]))
		i--;
	/* get_current()->state */
	if (i >= 2 && b[i - 1] == ')' && b[i - 2] == '(') {
		e = i - 2;
		while (e > 0 && wq_ident_char(b[e - 1]))
			e--;
		*base_start = e;
		if (i - 2 - e == 11 && !memcmp(b + e, "get_current", 11))
			return xstrdup("struct task_struct");
		return NULL;
	}
	e = i;
	while (i > 0 && wq_ident_char(b[i - 1]))
		i--;
	if (i == e)
		return NULL;
	*base_start = i;
	if (e - i == 7 && !memcmp(b + i, "current", 7) &&
	    (i == 0 || (b[i - 1] != '.' && b[i - 1] != '>')))
		return xstrdup("struct task_struct");
	c = clang_getCursor(tu, clang_getLocationForOffset(
				tu, clang_getFile(tu, f->path), i));
	k = clang_getCursorKind(c);
	r = NULL;
	if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
	    k == CXCursor_VarDecl || k == CXCursor_ParmDecl ||
	    k == CXCursor_FieldDecl)
		r = struct_of(clang_getCursorType(c));
	if (!r && clang_getCursorType(c).kind != CXType_Record &&
	    clang_getCursorType(c).kind != CXType_Pointer)
		r = declared_old(f, b + i, e - i);
	return r;
}

bool member_is_written(const struct wq_file *f, unsigned off, size_t len)
{
	unsigned i = off + len;

	while (i < f->len && space(f->buf[i]))
		i++;
	return i + 1 < f->len && f->buf[i] == '=' && f->buf[i + 1] != '=';
}
