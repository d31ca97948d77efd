// SPDX-License-Identifier: GPL-2.0-only
/*
 * The statement text the condition proof's walk reads (analysis/proof/cpwalk.c):
 * where a statement starts, its header (`if (t)`, `while (t)`), a call's
 * arguments, the lvalue under a pointer argument, the labels that stop a
 * walk, and which calls write nothing a condition reads (kpure.def,
 * kapi.def) or how they write it (sideeffect.def SIDE_WRITE).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "condproof.h"
#include "condproof_int.h"

/* [start of the statement or header ending at end) at paren depth 0 */
unsigned cp_seg_start(const char *t, unsigned lo, unsigned end)
{
	int depth = 0;
	unsigned i = end;

	while (i > lo) {
		char c = t[i - 1];

		if (c == ')' || c == ']') {
			depth++;
		} else if (c == '(' || c == '[') {
			depth--;
		} else if (!depth && (c == ';' || c == '{')) {
			return i;
		} else if (!depth && c == '}') {
			/* an initializer `= { ... }` is part of the statement */
			int bd = 0;
			unsigned j = i - 1, k;

			for (; j > lo; j--) {
				if (t[j] == '}')
					bd++;
				else if (t[j] == '{' && --bd == 0)
					break;
			}
			for (k = j; k > lo && isspace((unsigned char)t[k - 1]); k--)
				;
			if (k > lo && (t[k - 1] == '=' || t[k - 1] == ',' ||
				       t[k - 1] == '(')) {
				i = j;
				continue;
			}
			return i;
		}
		i--;
	}
	return lo;
}

static unsigned match_open(const char *t, unsigned lo, unsigned close)
{
	int depth = 0;
	unsigned i;

	for (i = close + 1; i > lo; i--) {
		if (t[i - 1] == '}')
			depth++;
		else if (t[i - 1] == '{' && --depth == 0)
			return i - 1;
	}
	return lo;
}

char *cp_trimmed(const char *t, unsigned a, unsigned b)
{
	while (a < b && isspace((unsigned char)t[a]))
		a++;
	while (b > a && isspace((unsigned char)t[b - 1]))
		b--;
	return xasprintf("%.*s", (int)(b - a), t + a);
}

bool cp_starts_kw(const char *s, const char *kw)
{
	size_t n = strlen(kw);

	return !strncmp(s, kw, n) && !wq_ident_char(s[n]);
}

/* The test in a header `if (G)`, `while (G)`, `for (a; G; b)`, or NULL. */
char *cp_header_test(const char *h)
{
	const char *p = h, *o;
	int depth = 0;

	if (cp_starts_kw(p, "else")) {
		p += 4;
		while (isspace((unsigned char)*p))
			p++;
	}
	if (!cp_starts_kw(p, "if") && !cp_starts_kw(p, "while") && !cp_starts_kw(p, "for"))
		return NULL;
	o = strchr(p, '(');
	if (!o)
		return NULL;
	for (p = o; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			break;
	}
	if (!*p)
		return NULL;
	if (cp_starts_kw(h, "for") || strstr(h, "for") == h) {
		const char *s1 = memchr(o, ';', p - o), *s2;

		if (!s1)
			return NULL;
		s2 = memchr(s1 + 1, ';', p - s1 - 1);
		if (!s2)
			return NULL;
		return xasprintf("%.*s", (int)(s2 - s1 - 1), s1 + 1);
	}
	return xasprintf("%.*s", (int)(p - o - 1), o + 1);
}

/* `&x` -> x, `x` -> x */
char *cp_deref(const char *a)
{
	char *n = cp_norm(a);

	if (n[0] == '&') {
		char *r = cp_norm(n + 1);

		free(n);
		return r;
	}
	return n;
}

/* The arguments of the call whose '(' is at s: up to max, allocated. */
int cp_args_of(const char *s, char **out, int max)
{
	int depth = 0, n = 0;
	const char *p, *a = s + 1;

	for (p = s; *p; p++) {
		if (*p == '(' || *p == '[' || *p == '{') {
			depth++;
		} else if (*p == ')' || *p == ']' || *p == '}') {
			if (--depth == 0) {
				if (n < max && p > a)
					out[n++] = xasprintf("%.*s", (int)(p - a), a);
				return n;
			}
		} else if (*p == ',' && depth == 1) {
			if (n < max)
				out[n++] = xasprintf("%.*s", (int)(p - a), a);
			a = p + 1;
		}
	}
	return n;
}

/* Could argument a carry a pointer the callee writes through? */
char *cp_pointer_arg(const char *a)
{
	char *n = cp_norm(a);
	const char *p = n[0] == '&' ? n + 1 : n;
	const char *q;

	if (!*p || isdigit((unsigned char)*p) || *p == '-') {
		free(n);
		return NULL;
	}
	for (q = p; *q; q++)
		if (!wq_ident_char(*q) && !strchr("->.[]()", *q)) {
			free(n);
			return NULL;
		}
	/* `(void *)p`-free path; calls in it are read only */
	if (strchr(p, '(')) {
		free(n);
		return NULL;
	}
	q = xstrdup(p);
	free(n);
	return (char *)q;
}

/* the wake-up calls of kapi.def (KAPI_WAKES_QUEUE, KAPI_WAKES_TASK) */
static bool wakes(const char *w)
{
	const char *const *q;
	int t;

	for (t = 0; t < 2; t++)
		for (q = kapi_wakes(!t); *q; q++)
			if (!strcmp(*q, w))
				return true;
	return false;
}

/* the wake-ups and the wait API write nothing a condition reads */
bool cp_call_pure(const char *name, size_t n)
{
	char *w = xasprintf("%.*s", (int)n, name);
	bool pure = kapi_pure(w) || kapi_lookup(w, n) ||
		    wakes(w) || !strncmp(w, "printk", 6) ||
		    !strncmp(w, "pr_", 3) || !strncmp(w, "dev_", 4) ||
		    !strcmp(w, "sizeof") || !strcmp(w, "likely") ||
		    !strcmp(w, "unlikely");

	free(w);
	return pure;
}

/* A declaration `T x = v`, `struct s *p = v`: its name, or NULL. */
char *cp_declared(const char *lhs)
{
	const char *e = lhs + strlen(lhs), *b;
	int words = 0;
	const char *p;

	if (strpbrk(lhs, "[(.") || strstr(lhs, "->"))
		return NULL;
	for (p = lhs; *p; ) {
		if (wq_ident_char(*p)) {
			words++;
			while (wq_ident_char(*p))
				p++;
		} else {
			p++;
		}
	}
	if (words < 2)
		return NULL;
	for (b = e; b > lhs && wq_ident_char(b[-1]); b--)
		;
	return b < e ? xasprintf("%.*s", (int)(e - b), b) : NULL;
}

/* `~(A | B)` -> `A|B`; NULL when val is no complement */
char *cp_mask_of(const char *val)
{
	char *v = cp_norm(val), *m;

	if (v[0] != '~') {
		free(v);
		return NULL;
	}
	m = cp_norm(v + 1);
	free(v);
	return m;
}

/* skip the complete statement that ends right before p; its start */
unsigned cp_skip_prev(const char *t, unsigned lo, unsigned p)
{
	while (p > lo && isspace((unsigned char)t[p - 1]))
		p--;
	if (p <= lo)
		return lo;
	if (t[p - 1] == '}') {
		unsigned o = match_open(t, lo, p - 1);
		unsigned hs = cp_seg_start(t, lo, o);
		char *h = cp_trimmed(t, hs, o);
		bool chain = cp_starts_kw(h, "else");

		free(h);
		return chain ? cp_skip_prev(t, lo, hs) : hs;
	}
	if (t[p - 1] == ';') {
		unsigned s = cp_seg_start(t, lo, p - 1);
		char *h = cp_trimmed(t, s, p - 1);
		bool chain = cp_starts_kw(h, "else");

		/* `do { } while (x);`: the block and its `do` too */
		if (cp_starts_kw(h, "while")) {
			unsigned q = s;

			while (q > lo && isspace((unsigned char)t[q - 1]))
				q--;
			if (q > lo && t[q - 1] == '}') {
				free(h);
				return cp_skip_prev(t, lo, q);
			}
		}
		free(h);
		return chain ? cp_skip_prev(t, lo, s) : s;
	}
	return p;
}

/* The '{' of the block around offset p (a switch's, from a case label). */
unsigned cp_enclosing_open(const char *t, unsigned lo, unsigned p)
{
	int depth = 0;

	for (; p > lo; p--) {
		if (t[p - 1] == '}')
			depth++;
		else if (t[p - 1] == '{' && depth-- == 0)
			return p - 1;
	}
	return lo;
}

/* Length of the labels `case X:`, `default:`, `out:` at s's start; *go
 * says a goto label was among them. */
size_t cp_labels(const char *s, bool *go, bool *sw)
{
	const char *p = s;

	*go = *sw = false;
	for (;;) {
		const char *q = p;

		while (isspace((unsigned char)*q))
			q++;
		if (cp_starts_kw(q, "case")) {
			int depth = 0;

			for (; *q; q++) {
				if (*q == '(')
					depth++;
				else if (*q == ')')
					depth--;
				else if (!depth && *q == ':' && q[1] != ':')
					break;
			}
			if (!*q)
				return p - s;
			*sw = true;
			p = q + 1;
			continue;
		}
		if (wq_ident_char(*q) && !isdigit((unsigned char)*q)) {
			const char *w = q;

			while (wq_ident_char(*q))
				q++;
			while (*q == ' ' || *q == '\t' || *q == '\n')
				q++;
			if (*q == ':' && q[1] != ':' &&
			    strncmp(w, "default", 7) && !cp_starts_kw(w, "default")) {
				*go = true;
				p = q + 1;
				continue;
			}
			if (*q == ':' && cp_starts_kw(w, "default")) {
				*sw = true;
				p = q + 1;
				continue;
			}
		}
		return p - s;
	}
}

bool cp_is_jump(const char *s)
{
	return cp_starts_kw(s, "return") || cp_starts_kw(s, "break") ||
	       cp_starts_kw(s, "continue") || cp_starts_kw(s, "goto");
}

bool cp_is_header(const char *s)
{
	return cp_starts_kw(s, "if") || cp_starts_kw(s, "else") ||
	       cp_starts_kw(s, "for") || cp_starts_kw(s, "while") ||
	       cp_starts_kw(s, "switch") || cp_starts_kw(s, "do");
}

/* how a call writes what a condition reads (sideeffect.def SIDE_WRITE) */
const struct cp_side_write cp_side_writes[] = {
#define SIDE_EFFECT(n, w, a)
#define SIDE_WRITE(n, how, lhs, val) { #n, how, lhs, val, how == CPW_FACT },
#include "sideeffect.def"
#undef SIDE_WRITE
#undef SIDE_EFFECT
};
const size_t cp_nside = sizeof(cp_side_writes) / sizeof(cp_side_writes[0]);
