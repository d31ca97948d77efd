// SPDX-License-Identifier: GPL-2.0-only
/*
 * A lock dropped through a driver's own macro in a statement clang
 * dropped.  mm/highmem.c-style code wraps its lock in macros,
 *
 *	#define unlock_pool()	spin_unlock(&pool_lock)
 *
 * and when the lock's declaration does not parse with the shim headers
 * (`static __cacheline_aligned_in_smp DEFINE_SPINLOCK(pool_lock);`),
 * every `unlock_pool();` is an error clang drops from the AST.  The
 * graph builder then only has the statement's tokens, `unlock_pool ( )`,
 * and would lose the unlock that tells WQ003 the test ran under the
 * lock the waker takes.  This reads the body of the macro the token
 * expands: an unlock call in it makes the use an unlock.
 *
 * Only unlocks are recovered this way: a macro's use has the arguments
 * of the macro, not of the call in its body, and an unlock needs none.
 */
#include <string.h>

#include "builder.h"

/* Is token tok (an identifier before "(") a macro whose body unlocks? */
const struct kapi *macro_body_unlock(CXTranslationUnit tu, CXToken tok)
{
	CXCursor c = clang_getCursor(tu, clang_getTokenLocation(tu, tok));
	const struct kapi *found = NULL;
	CXToken *t;
	unsigned n, i;

	if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
		return NULL;
	c = clang_getCursorReferenced(c);
	if (clang_getCursorKind(c) != CXCursor_MacroDefinition)
		return NULL;
	clang_tokenize(tu, clang_getCursorExtent(c), &t, &n);
	/* t[0] is the macro's name: look in its parameters and body */
	for (i = 1; i + 1 < n && !found; i++) {
		CXString s;
		const struct kapi *api;
		const char *name;

		if (clang_getTokenKind(t[i]) != CXToken_Identifier)
			continue;
		s = clang_getTokenSpelling(tu, t[i + 1]);
		if (strcmp(clang_getCString(s), "(")) {
			clang_disposeString(s);
			continue;
		}
		clang_disposeString(s);
		s = clang_getTokenSpelling(tu, t[i]);
		name = clang_getCString(s);
		api = kapi_classify(name, strlen(name));
		if (api && api->kind == K_UNLOCK)
			found = api;
		clang_disposeString(s);
	}
	clang_disposeTokens(tu, t, n);
	return found;
}
