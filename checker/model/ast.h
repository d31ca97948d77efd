/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Small helpers over libclang cursors and tokens, shared by the model
 * (cfg.c) and the fix planner: children of a cursor, names, positions,
 * and the text of a source range.
 */
#ifndef WQPORT_AST_H
#define WQPORT_AST_H

#include <clang-c/Index.h>

#include "wqport.h"

struct kids {
	CXCursor *c;
	int n, cap;
};

struct kids children(CXCursor c);
char *cursor_name(CXCursor c);
unsigned loc_offset(CXSourceLocation l);
CXSourceLocation cursor_start(CXCursor c);
struct wq_pos loc_pos(CXSourceLocation l);
struct wq_pos cursor_pos(CXCursor c);
bool tok_is_word(CXTokenKind k);
bool spaced_op(const char *s);
char *tokens_text(CXTranslationUnit tu, CXToken *t, unsigned from,
		  unsigned to);
char *range_text(CXTranslationUnit tu, CXSourceRange r);
bool tok_is(CXTranslationUnit tu, CXToken t, const char *what);

#endif /* WQPORT_AST_H */
