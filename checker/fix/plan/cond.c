// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where a wait condition comes from and whether wait_event*() may use
 * it: side effects, constants, locals no waker can change; for a
 * one-shot sleep, a flag set before it and tested after, or the fields
 * the wakers store right before wake_up() on the same queue.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ast.h"
#include "analysis.h"
#include "condproof.h"
#include "site_text.h"

/* ---- conditions ---- */

/*
 * The side effect of condition text c, described, or NULL: a call of
 * sideeffect.def used for its result in a test ("returns" rows and the
 * take-if-there calls), which a re-test or a wait_event*() would run
 * again.
 */
const char *cond_side_effect(const char *c)
{
	const struct side_effect *se;
	const char *p;
	size_t i, n;

	if (strstr(c, "++") || strstr(c, "--"))
		return "an increment or decrement";
	for (p = c; *p; p++)
		if (*p == '=' && p[1] != '=' && (p == c || !strchr("=!<>", p[-1])))
			return "an assignment";
	se = side_effect_table(&n);
	for (i = 0; i < n; i++)
		if ((!strcmp(se[i].what, "returns") ||
		     !strcmp(se[i].what, "takes")) && find_word(c, se[i].name))
			return se[i].name;
	return NULL;
}

bool cond_constant(const char *c)
{
	const char *p;

	for (p = c; *p; p++)
		if (islower((unsigned char)*p) || *p == '(' || *p == '-')
			return false;
	return true;
}

/*
 * Does the name at d follow a type (`int x`, `char *x`), not the end of
 * a statement (`;\n\tx = 0;`: an assignment to a file-scope variable,
 * which 2.0 drivers used as their wait flags)?
 */
static bool after_type(const char *from, const char *d)
{
	const char *e = d, *b;

	while (e > from && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' ||
			    e[-1] == '*'))
		e--;
	if (e == from || !is_ident(e[-1]))
		return false;
	for (b = e; b > from && is_ident(b[-1]); b--)
		;
	return !((e - b == 6 && !strncmp(b, "return", 6)) ||
		 (e - b == 4 && (!strncmp(b, "else", 4) || !strncmp(b, "case", 4) ||
				 !strncmp(b, "goto", 4))));
}

bool cond_only_locals(const struct site_ctx *sc, const char *c)
{
	char *fn;
	const char *p = c, *s;
	bool any = false, all = true;

	if (strpbrk(c, "(.[*") || strstr(c, "->"))
		return false;
	fn = span_text(sc, sc->fn_start, sc->fn_end);
	while ((p = next_ident(c, p, &s, NULL))) {
		char *w, *decl;
		const char *brace;

		w = xasprintf("%.*s", (int)(p - s), s);
		if (isupper((unsigned char)w[0])) {
			free(w);
			continue;
		}
		/* a local: declared after the function's opening brace,
		 * not static, not volatile */
		brace = strchr(fn, '{');
		decl = brace ? (char *)find_word(brace, w) : NULL;
		any = true;
		if (!decl || decl == brace || strstr(brace, "static") ||
		    strstr(brace, "volatile") || !strstr(brace, w) ||
		    !(decl > brace && (decl[-1] == ' ' || decl[-1] == '*') &&
		      (decl[strlen(w)] == ';' || decl[strlen(w)] == ' ' ||
		       decl[strlen(w)] == ',')) || !after_type(brace, decl))
			all = false;
		if (text_addr_taken(fn, 0, strlen(fn), w))
			all = false;
		free(w);
	}
	free(fn);
	return any && all;
}

/*
 * A local the condition reads that the loop around the anchor refreshes
 * from shared state (`start = port->readp;` after the sleep of a 2.4
 * sync_serial read): a test made again after prepare_to_wait() reads the
 * copy taken before it, so a wake-up in between is still lost.  A local
 * set once before the loop is a reference value (atmtcp's `old_test`),
 * no copy.  The first such name, or NULL.
 */
char *cond_stale_copy(const struct site_ctx *sc, const char *c)
{
	const char *p = c, *s;
	char *fn = NULL;
	bool member;
	unsigned ls = 0, le = 0;
	int d;

	for (d = sc->depth - 1; d >= 0 && !le; d--) {
		enum CXCursorKind k = clang_getCursorKind(sc->path[d]);

		if (k == CXCursor_WhileStmt || k == CXCursor_ForStmt ||
		    k == CXCursor_DoStmt)
			cursor_span(sc->path[d], &ls, &le);
	}
	if (!le || le <= ls || le > sc->len)
		return NULL;
	fn = span_text(sc, ls, le);

	while ((p = next_ident(c, p, &s, &member))) {
		const char *q;
		char *w;

		for (q = p; *q == ' '; q++)
			;
		if (member || *q == '(' || isupper((unsigned char)*s))
			continue;
		w = xasprintf("%.*s", (int)(p - s), s);
		if (cp_is_local(sc->buf, sc->fn_start, sc->fn_end, w)) {
			const char *at = fn;

			while ((at = find_word(at, w))) {
				const char *e = at + strlen(w), *semi;

				at = e;
				if (e - strlen(w) > fn && (e[-strlen(w) - 1] == '.' ||
							  e[-strlen(w) - 1] == '>'))
					continue;
				while (*e == ' ' || *e == '\t')
					e++;
				if (e[0] != '=' || e[1] == '=')
					continue;
				semi = strchr(e, ';');
				if (!semi)
					break;
				{
					char *rhs = xasprintf("%.*s", (int)(semi - e - 1), e + 1);
					bool shared = strstr(rhs, "->") || strchr(rhs, '[') ||
						      (strchr(rhs, '.') && !strpbrk(rhs, "0123456789"));

					free(rhs);
					if (shared) {
						free(fn);
						return w;
					}
				}
			}
		}
		free(w);
	}
	free(fn);
	return NULL;
}

/* `lhs = rhs` as a condition that says the waker has been. */
static char *condition_from_store(const char *lhs, const char *rhs, bool cleared)
{
	if (!strcmp(rhs, "0") || !strcmp(rhs, "false") || !strcmp(rhs, "NULL"))
		return cleared ? xstrdup(lhs) : xasprintf("!%s", lhs);
	if (!strcmp(rhs, "1") || !strcmp(rhs, "true"))
		return cleared ? xasprintf("!%s", lhs) : xstrdup(lhs);
	return cleared ? xasprintf("%s != %s", lhs, rhs) :
			 xasprintf("%s == %s", lhs, rhs);
}

/* The last `field = value;` in text, with its parts. */
static bool last_store(const char *t, const char *end, char **lhs, char **rhs,
		       const char **at)
{
	const char *p = t, *best = NULL;
	size_t bl = 0, br = 0;
	const char *bro = NULL;

	while (p < end) {
		const char *semi = memchr(p, ';', end - p), *s, *eq;

		if (!semi)
			break;
		s = semi;
		while (s > p && s[-1] != ';' && s[-1] != '{' && s[-1] != '}')
			s--;
		while (*s == ' ')
			s++;
		eq = memchr(s, '=', semi - s);
		if (eq && eq > s && eq[1] != '=' && !strchr("!<>=+-|&", eq[-1])) {
			const char *l = s, *le = eq;

			while (le > l && le[-1] == ' ')
				le--;
			if (memchr(l, '>', le - l) && memchr(l, '-', le - l) &&
			    !memchr(l, '(', le - l) && !memchr(eq, '(', semi - eq)) {
				best = l;
				bl = le - l;
				bro = eq + 1;
				while (*bro == ' ')
					bro++;
				br = semi - bro;
			}
		}
		p = semi + 1;
	}
	if (!best)
		return false;
	*lhs = xasprintf("%.*s", (int)bl, best);
	*rhs = xasprintf("%.*s", (int)br, bro);
	*at = best;
	return true;
}

char *flag_condition(const struct site_ctx *sc)
{
	char *before = span_text(sc, sc->fn_start, sc->anchor_off);
	char *after = span_text(sc, sc->anchor_off, sc->fn_end);
	char *lhs, *rhs, *r = NULL;
	const char *at, *semi = strchr(after, ';');

	if (last_store(before, before + strlen(before), &lhs, &rhs, &at)) {
		const char *use = semi ? find_word(semi, last_field(lhs)) : NULL;

		if (use && strstr(semi, lhs))
			r = condition_from_store(lhs, rhs, true);
		free(lhs);
		free(rhs);
	}
	free(before);
	free(after);
	return r;
}
