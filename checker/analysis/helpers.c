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

static unsigned skip_blank(const char *buf, size_t len, unsigned i)
{
	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
			   buf[i] == '\r'))
		i++;
	return i;
}

/*
 * The body [*from, *to) of the definition of name in buf: the name
 * after a type (not after an operator, as a call is), its parameter
 * list, then `{`.
 */
bool text_function_body(const char *buf, size_t len, const char *name,
			unsigned *from, unsigned *to)
{
	size_t n = strlen(name);
	long at = 0;

	while ((at = text_find_word(buf, at, len, name)) >= 0) {
		unsigned i = at + n, b = at;
		int depth = 0;

		at = i;
		while (b > 0 && (buf[b - 1] == ' ' || buf[b - 1] == '\t' ||
				 buf[b - 1] == '\n'))
			b--;
		if (!b || !(wq_ident_char(buf[b - 1]) || buf[b - 1] == '*'))
			continue;	/* a call, a cast, a macro argument */
		i = skip_blank(buf, len, i);
		if (i >= len || buf[i] != '(')
			continue;
		for (; i < len; i++)
			if (buf[i] == '(')
				depth++;
			else if (buf[i] == ')' && --depth == 0)
				break;
		i = skip_blank(buf, len, i + 1);
		if (i >= len || buf[i] != '{')
			continue;	/* a declaration */
		*from = i;
		for (depth = 0; i < len; i++)
			if (buf[i] == '{')
				depth++;
			else if (buf[i] == '}' && --depth == 0)
				break;
		if (i >= len)
			return false;
		*to = i + 1;
		return true;
	}
	return false;
}

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
