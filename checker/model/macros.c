// SPDX-License-Identifier: GPL-2.0-only
/*
 * API macro uses of the main file and the fate of their value; see
 * macros.h.
 *
 * The preprocessing record lists each expansion with its invocation's
 * extent.  libclang 14 reports every location inside an expansion at
 * the expansion, so the expression a macro becomes is the outermost
 * cursor lying wholly inside the invocation; its parent says what the
 * code does with the value.  Only the subtrees that overlap some
 * invocation are descended into.
 */
#include <stdlib.h>
#include <string.h>

#include "builder.h"
#include "macros.h"

struct uses {
	struct macro_use *u;
	int n, cap;
	bool (*want)(const char *name);
	CXTranslationUnit tu;
	const struct wq_file *f;
	char *done;
};

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct uses *us = data;
	CXSourceRange r;
	struct macro_use *u;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroExpansion ||
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	name = cursor_name(c);
	if (!us->want(name)) {
		free(name);
		return CXChildVisit_Continue;
	}
	if (us->n == us->cap) {
		us->cap = us->cap ? us->cap * 2 : 8;
		us->u = xrealloc(us->u, us->cap * sizeof(*us->u));
	}
	u = &us->u[us->n++];
	memset(u, 0, sizeof(*u));
	r = clang_getCursorExtent(c);
	u->name = name;
	u->pos = cursor_pos(c);
	u->start = loc_offset(clang_getRangeStart(r));
	u->end = loc_offset(clang_getRangeEnd(r));
	u->ev.api = kapi_classify(name, strlen(name));
	if (u->ev.api)
		macro_args(us->tu, r, &u->ev);
	return CXChildVisit_Continue;
}

/* The use whose invocation overlaps [s, e], or -1 (uses are sorted). */
static int overlapping(const struct uses *us, unsigned s, unsigned e)
{
	int lo = 0, hi = us->n - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;

		if (us->u[mid].end < s)
			lo = mid + 1;
		else if (us->u[mid].start > e)
			hi = mid - 1;
		else
			return mid;
	}
	return -1;
}

static bool same_extent(CXCursor a, CXCursor b)
{
	CXSourceRange x = clang_getCursorExtent(a);
	CXSourceRange y = clang_getCursorExtent(b);

	return loc_offset(clang_getRangeStart(x)) ==
	       loc_offset(clang_getRangeStart(y)) &&
	       loc_offset(clang_getRangeEnd(x)) ==
	       loc_offset(clang_getRangeEnd(y));
}

/*
 * Which child of parent c is.  Cursors met on two walks need not compare
 * equal, so the child is found by its extent (inside a macro every
 * cursor has the invocation's, but then at most one child is there).
 */
static int child_index(CXCursor parent, CXCursor c, int *nkids)
{
	struct kids k = children(parent);
	int i, at = -1;

	for (i = 0; i < k.n; i++)
		if (clang_equalCursors(k.c[i], c) || same_extent(k.c[i], c))
			at = i;
	*nkids = k.n;
	free(k.c);
	return at;
}

/* Is the text just before offset `at` an assignment `=`? */
static bool assigned(const struct wq_file *f, unsigned at)
{
	while (at > 0 && (f->buf[at - 1] == ' ' || f->buf[at - 1] == '\t' ||
			  f->buf[at - 1] == '\n' || f->buf[at - 1] == '('))
		at--;
	return at >= 2 && f->buf[at - 1] == '=' &&
	       !strchr("=!<>+-*/%&|^", f->buf[at - 2]);
}

static void classify(struct uses *us, struct macro_use *u, CXCursor c,
		     CXCursor parent)
{
	enum CXCursorKind pk = clang_getCursorKind(parent);
	int i, n;

	u->use = MV_USED;
	switch (pk) {
	case CXCursor_CompoundStmt:
	case CXCursor_LabelStmt:
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
		u->use = MV_DISCARDED;
		break;
	case CXCursor_IfStmt:
		if (child_index(parent, c, &n) > 0)
			u->use = MV_DISCARDED;
		break;
	case CXCursor_WhileStmt:
	case CXCursor_ForStmt:
		i = child_index(parent, c, &n);
		if (i == n - 1)
			u->use = MV_DISCARDED;
		break;
	case CXCursor_DoStmt:
		if (child_index(parent, c, &n) == 0)
			u->use = MV_DISCARDED;
		break;
	case CXCursor_CStyleCastExpr:
		if (clang_getCursorType(parent).kind == CXType_Void)
			u->use = MV_VOID_CAST;
		break;
	case CXCursor_VarDecl:
		u->use = MV_STORED;
		u->type = clang_getCursorType(parent);
		u->target = cursor_name(parent);
		break;
	case CXCursor_BinaryOperator:
		if (child_index(parent, c, &n) == 1 && assigned(us->f, u->start)) {
			struct kids k = children(parent);

			u->use = MV_STORED;
			u->type = clang_getCursorType(k.c[0]);
			u->target = range_text(us->tu,
					       clang_getCursorExtent(k.c[0]));
			free(k.c);
		}
		break;
	default:
		break;
	}
}

/*
 * Find the outermost expression of each use, walking down only into
 * subtrees that overlap a use; loops and the function are tracked on the
 * way down for the rules' exemptions.
 */
static void values(struct uses *us, CXCursor c, CXCursor parent, CXCursor fn,
		   int loops)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXSourceRange r = clang_getCursorExtent(c);
	unsigned s = loc_offset(clang_getRangeStart(r));
	unsigned e = loc_offset(clang_getRangeEnd(r));
	struct kids kids;
	int i;

	/* inside a function the start may be spelled in a header's macro */
	if ((clang_getCursorKind(parent) == CXCursor_TranslationUnit &&
	     !clang_Location_isFromMainFile(clang_getRangeStart(r))) ||
	    k == CXCursor_MacroExpansion || k == CXCursor_MacroDefinition ||
	    k == CXCursor_InclusionDirective)
		return;
	i = overlapping(us, s, e);
	if (i < 0)
		return;
	if (us->u[i].start <= s && e <= us->u[i].end && clang_isExpression(k)) {
		if (!us->done[i]) {
			struct macro_use *u = &us->u[i];

			us->done[i] = 1;
			u->in_loop = loops > 0;
			if (!clang_Cursor_isNull(fn)) {
				CXSourceRange fr = clang_getCursorExtent(fn);

				u->func = cursor_name(fn);
				u->fn_start = loc_offset(clang_getRangeStart(fr));
				u->fn_end = loc_offset(clang_getRangeEnd(fr));
				u->void_func = clang_getCursorResultType(fn).kind ==
					       CXType_Void;
			}
			classify(us, u, c, parent);
		}
		return;
	}
	if (k == CXCursor_FunctionDecl)
		fn = c;
	if (k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
	    k == CXCursor_ForStmt)
		loops++;
	kids = children(c);
	for (i = 0; i < kids.n; i++)
		values(us, kids.c[i], c, fn, loops);
	free(kids.c);
}

static int cmp_use(const void *a, const void *b)
{
	const struct macro_use *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

int macro_uses(CXTranslationUnit tu, const struct wq_file *f,
	       bool (*want)(const char *name), bool vals,
	       struct macro_use **out)
{
	struct uses us = { 0 };
	CXCursor root = clang_getTranslationUnitCursor(tu);

	us.want = want;
	us.tu = tu;
	us.f = f;
	clang_visitChildren(root, collect, &us);
	if (us.n)
		qsort(us.u, us.n, sizeof(*us.u), cmp_use);
	if (vals && us.n) {
		us.done = xrealloc(NULL, us.n);
		memset(us.done, 0, us.n);
		values(&us, root, clang_getNullCursor(), clang_getNullCursor(), 0);
		free(us.done);
	}
	*out = us.u;
	return us.n;
}

void macro_uses_free(struct macro_use *u, int n)
{
	int i, j;

	for (i = 0; i < n; i++) {
		free(u[i].name);
		free(u[i].func);
		free(u[i].target);
		for (j = 0; j < u[i].ev.nargs; j++)
			free(u[i].ev.args[j]);
	}
	free(u);
}
