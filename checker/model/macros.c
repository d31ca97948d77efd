// SPDX-License-Identifier: GPL-2.0-only
/*
 * API macro uses of the main file and the fate of their value; see
 * macros.h.
 *
 * The invocations are read from the file's text (collect()), since a
 * precompiled header leaves the preprocessing record without them.
 * libclang 14 reports every location inside an expansion at the
 * expansion, so the expression a macro becomes is the outermost cursor
 * lying wholly inside the invocation; its parent says what the code does
 * with the value.  Only the subtrees that overlap some invocation are
 * descended into; an invocation no cursor lies in is dropped.
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
	bool vals;
};

/*
 * Every invocation of a wanted name in the file's code, from the text:
 * name, `(`, arguments, `)`.  Not from libclang's preprocessing record,
 * which a precompiled header leaves without the main file's expansions.
 * The walk of the syntax tree below keeps only those that expanded to
 * something (not in an inactive #if branch, not a same-named function).
 */
static void collect(struct uses *us)
{
	const struct wq_file *f = us->f;
	CXFile file = clang_getFile(us->tu, f->path);
	unsigned from = 0, id_end, past = 0;
	long at;
	char name[96];

	if (!file)
		return;
	while ((at = text_next_ident(f->buf, from, f->len, &id_end)) >= 0) {
		unsigned end;
		struct macro_use *u;

		from = id_end;
		if ((size_t)(id_end - at) >= sizeof(name) || (unsigned)at < past)
			continue;
		memcpy(name, f->buf + at, id_end - at);
		name[id_end - at] = 0;
		if (!us->want(name))
			continue;
		end = macro_call_end(f->buf, f->len, id_end);
		if (!end)
			continue;
		if (us->n == us->cap) {
			us->cap = us->cap ? us->cap * 2 : 8;
			us->u = xrealloc(us->u, us->cap * sizeof(*us->u));
		}
		u = &us->u[us->n++];
		memset(u, 0, sizeof(*u));
		u->name = xstrdup(name);
		u->start = at;
		u->end = end;
		u->pos = loc_pos(clang_getLocationForOffset(us->tu, file, at));
		u->ev.api = kapi_classify(name, strlen(name));
		/*
		 * wait_var_event*() is no API of the table (the rules that
		 * model waits leave it alone), but its arguments are those of
		 * wait_event*() with an address for the queue.
		 */
		if (u->ev.api || strstr(name, "wait_var_event"))
			macro_args(us->tu, clang_getRange(
				clang_getLocationForOffset(us->tu, file, at),
				clang_getLocationForOffset(us->tu, file, end)),
				&u->ev);
		past = end;
	}
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
			if (!us->vals)
				return;
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

static void macro_uses_free_one(struct macro_use *u);

int macro_uses(CXTranslationUnit tu, const struct wq_file *f,
	       bool (*want)(const char *name), bool vals,
	       struct macro_use **out)
{
	struct uses us = { 0 };
	CXCursor root = clang_getTranslationUnitCursor(tu);
	int i, n = 0;

	us.want = want;
	us.tu = tu;
	us.f = f;
	us.vals = vals;
	collect(&us);
	if (us.n) {
		/* text order: sorted and disjoint already */
		us.done = xrealloc(NULL, us.n);
		memset(us.done, 0, us.n);
		values(&us, root, clang_getNullCursor(), clang_getNullCursor(), 0);
		for (i = 0; i < us.n; i++) {
			if (us.done[i]) {
				us.u[n++] = us.u[i];
				continue;
			}
			macro_uses_free_one(&us.u[i]);
		}
		free(us.done);
	}
	*out = us.u;
	return n;
}

static void macro_uses_free_one(struct macro_use *u)
{
	int j;

	free(u->name);
	free(u->func);
	free(u->target);
	for (j = 0; j < u->ev.nargs; j++)
		free(u->ev.args[j]);
}

void macro_uses_free(struct macro_use *u, int n)
{
	int i;

	for (i = 0; i < n; i++)
		macro_uses_free_one(&u[i]);
	free(u);
}
