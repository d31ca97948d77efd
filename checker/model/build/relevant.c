// SPDX-License-Identifier: GPL-2.0-only
/*
 * Does a function name the wait API at all?
 *
 * Most functions of a file that passes the prefilter have nothing to do
 * with waiting; building their graphs and running every rule on them is
 * wasted.  A function can only produce an event (events.c), and so a
 * finding, through
 *   - an API name written in its text (a call, an API macro, a call
 *     clang dropped and the graph builder reads back from the tokens), or
 *   - a macro of the driver's that expands to an API call, or
 *   - an old `current->state = ...` assignment;
 * the first is read from the text, the other two from the AST (calls and
 * member accesses that come out of any macro).  A function is skipped
 * only when none of them is there, so the findings stay the same.
 */
#include <string.h>

#include "builder.h"

/* A name whose use is an event, not only a lock drop or a constant. */
static bool event_name(const char *name, size_t len)
{
	const struct kapi *k = kapi_classify(name, len);

	return k && k->kind != K_UNLOCK && k->kind != K_STATE_NAME &&
	       k->kind != K_OLD_NAME;
}

static bool text_names_api(const char *buf, size_t from, size_t to)
{
	size_t p = from, s;

	while (p < to) {
		while (p < to && !wq_ident_char(buf[p]))
			p++;
		s = p;
		while (p < to && wq_ident_char(buf[p]))
			p++;
		if (p > s && event_name(buf + s, p - s))
			return true;
	}
	return false;
}

static enum CXChildVisitResult find_event(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	bool *hit = data;
	CXString s;
	const char *name;

	(void)parent;
	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr &&
	    k != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	s = clang_getCursorSpelling(c);
	name = clang_getCString(s);
	if (k == CXCursor_MemberRefExpr)
		*hit = !strcmp(name, "state") || !strcmp(name, "__state");
	else
		*hit = event_name(name, strlen(name));
	clang_disposeString(s);
	return *hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

bool function_relevant(CXCursor fn, CXFile file, const char *buf,
		       size_t len)
{
	CXSourceRange r = clang_getCursorExtent(fn);
	unsigned s, e;
	CXFile sf, ef;
	bool hit = false;

	clang_getExpansionLocation(clang_getRangeStart(r), &sf, NULL, NULL, &s);
	clang_getExpansionLocation(clang_getRangeEnd(r), &ef, NULL, NULL, &e);
	if (buf && sf && ef && clang_File_isEqual(sf, file) &&
	    clang_File_isEqual(ef, file) && s <= e && e <= len &&
	    text_names_api(buf, s, e))
		return true;
	clang_visitChildren(fn, find_event, &hit);
	return hit;
}
