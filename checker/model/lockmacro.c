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
 * lock the waker takes.  This reads the macro's definition in the file's
 * own text (like model/macro.c, never the preprocessing record, which a
 * precompiled header leaves empty): an unlock call in its body makes the
 * use an unlock.
 *
 * Only unlocks are recovered this way: a macro's use has the arguments
 * of the macro, not of the call in its body, and an unlock needs none.
 */
#include <string.h>

#include "builder.h"

/* The unlock API called in the logical line [p, e), or NULL. */
static const struct kapi *unlock_in(const char *buf, size_t p, size_t e)
{
	while (p < e) {
		size_t q = p, r;
		const struct kapi *api;

		if (!wq_ident_char(buf[p]) || (p && wq_ident_char(buf[p - 1]))) {
			p++;
			continue;
		}
		while (q < e && wq_ident_char(buf[q]))
			q++;
		for (r = q; r < e && (buf[r] == ' ' || buf[r] == '\t'); r++)
			;
		api = r < e && buf[r] == '(' ? kapi_classify(buf + p, q - p) :
		      NULL;
		if (api && api->kind == K_UNLOCK)
			return api;
		p = q;
	}
	return NULL;
}

long macro_define_at(const char *buf, size_t len, const char *name, size_t n,
		     size_t *end)
{
	size_t p = 0;

	while (p < len) {
		size_t q = p, e;

		/* a line `#define name` or `#  define name` */
		while (q < len && (buf[q] == ' ' || buf[q] == '\t'))
			q++;
		e = q;
		while (e < len && buf[e] != '\n')
			e += buf[e] == '\\' && e + 1 < len ? 2 : 1;
		if (q < len && buf[q] == '#') {
			q++;
			while (q < e && (buf[q] == ' ' || buf[q] == '\t'))
				q++;
			if (e - q > 7 && !strncmp(buf + q, "define", 6) &&
			    (buf[q + 6] == ' ' || buf[q + 6] == '\t')) {
				q += 7;
				while (q < e && (buf[q] == ' ' || buf[q] == '\t'))
					q++;
				if (e - q > n && !strncmp(buf + q, name, n) &&
				    !wq_ident_char(buf[q + n])) {
					*end = e;
					return q;
				}
			}
		}
		p = e + 1;
	}
	return -1;
}

const struct kapi *macro_body_unlock(const char *buf, size_t len,
				     const char *name)
{
	size_t n = strlen(name), e;
	long at = macro_define_at(buf, len, name, n, &e);

	return at < 0 ? NULL : unlock_in(buf, at + n, e);
}
