// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ003's re-test: the test a state-after-test loop makes again between
 * its state change and its sleep, as C text for the plan's `cond`
 * (semantic-patches/plan.md).  state-after-test.cocci writes it as
 * `if (<re-test>)` in front of the sleep.
 *
 * The loop's own guard for `while (E)`; for an endless loop (`for (;;)`,
 * `while (1)`, `while (true)`), the negation of the last `if (c) break;`
 * (or `return`) before the state change at the body's top level, a
 * signal test not counted.  The negation is written as the rule wrote
 * it before the planner passed it: `!x` gives `x`, a single operand c
 * gives `!c`, anything with an operator outside brackets `!(c)`.
 * spatch reprints the text with its own spacing (cocci.make_expr()), so
 * only the tokens matter here.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "plan_int.h"
#include "site_text.h"

/* Does the token at p, n bytes long, combine two operands? */
static bool binary_token(const char *p, size_t n)
{
	static const char *const two[] = {
		"&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "+=", "-=",
		"|=", "&=", NULL
	};
	int i;

	if (n == 1)
		return strchr("+-*/%&|^?:=<>,", *p) != NULL;
	for (i = 0; n == 2 && two[i]; i++)
		if (!strncmp(p, two[i], 2))
			return true;
	return false;
}

/* The length of the punctuator at p (a three-, two- or one-byte one). */
static size_t punct_len(const char *p)
{
	static const char *const three[] = { "<<=", ">>=", "...", NULL };
	static const char *const two[] = {
		"->", "++", "--", "&&", "||", "==", "!=", "<=", ">=", "<<",
		">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", NULL
	};
	int i;

	for (i = 0; three[i]; i++)
		if (!strncmp(p, three[i], 3))
			return 3;
	for (i = 0; two[i]; i++)
		if (!strncmp(p, two[i], 2))
			return 2;
	return 1;
}

/* Is expression text t one operand: no operator outside brackets? */
static bool simple_operand(const char *t)
{
	const char *p = t;
	int depth = 0;

	while (*p) {
		size_t n;

		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		if (is_ident(*p)) {
			while (is_ident(*p) || *p == '.')
				p++;
			continue;
		}
		if (*p == '"' || *p == '\'') {
			char q = *p++;

			while (*p && *p != q)
				p += *p == '\\' && p[1] ? 2 : 1;
			p += *p == q;
			continue;
		}
		n = punct_len(p);
		if (strchr("([{", *p))
			depth++;
		else if (strchr(")]}", *p))
			depth--;
		else if (!depth && binary_token(p, n))
			return false;
		p += n;
	}
	return true;
}

/* The test that is true where c is false. */
static char *negation(const char *c)
{
	while (isspace((unsigned char)*c))
		c++;
	if (c[0] == '!' && c[1] != '=' && simple_operand(c + 1)) {
		c++;
		while (isspace((unsigned char)*c))
			c++;
		return xstrdup(c);
	}
	if (simple_operand(c))
		return xasprintf("!%s", c);
	return xasprintf("!(%s)", c);
}

/*
 * `if (c) ...; break;` or `... return ...;` with no else, c no signal
 * test: c, else NULL.
 */
static char *exit_test(const struct site_ctx *sc, CXCursor st)
{
	struct kids k, b = { 0 };
	CXCursor last;
	enum CXCursorKind lk;
	char *c = NULL;

	if (clang_getCursorKind(st) != CXCursor_IfStmt)
		return NULL;
	k = children(st);
	if (k.n != 2)
		goto out;
	last = k.c[1];
	if (clang_getCursorKind(last) == CXCursor_CompoundStmt) {
		b = children(last);
		if (!b.n)
			goto out;
		last = b.c[b.n - 1];
	}
	lk = clang_getCursorKind(last);
	if (lk != CXCursor_BreakStmt && lk != CXCursor_ReturnStmt)
		goto out;
	c = site_cursor_text(sc, k.c[0]);
	if (starts_with_word(c, "signal_pending") ||
	    starts_with_word(c, "fatal_signal_pending")) {
		free(c);
		c = NULL;
	}
out:
	free(b.c);
	free(k.c);
	return c;
}

/* An endless loop's re-test: the last exit test before the anchor. */
static char *endless_retest(const struct site_ctx *sc, CXCursor body)
{
	struct kids items;
	char *test = NULL, *r = NULL;
	int i;

	if (clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return NULL;
	items = children(body);
	for (i = 0; i < items.n; i++) {
		unsigned a, b;
		char *c;

		cursor_span(items.c[i], &a, &b);
		if (a <= sc->anchor_off && sc->anchor_off < b) {
			r = test ? negation(test) : NULL;
			break;
		}
		c = exit_test(sc, items.c[i]);
		if (c) {
			free(test);
			test = c;
		}
	}
	free(test);
	free(items.c);
	return r;
}

/*
 * The text between the parentheses after a loop's keyword (the guard of
 * `while (E)`, the header of `for (;;)`), from the text, not the
 * cursors: a condition that does not compile (a header missing) has no
 * cursor.
 */
static char *head_text(const struct site_ctx *sc, CXCursor loop)
{
	char *t = site_cursor_text(sc, loop), *r = NULL;
	const char *p = strchr(t, '('), *e;
	int depth = 0;

	for (e = p; e && *e; e++) {
		depth += (*e == '(') - (*e == ')');
		if (!depth) {
			r = xasprintf("%.*s", (int)(e - p - 1), p + 1);
			break;
		}
	}
	free(t);
	return r;
}

char *plan_retest(const struct site_ctx *sc)
{
	struct kids k;
	enum CXCursorKind lk = CXCursor_InvalidCode;
	char *head, *r = NULL;
	int d;

	/* the innermost loop, not one of a macro's expansion (the
	 * `do { } while (0)` of set_current_state()) */
	for (d = sc->depth - 1; d >= 0; d--) {
		lk = clang_getCursorKind(sc->path[d]);
		if ((lk == CXCursor_WhileStmt || lk == CXCursor_ForStmt ||
		     lk == CXCursor_DoStmt) && !from_macro(sc, sc->path[d]))
			break;
	}
	if (d < 0 || lk == CXCursor_DoStmt)
		return NULL;
	head = head_text(sc, sc->path[d]);
	k = children(sc->path[d]);
	if (!head || !k.n) {
		r = NULL;
	} else if (lk == CXCursor_WhileStmt && strcmp(head, "1") &&
		   strcmp(head, "true")) {
		r = head, head = NULL;
	} else if (lk == CXCursor_WhileStmt || !strcmp(head, ";;") ||
		   !strcmp(head, "; ;")) {
		/* `while (1)`, `for (;;)`: the body is the last child */
		r = endless_retest(sc, k.c[k.n - 1]);
	}
	free(head);
	free(k.c);
	return r;
}
