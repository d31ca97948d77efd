// SPDX-License-Identifier: GPL-2.0-only
/*
 * The translation validation of a function whose #if alternatives do not
 * read as statements together (validate.c reads a chain whose branches
 * are whole statements as a branch of the graph, and a chain that cuts
 * through statements by its first live branch).
 *
 * A 2.0/2.2 driver keeps both kernels' code: `#ifdef KERNEL_2_2 ... #else
 * ... current->signal & ~current->blocked ... #endif` after the sleep.
 * When the function reads as C in none of those two ways, each
 * configuration is validated as the preprocessor would select it: every
 * chain one of its branches (or none, for a chain with no #else).  A
 * configuration whose statements do not read as C on either side counts
 * only if the rewrite touched a branch it selects: alternatives the
 * rewrite leaves byte-identical never make a function unproven (issue
 * 37).  At least one configuration must be validated.
 */
#include <stdlib.h>
#include <string.h>

#include "validate.h"

#define VMAXCONF 64	/* configurations tried */

/* The directives of the chains of a function, in order, as text. */
static bool same_directives(const struct vtoks *a, const struct vtoks *b)
{
	int i = 0, j = 0;

	for (;;) {
		while (i < a->n && !(a->t[i].kind == VT_PP && a->t[i].pp != VPP_OTHER))
			i++;
		while (j < b->n && !(b->t[j].kind == VT_PP && b->t[j].pp != VPP_OTHER))
			j++;
		if (i == a->n || j == b->n)
			return i == a->n && j == b->n;
		if (a->t[i].len != b->t[j].len ||
		    memcmp(a->text + a->t[i].off, b->text + b->t[j].off, a->t[i].len))
			return false;
		i++;
		j++;
	}
}

/*
 * The text of branch br of chain c: from its directive to the chain's
 * next directive (NULL, 0 for "no branch").
 */
static const char *branch_text(const struct vtoks *v, int c, int br, size_t *n)
{
	int k, b = 0, start = -1;

	*n = 0;
	for (k = v->ch[c].iftok; k < v->n; k++) {
		const struct vtok *t = &v->t[k];
		int tc = t->pp == VPP_ENDIF ? -2 : t->chain;

		if (t->kind != VT_PP || t->pp == VPP_OTHER)
			continue;
		if (k == v->ch[c].iftok) {
			if (br == 0)
				start = k;
			continue;
		}
		if ((t->pp == VPP_ELSE || t->pp == VPP_ELIF) && tc == c) {
			if (start >= 0)
				break;
			if (++b == br)
				start = k;
			continue;
		}
		if (t->pp == VPP_ENDIF && start >= 0) {
			/* the #endif of chain c: the token before is in it or deeper */
			int d = 0, j;

			for (j = start + 1; j < k; j++)
				if (v->t[j].kind == VT_PP && v->t[j].pp == VPP_IF)
					d++;
				else if (v->t[j].kind == VT_PP && v->t[j].pp == VPP_ENDIF)
					d--;
			if (d == 0)
				break;
		}
	}
	if (start < 0 || k >= v->n)
		return NULL;
	*n = v->t[k].off - v->t[start].off;
	return v->text + v->t[start].off;
}

/* Does configuration sel select only branches both sides share? */
static bool untouched(const struct vtoks *o, const struct vtoks *r, const int *sel)
{
	int c;

	for (c = 0; c < o->nch; c++) {
		size_t on, rn;
		const char *ot, *rt;

		if (sel[c] >= o->ch[c].nbranch)
			continue;	/* no branch of it */
		ot = branch_text(o, c, sel[c], &on);
		rt = branch_text(r, c, sel[c], &rn);
		if (!ot || !rt || on != rn || memcmp(ot, rt, on))
			return false;
	}
	return true;
}

/*
 * The macro a chain's #if tests alone (`#ifdef X`, `#ifndef X`, `#if X`,
 * `#if defined(X)`, `#if !defined X`) into sym, and whether its first
 * branch is the one for X defined; false for any other test.
 */
static bool chain_symbol(const struct vtoks *v, int c, char *sym, size_t max,
			 bool *when_defined)
{
	const struct vtok *t = &v->t[v->ch[c].iftok];
	const char *s = v->text + t->off + 1, *e = v->text + t->off + t->len, *b;
	bool neg = false;
	size_t n;

	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	if (e - s > 6 && !strncmp(s, "ifndef", 6)) {
		neg = true;
		s += 6;
	} else if (e - s > 5 && !strncmp(s, "ifdef", 5)) {
		s += 5;
	} else if (e - s > 2 && !strncmp(s, "if", 2)) {
		s += 2;
		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		if (s < e && *s == '!') {
			neg = true;
			s++;
		}
		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		if (e - s > 7 && !strncmp(s, "defined", 7))
			s += 7;
		while (s < e && (*s == ' ' || *s == '\t' || *s == '('))
			s++;
	} else {
		return false;
	}
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	for (b = s; s < e && ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
			      (*s >= '0' && *s <= '9') || *s == '_'); s++)
		;
	n = s - b;
	if (!n || n >= max || (*b >= '0' && *b <= '9'))
		return false;
	while (s < e && (*s == ' ' || *s == '\t' || *s == ')'))
		s++;
	if (s < e && !(s + 1 < e && s[0] == '/' && (s[1] == '*' || s[1] == '/')))
		return false;	/* more than the one macro */
	memcpy(sym, b, n);
	sym[n] = '\0';
	*when_defined = !neg;
	return true;
}

/*
 * Would the preprocessor select this?  Chains that test the same macro
 * alone (an #ifdef KERNEL_2_2 and a later #ifndef KERNEL_2_2) must agree.
 */
bool vtok_consistent(const struct vtoks *v, const int *sel)
{
	char a[64], b[64];
	bool da, db;
	int c, d;

	for (c = 0; c < v->nch; c++) {
		if (!chain_symbol(v, c, a, sizeof(a), &da) || v->ch[c].nbranch > 2)
			continue;
		for (d = c + 1; d < v->nch; d++) {
			bool xa, xb;

			if (!chain_symbol(v, d, b, sizeof(b), &db) ||
			    v->ch[d].nbranch > 2 || strcmp(a, b))
				continue;
			/* is the macro defined in c's choice, and in d's? */
			xa = (sel[c] == 0) == da;
			xb = (sel[d] == 0) == db;
			if (xa != xb)
				return false;
		}
	}
	return true;
}

/* "the #if configuration of lines 25 (#else), 31": for messages */
static char *config_text(const struct vtoks *v, const int *sel)
{
	struct strbuf sb = { 0 };
	int c, k, b;

	sb_puts(&sb, "in the #if configuration that takes");
	for (c = 0; c < v->nch; c++) {
		unsigned line = v->t[v->ch[c].iftok].line;

		for (k = v->ch[c].iftok + 1, b = 0; k < v->n && b < sel[c]; k++)
			if (v->t[k].kind == VT_PP && (v->t[k].pp == VPP_ELSE ||
			    v->t[k].pp == VPP_ELIF) && v->t[k].chain == c) {
				b++;
				line = v->t[k].line;
			}
		if (sel[c] >= v->ch[c].nbranch)
			sb_printf(&sb, "%s none of line %u", c ? "," : "",
				  v->t[v->ch[c].iftok].line);
		else
			sb_printf(&sb, "%s line %u", c ? "," : "", line);
	}
	return sb.s;
}

/* The default configuration: what vtok_flatten() keeps. */
void vtok_default_sel(const struct vtoks *v, int *sel)
{
	int c;

	for (c = 0; c < v->nch; c++) {
		const struct vtok *t = &v->t[v->ch[c].iftok];
		const char *s = v->text + t->off + 1, *e = v->text + t->off + t->len;

		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		sel[c] = 0;
		if (e - s > 2 && !strncmp(s, "if", 2)) {
			for (s += 2; s < e && (*s == ' ' || *s == '\t'); s++)
				;
			if (s < e && *s == '0' && (s + 1 == e || s[1] == ' ' ||
			    s[1] == '\t' || s[1] == '/') && v->ch[c].nbranch > 1)
				sel[c] = 1;
		}
	}
}

/*
 * The configurations to try: all of them when they are few, else the
 * default and each chain's other choices one chain at a time.
 */
static int configs(const struct vtoks *v, int **out)
{
	long total = 1;
	int c, k, n = 0, *l;

	for (c = 0; c < v->nch && total <= VMAXCONF; c++)
		total *= vtok_choices(v, c);
	if (total <= VMAXCONF) {
		l = xrealloc(NULL, (total * v->nch + 1) * sizeof(int));
		for (k = 0; k < total; k++) {
			long x = k;

			for (c = 0; c < v->nch; c++) {
				l[k * v->nch + c] = x % vtok_choices(v, c);
				x /= vtok_choices(v, c);
			}
		}
		*out = l;
		return (int)total;
	}
	l = xrealloc(NULL, (size_t)(v->nch + 1) * v->nch * 9 * sizeof(int));
	vtok_default_sel(v, l);
	n = 1;
	for (c = 0; c < v->nch; c++)
		for (k = 0; k < vtok_choices(v, c); k++) {
			if (k == l[c])
				continue;
			memcpy(&l[n * v->nch], l, v->nch * sizeof(int));
			l[n * v->nch + c] = k;
			n++;
		}
	*out = l;
	return n;
}

int vconfig_alternatives(const struct vside *orig, const struct vside *rew,
			 const char *fn, struct vtoks *ot, struct vtoks *rt,
			 int **sel)
{
	const struct fix_fn *of = vfind_fn(orig, fn), *rf = vfind_fn(rew, fn);
	int n, k, m = 0;

	if (!of || !rf || !vtok_cut(ot, orig->text, of->start, of->end))
		return 0;
	if (!vtok_cut(rt, rew->text, rf->start, rf->end)) {
		vtok_release(ot);
		return 0;
	}
	if (!ot->nch || !same_directives(ot, rt)) {
		/* no chain, or the rewrite moved directives: as it stands */
		vtok_release(ot);
		vtok_release(rt);
		return 0;
	}
	n = configs(ot, sel);
	for (k = 0; k < n; k++)
		if (vtok_consistent(ot, &(*sel)[k * ot->nch]))
			memmove(&(*sel)[m++ * ot->nch], &(*sel)[k * ot->nch],
				ot->nch * sizeof(int));
	if (!m) {
		free(*sel);
		vtok_release(ot);
		vtok_release(rt);
	}
	return m;
}

char *validate_function(const struct vside *orig, const struct vside *rew,
			const char *fn, unsigned target, char **proof)
{
	struct vtoks ot, rt;
	char *why, *first = NULL, *p = NULL;
	bool unreadable;
	int *sel = NULL, n, k, proven = 0;

	why = validate_config(orig, rew, fn, target, NULL, proof, &unreadable);
	if (!why || !unreadable)
		return why;
	n = vconfig_alternatives(orig, rew, fn, &ot, &rt, &sel);
	if (!n)
		return why;
	for (k = 0; k < n && !first; k++) {
		const int *s = &sel[k * ot.nch];
		char *w;

		w = validate_config(orig, rew, fn, target, s, &p, &unreadable);

		if (!w) {
			if (!proven++ && proof) {
				free(*proof);
				*proof = p;
			} else {
				free(p);
			}
			p = NULL;
		} else if (unreadable && untouched(&ot, &rt, s)) {
			free(w);	/* code the rewrite left as it was */
		} else {
			char *c = config_text(&ot, s);

			/* "unproven: ..." -> "unproven: in the #if ...: ..." */
			first = xasprintf("unproven: %s: %s", c,
					  strncmp(w, "unproven: ", 10) ? w : w + 10);
			free(c);
			free(w);
		}
	}
	free(sel);
	vtok_release(&ot);
	vtok_release(&rt);
	if (first || !proven) {
		free(first ? why : NULL);
		if (proof) {
			free(*proof);
			*proof = NULL;
		}
		return first ? first : why;
	}
	free(why);
	if (proof && *proof) {
		char *t = xasprintf("%s, each of its #if configurations that reads as C",
				    *proof);

		free(*proof);
		*proof = t;
	}
	return NULL;
}
