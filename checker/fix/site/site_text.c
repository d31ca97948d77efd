// SPDX-License-Identifier: GPL-2.0-only
/*
 * Text helpers over the file a fix site is in; see site_text.h.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "analysis.h"
#include "site_text.h"

/* ---- text helpers ---- */

bool is_ident(char c)
{
	return wq_ident_char(c);
}

void cursor_span(CXCursor c, unsigned *start, unsigned *end)
{
	CXSourceRange r = clang_getCursorExtent(c);

	*start = loc_offset(clang_getRangeStart(r));
	*end = loc_offset(clang_getRangeEnd(r));
}

/* The source text of [start, end), whitespace runs folded to one space. */
char *span_text(const struct site_ctx *sc, unsigned start, unsigned end)
{
	struct strbuf sb = { 0 };
	unsigned i;
	bool space = false;

	if (end > sc->len)
		end = sc->len;
	for (i = start; i < end; i++) {
		char c = sc->buf[i];

		if (c == '/' && i + 1 < end && sc->buf[i + 1] == '*') {
			const char *e = strstr(sc->buf + i + 2, "*/");

			i = e ? (unsigned)(e - sc->buf) + 1 : end;
			space = true;
			continue;
		}
		if (c == '/' && i + 1 < end && sc->buf[i + 1] == '/') {
			while (i < end && sc->buf[i] != '\n')
				i++;
			space = true;
			continue;
		}
		if (isspace((unsigned char)c)) {
			space = true;
			continue;
		}
		if (space && sb.len)
			sb_puts(&sb, " ");
		space = false;
		sb_add(&sb, &c, 1);
	}
	return sb.s ? sb.s : xstrdup("");
}

char *site_cursor_text(const struct site_ctx *sc, CXCursor c)
{
	unsigned s, e;

	cursor_span(c, &s, &e);
	return span_text(sc, s, e);
}

/* Does word w occur in s as a whole identifier? */
const char *next_ident(const char *c, const char *p, const char **s,
		       bool *member)
{
	while (*p && (!is_ident(*p) || isdigit((unsigned char)*p)))
		p++;
	if (!*p)
		return NULL;
	*s = p;
	if (member)
		*member = p > c && (p[-1] == '.' ||
				    (p[-1] == '>' && p > c + 1 && p[-2] == '-'));
	while (is_ident(*p))
		p++;
	return p;
}

const char *find_word(const char *s, const char *w)
{
	size_t n = strlen(w);
	const char *p = s;

	if (!n)
		return NULL;	/* an empty word is nowhere (and must not loop) */
	while ((p = strstr(p, w))) {
		if ((p == s || !is_ident(p[-1])) && !is_ident(p[n]))
			return p;
		p += n;
	}
	return NULL;
}

bool starts_with_word(const char *s, const char *w)
{
	size_t n = strlen(w);

	return !strncmp(s, w, n) && !is_ident(s[n]);
}

/* The text inside the parentheses that open at s (s points at '('). */
char *paren_arg(const char *s)
{
	int depth = 0;
	const char *p;

	for (p = s; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return xasprintf("%.*s", (int)(p - s - 1), s + 1);
	}
	return xstrdup("");
}

char *strip_amp(const char *s)
{
	while (*s == ' ')
		s++;
	if (*s == '&')
		s++;
	while (*s == ' ')
		s++;
	return xstrdup(s);
}

/* The first argument of a call text `name(a, b)`, without &. */
char *first_arg(const char *call)
{
	const char *p = strchr(call, '(');
	char *all, *comma, *r;
	int depth = 0;

	if (!p)
		return xstrdup("");
	all = paren_arg(p);
	for (comma = all; *comma; comma++) {
		if (*comma == '(')
			depth++;
		else if (*comma == ')')
			depth--;
		else if (*comma == ',' && !depth)
			break;
	}
	*comma = '\0';
	r = strip_amp(all);
	free(all);
	return r;
}

/*
 * The last member name of an expression: `dev->rx.wait` -> `wait`; for a
 * queue that a call returns, the callee: `sk_sleep(sk)` -> `sk_sleep`.
 * Points into e; may be empty.
 */
const char *last_field(const char *e)
{
	const char *p = e + strlen(e);

	if (p > e && p[-1] == ')') {
		int depth = 0;

		while (p > e) {
			p--;
			if (*p == ')')
				depth++;
			else if (*p == '(' && --depth == 0)
				break;
		}
		while (p > e && p[-1] == ' ')
			p--;
		/* p is at the '(': the name ends here */
		{
			static __thread char name[128];
			const char *end = p;

			while (p > e && is_ident(p[-1]))
				p--;
			if ((size_t)(end - p) >= sizeof(name))
				return "";
			memcpy(name, p, end - p);
			name[end - p] = '\0';
			return name;
		}
	}
	if (p > e && p[-1] == ']') {
		/* an array of queues, `midi_sleeper[dev]`: the array's name */
		static __thread char name[128];
		const char *end;
		int depth = 0;

		while (p > e) {
			p--;
			if (*p == ']')
				depth++;
			else if (*p == '[' && --depth == 0)
				break;
		}
		end = p;
		while (p > e && is_ident(p[-1]))
			p--;
		if ((size_t)(end - p) >= sizeof(name))
			return "";
		memcpy(name, p, end - p);
		name[end - p] = '\0';
		return name;
	}
	while (p > e && is_ident(p[-1]))
		p--;
	return p;
}

enum task_st state_of(const char *text)
{
	if (strstr(text, "TASK_INTERRUPTIBLE"))
		return ST_INTR;
	if (strstr(text, "TASK_KILLABLE"))
		return ST_KILL;
	if (strstr(text, "TASK_UNINTERRUPTIBLE") || strstr(text, "TASK_IDLE"))
		return ST_UNINTR;
	return ST_NONE;
}

bool is_state_set(const char *t)
{
	return starts_with_word(t, "set_current_state") ||
	       starts_with_word(t, "__set_current_state") ||
	       starts_with_word(t, "set_task_state") ||
	       !strncmp(t, "current->state =", 16) ||
	       !strncmp(t, "current->__state =", 18);
}

/*
 * Is the if's test t only whether the sleep timed out: `!call(...)`,
 * `call(...) == 0` or `call(...) != 0`, `call(...)`?  Those read 0 or
 * not, which the wait_event*_timeout() forms answer as the old call
 * did (0 only on a timeout with nothing making them return earlier).
 */
bool zero_test_of(const char *t, const char *anchor)
{
	size_t n = strlen(anchor);
	const char *p = t, *e;
	int depth = 0;

	while (*p == ' ' || *p == '!' || *p == '(')
		p++;
	if (strncmp(p, anchor, n) || is_ident(p[n]))
		return false;
	for (e = p + n; *e == ' '; e++)
		;
	if (*e != '(')
		return false;
	for (; *e; e++) {
		depth += (*e == '(') - (*e == ')');
		if (!depth)
			break;
	}
	if (!*e)
		return false;
	for (e++; *e == ' ' || *e == ')'; e++)
		;
	/* at most one '!' in front, and `== 0`/`!= 0` only without one */
	if (strchr(t, '!') && strchr(t, '!') < p &&
	    strchr(strchr(t, '!') + 1, '!') && strchr(strchr(t, '!') + 1, '!') < p)
		return false;
	if (!*e)
		return true;
	return (!strcmp(e, "== 0") || !strcmp(e, "!= 0")) &&
	       !memchr(t, '!', p - t);
}
