// SPDX-License-Identifier: GPL-2.0-only
/*
 * Functions spatch cannot take, kept out of its way.
 *
 * spatch 1.1.1 matches a semantic patch against every function of the
 * file it is given, the ones the plan leaves alone too, and a shape its
 * engine cannot take in one of them ("pre_to_loop: node N: ... in
 * set_frequency reachable by inconsistent control-flow paths") fails the
 * whole run: one odd function would cost every site of the file.  The
 * fix engine blocks the function the error names (engine.c) and hands
 * spatch the file with that function's body blanked: every character
 * between its braces but the newlines made a space, so each line keeps
 * its number and the plan's lines still hold.  The body is put back in
 * spatch's result, where the function's (empty) body now stands.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "hide.h"
#include "text.h"
#include "wqport.h"

char *hide_bodies(const char *text, size_t len, char *const *fns, int n)
{
	char *out = NULL;
	int i;

	for (i = 0; i < n; i++) {
		unsigned from, to, k;

		if (!text_function_body(text, len, fns[i], &from, &to))
			continue;
		if (!out) {
			out = xrealloc(NULL, len + 1);
			memcpy(out, text, len);
			out[len] = '\0';
		}
		for (k = from + 1; k + 1 < to; k++)
			if (out[k] != '\n')
				out[k] = ' ';
	}
	return out;
}

bool unhide_bodies(const char *text, size_t len, char **out, size_t *olen,
		   char *const *fns, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		unsigned from, to, of, ot, k;
		char *t;
		size_t tl;

		if (!text_function_body(text, len, fns[i], &from, &to))
			continue;	/* not hidden */
		if (!text_function_body(*out, *olen, fns[i], &of, &ot))
			return false;
		for (k = of + 1; k + 1 < ot; k++)
			if ((*out)[k] != ' ' && (*out)[k] != '\n')
				return false;	/* spatch wrote into it */
		tl = *olen - (ot - of) + (to - from);
		t = xrealloc(NULL, tl + 1);
		memcpy(t, *out, of);
		memcpy(t + of, text + from, to - from);
		memcpy(t + of + (to - from), *out + ot, *olen - ot);
		t[tl] = '\0';
		free(*out);
		*out = t;
		*olen = tl;
	}
	return true;
}
