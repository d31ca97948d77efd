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
#include <stdlib.h>
#include <string.h>

#include "macros.h"

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

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

char *member_base_struct(CXTranslationUnit tu, const struct wq_file *f,
			 unsigned off, bool *arrow, unsigned *base_start)
{
	const char *b = f->buf;
	unsigned i = off, e;
	CXCursor c;
	enum CXCursorKind k;

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
		while (e > 0 && ident_char(b[e - 1]))
			e--;
		*base_start = e;
		if (i - 2 - e == 11 && !memcmp(b + e, "get_current", 11))
			return xstrdup("struct task_struct");
		return NULL;
	}
	e = i;
	while (i > 0 && ident_char(b[i - 1]))
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
	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr &&
	    k != CXCursor_VarDecl && k != CXCursor_ParmDecl &&
	    k != CXCursor_FieldDecl)
		return NULL;
	return struct_of(clang_getCursorType(c));
}

bool member_is_written(const struct wq_file *f, unsigned off, size_t len)
{
	unsigned i = off + len;

	while (i < f->len && space(f->buf[i]))
		i++;
	return i + 1 < f->len && f->buf[i] == '=' && f->buf[i + 1] != '=';
}
