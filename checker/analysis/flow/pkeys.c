// SPDX-License-Identifier: GPL-2.0-only
/*
 * The key table of the path walk (paths.c): a test's canonical text is
 * interned once per walk, so that equal keys are one pointer, and the
 * byte before a key says whether it reads shared state.  Below both
 * paths.c and ranges.c, which intern the names their relations read.
 */
#define _GNU_SOURCE
#include <string.h>

#include "analysis.h"
#include "paths.h"
#include "wqport.h"

/*
 * Does condition text t read more than the function's own variables: a
 * field, an element, a pointer's target, a call's result, or a name
 * that is not a local (a global, which others write)?  Upper-case names
 * are constants.
 */
static bool reads_shared(const struct cfg *g, const char *t, size_t n)
{
	size_t i = 0, j, k;

	if (memmem(t, n, "->", 2) || memchr(t, '[', n) || memchr(t, '*', n))
		return true;
	while (i < n) {
		if (!wq_ident_char(t[i]) || (t[i] >= '0' && t[i] <= '9')) {
			i++;
			continue;
		}
		for (j = i; j < n && wq_ident_char(t[j]); j++)
			;
		for (k = j; k < n && t[k] == ' '; k++)
			;
		if (k < n && t[k] == '(')
			return true;
		if (i && t[i - 1] == '.')
			return true;
		for (k = i; k < j; k++)
			if (t[k] >= 'a' && t[k] <= 'z')
				break;
		if (k < j && !cfg_is_var(g, t + i, j - i))
			return true;
		i = j;
	}
	return false;
}

/*
 * Keys are interned, so equal keys are one pointer; the byte before a
 * key says whether it reads shared state (see reads_shared()).
 */
const char *paths_intern(struct walk *w, const char *t, size_t len)
{
	char *k;
	int i;

	for (i = 0; i < w->nkeys; i++)
		if (strlen(w->keys[i] + 1) == len &&
		    !memcmp(w->keys[i] + 1, t, len))
			return w->keys[i] + 1;
	if (w->nkeys == w->capkeys) {
		w->capkeys = w->capkeys ? w->capkeys * 2 : 16;
		w->keys = xrealloc(w->keys, w->capkeys * sizeof(char *));
	}
	k = xrealloc(NULL, len + 2);
	k[0] = reads_shared(w->g, t, len);
	memcpy(k + 1, t, len);
	k[len + 1] = 0;
	w->keys[w->nkeys++] = k;
	return k + 1;
}

