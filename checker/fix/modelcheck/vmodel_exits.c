// SPDX-License-Identifier: GPL-2.0-only
/*
 * The exits of a wait loop the model's one flag hides (vmodel.c): tests
 * made before the loop's state write and not again after it, which a
 * waker's change can still miss; the facts the words give of them
 * (record.h model_facts).
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vmodel.h"
#include "vmodel_run.h"

/* Does node nd's text name one of the words (a test of a signal, or of
 * what the loop's sleep returned), or no name at all (a constant)? */
bool node_names(const struct vfn *f, int nd, const char *w1,
		const char *w2)
{
	static const char *const kw[] = { "if", "while", "for", "do", "true" };
	static const char *const sig[] = { "signal_pending",
		"fatal_signal_pending", "signal_pending_state" };
	const struct vnode *n = &f->g.n[nd];
	int t, ids = 0;

	for (t = n->first; t < n->last && t < f->flow.n; t++) {
		const struct vtok *k = &f->flow.t[t];
		const char *x = f->flow.text + k->off;
		size_t i;

		for (i = 0; k->kind == VT_ID && i < sizeof(kw) / sizeof(kw[0]); i++)
			if (strlen(kw[i]) == k->len && !strncmp(x, kw[i], k->len))
				break;
		ids += k->kind == VT_ID && i == sizeof(kw) / sizeof(kw[0]);
		/* 2.0's `current->signal & ~current->blocked` */
		if (k->kind == VT_ID && k->len == 6 && !strncmp(x, "signal", 6) &&
		    t >= n->first + 2 && vtok_is(&f->flow, t - 1, "->") &&
		    f->flow.t[t - 2].len == 7 &&
		    !strncmp(f->flow.text + f->flow.t[t - 2].off, "current", 7))
			return true;
		if ((w1 && strlen(w1) == k->len && !strncmp(x, w1, k->len)) ||
		    (w2 && strlen(w2) == k->len && !strncmp(x, w2, k->len)))
			return true;
		for (i = 0; i < sizeof(sig) / sizeof(sig[0]); i++)
			if ((strlen(sig[i]) == k->len && !strncmp(x, sig[i], k->len)) ||
			    /* a macro of the file that tests one */
			    (k->kind == VT_ID && k->len > 1 &&
			     vmacro_names(f->side, x, k->len, sig[i])))
				return true;
	}
	return !ids;	/* a constant: `while (1)` */
}

/*
 * The last name of the lock node nd drops (unlock: its first unlock
 * call, one of kapi.def's or a name with "unlock"; "sk" of
 * release_sock(sk), "lock" of spin_unlock(&d->lock)) or takes (a name
 * with "lock" and no "unlock": lock_sock(sk), mutex_lock(&d->lock)),
 * allocated; NULL when nd has no such call, "" when the call names no
 * lock (unlock_kernel()).
 */
static char *node_lock_name(const struct vfn *f, int nd, bool unlock)
{
	const struct vnode *n = &f->g.n[nd];
	int t;

	for (t = n->first; t < n->last && t + 1 < f->flow.n; t++) {
		const struct vtok *k = &f->flow.t[t];
		const char *x = f->flow.text + k->off;
		struct strbuf arg = { 0 };
		unsigned i;
		int a, depth = 0;
		char *ln;

		if (k->kind != VT_ID || !vtok_is(&f->flow, t + 1, "("))
			continue;
		/* a method through a pointer (`mtd->unlock(mtd, ofs, len)`:
		 * a flash sector's unlock) is no lock's call */
		if (t > 0 && (vtok_is(&f->flow, t - 1, "->") ||
			      vtok_is(&f->flow, t - 1, ".")))
			continue;
		for (i = 0; i + 6 <= k->len && strncmp(x + i, "unlock", 6); i++)
			;
		if (unlock != (kapi_is(x, k->len, K_UNLOCK) || i + 6 <= k->len))
			continue;
		for (i = 0; !unlock && i + 4 <= k->len && strncmp(x + i, "lock", 4); i++)
			;
		if (!unlock && i + 4 > k->len)
			continue;
		for (a = t + 2; a < f->flow.n; a++) {
			if (vtok_is(&f->flow, a, "(") || vtok_is(&f->flow, a, "["))
				depth++;
			else if (vtok_is(&f->flow, a, ")") || vtok_is(&f->flow, a, "]"))
				depth--;
			if (depth < 0 || (!depth && vtok_is(&f->flow, a, ",")))
				break;
			sb_printf(&arg, "%.*s", (int)f->flow.t[a].len,
				  f->flow.text + f->flow.t[a].off);
		}
		ln = last_name(arg.s ? arg.s : "");
		free(arg.s);
		return ln;
	}
	return NULL;
}

static bool waker_takes(const struct mwaker *w, const void *lk)
{
	return (w->lock && word_in(w->lock, lk)) ||
	       (w->clock && word_in(w->clock, lk));
}

/*
 * Does every waker the model runs the function against, each known (no
 * waker outside this file), satisfy ok(w, arg)?  *n: how many there are.
 */
static bool each_waker(struct vval *vv, const struct vfn *o,
		       const struct vfn *r,
		       bool (*ok)(const struct mwaker *, const void *),
		       const void *arg, int *n)
{
	char *keys[4];
	int nk = queue_keys(o, r, vv, keys, 4), i, j;
	bool all = true;

	*n = 0;
	for (i = 0; i <= nk && all; i++) {
		struct mwakers ws;
		struct menv env = { .complete = true };

		if (i == nk && nk)
			break;
		model_env(o->side, vv, o, o->fn->name, i < nk ? keys[i] : "",
			  i == nk, &ws, &env);
		for (j = 0; j < ws.n; j++) {
			const struct mwaker *w = &ws.w[j];

			if (w->none)
				continue;
			++*n;
			all &= !w->opaque && ok(w, arg);
		}
		wakers_release(&ws);
		free(env.files.s);
	}
	for (i = 0; i < nk; i++)
		free(keys[i]);
	return all;
}

/*
 * Does every waker the model runs the function against (model_env(): the
 * file's, the module's) hold the lock of last name lk at its wake-up, or
 * take it around what it writes before it?  Then a lock the loop holds
 * from its test to its state write keeps them out of that window.  A
 * waker outside this file, or one that does not take lk (the softirq's
 * bh_lock_sock() against the task's lock_sock(), unless it defers to the
 * backlog: not read), may come between.
 */
static bool wakers_take(struct vval *vv, const struct vfn *o,
			const struct vfn *r, const char *lk)
{
	int n;

	return *lk && each_waker(vv, o, r, waker_takes, lk, &n);
}

struct test_at {
	const struct vfn *f;
	int nd;
};

/* Does the waker write nothing test node at->nd names (its writes read:
 * a kthread_stop() writes what kthread_should_stop() reads)? */
static bool writes_none_named(const struct mwaker *w, const void *arg)
{
	const struct test_at *at = arg;

	if (w->kstop)
		return !node_names_any(at->f, at->nd, KSTOP_TEST);
	return w->writes && !node_names_any(at->f, at->nd, w->writes);
}

/*
 * Is test node t of f one no waker can change: it reads memory only, as
 * named (node_plain_data(): no call, whose reads are not named, nor a
 * local one returned), there are wakers, every one of them known, and
 * none writes a name the test names (`if (!thread->run) break;` before
 * the state write, against a waker that sets a flag bit)?  Then no
 * wake-up for it can be lost.
 */
static bool test_unwritten(struct vval *vv, const struct vfn *o,
			   const struct vfn *f, int t)
{
	struct test_at at = { f, t };
	int n;

	return node_plain_data(f, t) &&
	       each_waker(vv, o, f, writes_none_named, &at, &n) && n > 0;
}

/*
 * Is node nd's test whether a lock that can fail was taken (`if
 * (mutex_lock_interruptible(&m))`, vev.fails)?  It fails on a signal
 * only, which is no waker's change: schedule() sees it pending.
 */
static bool node_lock_fails(const struct vfn *f, int nd)
{
	int k;

	for (k = 0; k < f->nnev[nd]; k++)
		if (f->ev[f->nev[nd][k]].k == EV_LOCK && f->ev[f->nev[nd][k]].fails)
			return true;
	return false;
}

/*
 * Does test node nd test only whether a copy to or from user memory
 * faulted (`if (put_user(x, p))`, `if (copy_to_user(...) != 0)`)?  No
 * waker decides that: its exit is no condition a wake-up is for.
 */
static bool node_user_copy(const struct vfn *f, int nd)
{
	static const char *const kw[] = { "if", "while", "likely", "unlikely",
		NULL };
	const struct vnode *n = &f->g.n[nd];
	int t, k, depth = 0, copies = 0;

	for (t = n->first; t < n->last && t < f->flow.n; t++) {
		const struct vtok *tk = &f->flow.t[t];
		const char *x = f->flow.text + tk->off;

		if (depth) {	/* the copy's arguments */
			if (tk->kind == VT_PUNCT && *x == '(')
				depth++;
			else if (tk->kind == VT_PUNCT && *x == ')')
				depth--;
			continue;
		}
		if (tk->kind == VT_NUM ||
		    (tk->kind == VT_PUNCT && strchr("()!<>=", *x) &&
		     !(tk->len == 2 && !strncmp(x, "->", 2))))
			continue;
		if (tk->kind != VT_ID)
			return false;
		for (k = 0; kw[k]; k++)
			if (strlen(kw[k]) == tk->len && !strncmp(x, kw[k], tk->len))
				break;
		if (kw[k])
			continue;
		if (!kapi_user_copy(x, tk->len) || t + 1 >= f->flow.n ||
		    f->flow.text[f->flow.t[t + 1].off] != '(')
			return false;
		copies++;
		depth = 1;
		t++;	/* its '(' */
	}
	return copies > 0;
}

/*
 * Is the lock of last name lk, dropped at node t, taken at a node of
 * between[] (after a state write) on the way to t?  Then it is held
 * from there only, not over the state write (pcm_oss.c:1637 of 6.1:
 * snd_pcm_stream_lock_irq() after set_current_state()).
 */
static bool taken_after_write(const struct vfn *f, const bool *between,
			      int t, const char *lk)
{
	bool hit = false;
	int u;

	for (u = 0; u < f->g.nn && !hit; u++) {
		char *l = between[u] && u != t ? node_lock_name(f, u, false) : NULL;

		if (l && !strcmp(l, lk)) {
			bool *ur = reach_set(f, u, -1);

			hit = ur[t];
			free(ur);
		}
		free(l);
	}
	return hit;
}

/* The test of node nd as its tokens, `while`/`if` and spaces left out. */
static char *test_text(const struct vfn *f, int nd)
{
	const struct vnode *n = &f->g.n[nd];
	struct strbuf sb = { 0 };
	int t = n->first;

	if (t < n->last && (vtok_is(&f->flow, t, "while") ||
			    vtok_is(&f->flow, t, "if")))
		t++;
	for (; t < n->last && t < f->flow.n; t++)
		sb_printf(&sb, "%.*s", (int)f->flow.t[t].len,
			  f->flow.text + f->flow.t[t].off);
	return sb.s ? sb.s : xstrdup("");
}

/*
 * Is test t made again, the same test, between the state write and the
 * sleep (the state-after-test fix's `if (c) schedule();` after a
 * `while (c)`)?  Then a wake-up for it is not lost.
 */
static bool tested_again(const struct vfn *f, int t, const bool *between,
			 const int8_t *cls)
{
	char *a = test_text(f, t);
	bool same = false;
	int j;

	for (j = 0; j < f->g.nn && !same && *a; j++) {
		char *b;

		if (j == t || !between[j] || !cls[j])
			continue;
		b = test_text(f, j);
		same = !strcmp(a, b);
		free(b);
	}
	free(a);
	return same;
}

/*
 * Is node nd's test kthread_should_stop() alone?  The model runs
 * kthread_stop() as a waker of its own (vmodel_kthread.c): such an exit
 * is modelled.
 */
static bool kstop_only(const struct vfn *f, int nd)
{
	char *t = test_text(f, nd), *p, *q;
	bool only;

	for (p = q = t; *p; p++)
		if (*p != '(' && *p != ')' && *p != '!')
			*q++ = *p;
	*q = '\0';
	only = !strcmp(t, KSTOP_TEST);
	free(t);
	return only;
}

/*
 * reach_set(f, from, stop), but not through a node that sets the task
 * running again: the nodes the task reaches from a state write still in
 * its sleeping state (a retest's arm that skips schedule() goes on to
 * finish_wait(), and what it tests after that is tested awake).
 */
static bool *reach_asleep(const struct vfn *f, int from, int stop, int run)
{
	return reach_until(f, from, stop, run);
}

/*
 * The exits of a wait loop around schedule() tested before the loop sets
 * its sleeping state, in a loop that tests its condition after it too.
 * The model's condition is one flag, true for every test once a waker
 * ran, so the later test hides what such an exit keeps: a waker that
 * makes that exit's own condition true between its test and the state
 * write has its wake-up lost.  A test of a signal (schedule() returns
 * at once with one pending; also the failure of a lock taken with
 * mutex_lock_interruptible(), usblp.c:908), of a copy to or from user
 * memory that faulted (KAPI_USER_COPY), of what the sleep returned,
 * or of the function's own locals and parameters (no waker writes
 * them) is not one, nor any exit of a loop that drops a lock between
 * its state write and its sleep that every waker takes (wakers_take():
 * the lock may cover the test and the state write, and a waker that
 * takes it cannot come between; orig, the original, names the wakers).
 * A lock a waker does not take keeps none out (6.1 af_iucv.c:832:
 * release_sock(), wakers under bh_lock_sock() only): *unlock gets its
 * line, for the words' condition.
 * Fills lines[] (their first lines, at most max), *skip (bit j: the arm
 * of lines[j] comes back to it, a `continue` past the sleep, not an exit)
 * and *at (the sleeps' ordinals); returns how many.
 */
/*
 * Does the arm of test t whose nodes are go come back to t through the
 * way from the sleep ns to t (the wait loop's head, as a `continue`
 * does), not only through nodes of its own (an inner loop's body)?
 */
static bool rejoins(const struct vfn *f, const bool *go, int ns, int t)
{
	bool *pre = reach_set(f, ns, t), r = false;
	int j;

	for (j = 0; j < f->g.nn && !r; j++) {
		bool *to;

		if (j == t || !go[j] || !pre[j])
			continue;
		to = reach_set(f, j, -1);
		r = to[t];
		free(to);
	}
	free(pre);
	return r;
}

int early_exits(struct vval *vv, const struct vfn *orig, const struct vfn *f,
		const int8_t *cls, int run, unsigned *lines, int max,
		unsigned *skip, uint32_t *at, unsigned *unlock)
{
	int n = 0, e, w, t, j;
	bool back = false;

	*at = 0;
	*unlock = 0;
	*skip = 0;
	for (e = 0; e < f->nev_all; e++) {
		const struct vev *sl = &f->ev[e];
		int ns = -1, o = sleep_ord(f, e);
		bool *cyc, *between, after = false;

		if (sl->k != EV_SLEEP || o < 0 || o >= 32)
			continue;
		for (t = 0; t < f->g.nn && ns < 0; t++)
			for (j = 0; j < f->nnev[t]; j++)
				if (f->nev[t][j] == e)
					ns = t;
		if (ns < 0)
			continue;
		cyc = reach_set(f, ns, -1);
		between = xrealloc(NULL, (f->g.nn + 1) * sizeof(bool));
		memset(between, 0, f->g.nn * sizeof(bool));
		for (w = 0; w < f->g.nn; w++) {
			bool *b, *wr;

			if (!cyc[w] || !writes_state(f, w, run))
				continue;
			wr = reach_set(f, w, -1);
			if (wr[ns]) {
				b = reach_asleep(f, w, ns, run);
				for (t = 0; t < f->g.nn; t++)
					between[t] |= b[t];
				free(b);
			}
			free(wr);
		}
		for (t = 0; t < f->g.nn; t++)
			after |= between[t] && cls[t] && cyc[t] && t != ns;
		/* a lock dropped after the state write that every waker
		 * takes may cover the test too: not claimed; one they may
		 * not take is named (the words' "unless") */
		for (t = 0; t < f->g.nn && after; t++) {
			char *lk = between[t] && t != ns ? node_lock_name(f, t, true) : NULL;
			bool *tr;

			if (!lk)
				continue;
			tr = reach_set(f, t, -1);
			if (tr[ns] && taken_after_write(f, between, t, lk))
				tr[ns] = false;	/* it covers no state write */
			if (tr[ns] && wakers_take(vv, orig, f, lk))
				after = false;	/* on the way to the sleep */
			else if (tr[ns] && !*unlock)
				*unlock = f->flow.t[f->g.n[t].first].line;
			free(tr);
			free(lk);
		}
		for (t = 0; t < f->g.nn && after; t++) {
			bool *tr;

			if (!cls[t] || !cyc[t] || between[t] ||
			    tested_again(f, t, between, cls) || kstop_only(f, t) ||
			    node_names(f, t, sl->recv, NULL) ||
			    node_locals_only(f, t) || node_lock_fails(f, t) ||
			    node_user_copy(f, t) || test_unwritten(vv, orig, f, t))
				continue;
			tr = reach_set(f, t, -1);
			/* an exit: its going arm leaves the loop, or skips
			 * this pass's sleep (`continue`: back to the test
			 * before it can sleep); a continue of an inner loop
			 * comes back to the sleep, and an inner loop's own
			 * body arm back to its test without rejoining the
			 * way from the sleep to it (pktcdvd's list walk
			 * after the sleep): neither is an exit */
			{
				bool *go = reach_set(f, f->g.n[t].succ[cls[t] == 1 ? 1 : 0], t);

				if (go[ns] || (go[t] && !rejoins(f, go, ns, t)))
					tr[ns] = false;
				back = go[t];
				free(go);
			}
			if (tr[ns] && n < max) {
				unsigned l = f->flow.t[f->g.n[t].first].line;

				for (j = 0; j < n && lines[j] != l; j++)
					;
				if (j == n) {
					*skip |= back ? 1u << n : 0;
					lines[n++] = l;
				}
				*at |= 1u << o;
			}
			free(tr);
		}
		free(cyc);
		free(between);
	}
	return n;
}

/* Line l (1-based) of text, its spaces at both ends cut: *n bytes. */
static const char *line_trimmed(const char *text, size_t len, unsigned l,
				size_t *n)
{
	const char *p = text, *e = text + len, *q;

	while (--l && p < e) {
		q = memchr(p, '\n', e - p);
		p = q ? q + 1 : e;
	}
	q = memchr(p, '\n', e - p);
	q = q ? q : e;
	while (p < q && (*p == ' ' || *p == '\t'))
		p++;
	while (q > p && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r'))
		q--;
	*n = q - p;
	return p;
}

/*
 * The rewrite's exits as lines of the original: each rewrite line
 * rl[0..n) read as the one of the original's ol[0..no) with the same
 * text.  False when one has none: then they are not said.
 */
static bool early_in_orig(const struct vfn *o, const struct vfn *r,
			  unsigned *rl, int n, const unsigned *ol, int no)
{
	unsigned ml[4], first = 0, last = 0;
	int i, j;

	if (!no && o->flow.n) {
		/* a sleep_on() original: every test was before its state
		 * write; any line of its function */
		first = o->flow.t[0].line;
		last = o->flow.t[o->flow.n - 1].line;
	}
	for (i = 0; i < n && i < 4; i++) {
		size_t a, b;
		const char *rt = line_trimmed(r->side->text, r->side->len,
					      rl[i], &a);
		unsigned l = 0;

		for (j = 0; j < no && !l; j++) {
			const char *ot = line_trimmed(o->side->text,
						      o->side->len, ol[j], &b);

			if (a && a == b && !memcmp(rt, ot, a))
				l = ol[j];
		}
		for (j = first; !no && j && j <= (int)last && !l; j++) {
			const char *ot = line_trimmed(o->side->text,
						      o->side->len, j, &b);

			if (a && a == b && !memcmp(rt, ot, a))
				l = j;
		}
		if (!l)
			return false;
		ml[i] = l;
	}
	memcpy(rl, ml, n * sizeof(unsigned));
	return true;
}

/* Does f sleep with sleep_on() (the state written inside the sleep)? */
static bool sleeps_on(const struct vfn *f)
{
	int i;

	for (i = 0; i < f->nev_all; i++)
		if (f->ev[i].k == EV_SLEEPON)
			return true;
	return false;
}

/* The exits of the wait loops the model's one flag hides (record.h). */
void early_facts(struct vval *vv, const struct vfn *o,
			const struct vfn *r, struct model_facts *mf)
{
	int run = vintern(vv, NS_STATE, "TASK_RUNNING");
	unsigned ol[4], unl, oskip;
	uint32_t oat;
	int8_t *cls;
	bool *guard;
	int no;

	model_conditions(r, &cls, &guard);
	mf->nearly = early_exits(vv, o, r, cls, run, mf->early_line, 4,
				 &mf->early_skip, &mf->early_at, &unl);
	free(cls);
	free(guard);
	model_conditions(o, &cls, &guard);
	no = early_exits(vv, o, o, cls, run, ol, 4, &oskip, &oat,
			 &mf->early_unlock);
	free(cls);
	free(guard);
	/* the original's lines, as every line the words give */
	mf->early_orig = no > 0;
	if (no == mf->nearly) {
		memcpy(mf->early_line, ol, sizeof(ol));
		mf->early_skip = oskip;
	} else if (mf->nearly && (mf->nearly < no || (!no && sleeps_on(o))) &&
		   early_in_orig(o, r, mf->early_line, mf->nearly, ol, no)) {
		/* the rewrite tests some again after its state write (the
		 * state-after-test fix): the others, said with the
		 * original's lines; a sleep_on() tested all before it */
		mf->early_orig = true;
	} else {
		mf->nearly = 0;	/* not the same exits: not said */
		mf->early_skip = 0;
	}
	if (!mf->nearly || !unl)
		mf->early_unlock = 0;	/* the original's line, where both drop one */
}
