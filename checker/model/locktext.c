// SPDX-License-Identifier: GPL-2.0-only
/*
 * Lock calls behind a driver's own names, read from the file's text.
 *
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
 * use an unlock.  Only unlocks are recovered for the graph: a macro's
 * use has the arguments of the macro, not of the call in its body, and
 * an unlock needs none.
 *
 * The model check of `wqport fix` reads its functions from the text too
 * (fix/validate, fix/modelcheck), and asks text_lock_use() what a call
 * of a driver's name does to a lock: a macro's first lock or unlock
 * call, or a wrapper function's only statement
 *
 *	static void drv_lock(struct drv *d)
 *	{
 *		mutex_lock(&d->lock);
 *	}
 *
 * with the use's arguments in place of the parameters: `drv_lock(dev)`
 * is mutex_lock(&dev->lock).  model/build/lockwrap.c reads the same
 * wrappers from the parse, for the check.
 */
#include <stdlib.h>
#include <string.h>

#include "text.h"

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

/* ---- a use of a driver's lock macro or lock wrapper, from the text ---- */

struct ltok {
	unsigned off, len;
};

/* The tokens of buf[from, to): names, numbers, `->`, one-character
 * punctuation; comments, literals and line continuations skipped. */
static int lex(const char *buf, unsigned from, unsigned to, struct ltok *t,
	       int max)
{
	unsigned i = from, j;
	int n = 0;

	while (i < to && n < max) {
		j = text_skip_noncode(buf, i, to);
		if (j != i || buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
		    buf[i] == '\r' || buf[i] == '\\') {
			i = j != i ? j : i + 1;
			continue;
		}
		t[n].off = i;
		if (wq_ident_char(buf[i])) {
			while (i < to && wq_ident_char(buf[i]))
				i++;
		} else {
			i += buf[i] == '-' && i + 1 < to && buf[i + 1] == '>' ? 2 : 1;
		}
		t[n].len = i - t[n].off;
		n++;
	}
	return n;
}

static bool lt_is(const char *buf, const struct ltok *t, const char *s)
{
	return t->len == strlen(s) && !memcmp(buf + t->off, s, t->len);
}

/* The token closing the bracket at t[i] among t[0..n), or -1. */
static int lt_match(const char *buf, const struct ltok *t, int n, int i)
{
	int d = 0;

	for (; i < n; i++)
		if (lt_is(buf, &t[i], "(") || lt_is(buf, &t[i], "["))
			d++;
		else if ((lt_is(buf, &t[i], ")") || lt_is(buf, &t[i], "]")) &&
			 !--d)
			return i;
	return -1;
}

/* A lock or an unlock of kapi.def called at t[i]: *close its `)`. */
static bool lock_call_at(const char *buf, const struct ltok *t, int n, int i,
			 bool *unlock, int *close)
{
	const char *c = buf + t[i].off;

	if (i + 1 >= n || !wq_ident_char(*c) || !lt_is(buf, &t[i + 1], "("))
		return false;
	*unlock = kapi_is(c, t[i].len, K_UNLOCK);
	if (!*unlock && !kapi_lock(c, t[i].len, false))
		return false;
	*close = lt_match(buf, t, n, i + 1);
	return *close > i + 2;	/* at least one argument */
}

/*
 * Is the first argument of the call at t[i] (closed at t[close])
 * `&`? name ((`->` | `.`) name)*: a global, a parameter or a member of
 * one (model/build/lockwrap.c's rule for a wrapper)?
 */
static bool plain_operand(const char *buf, const struct ltok *t, int i,
			  int close)
{
	int k = i + 2 + lt_is(buf, &t[i + 2], "&");

	if (k >= close || !wq_ident_char(buf[t[k].off]))
		return false;
	for (k++; k < close && !lt_is(buf, &t[k], ","); k += 2)
		if (k + 1 >= close || !(lt_is(buf, &t[k], "->") ||
					lt_is(buf, &t[k], ".")) ||
		    !wq_ident_char(buf[t[k + 1].off]))
			return false;
	return true;
}

bool text_member_chain(const char *s)
{
	for (; *s; s++)
		if (!wq_ident_char(*s) && *s != '.' &&
		    !(s[0] == '-' && s[1] == '>' && s++))
			return false;
	return true;
}

/*
 * The text of t[a..b] with each name of a parameter p[k] (not a member
 * name, after `->` or `.`) replaced by args[k], bracketed unless plain.
 */
static char *substitute(const char *buf, const struct ltok *t, int a, int b,
			const struct ltok *p, int np, char *const *args,
			int nargs)
{
	struct strbuf sb = { 0 };
	int i, k;

	for (i = a; i <= b; i++) {
		const char *w = buf + t[i].off;
		bool word = wq_ident_char(*w);

		if (i > a && word && wq_ident_char(buf[t[i - 1].off]))
			sb_puts(&sb, " ");
		for (k = 0; word && k < np && k < nargs; k++)
			if (p[k].len == t[i].len && !memcmp(buf + p[k].off, w, t[i].len) &&
			    !(i > a && (lt_is(buf, &t[i - 1], "->") ||
					lt_is(buf, &t[i - 1], "."))))
				break;
		if (word && k < np && k < nargs)
			sb_printf(&sb, text_member_chain(args[k]) ? "%s" : "(%s)", args[k]);
		else
			sb_add(&sb, w, t[i].len);
	}
	return sb.s ? sb.s : xstrdup("");
}

/* The parameter names of the list buf[from, to): the last name of each. */
static int params_of(const char *buf, unsigned from, unsigned to,
		     struct ltok *p, int max)
{
	struct ltok t[64];
	int n = lex(buf, from, to, t, 64), np = 0, i, last = -1, count = 0;

	for (i = 0; i <= n && np < max; i++) {
		if (i < n && !lt_is(buf, &t[i], ",")) {
			if (wq_ident_char(buf[t[i].off]))
				last = i;
			count++;
			continue;
		}
		/* `void` alone is no parameter; an unnamed one keeps its place */
		if (last >= 0 && !(count == 1 && lt_is(buf, &t[last], "void")))
			p[np++] = t[last];
		last = -1;
		count = 0;
	}
	return np;
}

#define LT_MAX 512

char *text_lock_use(const char *buf, size_t len, const char *name, size_t n,
		    char *const *args, int nargs, bool *unlock, bool *fn)
{
	struct ltok *t = xrealloc(NULL, LT_MAX * sizeof(*t)), p[16];
	size_t end;
	long at = macro_define_at(buf, len, name, n, &end);
	unsigned from, to, b;
	int nt = 0, np = 0, i, close = -1;
	char *call = NULL, *nm = xasprintf("%.*s", (int)n, name);

	*fn = at < 0;
	if (at >= 0) {
		/* `#define NAME(a, b) ... lock(...) ...`: its first lock call */
		b = at + n;
		if (b < end && buf[b] == '(') {
			unsigned q = b;

			while (q < end && buf[q] != ')')
				q++;
			np = params_of(buf, b + 1, q, p, 16);
			b = q + 1;
		}
		nt = lex(buf, b, end, t, LT_MAX);
		for (i = 0; i < nt; i++)
			if (lock_call_at(buf, t, nt, i, unlock, &close))
				break;
	} else if (text_function_body(buf, len, nm, &from, &to)) {
		/* `{ lock(args); }`, the lock a plain operand */
		unsigned q = from, o;
		int d = 0;

		while (q > 0 && buf[q] != ')')
			q--;
		for (o = q; o > 0; o--)
			if (buf[o] == ')')
				d++;
			else if (buf[o] == '(' && !--d)
				break;
		np = params_of(buf, o + 1, q, p, 16);
		nt = lex(buf, from + 1, to - 1, t, LT_MAX);
		i = 0;
		if (!(nt >= 5 && lock_call_at(buf, t, nt, 0, unlock, &close) &&
		      close == nt - 2 && lt_is(buf, &t[nt - 1], ";") &&
		      plain_operand(buf, t, 0, close)))
			close = -1;
	}
	if (close >= 0 && i < nt)
		call = substitute(buf, t, i, close, p, np, args, nargs);
	free(nm);
	free(t);
	return call;
}
