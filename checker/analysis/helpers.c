// SPDX-License-Identifier: GPL-2.0-only
/*
 * One function deeper: the static helpers of the same file.
 *
 * Some rules decide from what a function does itself, and drivers put
 * part of that in a helper of the file:
 *
 *	static int drv_check_signals(struct drv *d)
 *	{
 *		return signal_pending(current);
 *	}
 *	...
 *		if (drv_check_signals(dev))
 *			return -EINTR;
 *
 * WQ007 must count that test as a signal test.  This finds, from the
 * file's text, the body of each function a piece of code calls and that
 * the file defines (or the body of its #define, for a macro of the
 * file: `#define FDX_NO_SIGNAL (!signal_pending(current))`), and asks a
 * question of the body's text.  One level
 * only: a helper's own helpers are not followed (each level multiplies
 * the text read, and two levels deep the guess of what runs is weak).
 */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "builder.h"

bool text_helpers_match(const char *buf, size_t len, const char *code,
			bool (*pred)(const char *text))
{
	size_t i = 0;
	bool hit = false;

	while (code && code[i] && !hit) {
		size_t j = i, k;
		unsigned from, to;
		char *name, *body;

		if (!wq_ident_char(code[i]) || (i && wq_ident_char(code[i - 1]))) {
			i++;
			continue;
		}
		while (wq_ident_char(code[j]))
			j++;
		for (k = j; code[k] == ' ' || code[k] == '\t'; k++)
			;
		name = xasprintf("%.*s", (int)(j - i), code + i);
		if (code[k] == '(' &&
		    text_function_body(buf, len, name, &from, &to)) {
			body = xasprintf("%.*s", (int)(to - from), buf + from);
			hit = pred(body);
			free(body);
		} else {
			/* a macro of the file: `if (!FDX_NO_SIGNAL)` */
			size_t end;
			long at = macro_define_at(buf, len, name, j - i, &end);

			if (at >= 0) {
				body = xasprintf("%.*s", (int)(end - at - (j - i)),
						 buf + at + (j - i));
				hit = pred(body);
				free(body);
			}
		}
		free(name);
		i = j;
	}
	return hit;
}
