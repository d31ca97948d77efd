// SPDX-License-Identifier: GPL-2.0-only
/*
 * The facts analysis/proof/condproof.c's evaluation reads beyond plain values
 * (issue 39): a comparison and its complement (`qlen > 0` makes
 * `qlen <= 0` false), whether a fact still holds at the point (no
 * nearer write changes what it reads: `if (!x) { x = 1; sleep }`), and
 * a named bit after a mask write (`flags &= ~(A | B)` makes `flags & B`
 * false).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "condproof.h"
#include "condproof_int.h"

/* `a op b` at its top-level comparison: the parts; false if none */
static bool split_cmp(const char *e, char **l, const char **op, char **r)
{
	static const char *const ops[] = { "==", "!=", ">=", "<=", ">", "<", NULL };
	const char *p;
	int d = 0, k;

	for (p = e; *p; p++) {
		if (*p == '(' || *p == '[')
			d++;
		else if (*p == ')' || *p == ']')
			d--;
		else if (d || (p[0] == '-' && p[1] == '>') ||
			 (p > e && p[-1] == '-' && p[0] == '>') ||
			 (p[0] == '<' && p[1] == '<') || (p[0] == '>' && p[1] == '>') ||
			 (p > e && (p[-1] == '<' || p[-1] == '>') && p[0] == p[-1]))
			continue;
		else
			for (k = 0; ops[k]; k++)
				if (!strncmp(p, ops[k], strlen(ops[k]))) {
					char *t = xasprintf("%.*s", (int)(p - e), e);

					*l = cp_norm(t);
					free(t);
					*op = ops[k];
					*r = cp_norm(p + strlen(ops[k]));
					return true;
				}
	}
	return false;
}

/* Is fact f the same comparison as e (1), its complement (-1), or neither? */
int cp_cmp_fact(const char *f, const char *e)
{
	static const char *const comp[][2] = {
		{ "==", "!=" }, { "<", ">=" }, { ">", "<=" },
	};
	char *fl = NULL, *fr = NULL, *el = NULL, *er = NULL;
	const char *fo, *eo;
	int r = 0, k;

	if (split_cmp(f, &fl, &fo, &fr) && split_cmp(e, &el, &eo, &er) &&
	    !strcmp(fl, el) && !strcmp(fr, er)) {
		if (!strcmp(fo, eo))
			r = 1;
		for (k = 0; k < 3; k++)
			if ((!strcmp(fo, comp[k][0]) && !strcmp(eo, comp[k][1])) ||
			    (!strcmp(fo, comp[k][1]) && !strcmp(eo, comp[k][0])))
				r = -1;
	}
	free(fl);
	free(fr);
	free(el);
	free(er);
	return r;
}

/* does text e read lvalue l (l itself, or l as the start of a path)? */
static bool reads_lvalue(const char *e, const char *l)
{
	size_t n = strlen(l);
	const char *p;

	for (p = e; (p = strstr(p, l)); p++) {
		char after = p[n];

		if (p > e && (wq_ident_char(p[-1]) || p[-1] == '.' || p[-1] == '>'))
			continue;
		if (!wq_ident_char(after))
			return true;
	}
	return false;
}

/*
 * Does fact i of st still hold at the point: no nearer write may change
 * what it reads (`if (!x) { x = 1; ... }`: !x holds no more)?
 */
bool cp_fact_live(const struct cp_state *st, int i)
{
	const char *f = st->w[i].lhs;
	int j;

	for (j = 0; j < i; j++) {
		const struct cp_write *w = &st->w[j];
		const char *p;

		if (w->kind == CPW_FACT)
			continue;
		if (!strcmp(w->lhs, "*") || reads_lvalue(f, w->lhs))
			return false;
		/* a write below what the fact reads: `x.a.b = 1` vs `x.a` */
		for (p = w->lhs; *p; p++) {
			if (*p == '.' || *p == '[' || (p[0] == '-' && p[1] == '>')) {
				char *pre = xasprintf("%.*s", (int)(p - w->lhs), w->lhs);
				bool hit = reads_lvalue(f, pre);

				free(pre);
				if (hit)
					return false;
			}
		}
	}
	return true;
}

/* is bit (a name) one of the |-parts of mask? */
static bool mask_has(const char *mask, const char *bit)
{
	char *parts[16];
	int n = cp_split_top(mask, "|", parts, 16), i;
	bool hit = false;

	for (i = 0; i < n; i++) {
		char *p = cp_norm(parts[i]);

		hit |= !strcmp(p, bit);
		free(p);
		free(parts[i]);
	}
	return hit;
}

/*
 * `x & B`, B one named bit: true after `x |= ...B...`, false after
 * `x &= ~(...B...)`, unknown after any other write to x (another mask
 * may name the same bit).
 */
enum cp_truth cp_mask_test(const char *e, const struct cp_state *st)
{
	char *parts[3], *x, *b;
	int n = cp_split_top(e, "&", parts, 3), i;
	enum cp_truth r = CP_UNKNOWN;

	if (n != 2) {
		for (i = 0; i < n; i++)
			free(parts[i]);
		return CP_UNKNOWN;
	}
	x = cp_norm(parts[0]);
	b = cp_norm(parts[1]);
	free(parts[0]);
	free(parts[1]);
	for (i = 0; *x && *b && strspn(b, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == strlen(b) &&
		    i < st->n; i++) {
		const struct cp_write *w = &st->w[i];

		if (w->kind == CPW_FACT)
			continue;
		if ((w->kind == CPW_MASKSET || w->kind == CPW_MASKCLR) &&
		    !strcmp(w->lhs, x) && w->val && mask_has(w->val, b)) {
			r = w->kind == CPW_MASKSET ? CP_TRUE : CP_FALSE;
			break;
		}
		if (cp_covers(w->lhs, x) || cp_covers(x, w->lhs))
			break;
	}
	free(x);
	free(b);
	return r;
}

