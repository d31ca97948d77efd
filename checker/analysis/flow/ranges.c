// SPDX-License-Identifier: GPL-2.0-only
/*
 * Value ranges of the locals a path tests (paths.c, bounds.c).
 *
 * A test repeated on a path keeps its outcome until something writes
 * what it reads; but a write can keep the outcome too.  The OSS audio
 * read and write loops of 2.4 and 2.6 trees:
 *
 *	while (count > 0) {
 *		cnt = s->dma.dmasize - swptr;
 *		if (cnt <= 0)
 *			__set_current_state(TASK_INTERRUPTIBLE);
 *		spin_unlock_irqrestore(&s->lock, flags);
 *		if (cnt > count)
 *			cnt = count;		<- keeps cnt > 0
 *		if (cnt <= 0) {
 *			...
 *			schedule();
 *
 * On the path where the state was not set, cnt > 0; where `cnt = count`
 * runs, count > 0 holds from the loop test, so cnt > 0 still: schedule()
 * is never reached in TASK_RUNNING.  So each path also carries an
 * interval for the locals and parameters it tested: a test narrows it
 * (`cnt > count` taken: cnt at least count's least value plus one), a
 * plain `x = y` gives x y's interval, `x = N` the number, `x = y * N`
 * y's scaled; any other write (`x -= y`, `x++`, `&x` passed on, a
 * statement clang dropped) forgets x.  A test the intervals decide
 * takes one way only.  Values are taken as mathematical integers: a
 * conversion that wraps (a size_t count above INT_MAX stored in an int)
 * is not modelled, as it is not in the drivers' own reasoning.  Calls
 * and sleeps do not change a local that no N_ASSIGN writes.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "paths.h"

#define RMAX	((int64_t)1 << 40)	/* beyond it: unbounded */
#define RMIN	(-RMAX)

static int64_t clamp(int64_t v)
{
	return v > RMAX ? RMAX : v < RMIN ? RMIN : v;
}

/* A decimal or hex number, with an optional sign and U/L suffixes */
static bool number(const char *t, size_t n, int64_t *v)
{
	char buf[32], *end;
	size_t i = 0;
	bool neg = false;

	if (n && t[0] == '-') {
		neg = true;
		i = 1;
		while (i < n && t[i] == ' ')
			i++;
	}
	if (i >= n || !isdigit((unsigned char)t[i]) || n - i >= sizeof(buf))
		return false;
	memcpy(buf, t + i, n - i);
	buf[n - i] = '\0';
	*v = (int64_t)strtoll(buf, &end, 0);
	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;
	if (*end)
		return false;
	*v = clamp(neg ? -*v : *v);
	return true;
}

/* One side of a comparison: a local, a parameter or a number */
static bool side(struct walk *w, const char *t, size_t n, const char **var,
		 int64_t *num)
{
	size_t i;

	while (n && *t == ' ')
		t++, n--;
	while (n && t[n - 1] == ' ')
		n--;
	*var = NULL;
	if (number(t, n, num))
		return true;
	if (!n || isdigit((unsigned char)t[0]))
		return false;
	for (i = 0; i < n; i++)
		if (!wq_ident_char(t[i]))
			return false;
	if (!cfg_is_var(w->g, t, n))
		return false;
	*var = paths_intern(w, t, n);
	return true;
}

void ranges_key(struct walk *w, struct trel *r, const char *key)
{
	static const struct {
		const char *op;
		char id;
	} ops[] = { { " >= ", 'G' }, { " > ", '>' }, { " != ", '!' } };
	size_t n = strlen(key), k;

	memset(r, 0, sizeof(*r));
	if (strpbrk(key, "&|?()[]"))
		return;
	for (k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
		const char *at = strstr(key, ops[k].op);
		size_t l = strlen(ops[k].op);

		if (!at || strstr(at + l, " > ") || strstr(at + l, " >= ") ||
		    strstr(at + l, " != "))
			continue;
		if (side(w, key, at - key, &r->var[0], &r->num[0]) &&
		    side(w, at + l, n - (at - key) - l, &r->var[1], &r->num[1]) &&
		    (r->var[0] || r->var[1]))
			r->op = ops[k].id;
		return;
	}
	/* a plain name: name != 0 */
	if (side(w, key, n, &r->var[0], &r->num[0]) && r->var[0]) {
		r->op = '!';
		r->var[1] = NULL;
		r->num[1] = 0;
	}
}

static int find(const struct pstate *s, const char *name)
{
	int i;

	for (i = 0; i < s->nranges; i++)
		if (s->rname[i] == name || !strcmp(s->rname[i], name))
			return i;
	return -1;
}

static void get(const struct pstate *s, const struct trel *r, int i,
		int64_t *lo, int64_t *hi)
{
	int j;

	if (!r->var[i]) {
		*lo = *hi = r->num[i];
		return;
	}
	j = find(s, r->var[i]);
	*lo = j < 0 ? RMIN : s->lo[j];
	*hi = j < 0 ? RMAX : s->hi[j];
}

static void drop(struct pstate *s, int i)
{
	s->nranges--;
	s->rname[i] = s->rname[s->nranges];
	s->lo[i] = s->lo[s->nranges];
	s->hi[i] = s->hi[s->nranges];
}

/* name's interval is [lo, hi]: kept, or forgotten when unbounded */
static void put(struct pstate *s, const char *name, int64_t lo, int64_t hi)
{
	int i = find(s, name);

	lo = clamp(lo);
	hi = clamp(hi);
	if (lo <= RMIN && hi >= RMAX) {
		if (i >= 0)
			drop(s, i);
		return;
	}
	if (i < 0) {
		if (s->nranges == MAX_RANGES)
			return;		/* not known: still sound */
		i = s->nranges++;
		s->rname[i] = name;
	}
	s->lo[i] = lo;
	s->hi[i] = hi;
}

/* WQPORT_NO_RANGES=1 (a mutation switch for the tests): never decide */
static bool ranges_off(void)
{
	static int off = -1;

	if (off < 0) {
		const char *v = getenv("WQPORT_NO_RANGES");

		off = v && *v && strcmp(v, "0");
	}
	return off;
}

int ranges_decide(const struct pstate *s, const struct trel *r)
{
	int64_t al, ah, bl, bh;

	if (!r->op || ranges_off())
		return -1;
	get(s, r, 0, &al, &ah);
	get(s, r, 1, &bl, &bh);
	switch (r->op) {
	case '>':
		return al > bh && al > RMIN && bh < RMAX ? 1 :
		       ah <= bl && ah < RMAX && bl > RMIN ? 0 : -1;
	case 'G':
		return al >= bh && al > RMIN && bh < RMAX ? 1 :
		       ah < bl && ah < RMAX && bl > RMIN ? 0 : -1;
	default:	/* != */
		if (ah < bl || bh < al)
			return 1;
		return al == ah && bl == bh && al == bl ? 0 : -1;
	}
}

static int64_t max64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

static int64_t min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

/* Narrow the sides by a test that held (a > b, say) */
static void narrow(struct pstate *s, const struct trel *r, char op,
		   bool swap)
{
	int a = swap ? 1 : 0, b = swap ? 0 : 1;
	int64_t al, ah, bl, bh, d = op == '>' ? 1 : 0;

	get(s, r, a, &al, &ah);
	get(s, r, b, &bl, &bh);
	/* a > b: a >= b.lo + 1, b <= a.hi - 1 (>=: without the ones) */
	if (r->var[a] && bl > RMIN)
		put(s, r->var[a], max64(al, bl + d), ah);
	if (r->var[b] && ah < RMAX)
		put(s, r->var[b], bl, min64(bh, ah - d));
}

void ranges_record(struct pstate *s, const struct trel *r, bool truth)
{
	int64_t al, ah, bl, bh;

	if (!r->op)
		return;
	if (r->op == '>' || r->op == 'G') {
		if (truth) {
			narrow(s, r, r->op, false);
			return;
		}
		/* !(a > b) is b >= a; !(a >= b) is b > a */
		narrow(s, r, r->op == '>' ? 'G' : '>', true);
		return;
	}
	get(s, r, 0, &al, &ah);
	get(s, r, 1, &bl, &bh);
	if (!truth) {		/* a == b: both in the intersection */
		if (r->var[0])
			put(s, r->var[0], max64(al, bl), min64(ah, bh));
		if (r->var[1])
			put(s, r->var[1], max64(al, bl), min64(ah, bh));
		return;
	}
	/* a != b, b one value at an end of a's interval: a moves off it */
	if (r->var[0] && bl == bh) {
		if (al == bl)
			put(s, r->var[0], al + 1, ah);
		else if (ah == bl)
			put(s, r->var[0], al, ah - 1);
	}
	if (r->var[1] && al == ah) {
		if (bl == al)
			put(s, r->var[1], bl + 1, bh);
		else if (bh == al)
			put(s, r->var[1], bl, bh - 1);
	}
}

/* The interval of a stored value's text, or false (not one we model) */
static bool value_of(const struct pstate *s, const struct cfg *g,
		     const char *lhs, const char *t, int64_t *lo, int64_t *hi)
{
	size_t n = strlen(t), i, star = 0;
	int64_t c, m;
	int j;

	while (n && *t == ' ')
		t++, n--;
	while (n && t[n - 1] == ' ')
		n--;
	if (number(t, n, &c)) {
		*lo = *hi = c;
		return true;
	}
	/* y * N or N * y, N positive */
	for (i = 0; i < n; i++)
		if (t[i] == '*') {
			if (star)
				return false;
			star = i;
		}
	if (star) {
		const char *a = t, *b = t + star + 1;
		size_t an = star, bn = n - star - 1;

		while (an && a[an - 1] == ' ')
			an--;
		while (bn && *b == ' ')
			b++, bn--;
		if (number(b, bn, &m)) {
			t = a;
			n = an;
		} else if (number(a, an, &m)) {
			t = b;
			n = bn;
		} else {
			return false;
		}
		if (m <= 0)
			return false;
	} else {
		m = 1;
	}
	for (i = 0; i < n; i++)
		if (!wq_ident_char(t[i]))
			return false;
	/* x = x * 2 would grow without end round a loop */
	if (!n || (strlen(lhs) == n && !memcmp(lhs, t, n)) ||
	    !cfg_is_var(g, t, n))
		return false;
	for (j = 0; j < s->nranges; j++)
		if (strlen(s->rname[j]) == n && !memcmp(s->rname[j], t, n))
			break;
	if (j == s->nranges)
		return false;
	*lo = s->lo[j] <= RMIN ? RMIN : clamp(s->lo[j] * m);
	*hi = s->hi[j] >= RMAX ? RMAX : clamp(s->hi[j] * m);
	return true;
}

void ranges_write(const struct walk *w, struct pstate *s, int n)
{
	const struct cfg_node *nd = &w->g->nodes[n];
	int64_t lo, hi;
	int i = find(s, nd->text);

	if (i < 0 && !cfg_is_var(w->g, nd->text, strlen(nd->text)))
		return;		/* a field, an element: not ours */
	if (!(nd->flags & NF_COUNTS) && nd->rhs &&
	    value_of(s, w->g, nd->text, nd->rhs, &lo, &hi)) {
		/* the node's text lives as long as the walk */
		put(s, i >= 0 ? s->rname[i] : nd->text, lo, hi);
		return;
	}
	if (i >= 0)
		drop(s, i);
}
