// SPDX-License-Identifier: GPL-2.0-only
/*
 * The translation validation's comparisons besides the sleeps
 * (validate.c): the rewrite's lines mapped to the original's for the
 * words, then the side effects its tests repeat, the wait entries it
 * declares twice, and the APIs it calls that the target lacks.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"		/* target_api_at() */
#include "validate.h"

const char **text_lines(const char *text, unsigned start, unsigned end,
			unsigned *n)
{
	const char **l = NULL;
	unsigned i, k = 0;

	for (i = start; i < end; i++)
		if (i == start || text[i - 1] == '\n') {
			l = xrealloc(l, (k + 2) * sizeof(*l));
			l[k++] = text + i;
		}
	if (l)
		l[k] = text + end;
	*n = k;
	return l;
}

bool lines_same(const char *const *a, unsigned i, const char *const *b,
		unsigned j)
{
	const char *ae = a[i + 1], *be = b[j + 1];

	return ae - a[i] == be - b[j] && !memcmp(a[i], b[j], ae - a[i]);
}

unsigned *lines_lcs(const char *const *a, unsigned na, const char *const *b,
		    unsigned nb)
{
	unsigned i, j, *dp;

	if ((unsigned long)na * nb > 4000000)
		return NULL;
	dp = xrealloc(NULL, (size_t)(na + 1) * (nb + 1) * sizeof(unsigned));
#define DP(x, y) dp[(size_t)(x) * (nb + 1) + (y)]
	for (i = na + 1; i-- > 0;)
		for (j = nb + 1; j-- > 0;)
			DP(i, j) = i == na || j == nb ? 0 :
				   lines_same(a, i, b, j) ? DP(i + 1, j + 1) + 1 :
				   DP(i + 1, j) > DP(i, j + 1) ? DP(i + 1, j) : DP(i, j + 1);
#undef DP
	return dp;
}

/*
 * Messages name lines of the original, which the user has: a line the
 * rewrite kept maps to itself, a new one to the first line of the
 * original it replaces (or the line before an insertion).
 */
void vcmp_line_map(struct vcmp *m)
{
	const struct fix_fn *of = m->o->fn, *rf = m->r->fn;
	const char *ot = m->o->side->text, *rt = m->r->side->text;
	unsigned no, nr, i, j, ofirst = 1, *dp;
	const char **ol = text_lines(ot, of->start, of->end, &no);
	const char **rl = text_lines(rt, rf->start, rf->end, &nr);

	m->rfirst = 1;
	for (i = 0; i < rf->start; i++)
		m->rfirst += rt[i] == '\n';
	for (i = 0; i < of->start; i++)
		ofirst += ot[i] == '\n';
	m->nlmap = nr;
	m->lmap = xrealloc(NULL, (nr + 1) * sizeof(unsigned));
	if (!no || !nr || !(dp = lines_lcs(ol, no, rl, nr))) {
		for (j = 0; j < nr; j++)
			m->lmap[j] = m->rfirst + j;
		goto out;
	}
	/* longest common subsequence of the lines, from the ends */
#define DP(a, b) dp[(size_t)(a) * (nr + 1) + (b)]
	for (i = 0, j = 0; j < nr;) {
		if (i < no && lines_same(ol, i, rl, j) &&
		    DP(i, j) == DP(i + 1, j + 1) + 1) {
			m->lmap[j++] = ofirst + i++;
		} else if (i < no && DP(i + 1, j) > DP(i, j + 1)) {
			i++;
		} else {
			/* a new line: the original line it stands for */
			m->lmap[j++] = ofirst + (i < no ? i : no - 1);
		}
	}
#undef DP
	free(dp);
out:
	free(ol);
	free(rl);
}

/* The original's line for line l of the rewrite. */
unsigned vcmp_line(const struct vcmp *m, unsigned l)
{
	if (!m->lmap || l < m->rfirst || l - m->rfirst >= m->nlmap)
		return l;
	return m->lmap[l - m->rfirst];
}

/* ---- side effects, declarations, APIs ---- */

struct vcount {
	char *name[64];
	int n[64];
	int len;
};

static void count_add(struct vcount *c, const char *s, size_t n, int w)
{
	int i;

	for (i = 0; i < c->len; i++)
		if (strlen(c->name[i]) == n && !memcmp(c->name[i], s, n)) {
			c->n[i] += w;
			return;
		}
	if (c->len == 64)
		return;
	c->name[c->len] = xasprintf("%.*s", (int)n, s);
	c->n[c->len++] = w;
}

static void count_release(struct vcount *c)
{
	int i;

	for (i = 0; i < c->len; i++)
		free(c->name[i]);
}

/* Side-effect calls and ++/-- in the tests of fn, a wait_event*()
 * condition weighing two (it runs before the first sleep twice). */
static void count_effects(const struct vfn *f, struct vcount *c)
{
	const struct vtoks *v = &f->flow;
	int i, k;

	for (i = 0; i < f->g.nn; i++) {
		const struct vnode *nd = &f->g.n[i];
		int weight = 1, a = nd->first, b = nd->last;

		if (nd->kind == VN_COND)
			goto scan;
		/* the conditions of wait_event*() in a statement */
		for (k = nd->first; nd->kind == VN_STMT && k < nd->last; k++) {
			int args[8], ends[8], na, j;

			if (v->t[k].kind != VT_ID || !tok_eq(v, k + 1, "(") ||
			    !(starts(v->text + v->t[k].off, v->t[k].len, "wait_event") ||
			      starts(v->text + v->t[k].off, v->t[k].len, "io_wait_event")))
				continue;
			na = vcall_args(v, k + 1, args, ends, 8);
			for (j = args[1]; na >= 2 && j < ends[1]; j++)
				if (v->t[j].kind == VT_ID && tok_eq(v, j + 1, "(") &&
				    !(j > 0 && (tok_eq(v, j - 1, "->") || tok_eq(v, j - 1, "."))) &&
				    vside_effect(f->side, v->text + v->t[j].off, v->t[j].len, 0))
					count_add(c, v->text + v->t[j].off, v->t[j].len, 2);
		}
		continue;
scan:
		for (k = a; k < b; k++) {
			if (v->t[k].kind == VT_ID && tok_eq(v, k + 1, "(") &&
			    !(k > 0 && (tok_eq(v, k - 1, "->") || tok_eq(v, k - 1, "."))) &&
			    vside_effect(f->side, v->text + v->t[k].off, v->t[k].len, 0))
				count_add(c, v->text + v->t[k].off, v->t[k].len, weight);
			if (tok_eq(v, k, "++") || tok_eq(v, k, "--"))
				count_add(c, v->text + v->t[k].off, v->t[k].len, weight);
		}
	}
}

char *compare_effects(struct vcmp *m)
{
	struct vcount co = { 0 }, cr = { 0 };
	char *why = NULL;
	int i, j;

	count_effects(m->o, &co);
	count_effects(m->r, &cr);
	for (i = 0; i < cr.len && !why; i++) {
		int before = 0;

		for (j = 0; j < co.len; j++)
			if (!strcmp(co.name[j], cr.name[i]))
				before = co.n[j];
		if (cr.n[i] > before)
			why = xasprintf("'%s%s' has side effects and runs more often in the rewritten tests (the loop's test made again, or moved into a wait_event*() condition, which runs it twice before the first sleep)",
					cr.name[i], strcmp(cr.name[i], "++") &&
					strcmp(cr.name[i], "--") ? "()" : "");
	}
	count_release(&co);
	count_release(&cr);
	return why;
}

static bool entry_decl(const struct vtoks *v, int i, int *name, bool *old)
{
	*old = false;
	if (v->t[i].kind != VT_ID)
		return false;
	if ((name_is(v, i, "DEFINE_WAIT", 11) || name_is(v, i, "DEFINE_WAIT_FUNC", 16) ||
	     name_is(v, i, "DECLARE_WAITQUEUE", 17)) && tok_eq(v, i + 1, "(") &&
	    i + 2 < v->n && v->t[i + 2].kind == VT_ID) {
		*name = i + 2;
		return true;
	}
	if ((name_is(v, i, "wait_queue_t", 12) || name_is(v, i, "wait_queue_entry_t", 18)) &&
	    i + 1 < v->n && v->t[i + 1].kind == VT_ID && !(i > 0 && tok_eq(v, i - 1, "("))) {
		*name = i + 1;
		return true;
	}
	if (name_is(v, i, "struct", 6) && i + 2 < v->n &&
	    (name_is(v, i + 1, "wait_queue", 10) || name_is(v, i + 1, "wait_queue_entry", 16)) &&
	    v->t[i + 2].kind == VT_ID) {
		*name = i + 2;
		*old = name_is(v, i + 1, "wait_queue", 10);
		return true;
	}
	return false;
}

/* Entry declarations sharing a name in one block, both compiled. */
static int twice(const struct vtoks *v, int *where)
{
	int i, j, n = 0, a, b;
	bool old;

	for (i = 0; i < v->n; i++) {
		if (!entry_decl(v, i, &a, &old))
			continue;
		for (j = i + 1; j < v->n; j++)
			if (entry_decl(v, j, &b, &old) && same_tok(v, a, b) &&
			    v->t[i].block == v->t[j].block && !vtok_exclusive(v, i, j)) {
				n++;
				*where = j;
			}
	}
	return n;
}

char *compare_decls(struct vcmp *m)
{
	int wo = -1, wr = -1;

	if (twice(&m->r->raw, &wr) > twice(&m->o->raw, &wo)) {
		const struct vtoks *v = &m->r->raw;
		int k = wr, e;
		char *t;

		for (e = k; e < v->n && !tok_eq(v, e, ";"); e++)
			;
		t = vtok_text(v, k, e);
		return xasprintf("'%s' at line %u declares a wait entry a second time in the same block of %s() (it does not compile)",
				 t, vcmp_line(m, v->t[k].line), m->r->fn->name);
	}
	return NULL;
}

static int count_name(const struct vtoks *v, const char *name)
{
	int i, n = 0;

	for (i = 0; i < v->n; i++)
		if (name_is(v, i, name, strlen(name)) && tok_eq(v, i + 1, "("))
			n++;
	return n;
}

/* New uses of an API the target, or the version branch around it, lacks;
 * an old 2.0 `struct wait_queue` entry handed to the 2.6 API. */
char *compare_apis(struct vcmp *m)
{
	const struct vtoks *v = &m->r->raw;
	const char *name;
	unsigned since;
	size_t a;
	int i, c, br, d, nm;
	bool old;

	for (a = 0; (name = target_api_at(a, &since)); a++) {

		if (count_name(v, name) <= count_name(&m->o->raw, name))
			continue;
		for (i = 0; i < v->n; i++) {
			if (!name_is(v, i, name, strlen(name)) || !tok_eq(v, i + 1, "("))
				continue;
			if (m->vv->target && since > m->vv->target)
				return xasprintf("'%s()' at line %u does not exist in the target kernel",
						 name, vcmp_line(m, v->t[i].line));
			for (c = v->t[i].chain, br = v->t[i].branch; c >= 0;
			     br = v->ch[c].pbranch, c = v->ch[c].parent)
				if (v->ch[c].upper[br] && since >= v->ch[c].upper[br]) {
					char *t = kernel_version_text(v->ch[c].upper[br]);
					char *why = xasprintf("'%s()' at line %u is in a branch for kernels before %s, which have no %s()",
							      name, vcmp_line(m, v->t[i].line), t, name);

					free(t);
					return why;
				}
		}
	}
	/* prepare_to_wait*()/finish_wait() on a 2.0 entry */
	for (i = 0; i < v->n; i++) {
		int args[4], ends[4], na;

		if (!(name_is(v, i, "prepare_to_wait", 15) ||
		      name_is(v, i, "prepare_to_wait_exclusive", 25) ||
		      name_is(v, i, "finish_wait", 11)) || !tok_eq(v, i + 1, "("))
			continue;
		na = vcall_args(v, i + 1, args, ends, 4);
		if (na < 2)
			continue;
		nm = args[1] + (tok_eq(v, args[1], "&") ? 1 : 0);
		for (d = 0; d < v->n; d++) {
			int dn;

			if (entry_decl(v, d, &dn, &old) && old && same_tok(v, dn, nm) &&
			    !vtok_exclusive(v, d, i))
				return xasprintf("'%.*s()' at line %u takes '%.*s', declared at line %u as a 2.0 'struct wait_queue', which that API does not take",
						 (int)v->t[i].len, v->text + v->t[i].off,
						 vcmp_line(m, v->t[i].line), (int)v->t[nm].len,
						 v->text + v->t[nm].off, vcmp_line(m, v->t[d].line));
		}
	}
	return NULL;
}
