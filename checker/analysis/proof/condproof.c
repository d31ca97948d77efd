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
 * The walk (analysis/proof/cpwalk.c) goes back statement by statement; it steps over whole
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
				long q = b - 1, id;

				while (q > 0 && isspace((unsigned char)buf[q - 1]))
					q--;
				while (q > 0 && wq_ident_char(buf[q - 1]))
					q--;
				id = q;		/* the tag, or `enum` itself */
				while (q > 0 && isspace((unsigned char)buf[q - 1]))
					q--;
				if (!(q >= 4 && !strncmp(buf + q - 4, "enum", 4)) &&
				    strncmp(buf + q, "enum", 4) &&
				    !(!strncmp(buf + id, "enum", 4) &&
				      !wq_ident_char(buf[id + 4])))
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
			  const struct cp_state *st, int depth);

/* A test known true here decides e (*r); false when none does. */
static bool known_fact(const char *e, const struct cp_state *st,
		       enum cp_truth *r)
{
	int i;

	for (i = 0; i < st->n; i++) {
		const struct cp_write *w = &st->w[i];
		char *ne, *fl, *el;
		bool opposite;

		if (w->kind != CPW_FACT || !cp_fact_live(st, i))
			continue;
		if (!strcmp(w->lhs, e)) {
			*r = CP_TRUE;
			return true;
		}
		switch (cp_cmp_fact(w->lhs, e)) {
		case 1:
			*r = CP_TRUE;
			return true;
		case -1:
			*r = CP_FALSE;
			return true;
		}
		ne = xasprintf("!(%s)", e);
		fl = w->lhs[0] == '!' ? cp_norm(w->lhs + 1) : NULL;
		el = e[0] == '!' ? cp_norm(e + 1) : NULL;
		opposite = (fl && !strcmp(fl, e)) ||
			   (el && !strcmp(el, w->lhs)) || !strcmp(w->lhs, ne);
		free(fl);
		free(el);
		free(ne);
		if (opposite) {
			*r = CP_FALSE;
			return true;
		}
	}
	return false;
}

/*
 * e an `a || b` (op "||") or `a && b` (op "&&"): one part of the
 * dominant value (true for ||, false for &&) decides it, all parts of
 * the other value decide the other.  False when e is no such operation.
 */
static bool junction(const char *buf, size_t len, const char *e,
		     const struct cp_state *st, int depth, const char *op,
		     enum cp_truth *r)
{
	enum cp_truth dominant = op[0] == '|' ? CP_TRUE : CP_FALSE;
	enum cp_truth other = dominant == CP_TRUE ? CP_FALSE : CP_TRUE;
	char *parts[16];
	bool all_other = true;
	int n = cp_split_top(e, op, parts, 16), i;

	if (n <= 1) {
		free(parts[0]);
		return false;
	}
	for (i = 0; i < n; i++) {
		enum cp_truth t = eval(buf, len, parts[i], st, depth + 1);

		if (t == dominant)
			*r = dominant;
		if (t != other)
			all_other = false;
		free(parts[i]);
	}
	if (*r != dominant && all_other)
		*r = other;
	return true;
}

/* Does the parenthesis at e[0] close at e's very end? */
static bool wraps_whole(const char *e)
{
	const char *p;
	int d = 0;

	for (p = e; *p; p++) {
		if (*p == '(')
			d++;
		else if (*p == ')' && --d == 0)
			break;
	}
	return *p && !p[1];
}

/* Is x one operand (no operator outside brackets but `->`)? */
static bool unit_operand(const char *x)
{
	const char *p;
	int d = 0;

	for (p = x; *p; p++) {
		if (*p == '(' || *p == '[')
			d++;
		else if (*p == ')' || *p == ']')
			d--;
		else if (!d && strchr("=<>!&|+-*/%?", *p) &&
			 !(p[0] == '-' && p[1] == '>') &&
			 !(p > x && p[-1] == '-' && p[0] == '>'))
			return false;
	}
	return true;
}

/* e a negation `!(a & B)` or `!unit`: the opposite of its operand. */
static bool negation(const char *buf, size_t len, const char *e,
		     const struct cp_state *st, int depth, enum cp_truth *r)
{
	bool neg, done = false;
	char *x = strip_not(e, &neg);

	/* `!a == b` is not a negation of the whole: only a unit */
	if (neg && ((e[1] == '(' && wraps_whole(e + 1)) || unit_operand(x))) {
		*r = not3(eval(buf, len, x, st, depth + 1));
		done = true;
	}
	free(x);
	return done;
}

/* The comparison operator of e at p, or NULL (shifts and `->` are none). */
static const char *cmp_op_at(const char *e, const char *p)
{
	static const char *const ops[] = { "==", "!=", ">=", "<=", ">", "<", NULL };
	int k;

	if ((p[0] == '-' && p[1] == '>') ||
	    (p > e && p[-1] == '-' && p[0] == '>') ||
	    (p[0] == '<' && p[1] == '<') || (p[0] == '>' && p[1] == '>') ||
	    (p > e && (p[-1] == '<' || p[-1] == '>') && p[0] == p[-1]))
		return NULL;
	for (k = 0; ops[k]; k++)
		if (!strncmp(p, ops[k], strlen(ops[k])))
			return ops[k];
	return NULL;
}

/* The argument of e when e is a call of a KAPI_READ name, or NULL. */
static char *read_arg(const char *e)
{
	const char *nm;
	char *a = NULL;
	size_t i;

	for (i = 0; !a && (nm = kapi_read_name(i)); i++)
		a = call_arg(e, nm, 0);
	return a;
}

/* l op rr, l's value looked up (a constant on the left swaps them). */
static enum cp_truth comparison_of(const char *buf, size_t len,
				   const struct cp_state *st, const char *l,
				   const char *op, const char *rr)
{
	static const char *const sw[][2] = {
		{ ">", "<" }, { "<", ">" }, { ">=", "<=" }, { "<=", ">=" },
	};
	char *ln = cp_norm(l), *inner = read_arg(ln);
	enum cp_truth r;
	long dummy;
	int j;

	/* constant on the left: `NULL != p` */
	if (const_num(buf, len, ln, &dummy) &&
	    !const_num(buf, len, rr, &dummy)) {
		for (j = 0; j < 4; j++)
			if (!strcmp(op, sw[j][0]))
				op = sw[j][1];
		r = compare(buf, len, lookup(st, rr), op, ln);
	} else {
		r = compare(buf, len, lookup(st, inner ? inner : ln), op, rr);
	}
	free(inner);
	free(ln);
	return r;
}

/* e a comparison at its top level: decided by comparison_of(). */
static bool comparison(const char *buf, size_t len, const char *e,
		       const struct cp_state *st, enum cp_truth *r)
{
	const char *p, *op;
	int d = 0;

	for (p = e; *p; p++) {
		if (*p == '(' || *p == '[') {
			d++;
			continue;
		}
		if (*p == ')' || *p == ']') {
			d--;
			continue;
		}
		if (d || !(op = cmp_op_at(e, p)))
			continue;
		{
			char *l = xasprintf("%.*s", (int)(p - e), e);
			char *rr = cp_norm(p + strlen(op));

			*r = comparison_of(buf, len, st, l, op, rr);
			free(l);
			free(rr);
		}
		return true;
	}
	return false;
}

/* test_bit(bit, a) after the writes of st */
static enum cp_truth bit_test(const char *e, const char *a,
			      const struct cp_state *st)
{
	char *bit = call_arg(e, "test_bit", 0);
	enum cp_truth r = CP_UNKNOWN;
	int i;

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
	return r;
}

/* list_empty(a): false after an add to a with nothing else writing it */
static enum cp_truth list_test(const char *a, const struct cp_state *st)
{
	int i;

	for (i = 0; i < st->n; i++) {
		const struct cp_write *w = &st->w[i];

		if (w->kind == CPW_FACT)
			continue;
		if (w->kind == CPW_LISTADD && !strcmp(w->lhs, a))
			return CP_FALSE;
		if (cp_covers(w->lhs, a))
			break;
	}
	return CP_UNKNOWN;
}

/* an atom: a bit test, a list test, a value (atomic_read() of one) */
static enum cp_truth atom(const char *buf, size_t len, const char *e,
			  const struct cp_state *st)
{
	enum cp_truth r = CP_UNKNOWN;
	struct value v;
	long num;
	char *a;

	if ((a = call_arg(e, "test_bit", 1))) {
		r = bit_test(e, a, st);
		free(a);
		return r;
	}
	if ((a = call_arg(e, "list_empty", 0)) ||
	    (a = call_arg(e, "skb_queue_empty", 0))) {
		r = list_test(a, st);
		free(a);
		return r;
	}
	/* skb_queue_len(a): not zero after an add to a */
	if ((a = call_arg(e, "skb_queue_len", 0))) {
		r = list_test(a, st) == CP_FALSE ? CP_TRUE : CP_UNKNOWN;
		free(a);
		return r;
	}
	a = read_arg(e);
	if (!a && strchr(e, '('))
		return CP_UNKNOWN;
	v = lookup(st, a ? a : e);
	free(a);
	if (v.kind == V_GREW || v.kind == V_NONZERO)
		r = CP_TRUE;
	else if (v.kind == V_EXACT && const_num(buf, len, v.v, &num))
		r = num ? CP_TRUE : CP_FALSE;
	return r;
}

static enum cp_truth eval(const char *buf, size_t len, const char *e0,
			  const struct cp_state *st, int depth)
{
	char *e = cp_norm(e0);
	enum cp_truth r = CP_UNKNOWN;

	if (depth > 20 || !*e || known_fact(e, st, &r) ||
	    junction(buf, len, e, st, depth, "||", &r) ||
	    junction(buf, len, e, st, depth, "&&", &r) ||
	    negation(buf, len, e, st, depth, &r) ||
	    comparison(buf, len, e, st, &r)) {
		free(e);
		return r;
	}
	/* `x & B` after `x |= A|B` or `x &= ~(A|B)` */
	r = cp_mask_test(e, st);
	if (r == CP_UNKNOWN)
		r = atom(buf, len, e, st);
	free(e);
	return r;
}

enum cp_truth cp_eval(const char *buf, size_t len, const char *cond,
		      const struct cp_state *st)
{
	return eval(buf, len, cond, st, 0);
}
