// SPDX-License-Identifier: GPL-2.0-only
/*
 * What holds at a point of a function on every path to it, read back
 * from the point through the text:
 *
 *	dev->state = STARTING;		<- a write on every path
 *	if (x)
 *		dev->armed = 1;		<- not on every path: skipped
 *	if (!dev->done) {		<- a test known true inside
 *		foo(dev);		<- may write anything under dev
 *		interruptible_sleep_on(&dev->wq);	<- the point
 *
 * The walk (analysis/cpwalk.c) goes back statement by statement; it steps over whole
 * compound statements before the point (an if, a loop: their writes are
 * not on every path), climbs out of the blocks around the point (an if
 * or loop test around it holds there), jumps from a case label to its
 * switch, and stops at a goto label (other paths join there).  The
 * nearest write to a name wins; a call that is not known pure may write
 * anything it is handed a pointer to (kpure.def, kapi.def).
 *
 * cp_eval() (this file) then says whether a wait condition is true, false or
 * unknown there: what a waker makes true before its wake-up, and what
 * the sleeper makes false before its sleep (fix/plan/cond.c's proof).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "condproof.h"
#include "condproof_int.h"

/* ---- evaluation ---- */

/* the integer value of constant c, from the text of the file */
static bool const_num(const char *buf, size_t len, const char *c, long *v)
{
	char *end;
	long at;
	size_t n = strlen(c);

	if (!*c)
		return false;
	if (isdigit((unsigned char)c[0]) ||
	    (c[0] == '-' && isdigit((unsigned char)c[1]))) {
		*v = strtol(c, &end, 0);
		while (*end == 'U' || *end == 'u' || *end == 'L' || *end == 'l')
			end++;
		return !*end;
	}
	if (!strcmp(c, "NULL") || !strcmp(c, "false")) {
		*v = 0;
		return true;
	}
	if (!strcmp(c, "true")) {
		*v = 1;
		return true;
	}
	for (at = 0; (at = text_find_word(buf, at, len, c)) >= 0; at += n) {
		long p = at, e = at + n;

		/* #define NAME value */
		while (p > 0 && (buf[p - 1] == ' ' || buf[p - 1] == '\t'))
			p--;
		if (p >= 6 && !strncmp(buf + p - 6, "define", 6)) {
			char val[64];
			size_t k = 0;

			while ((size_t)e < len && (buf[e] == ' ' || buf[e] == '\t'))
				e++;
			while ((size_t)e < len && buf[e] != '\n' && k < 63 &&
			       !(buf[e] == '/' && buf[e + 1] == '*'))
				val[k++] = buf[e++];
			while (k && isspace((unsigned char)val[k - 1]))
				k--;
			val[k] = 0;
			{
				char *nv = cp_norm(val);
				bool ok = (isdigit((unsigned char)nv[0]) ||
					   nv[0] == '-') &&
					  const_num(buf, len, nv, v);

				free(nv);
				if (ok)
					return true;
			}
			continue;
		}
		/* an enum member: count from the brace */
		{
			long b = at;
			int depth = 0;

			while (b > 0 && !(buf[b - 1] == '{' && depth == 0)) {
				if (buf[b - 1] == '}' || buf[b - 1] == ';' ||
				    buf[b - 1] == '(')
					break;
				b--;
			}
			if (b <= 0 || buf[b - 1] != '{')
				continue;
			{
				long q = b - 1;

				while (q > 0 && isspace((unsigned char)buf[q - 1]))
					q--;
				while (q > 0 && wq_ident_char(buf[q - 1]))
					q--;
				while (q > 0 && isspace((unsigned char)buf[q - 1]))
					q--;
				if (!(q >= 4 && !strncmp(buf + q - 4, "enum", 4)) &&
				    strncmp(buf + q, "enum", 4))
					continue;
			}
			{
				long cur = -1;
				const char *p2 = buf + b;

				for (;;) {
					const char *w;
					char *name;
					bool hit;

					while (*p2 && !wq_ident_char(*p2) && *p2 != '}')
						p2++;
					if (*p2 != '_' && !isalpha((unsigned char)*p2))
						break;
					w = p2;
					while (wq_ident_char(*p2))
						p2++;
					name = xasprintf("%.*s", (int)(p2 - w), w);
					while (*p2 == ' ' || *p2 == '\t' || *p2 == '\n')
						p2++;
					if (*p2 == '=') {
						char *ve;

						p2++;
						while (*p2 == ' ')
							p2++;
						cur = strtol(p2, &ve, 0);
						if (ve == p2) {
							free(name);
							break;
						}
						p2 = ve;
					} else {
						cur++;
					}
					hit = !strcmp(name, c);
					free(name);
					if (hit) {
						*v = cur;
						return true;
					}
					while (*p2 && *p2 != ',' && *p2 != '}')
						p2++;
					if (*p2 != ',')
						break;
					p2++;
				}
			}
		}
	}
	return false;
}

enum vkind { V_UNKNOWN, V_EXACT, V_NONZERO, V_GREW, V_NOT };

struct value {
	enum vkind kind;
	const char *v;
};

static char *call_arg(const char *e, const char *name, int idx);

static bool dec_to_zero(const char *fact, const char *e)
{
	char *a = NULL;
	size_t k;
	bool hit;

	for (k = 0; k < cp_nside && !a; k++)
		if (cp_side_writes[k].dectest)
			a = call_arg(fact, cp_side_writes[k].name, cp_side_writes[k].lhs);
	hit = a && !strcmp(a, e);
	free(a);
	return hit;
}

static struct value lookup(const struct cp_state *st, const char *e)
{
	struct value r = { V_UNKNOWN, NULL };
	int i;

	for (i = 0; i < st->n; i++) {
		const struct cp_write *w = &st->w[i];

		if (w->kind == CPW_FACT) {
			const char *f = w->lhs;
			size_t n = strlen(e);

			if (!strcmp(f, e)) {
				r.kind = V_NONZERO;
				return r;
			}
			/* `if (atomic_dec_and_test(&x))`: x is 0 now */
			if (dec_to_zero(f, e)) {
				r.kind = V_EXACT;
				r.v = "0";
				return r;
			}
			if (f[0] == '!' && !strcmp(f + 1, e)) {
				r.kind = V_EXACT;
				r.v = "0";
				return r;
			}
			if (!strncmp(f, e, n) && (!strncmp(f + n, "==", 2) ||
						  !strncmp(f + n, "!=", 2))) {
				r.kind = f[n] == '=' ? V_EXACT : V_NOT;
				r.v = f + n + 2;
				return r;
			}
			continue;
		}
		if (!strcmp(w->lhs, e)) {
			if (w->kind == CPW_SET) {
				r.kind = V_EXACT;
				r.v = w->val;
			} else if (w->kind == CPW_ADD) {
				r.kind = V_GREW;
			}
			return r;
		}
		if (cp_covers(w->lhs, e))
			return r;
		/* a write inside e (`e.x = 1`, `e->y++`): e changed */
		if (cp_covers(e, w->lhs))
			return r;
	}
	return r;
}

static char *strip_not(const char *e, bool *neg)
{
	*neg = false;
	if (e[0] == '!' && e[1] != '=') {
		*neg = true;
		return cp_norm(e + 1);
	}
	return xstrdup(e);
}

static enum cp_truth not3(enum cp_truth t)
{
	return t == CP_TRUE ? CP_FALSE : t == CP_FALSE ? CP_TRUE : CP_UNKNOWN;
}

/* the one argument of call `name(x)` at e's start, or NULL */
static char *call_arg(const char *e, const char *name, int idx)
{
	size_t n = strlen(name);
	char *args[4], *r = NULL;
	int k, i;

	if (strncmp(e, name, n) || e[n] != '(')
		return NULL;
	{
		/* the call must be all of e */
		int depth = 0;
		const char *p;

		for (p = e + n; *p; p++) {
			if (*p == '(')
				depth++;
			else if (*p == ')' && --depth == 0)
				break;
		}
		if (!*p || p[1])
			return NULL;
	}
	k = cp_args_of(e + n, args, 4);
	if (idx < k)
		r = cp_deref(args[idx]);
	for (i = 0; i < k; i++)
		free(args[i]);
	return r;
}

static enum cp_truth compare(const char *buf, size_t len, struct value v,
			     const char *op, const char *rhs)
{
	long a, b;
	bool ka, kb = const_num(buf, len, rhs, &b);

	if (v.kind == V_GREW || v.kind == V_NONZERO) {
		if (kb && b == 0) {
			if (!strcmp(op, "!=") || !strcmp(op, ">"))
				return CP_TRUE;
			if (!strcmp(op, "=="))
				return CP_FALSE;
		}
		return CP_UNKNOWN;
	}
	if (v.kind == V_NOT) {
		if (!strcmp(v.v, rhs))
			return !strcmp(op, "==") ? CP_FALSE :
			       !strcmp(op, "!=") ? CP_TRUE : CP_UNKNOWN;
		return CP_UNKNOWN;
	}
	if (v.kind != V_EXACT || !v.v)
		return CP_UNKNOWN;
	ka = const_num(buf, len, v.v, &a);
	if (ka && kb) {
		bool r = !strcmp(op, "==") ? a == b : !strcmp(op, "!=") ? a != b :
			 !strcmp(op, ">=") ? a >= b : !strcmp(op, "<=") ? a <= b :
			 !strcmp(op, ">") ? a > b : a < b;

		return r ? CP_TRUE : CP_FALSE;
	}
	if (!strcmp(v.v, rhs)) {
		if (!strcmp(op, "==") || !strcmp(op, ">=") || !strcmp(op, "<="))
			return CP_TRUE;
		return CP_FALSE;
	}
	return CP_UNKNOWN;
}

static enum cp_truth eval(const char *buf, size_t len, const char *e0,
			  const struct cp_state *st, int depth)
{
	char *e = cp_norm(e0), *parts[16], *x;
	enum cp_truth r = CP_UNKNOWN;
	int n, i;
	bool neg;

	if (depth > 20 || !*e)
		goto out;
	/* a test known true here */
	for (i = 0; i < st->n; i++) {
		const struct cp_write *w = &st->w[i];
		char *ne;

		if (w->kind != CPW_FACT || !cp_fact_live(st, i))
			continue;
		if (!strcmp(w->lhs, e)) {
			r = CP_TRUE;
			goto out;
		}
		switch (cp_cmp_fact(w->lhs, e)) {
		case 1:
			r = CP_TRUE;
			goto out;
		case -1:
			r = CP_FALSE;
			goto out;
		}
		ne = xasprintf("!(%s)", e);
		{
			char *fl = w->lhs[0] == '!' ? cp_norm(w->lhs + 1) : NULL;
			char *el = e[0] == '!' ? cp_norm(e + 1) : NULL;
			bool opposite = (fl && !strcmp(fl, e)) ||
					(el && !strcmp(el, w->lhs)) ||
					!strcmp(w->lhs, ne);

			free(fl);
			free(el);
			free(ne);
			if (opposite) {
				r = CP_FALSE;
				goto out;
			}
		}
	}
	n = cp_split_top(e, "||", parts, 16);
	if (n > 1) {
		bool all_false = true;

		for (i = 0; i < n; i++) {
			enum cp_truth t = eval(buf, len, parts[i], st, depth + 1);

			if (t == CP_TRUE)
				r = CP_TRUE;
			if (t != CP_FALSE)
				all_false = false;
			free(parts[i]);
		}
		if (r != CP_TRUE && all_false)
			r = CP_FALSE;
		goto out;
	}
	free(parts[0]);
	n = cp_split_top(e, "&&", parts, 16);
	if (n > 1) {
		bool all_true = true;

		for (i = 0; i < n; i++) {
			enum cp_truth t = eval(buf, len, parts[i], st, depth + 1);

			if (t == CP_FALSE)
				r = CP_FALSE;
			if (t != CP_TRUE)
				all_true = false;
			free(parts[i]);
		}
		if (r != CP_FALSE && all_true)
			r = CP_TRUE;
		goto out;
	}
	free(parts[0]);
	x = strip_not(e, &neg);
	if (neg) {
		/* `!a == b` is not a negation of the whole: only a unit */
		bool unit = true;
		int d = 0;
		const char *p;

		/* `!(a & B)`: the parenthesised whole */
		if (e[1] == '(') {
			for (p = e + 1; *p; p++) {
				if (*p == '(')
					d++;
				else if (*p == ')' && --d == 0)
					break;
			}
			if (*p && !p[1]) {
				r = not3(eval(buf, len, x, st, depth + 1));
				free(x);
				goto out;
			}
			d = 0;
		}
		for (p = x; *p; p++) {
			if (*p == '(' || *p == '[')
				d++;
			else if (*p == ')' || *p == ']')
				d--;
			else if (!d && strchr("=<>!&|+-*/%?", *p) &&
				 !(p[0] == '-' && p[1] == '>') &&
				 !(p > x && p[-1] == '-' && p[0] == '>'))
				unit = false;
		}
		if (unit) {
			r = not3(eval(buf, len, x, st, depth + 1));
			free(x);
			goto out;
		}
	}
	free(x);
	/* a comparison */
	{
		static const char *const ops[] = { "==", "!=", ">=", "<=", ">", "<", NULL };
		int d = 0, k;
		const char *p;

		for (p = e; *p; p++) {
			if (*p == '(' || *p == '[') {
				d++;
				continue;
			}
			if (*p == ')' || *p == ']') {
				d--;
				continue;
			}
			if (d || (p[0] == '-' && p[1] == '>') ||
			    (p > e && p[-1] == '-' && p[0] == '>') ||
			    (p[0] == '<' && p[1] == '<') || (p[0] == '>' && p[1] == '>') ||
			    (p > e && (p[-1] == '<' || p[-1] == '>') && p[0] == p[-1]))
				continue;
			for (k = 0; ops[k]; k++)
				if (!strncmp(p, ops[k], strlen(ops[k])))
					break;
			if (ops[k]) {
				char *l = xasprintf("%.*s", (int)(p - e), e);
				char *rr = cp_norm(p + strlen(ops[k]));
				char *ln = cp_norm(l);
				char *inner = call_arg(ln, "atomic_read", 0);
				struct value v;
				long dummy;

				if (!inner)
					inner = call_arg(ln, "READ_ONCE", 0);
				/* constant on the left: `NULL != p` */
				if (const_num(buf, len, ln, &dummy) &&
				    !const_num(buf, len, rr, &dummy)) {
					static const char *const sw[][2] = {
						{ ">", "<" }, { "<", ">" },
						{ ">=", "<=" }, { "<=", ">=" },
					};
					const char *op = ops[k];
					int j;

					for (j = 0; j < 4; j++)
						if (!strcmp(op, sw[j][0]))
							op = sw[j][1];
					v = lookup(st, rr);
					r = compare(buf, len, v, op, ln);
				} else {
					v = lookup(st, inner ? inner : ln);
					r = compare(buf, len, v, ops[k], rr);
				}
				free(inner);
				free(l);
				free(rr);
				free(ln);
				goto out;
			}
		}
	}
	/* `x & B` after `x |= A|B` or `x &= ~(A|B)` */
	if ((r = cp_mask_test(e, st)) != CP_UNKNOWN)
		goto out;
	/* an atom */
	{
		char *a;
		struct value v;
		long num;

		if ((a = call_arg(e, "test_bit", 1))) {
			char *bit = call_arg(e, "test_bit", 0);

			for (i = 0; i < st->n; i++) {
				const struct cp_write *w = &st->w[i];

				if ((w->kind == CPW_BITSET || w->kind == CPW_BITCLR) &&
				    !strcmp(w->lhs, a) && w->val && !strcmp(w->val, bit)) {
					r = w->kind == CPW_BITSET ? CP_TRUE : CP_FALSE;
					break;
				}
				if (w->kind == CPW_FACT)
					continue;
				if (cp_covers(w->lhs, a) &&
				    w->kind != CPW_BITSET && w->kind != CPW_BITCLR)
					break;
			}
			free(bit);
			free(a);
			goto out;
		}
		if ((a = call_arg(e, "list_empty", 0)) ||
		    (a = call_arg(e, "skb_queue_empty", 0))) {
			for (i = 0; i < st->n; i++) {
				const struct cp_write *w = &st->w[i];

				if (w->kind == CPW_FACT)
					continue;
				if (w->kind == CPW_LISTADD && !strcmp(w->lhs, a)) {
					r = CP_FALSE;
					break;
				}
				if (cp_covers(w->lhs, a))
					break;
			}
			free(a);
			goto out;
		}
		a = call_arg(e, "atomic_read", 0);
		if (!a)
			a = call_arg(e, "READ_ONCE", 0);
		if (!a && strchr(e, '(')) {
			r = CP_UNKNOWN;
			goto out;
		}
		v = lookup(st, a ? a : e);
		free(a);
		if (v.kind == V_GREW || v.kind == V_NONZERO)
			r = CP_TRUE;
		else if (v.kind == V_EXACT && const_num(buf, len, v.v, &num))
			r = num ? CP_TRUE : CP_FALSE;
	}
out:
	free(e);
	return r;
}

enum cp_truth cp_eval(const char *buf, size_t len, const char *cond,
		      const struct cp_state *st)
{
	return eval(buf, len, cond, st, 0);
}
