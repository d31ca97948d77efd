// SPDX-License-Identifier: GPL-2.0-only
/*
 * What one reported path is bound to: whether it can be taken at all,
 * and how long its timed sleep lasts.
 *
 * Feasibility.  A rule that reports a path (the state set, then the
 * sleep; the state set, then a return) asks for one that the tests it
 * passes allow.  A test repeated on a path has the outcome the first
 * one had, as long as nothing wrote to what it reads in between
 * (paths.c: a write, a call that may write fields, a sleep):
 *
 *	if (!polling)
 *		set_current_state(TASK_INTERRUPTIBLE);
 *	...
 *	if (polling)
 *		return -EAGAIN;		<- never reached with the state set
 *
 * A write need not break the correlation: each path also carries the
 * values its tests allow the locals they read (analysis/flow/ranges.c), so
 * `cnt = count` under `cnt > count`, with `count > 0` from the loop
 * test, keeps `cnt > 0`.
 *
 * paths_feasible() walks the graph from a node through a list of
 * segments (reach a target without passing a stop node), carrying the
 * outcome of each test passed, and drops a path on which a test takes
 * the other way than the path already settled.  The dataflow facts
 * (paths_refine()) merge the paths that reach a node; this asks about
 * the one path a finding describes.
 *
 * Timeouts.  `schedule_timeout(timeout)` with a local `timeout` that
 * holds a fixed delay on every path from the state set to the sleep
 * (`timeout = HZ / 100;` in that branch, or `int timeout = HZ / 10;`
 * never written again) is a poll: a lost wake-up costs the delay.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "paths.h"

#define FEASIBLE_BUDGET	20000

struct fwalk {
	struct walk w;
	const struct pseg *seg;
	int nseg;
};

static bool seg_target(const struct cfg *g, const struct pseg *sg, int n)
{
	return sg->node >= 0 ? n == sg->node : sg->target(g, n, sg->ctx);
}

/*
 * Arrive at node n from state s: the segment's target moves the path on
 * to the next segment (or ends it: returns n), a stop node drops it.
 */
static int arrive(struct fwalk *fw, const struct pstate *s, int n)
{
	struct walk *w = &fw->w;
	struct pstate t = *s;
	const struct pseg *sg = &fw->seg[t.facts];

	t.node = n;
	if (seg_target(w->g, sg, n)) {
		if ((int)t.facts + 1 == fw->nseg)
			return n;
		t.facts++;
	} else if (sg->stop && sg->stop(w->g, n, sg->ctx)) {
		return -1;
	}
	if (!paths_seen_add(w, paths_state_hash(&t)))
		return -1;
	if (w->sp == w->cap) {
		w->cap = w->cap ? w->cap * 2 : 64;
		w->stack = xrealloc(w->stack, w->cap * sizeof(*w->stack));
	}
	w->stack[w->sp++] = t;
	return -1;
}

int paths_feasible(const struct cfg *g, const struct flow *fl, int from,
		   const struct pseg *seg, int nseg)
{
	struct fwalk fw = { .w = { .g = g, .fl = fl }, .seg = seg,
			    .nseg = nseg };
	struct walk *w = &fw.w;
	struct pstate s = { .node = from };
	int steps = 0, hit = -1, i;

	if (nseg <= 0)
		return from;
	w->nseen = 2 * FEASIBLE_BUDGET + 1;
	w->seen = xrealloc(NULL, w->nseen * sizeof(uint64_t));
	memset(w->seen, 0, w->nseen * sizeof(uint64_t));
	paths_key(w);
	w->stack = xrealloc(NULL, sizeof(*w->stack));
	w->cap = 1;
	w->stack[w->sp++] = s;
	while (w->sp && hit < 0) {
		const struct cfg_node *nd;
		const struct tkey *k;
		int v;

		if (++steps > FEASIBLE_BUDGET) {
			hit = -2;
			break;
		}
		s = w->stack[--w->sp];
		nd = &g->nodes[s.node];
		paths_forget(w, &s);
		k = &w->tk[s.node];
		if (nd->kind == N_TEST && nd->on_true >= 0 && nd->on_false >= 0 &&
		    (nd->flags & (NF_CONST_TRUE | NF_CONST_FALSE))) {
			hit = arrive(&fw, &s, (nd->flags & NF_CONST_TRUE) ?
					      nd->on_true : nd->on_false);
			continue;
		}
		if (nd->kind == N_TEST && nd->on_true >= 0 && nd->on_false >= 0 &&
		    k->key) {
			v = paths_no_feasibility() ? -1 : paths_known(&s, k);
			for (i = 1; i >= 0 && hit < 0; i--) {
				struct pstate t = s;

				if (v >= 0 && v != i)
					continue;
				if (v < 0)
					paths_record(&t, k, i);
				hit = arrive(&fw, &t, i ? nd->on_true :
							  nd->on_false);
			}
			continue;
		}
		for (i = 0; i < nd->nsucc && hit < 0; i++)
			hit = arrive(&fw, &s, nd->succ[i]);
	}
	paths_unkey(w);
	free(w->stack);
	free(w->seen);
	return hit;
}

/*
 * Is the timeout text t a fixed delay: numbers, constants (upper-case
 * macros), HZ and the *_to_jiffies() conversions of such?
 * MAX_SCHEDULE_TIMEOUT is no delay at all.
 */
bool bounds_fixed_text(const char *t, size_t n)
{
	static const char *const ok[] = {
		"HZ", "msecs_to_jiffies", "usecs_to_jiffies", "sizeof", NULL
	};
	const char *p = t, *end = t + n;
	int i;

	while (p < end && isspace((unsigned char)*p))
		p++;
	if (p == end)
		return false;
	while (p < end) {
		const char *w = p;

		if (!(isalpha((unsigned char)*p) || *p == '_')) {
			p++;
			continue;
		}
		while (p < end && wq_ident_char(*p))
			p++;
		if (p - w == 20 && !memcmp(w, "MAX_SCHEDULE_TIMEOUT", 20))
			return false;
		for (i = 0; ok[i]; i++)
			if (strlen(ok[i]) == (size_t)(p - w) &&
			    !memcmp(ok[i], w, p - w))
				break;
		if (ok[i])
			continue;
		/* an upper-case name is a constant macro */
		for (; w < p; w++)
			if (islower((unsigned char)*w))
				return false;
	}
	return true;
}

/*
 * The right-hand side of a plain `name = rhs` at file offset off, as
 * [*from, *to), or false (another operator, or not that shape).
 */
bool bounds_store_rhs(const char *buf, size_t len, unsigned off,
		      const char *name, size_t l, unsigned *from, unsigned *to)
{
	size_t i;
	int depth = 0;

	if (off + l >= len || memcmp(buf + off, name, l) ||
	    wq_ident_char(buf[off + l]))
		return false;
	for (i = off + l; i < len && isspace((unsigned char)buf[i]); i++)
		;
	if (i + 1 >= len || buf[i] != '=' || buf[i + 1] == '=')
		return false;
	*from = ++i;
	for (; i < len; i++) {
		if (buf[i] == '(' || buf[i] == '[')
			depth++;
		else if ((buf[i] == ')' || buf[i] == ']') && --depth < 0)
			break;
		else if (!depth && (buf[i] == ';' || buf[i] == ','))
			break;
	}
	*to = i;
	return i < len;
}

/* Is the store at N_ASSIGN node d of name a fixed delay? */
static bool store_fixed(const struct cfg *g, const struct wq_file *f, int d,
			const char *name)
{
	unsigned off = text_offset(f->buf, f->len, g->nodes[d].pos), a, b;

	if (g->nodes[d].flags & NF_COUNTS)
		return false;
	return bounds_store_rhs(f->buf, f->len, off, name, strlen(name), &a, &b) &&
	       bounds_fixed_text(f->buf + a, b - a);
}

/*
 * The initializer of local name, which nothing else writes: the first
 * `name =` of the body, unless that is a store the graph knows.
 */
static bool initializer_fixed(const struct cfg *g, const struct wq_file *f,
			      const char *name)
{
	long at = text_find_word(f->buf, g->body_start, g->body_end, name);
	unsigned a, b;
	int n;

	if (at < 0 || !bounds_store_rhs(f->buf, f->len, at, name, strlen(name), &a, &b))
		return false;
	for (n = 0; n < g->n; n++)
		if (g->nodes[n].kind == N_ASSIGN &&
		    text_offset(f->buf, f->len, g->nodes[n].pos) == (unsigned)at)
			return false;
	return bounds_fixed_text(f->buf + a, b - a);
}

static bool stores(const struct cfg *g, int n, const char *name)
{
	return g->nodes[n].kind == N_ASSIGN && g->nodes[n].text &&
	       !strcmp(g->nodes[n].text, name);
}

/*
 * Walk back from `from` (not crossing `stop`, and only over in[] nodes
 * when in is given) to the stores of name: all must be fixed.  *at_stop
 * tells whether stop was reached with no store; *at_entry the entry.
 */
static bool defs_fixed(const struct cfg *g, const struct flow *fl,
		       const struct wq_file *f, int from, int stop,
		       const char *in, const char *name, bool *at_stop,
		       bool *at_entry)
{
	char *seen = xrealloc(NULL, g->n);
	int *stack = xrealloc(NULL, g->n * sizeof(int));
	int sp = 0, i;
	bool ok = true;

	memset(seen, 0, g->n);
	stack[sp++] = from;
	seen[from] = 1;
	while (sp && ok) {
		int n = stack[--sp];

		if (n == g->entry || !fl->npred[n])
			*at_entry = true;
		for (i = 0; i < fl->npred[n] && ok; i++) {
			int p = fl->pred[n][i];

			if (seen[p] || (in && !in[p] && p != stop))
				continue;
			seen[p] = 1;
			if (stores(g, p, name)) {
				ok = store_fixed(g, f, p, name);
				continue;
			}
			if (p == stop) {
				*at_stop = true;
				continue;
			}
			stack[sp++] = p;
		}
	}
	free(seen);
	free(stack);
	return ok;
}

bool bounds_timeout_fixed(const struct cfg *g, const struct flow *fl,
			  const struct wq_file *f, int e, int s)
{
	const struct wq_event *ev = &g->nodes[s].ev;
	const char *name = ev->nargs ? ev->args[0] : NULL, *p;
	char *fwd;
	int *stack, sp = 0, i;
	bool ok, at_e = false, at_entry = false, dummy = false;

	if (!name || !*name)
		return false;
	if (bounds_fixed_text(name, strlen(name)))
		return true;
	for (p = name; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_')
			return false;
	/* a local only this function writes; a parameter is the caller's */
	if (!cfg_is_var(g, name, strlen(name)))
		return false;
	for (i = 0; i < g->nparams; i++)
		if (!strcmp(g->params[i], name))
			return false;
	/* the nodes on the way from e to s */
	fwd = xrealloc(NULL, g->n);
	stack = xrealloc(NULL, g->n * sizeof(int));
	memset(fwd, 0, g->n);
	stack[sp++] = e;
	fwd[e] = 1;
	while (sp) {
		int n = stack[--sp];

		if (n == s)
			continue;
		for (i = 0; i < g->nodes[n].nsucc; i++) {
			int t = g->nodes[n].succ[i];

			if (!fwd[t]) {
				fwd[t] = 1;
				stack[sp++] = t;
			}
		}
	}
	free(stack);
	ok = defs_fixed(g, fl, f, s, e, fwd, name, &at_e, &dummy);
	free(fwd);
	if (ok && at_e)
		ok = defs_fixed(g, fl, f, e, -1, NULL, name, &dummy, &at_entry);
	if (ok && at_entry)
		ok = initializer_fixed(g, f, name);
	return ok;
}
