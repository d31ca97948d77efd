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
 * by a canonical form of their text: `!x` is x negated, `cnt <= 0` is
 * `cnt > 0` negated, `p == NULL` is p negated, so equal and trivially
 * implied tests are related, and `a && b` taken true (or `a || b` taken
 * false) also settles a and b.  A test met again follows only the
 * branch consistent with what is known, until something writes to what
 * it reads: an assignment (in a statement clang dropped, any name it
 * mentions); for anything but a plain name or the open file's mode
 * (`file->f_flags & O_NONBLOCK`), a call that
 * the API tables do not know to be pure (it may write fields through a
 * pointer) or a sleep (others change the world meanwhile).  A pointer
 * the wait API was given through (`&dev->queues->wait`) is known to be
 * non-NULL until it is written: the function dereferenced it.  Where
 * list_empty(&wait.entry) holds, the entry is on no queue (a wake-up
 * took it off).  The locals and parameters the tests compare carry
 * value ranges too (ranges.c): a write of a value the path bounds
 * (`cnt = count` under `cnt > count`) keeps what the tests knew.  The union
 * of the states that reach a node replaces its dataflow facts.  If a
 * function has too many paths for the budget, the dataflow facts are
 * kept.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "paths.h"

#define PATH_BUDGET	50000

/* Does `word` occur in hay[0..n) on identifier boundaries? */
static bool word_in(const char *hay, size_t n, const char *word)
{
	size_t w = strlen(word), i;

	for (i = 0; w && i + w <= n; i++)
		if (!memcmp(hay + i, word, w) && (i == 0 || !wq_ident_char(hay[i - 1])) &&
		    (i + w == n || !wq_ident_char(hay[i + w])))
			return true;
	return false;
}

/* Does t[0..n) open with a parenthesis that closes at its very end? */
static bool wrapped(const char *t, size_t n)
{
	size_t i;
	int depth = 0;

	if (n < 2 || t[0] != '(' || t[n - 1] != ')')
		return false;
	for (i = 0; i < n; i++) {
		if (t[i] == '(')
			depth++;
		else if (t[i] == ')' && --depth == 0)
			return i == n - 1;
	}
	return false;
}

/* Offset of the top-level occurrence of op in t[0..n), or -1 if none or
 * more than one. */
static long top_op(const char *t, size_t n, const char *op)
{
	size_t i, l = strlen(op);
	long hit = -1;
	int depth = 0;

	for (i = 0; i + l <= n; i++) {
		if (t[i] == '(' || t[i] == '[')
			depth++;
		else if (t[i] == ')' || t[i] == ']')
			depth--;
		else if (!depth && !memcmp(t + i, op, l)) {
			if (hit >= 0)
				return -2;
			hit = i;
			i += l - 1;
		}
	}
	return hit;
}

/* Does t[0..n) hold a space or a '?' (more than one operand)? */
static bool strpbrk_n(const char *t, size_t n)
{
	return memchr(t, ' ', n) || memchr(t, '?', n);
}

static bool has_top(const char *t, size_t n, const char *op)
{
	return top_op(t, n, op) != -1;
}

/*
 * The canonical key of a condition's text: strips !, outer parentheses
 * and likely()/unlikely(), and turns the comparisons into one of each
 * pair (`a <= b` is `a > b` negated, `x == 0` is x negated).
 */
static const char *canon(struct walk *w, const char *t, size_t n, bool *flip)
{
	static const char *const pairs[][2] = {
		{ " <= ", " > " }, { " < ", " >= " }, { " == ", " != " },
	};
	char buf[512];
	long at;
	size_t k;

	*flip = false;
	for (;;) {
		while (n && *t == ' ')
			t++, n--;
		while (n && t[n - 1] == ' ')
			n--;
		if (n > 1 && t[0] == '!' && t[1] != '=' &&
		    (wrapped(t + 1, n - 1) || !strpbrk_n(t + 1, n - 1))) {
			*flip = !*flip;
			t++, n--;
		} else if (wrapped(t, n)) {
			t++, n -= 2;
		} else if (n > 9 && !memcmp(t, "unlikely(", 9) &&
			   wrapped(t + 8, n - 8)) {
			t += 8, n -= 8;
		} else if (n > 7 && !memcmp(t, "likely(", 7) &&
			   wrapped(t + 6, n - 6)) {
			t += 6, n -= 6;
		} else {
			break;
		}
	}
	if (n >= sizeof(buf) - 8 || has_top(t, n, "&&") || has_top(t, n, "||") ||
	    has_top(t, n, "?"))
		return paths_intern(w, t, n);
	for (k = 0; k < 3; k++) {
		size_t l = strlen(pairs[k][0]);

		at = top_op(t, n, pairs[k][0]);
		if (at < 0)
			continue;
		/* x == 0, x == NULL: x negated */
		if (k == 2 && ((n - at - l == 1 && t[n - 1] == '0') ||
			       (n - at - l == 4 && !memcmp(t + n - 4, "NULL", 4)))) {
			*flip = !*flip;
			return paths_intern(w, t, at);
		}
		memcpy(buf, t, at);
		memcpy(buf + at, pairs[k][1], strlen(pairs[k][1]));
		memcpy(buf + at + strlen(pairs[k][1]), t + at + l, n - at - l);
		*flip = !*flip;
		return paths_intern(w, buf, n - l + strlen(pairs[k][1]));
	}
	at = top_op(t, n, " != ");
	if (at >= 0 && ((n - at - 4 == 1 && t[n - 1] == '0') ||
			(n - at - 4 == 4 && !memcmp(t + n - 4, "NULL", 4))))
		return paths_intern(w, t, at);
	return paths_intern(w, t, n);
}

static void drop_cond(struct pstate *s, int i)
{
	s->nconds--;
	s->cond[i] = s->cond[s->nconds];
	s->val[i] = s->val[s->nconds];
	s->sticky[i] = s->sticky[s->nconds];
}

static void forget_written(struct pstate *s, const char *written)
{
	int i;

	for (i = s->nconds - 1; i >= 0; i--)
		if (word_in(s->cond[i], strlen(s->cond[i]), written))
			drop_cond(s, i);
}

/* Reads more than the function's own variables: see reads_shared(). */
static bool shared(const char *key)
{
	return key[-1];
}

/* Forget what others (or a call) may have changed since it was tested. */
static void forget_shared(struct pstate *s, bool keep_sticky)
{
	int i;

	for (i = s->nconds - 1; i >= 0; i--)
		if (shared(s->cond[i]) && !(keep_sticky && s->sticky[i]))
			drop_cond(s, i);
}

static int find_cond(const struct pstate *s, const char *key)
{
	int i;

	for (i = 0; i < s->nconds; i++)
		if (s->cond[i] == key)
			return i;
	return -1;
}

static void set_cond(struct pstate *s, const char *key, bool val, bool sticky)
{
	int i = find_cond(s, key);

	if (i >= 0) {
		s->val[i] = val;
		s->sticky[i] = sticky;
		return;
	}
	if (s->nconds == MAX_CONDS)
		return;
	s->cond[s->nconds] = key;
	s->val[s->nconds] = val;
	s->sticky[s->nconds++] = sticky;
}

uint64_t paths_state_hash(const struct pstate *s)
{
	uint64_t h = (uint64_t)(s->node + 1) * 0x9e3779b97f4a7c15ull ^
		     (uint64_t)s->facts * 0xc2b2ae3d27d4eb4full;
	int i;

	for (i = 0; i < s->nconds; i++)
		h ^= ((uint64_t)(uintptr_t)s->cond[i] * 0xff51afd7ed558ccdull) +
		     (s->val[i] ? 0x1234567 : 0x7654321);
	/* a range's name by its text: two copies of it may be met */
	for (i = 0; i < s->nranges; i++) {
		uint64_t r = 0xcbf29ce484222325ull;
		const char *c;

		for (c = s->rname[i]; *c; c++)
			r = (r ^ (unsigned char)*c) * 0x100000001b3ull;
		r ^= (uint64_t)s->lo[i] * 0x9e3779b97f4a7c15ull;
		r ^= (uint64_t)s->hi[i] * 0xc2b2ae3d27d4eb4full;
		h ^= r * 0xff51afd7ed558ccdull + 0x55aa;
	}
	return h | 1;
}

bool paths_seen_add(struct walk *w, uint64_t h)
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
	if (!paths_seen_add(w, paths_state_hash(&t)))
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

bool paths_no_feasibility(void)
{
	static int off = -1;

	if (off < 0) {
		const char *v = getenv("WQPORT_NO_FEASIBILITY");

		off = v && *v && strcmp(v, "0");
	}
	return off;
}

int paths_known(const struct pstate *s, const struct tkey *k)
{
	int i = find_cond(s, k->key), p, all = 1;

	if (i >= 0)
		return s->val[i] != k->flip;
	/* what the path's ranges of its locals decide (ranges.c) */
	p = ranges_decide(s, &k->rel);
	if (p >= 0)
		return p != k->flip;
	if (!k->nparts)
		return -1;
	/* a && b: false if one part is, true if all are; || the converse */
	for (p = 0; p < k->nparts; p++) {
		int j = find_cond(s, k->part[p]);
		int v = j >= 0 ? s->val[j] != k->pflip[p] :
			ranges_decide(s, &k->prel[p]);

		if (j < 0 && v >= 0)
			v = v != k->pflip[p];

		if (k->op == '&' && v == 0)
			return k->flip;
		if (k->op == '|' && v == 1)
			return !k->flip;
		if (v < 0)
			all = 0;
	}
	if (all)
		return (k->op == '&') != k->flip;
	return -1;
}

/*
 * The open file's mode (`file->f_flags & O_NONBLOCK`): set at open() or
 * by fcntl(), never by a waker or a call the driver makes, so a test of
 * it survives calls and sleeps like a dereference does.
 */
static bool file_mode(const char *key)
{
	return strstr(key, "f_flags") || strstr(key, "O_NONBLOCK") ||
	       strstr(key, "O_NDELAY");
}

void paths_record(struct pstate *s, const struct tkey *k, bool outcome)
{
	bool whole = outcome != k->flip;
	int p;

	set_cond(s, k->key, whole, file_mode(k->key));
	ranges_record(s, &k->rel, whole);
	/* a && b true settles both; a || b false settles both */
	if ((k->op == '&' && whole) || (k->op == '|' && !whole))
		for (p = 0; p < k->nparts; p++) {
			set_cond(s, k->part[p], whole != k->pflip[p],
				 file_mode(k->part[p]));
			ranges_record(s, &k->prel[p], whole != k->pflip[p]);
		}
}

/*
 * On the way where list_empty(&e.entry) holds, or e.task_list.next is
 * NULL, e is on no queue.
 */
static void entry_outcome(const struct tkey *k, struct pstate *t,
			  bool outcome)
{
	if (k->empty_entry >= 0 && (outcome != k->flip) != k->linked_entry)
		t->facts &= ~FL_QUEUED(k->empty_entry);
}

static void branch(struct walk *w, const struct pstate *s, int n)
{
	const struct cfg_node *nd = &w->g->nodes[n];
	const struct tkey *k = &w->tk[n];
	struct pstate t;
	int v = paths_no_feasibility() ? -1 : paths_known(s, k), i;

	if (v >= 0) {
		t = *s;
		entry_outcome(k, &t, v);
		push(w, &t, v ? nd->on_true : nd->on_false);
		return;
	}
	for (i = 0; i < 2; i++) {
		t = *s;
		paths_record(&t, k, i == 0);
		entry_outcome(k, &t, i == 0);
		push(w, &t, i == 0 ? nd->on_true : nd->on_false);
	}
}

/*
 * `list_empty(&wait.entry)` (`.task_list` before 4.13): the driver asks
 * whether a wake-up already took its entry off the queue.  And
 * `wait.task_list.next` (`.entry.next`; *linked): whether it was queued
 * at all, on a DECLARE_WAITQUEUE() entry whose links start NULL (old
 * kernel/posix-timers.c: `if (abs_wqueue.task_list.next)
 * finish_wait(...)` after an add under an if).
 */
static int empty_entry(const struct walk *w, const char *key, bool *linked)
{
	static const char *const fn[] = { "list_empty_careful(&", "list_empty(&" };
	static const char *const fld[] = { ".entry)", ".task_list)" };
	static const char *const nxt[] = { ".entry.next", ".task_list.next" };
	char name[128];
	size_t i, j, l, kl = strlen(key);

	*linked = false;
	for (j = 0; j < 2; j++) {
		l = strlen(nxt[j]);
		if (kl > l && kl - l < sizeof(name) &&
		    !strcmp(key + kl - l, nxt[j])) {
			memcpy(name, key, kl - l);
			name[kl - l] = 0;
			*linked = true;
			return flow_entry(w->fl, name);
		}
	}

	for (i = 0; i < 2; i++) {
		l = strlen(fn[i]);
		if (strncmp(key, fn[i], l))
			continue;
		for (j = 0; j < 2; j++) {
			const char *e = strstr(key + l, fld[j]);

			if (e && !e[strlen(fld[j])] && (size_t)(e - key - l) <
			    sizeof(name)) {
				memcpy(name, key + l, e - key - l);
				name[e - key - l] = 0;
				return flow_entry(w->fl, name);
			}
		}
	}
	return -1;
}

static void note_derefs(const struct walk *w, struct pstate *s, int n)
{
	int i;

	for (i = 0; i < MAX_DEREFS && w->deref[n][i]; i++)
		set_cond(s, w->deref[n][i], true, true);
}

void paths_forget(const struct walk *w, struct pstate *s)
{
	const struct cfg_node *nd = &w->g->nodes[s->node];

	if (nd->flags & NF_AFTER_CALL)
		forget_shared(s, true);
	if (nd->kind == N_ASSIGN && nd->text) {
		forget_written(s, nd->text);
		ranges_write(w, s, s->node);
	} else if (nd->kind == N_EVENT) {
		if (sleeps(nd))
			forget_shared(s, true);
		note_derefs(w, s, s->node);
	}
}

static bool walk(struct walk *w)
{
	const struct cfg *g = w->g;
	struct pstate s = { .node = g->entry, .facts = w->fl->entry_state };
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
		paths_forget(w, &s);
		if (nd->kind == N_TEST && nd->on_true >= 0 && nd->on_false >= 0) {
			/* a folded constant has one way out */
			if (nd->flags & (NF_CONST_TRUE | NF_CONST_FALSE)) {
				push(w, &s, (nd->flags & NF_CONST_TRUE) ?
					    nd->on_true : nd->on_false);
				continue;
			}
			if (w->tk[s.node].key) {
				branch(w, &s, s.node);
				continue;
			}
		}
		for (i = 0; i < nd->nsucc; i++)
			push(w, &s, nd->succ[i]);
	}
	return true;
}

/* Split `a && b && c` (or ||) into the keys of its parts. */
static void split_parts(struct walk *w, struct tkey *k, const char *t,
			size_t n)
{
	const char *op = has_top(t, n, "&&") ? "&&" : "||";
	size_t i, start = 0;
	int depth = 0;

	if (has_top(t, n, "&&") && has_top(t, n, "||"))
		return;
	if (!has_top(t, n, op) || has_top(t, n, "?"))
		return;
	k->op = op[0];
	for (i = 0; i <= n; i++) {
		if (i < n && (t[i] == '(' || t[i] == '['))
			depth++;
		else if (i < n && (t[i] == ')' || t[i] == ']'))
			depth--;
		if (i == n || (!depth && i + 1 < n && !memcmp(t + i, op, 2))) {
			if (k->nparts == MAX_PARTS) {
				k->nparts = 0;
				return;
			}
			k->part[k->nparts] = canon(w, t + start, i - start,
						   &k->pflip[k->nparts]);
			k->nparts++;
			start = i + 2;
			i++;
		}
	}
}

static void key_tests(struct walk *w)
{
	const struct cfg *g = w->g;
	int n, p;

	w->tk = xrealloc(NULL, g->n * sizeof(*w->tk));
	memset(w->tk, 0, g->n * sizeof(*w->tk));
	for (n = 0; n < g->n; n++)
		w->tk[n].empty_entry = -1;
	for (n = 0; n < g->n; n++) {
		const struct cfg_node *nd = &g->nodes[n];
		struct tkey *k = &w->tk[n];
		const char *t;
		size_t len;
		bool flip;

		/* only a test spelled in the file has a text to key on */
		if (nd->kind != N_TEST || !nd->text || !*nd->text ||
		    (nd->flags & (NF_FOR_MACRO | NF_IN_MACRO)) ||
		    strlen(nd->text) > 400)
			continue;
		k->key = canon(w, nd->text, strlen(nd->text), &k->flip);
		k->empty_entry = empty_entry(w, k->key, &k->linked_entry);
		/* split the canonical text: `!(a || b)` is a negated || */
		t = k->key;
		len = strlen(t);
		split_parts(w, k, t, len);
		ranges_key(w, &k->rel, k->key);
		for (p = 0; p < k->nparts; p++)
			ranges_key(w, &k->prel[p], k->part[p]);
		(void)flip;
	}
}

/*
 * `&dev->queues->wait` dereferences dev and dev->queues: both are
 * non-NULL after the call, as far as the driver is concerned.
 */
static void key_derefs(struct walk *w)
{
	const struct cfg *g = w->g;
	int n, a, nd;

	w->deref = xrealloc(NULL, g->n * sizeof(*w->deref));
	memset(w->deref, 0, g->n * sizeof(*w->deref));
	for (n = 0; n < g->n; n++) {
		const struct wq_event *ev = &g->nodes[n].ev;

		if (g->nodes[n].kind != N_EVENT)
			continue;
		for (a = 0, nd = 0; a < ev->nargs && a < 2; a++) {
			const char *t = ev->args[a], *p;
			size_t i;

			if (!t)
				continue;
			while (*t == '&' || *t == ' ')
				t++;
			for (i = 0; t[i] && nd < MAX_DEREFS; i++) {
				if (t[i] != '-' || t[i + 1] != '>')
					continue;
				for (p = t; p < t + i; p++)
					if (!wq_ident_char(*p) && *p != '-' &&
					    *p != '>' && *p != '.')
						break;
				if (p < t + i || !i)
					break;
				w->deref[n][nd++] = paths_intern(w, t, i);
			}
		}
	}
}

void paths_key(struct walk *w)
{
	key_tests(w);
	key_derefs(w);
}

void paths_unkey(struct walk *w)
{
	int i;

	for (i = 0; i < w->nkeys; i++)
		free(w->keys[i]);
	free(w->keys);
	free(w->tk);
	free(w->deref);
	w->keys = NULL;
	w->nkeys = w->capkeys = 0;
	w->tk = NULL;
	w->deref = NULL;
}

void paths_refine(const struct cfg *g, struct flow *fl)
{
	struct walk w = { .g = g, .fl = fl };

	w.nseen = 2 * PATH_BUDGET + 1;
	w.seen = xrealloc(NULL, w.nseen * sizeof(uint64_t));
	memset(w.seen, 0, w.nseen * sizeof(uint64_t));
	w.in = xrealloc(NULL, g->n * sizeof(uint32_t));
	memset(w.in, 0, g->n * sizeof(uint32_t));
	paths_key(&w);
	if (walk(&w)) {
		free(fl->in);
		fl->in = w.in;
	} else {
		free(w.in);
	}
	paths_unkey(&w);
	free(w.stack);
	free(w.seen);
}

void flow_compute(const struct cfg *g, struct flow *fl)
{
	flow_fixpoint(g, fl);
	paths_refine(g, fl);
}
