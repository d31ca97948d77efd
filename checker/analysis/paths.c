// SPDX-License-Identifier: GPL-2.0-only
/*
 * Path-sensitive refinement of the dataflow facts.
 *
 * The may-analysis in flow.c merges paths, so it cannot see that a driver
 * enqueues and dequeues under the same test:
 *
 *	if (!nonblock)
 *		prepare_to_wait(&q, &wait, TASK_INTERRUPTIBLE);
 *	...
 *	if (!nonblock)
 *		finish_wait(&q, &wait);
 *
 * Here every path is walked with its concrete state (one task state, the
 * set of queued entries) and the outcomes of the tests met so far, keyed
 * by their text.  A test met again follows only the branch consistent
 * with the first outcome, until something writes to what it tests or,
 * for anything but a plain local name, until the task sleeps (others
 * change the world meanwhile).  The union of the states that reach a node
 * replaces its dataflow facts.  If a function has too many paths for the
 * budget, the dataflow facts are kept.
 */
#include <stdlib.h>
#include <string.h>

#include "cfg.h"

#define MAX_CONDS	8
#define PATH_BUDGET	50000

struct pstate {
	int node;
	uint32_t facts;
	int nconds;
	const char *cond[MAX_CONDS];
	unsigned char len[MAX_CONDS];
	bool val[MAX_CONDS];
};

struct walk {
	const struct cfg *g;
	const struct flow *fl;
	struct pstate *stack;
	int sp, cap;
	uint64_t *seen;
	size_t nseen;
	uint32_t *in;
};

static bool ident_char(char c)
{
	return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
}

/* Does `word` occur in hay[0..n) on identifier boundaries? */
static bool word_in(const char *hay, size_t n, const char *word)
{
	size_t w = strlen(word), i;

	for (i = 0; w && i + w <= n; i++)
		if (!memcmp(hay + i, word, w) && (i == 0 || !ident_char(hay[i - 1])) &&
		    (i + w == n || !ident_char(hay[i + w])))
			return true;
	return false;
}

/* `!x` tests x with the outcome flipped; anything else is its own key. */
static const char *cond_key(const char *t, size_t *len, bool *flip)
{
	*flip = false;
	if (t[0] == '!' && t[1] && t[1] != '=' && !strpbrk(t + 1, " ?")) {
		*flip = true;
		t++;
	}
	*len = strlen(t);
	return t;
}

static void drop_cond(struct pstate *s, int i)
{
	s->nconds--;
	s->cond[i] = s->cond[s->nconds];
	s->len[i] = s->len[s->nconds];
	s->val[i] = s->val[s->nconds];
}

static void forget_written(struct pstate *s, const char *written)
{
	int i;

	for (i = s->nconds - 1; i >= 0; i--)
		if (word_in(s->cond[i], s->len[i], written))
			drop_cond(s, i);
}

static void forget_shared(struct pstate *s)
{
	int i;
	size_t j;

	for (i = s->nconds - 1; i >= 0; i--) {
		for (j = 0; j < s->len[i] && ident_char(s->cond[i][j]); j++)
			;
		if (j < s->len[i])
			drop_cond(s, i);
	}
}

static uint64_t state_hash(const struct pstate *s)
{
	uint64_t h = (uint64_t)(s->node + 1) * 0x9e3779b97f4a7c15ull ^
		     (uint64_t)s->facts * 0xc2b2ae3d27d4eb4full;
	int i;

	for (i = 0; i < s->nconds; i++)
		h ^= ((uint64_t)(uintptr_t)s->cond[i] * 0xff51afd7ed558ccdull) +
		     (s->val[i] ? 0x1234567 : 0x7654321);
	return h | 1;
}

static bool seen_add(struct walk *w, uint64_t h)
{
	size_t i = h % w->nseen;

	while (w->seen[i]) {
		if (w->seen[i] == h)
			return false;
		i = (i + 1) % w->nseen;
	}
	w->seen[i] = h;
	return true;
}

static void push(struct walk *w, const struct pstate *s, int node)
{
	struct pstate t = *s;

	t.node = node;
	if (!seen_add(w, state_hash(&t)))
		return;
	if (w->sp == w->cap) {
		w->cap = w->cap ? w->cap * 2 : 64;
		w->stack = xrealloc(w->stack, w->cap * sizeof(*w->stack));
	}
	w->stack[w->sp++] = t;
}

static bool sleeps(const struct cfg_node *nd)
{
	enum kapi_kind k = nd->ev.api->kind;

	return k == K_SCHEDULE || k == K_SCHEDULE_TIMEOUT || k == K_SLEEP_ON ||
	       k == K_WAIT_EVENT || k == K_DELAY;
}

static void branch(struct walk *w, const struct pstate *s,
		   const struct cfg_node *nd)
{
	size_t len;
	bool flip;
	const char *key = cond_key(nd->text, &len, &flip);
	struct pstate t;
	int i;

	for (i = 0; i < s->nconds; i++) {
		if (s->len[i] == len && !memcmp(s->cond[i], key, len)) {
			push(w, s, (s->val[i] != flip) ? nd->on_true : nd->on_false);
			return;
		}
	}
	for (i = 0; i < 2; i++) {
		bool outcome = i == 0;

		t = *s;
		if (t.nconds < MAX_CONDS && len < 256) {
			t.cond[t.nconds] = key;
			t.len[t.nconds] = len;
			t.val[t.nconds++] = outcome != flip;
		}
		push(w, &t, outcome ? nd->on_true : nd->on_false);
	}
}

static bool walk(struct walk *w)
{
	const struct cfg *g = w->g;
	struct pstate s = { .node = g->entry, .facts = FL_RUN_INIT };
	int steps = 0, i;

	push(w, &s, g->entry);
	while (w->sp) {
		const struct cfg_node *nd;

		if (++steps > PATH_BUDGET)
			return false;
		s = w->stack[--w->sp];
		nd = &g->nodes[s.node];
		w->in[s.node] |= s.facts;
		s.facts = flow_transfer(g, w->fl, s.node, s.facts);
		if (nd->kind == N_ASSIGN && nd->text)
			forget_written(&s, nd->text);
		else if (nd->kind == N_EVENT && sleeps(nd))
			forget_shared(&s);
		if (nd->kind == N_TEST && nd->on_true >= 0 && nd->on_false >= 0) {
			/* a folded constant has one way out */
			if (nd->flags & (NF_CONST_TRUE | NF_CONST_FALSE)) {
				push(w, &s, (nd->flags & NF_CONST_TRUE) ?
					    nd->on_true : nd->on_false);
				continue;
			}
			/* only a test spelled in the file has a text to key on */
			if (!(nd->flags & (NF_FOR_MACRO | NF_IN_MACRO)) &&
			    nd->text && *nd->text) {
				branch(w, &s, nd);
				continue;
			}
		}
		for (i = 0; i < nd->nsucc; i++)
			push(w, &s, nd->succ[i]);
	}
	return true;
}

void paths_refine(const struct cfg *g, struct flow *fl)
{
	struct walk w = { .g = g, .fl = fl };

	w.nseen = 2 * PATH_BUDGET + 1;
	w.seen = xrealloc(NULL, w.nseen * sizeof(uint64_t));
	memset(w.seen, 0, w.nseen * sizeof(uint64_t));
	w.in = xrealloc(NULL, g->n * sizeof(uint32_t));
	memset(w.in, 0, g->n * sizeof(uint32_t));
	if (walk(&w)) {
		free(fl->in);
		fl->in = w.in;
	} else {
		free(w.in);
	}
	free(w.stack);
	free(w.seen);
}
