// SPDX-License-Identifier: GPL-2.0-only
/*
 * The locks a waker of the model check (vmodel_env.c) holds at its
 * wake-up, and those it takes and drops before it, read from the file's
 * tokens: the lock calls of kapi.def, a driver's own macro or wrapper
 * function for one (model/locktext.c), the guards of linux/cleanup.h
 * (kapi.def KAPI_GUARD) to the end of their scope, and, in a function
 * that takes none itself, the locks of the one function of the file it
 * calls that does.
 */
#include <stdlib.h>
#include <string.h>

#include "qmatch.h"
#include "vmodel.h"

/*
 * The lock a use of the driver's own name at token k of v takes or
 * drops (model/locktext.c: a macro whose body locks, `#define
 * LAZY_LOCK(f) spin_lock_irqsave(&jfs_lock, f)`, or a function whose
 * body is one lock call, `drv_lock(d)`), as the call in the body names
 * it with the use's arguments; NULL when it takes none.  *unlock for an
 * unlock.  len: the text's length.
 */
static char *named_lock(const struct vtoks *v, size_t len, int k, bool *unlock)
{
	int a[8], e[8], na = vcall_args(v, k + 1, a, e, 8), i;
	char *args[8], *call, *lock = NULL;
	bool fn;
	struct vtoks b;

	for (i = 0; i < na; i++)
		args[i] = vtok_text(v, a[i], e[i]);
	call = text_lock_use(v->text, len, v->text + v->t[k].off, v->t[k].len,
			     args, na < 0 ? 0 : na, unlock, &fn);
	for (i = 0; i < na; i++)
		free(args[i]);
	if (call && vtok_cut(&b, call, 0, strlen(call))) {
		if (b.n > 2 && vcall_args(&b, 1, a, e, 1) >= 1)
			lock = vtok_text(&b, a[0], e[0]);
		vtok_release(&b);
	}
	free(call);
	return lock;
}

/*
 * Does the path through the unlock call closed at token close leave its
 * block (return, or goto a label not between it and k) before it ends
 * and before k?  Then that unlock is an error exit's, not on the way to
 * the wake-up at k (`mutex_unlock(&chip->mutex); return -EIO;`).
 */
/*
 * Is the statement at token j, after token lo, the body of an if, else,
 * for or while without braces (`if (ret) return ret;`): run on one
 * branch only?
 */
static bool braceless_body(const struct vtoks *v, int lo, int j)
{
	int p, d = 0;

	if (j - 1 > lo && name_is(v, j - 1, "else", 4))
		return true;
	if (j - 1 <= lo || !tok_eq(v, j - 1, ")"))
		return false;
	for (p = j - 1; p > lo; p--)
		if (tok_eq(v, p, ")"))
			d++;
		else if (tok_eq(v, p, "(") && !--d)
			break;
	return p > lo + 0 && p - 1 >= 0 &&
	       (name_is(v, p - 1, "if", 2) || name_is(v, p - 1, "while", 5) ||
		name_is(v, p - 1, "for", 3));
}

static bool path_leaves(const struct vtoks *v, int close, int k)
{
	int j, d = 0, l;

	for (j = close + 1; close >= 0 && j < k; j++) {
		if (d == 0 && (name_is(v, j, "return", 6) ||
			       name_is(v, j, "goto", 4)) &&
		    braceless_body(v, close, j))
			continue;	/* one branch's exit */
		if (tok_eq(v, j, "{")) {
			d++;
		} else if (tok_eq(v, j, "}")) {
			if (--d < 0)
				return false;
		} else if (d == 0 && name_is(v, j, "return", 6)) {
			/* `return helper(...);` with k in it: on the way */
			int sc = j;

			while (sc < v->n && !tok_eq(v, sc, ";"))
				sc++;
			return sc < k;
		} else if (d == 0 && name_is(v, j, "goto", 4) && j + 1 < k) {
			for (l = close + 1; l + 1 < k; l++)
				if (same_tok(v, l, j + 1) && l != j + 1 &&
				    tok_eq(v, l + 1, ":"))
					return false;
			return true;
		} else if (d == 0 && (name_is(v, j, "break", 5) ||
				      name_is(v, j, "continue", 8))) {
			return false;
		}
	}
	return false;
}

/*
 * The locks of names[0..n) dropped before the wake-up and not held at
 * it, their last names separated by spaces, the last dropped first (a
 * mutex around a spinlock: erase_free_sem, then erase_completion_lock);
 * NULL when none.  A lock is dropped when taken and dropped, or dropped
 * with nothing taken before it (depth below 0: the function is entered
 * holding it, `state = READY; spin_unlock(&lock); wake_up(&q);`), but
 * not when that one is taken again (neg: depth 0 after it went below).
 */
static bool dropped(const int *depth, const bool *rel, const bool *neg,
		    int j)
{
	return rel[j] && (depth[j] < 0 || (!depth[j] && !neg[j]));
}

static char *released_locks(char **names, const int *depth, const bool *rel,
			    const bool *neg, int n, int last)
{
	char *out = NULL, *t;
	int j;

	if (last < 0 || !dropped(depth, rel, neg, last))
		return NULL;
	out = xstrdup(names[last]);
	for (j = 0; j < n; j++) {
		if (j == last || !dropped(depth, rel, neg, j))
			continue;
		t = xasprintf("%s %s", out, names[j]);
		free(out);
		out = t;
	}
	return out;
}

/* Are locks a and b written alike, but for `&`, brackets and spaces? */
static bool same_lock(const char *a, const char *b)
{
	for (;;) {
		while (*a == '&' || *a == '(' || *a == ')' || *a == ' ')
			a++;
		while (*b == '&' || *b == '(' || *b == ')' || *b == ' ')
			b++;
		if (*a != *b)
			return false;
		if (!*a)
			return true;
		a++;
		b++;
	}
}

/*
 * The slot among the n locks seen so far of lock t (last name ln): the
 * one written alike; else, for an unlock, the last one taken and still
 * held of that last name (a lock reached through another name); else n,
 * a new one: `&loaner->mutex` and `&chip->mutex` are two locks.
 */
static int lock_slot(char **names, char **texts, const int *depth, int n,
		     const char *t, const char *ln, bool unlock)
{
	int j;

	for (j = 0; j < n; j++)
		if (same_lock(texts[j], t))
			return j;
	for (j = n - 1; unlock && j >= 0; j--)
		if (depth[j] > 0 && !strcmp(names[j], ln))
			return j;
	return n;
}

/*
 * The scope a guard at token i holds its lock for, to token *end: a
 * `guard(c)(&l);` to the end of its block, a `scoped_guard(c, &l) stmt`
 * for stmt; the lock as written (allocated), NULL when the class takes
 * none the table knows (*unread then: the guard's text, when not set
 * yet).
 */
static char *guard_lock(const struct vtoks *v, int i, int *end, char **unread)
{
	int use = kapi_guard_use(v->text + v->t[i].off, v->t[i].len);
	int close = vtok_match(v, i + 1), a[2], e[2], lp, j;
	const char *lockfn;

	if (!use || close < i + 3 || v->t[i + 2].kind != VT_ID)
		return NULL;
	lockfn = kapi_guard(v->text + v->t[i + 2].off, v->t[i + 2].len);
	lp = use == 1 ? close + 1 : i + 1;
	if (use == 1 && !tok_eq(v, lp, "("))
		return NULL;
	if (!lockfn || vcall_args(v, lp, a, e, 2) < use) {
		if (!*unread)
			*unread = vtok_text(v, i, use == 1 && vtok_match(v, lp) > lp ?
					    vtok_match(v, lp) + 1 : close + 1);
		return NULL;
	}
	if (use == 1) {
		*end = v->t[i].block >= 0 ? vtok_match(v, v->t[i].block) : v->n;
	} else if (tok_eq(v, close + 1, "{")) {
		*end = vtok_match(v, close + 1);
	} else {
		for (j = close + 1; j < v->n && !tok_eq(v, j, ";"); j++)
			if (tok_eq(v, j, "(") || tok_eq(v, j, "["))
				j = vtok_match(v, j) < 0 ? v->n : vtok_match(v, j);
		*end = j;
	}
	if (*end < 0)
		*end = v->n;
	return vtok_text(v, a[use - 1], e[use - 1]);
}

/*
 * What the call at token i does to a lock on the way to token k: the
 * lock (allocated) a lock or unlock call, a driver's name for one
 * (named_lock()) or a guard (guard_lock()) takes (*unlock: drops), or
 * NULL.  *drop: a guard whose scope ends before k, taken and dropped.
 */
static char *lock_effect(const struct vtoks *v, size_t len, int i, int k,
			 bool *unlock, bool *drop, char **unread)
{
	const char *c = v->text + v->t[i].off;
	size_t cl = v->t[i].len;
	int a[2], e[2], end;
	char *t;

	*unlock = kapi_is(c, cl, K_UNLOCK);
	*drop = false;
	if (*unlock || kapi_lock(c, cl, false)) {
		/* a lock or unlock on a path that leaves before k
		 * (`mutex_lock(&l->m); ...; wake_up(); return;`) */
		if (path_leaves(v, vtok_match(v, i + 1), k) ||
		    vcall_args(v, i + 1, a, e, 2) < 1)
			return NULL;
		return vtok_text(v, a[0], e[0]);
	}
	if (kapi_guard_use(c, cl)) {
		t = guard_lock(v, i, &end, unread);
		*drop = t && end <= k;	/* k: a callee's own end */
		return t;
	}
	t = named_lock(v, len, i, unlock);
	if (t && path_leaves(v, vtok_match(v, i + 1), k)) {
		free(t);	/* a macro's or wrapper's, as a call's */
		t = NULL;
	}
	return t;
}

/* Is the name at token i called (not a member's, a declaration's)? */
static bool plain_call(const struct vtoks *v, int i)
{
	return v->t[i].kind == VT_ID && tok_eq(v, i + 1, "(") &&
	       !(i > 0 && (tok_eq(v, i - 1, "->") || tok_eq(v, i - 1, "."))) &&
	       v->t[i].block >= 0;
}

/* The tokens of the body of function name of v's text: (*lb, *rb), its
 * braces; false when the file defines none or v does not hold it. */
static bool callee_body(const struct vtoks *v, size_t len, int i, int *lb,
			int *rb)
{
	char *name = vtok_name(v, i);
	unsigned from, to;
	bool ok = text_function_body(v->text, len, name, &from, &to);
	int j;

	free(name);
	*lb = *rb = -1;
	for (j = 0; ok && j < v->n && *rb < 0; j++)
		if (v->t[j].off == from)
			*lb = j;
		else if (v->t[j].off == to - 1 && *lb >= 0)
			*rb = j;
	return *rb > *lb && *lb >= 0 && (*lb > i || *rb < i);
}

static char *locks_before(const struct vtoks *v, size_t len, int from, int k,
			  int *callee, char **text, char **released,
			  char **unread, bool *entered);

/*
 * The locks of the one function of the file called in tokens [from, k)
 * that takes or drops one (its own calls, not its callees'), when the
 * caller takes none itself: its body's, held at its end (*text, held)
 * and taken and dropped in it (*released).  NULL when no call, or more
 * than one, does.
 */
static char *callee_locks(const struct vtoks *v, size_t len, int from, int k,
			  int *body, char **text, char **released,
			  char **unread, bool *entered)
{
	char *held = NULL, *t = NULL, *rel = NULL;
	bool ent = false;
	int i, lb, rb, found = 0;

	for (i = from; i < k && found < 2; i++) {
		char *h, *ht = NULL, *hr = NULL;
		bool he;

		if (!plain_call(v, i) || !callee_body(v, len, i, &lb, &rb))
			continue;
		h = locks_before(v, len, lb + 1, rb, NULL, &ht, &hr, unread,
				 &he);
		if (h || hr) {
			found++;
			ent = he;
			body[0] = lb;
			body[1] = rb;
			free(held);
			free(t);
			free(rel);
			held = h;
			t = ht;
			rel = hr;
		}
		i = vtok_match(v, i + 1) < 0 ? i : vtok_match(v, i + 1);
	}
	if (found != 1) {
		free(held);
		free(t);
		free(rel);
		body[0] = body[1] = -1;
		return NULL;
	}
	*text = t;
	*released = rel;
	*entered = ent;
	return held;
}

/*
 * The last names of the locks held at token k of its function (from:
 * where it starts), separated by spaces, and in *text each as written,
 * one a line; in *released those taken and dropped before k.  A driver's
 * macro or wrapper function that takes or drops a lock counts as the
 * call in its body (len: the text's length), a guard as a lock held to
 * the end of its scope.  A lock or an unlock on a path that leaves before
 * k (an error exit, a branch that wakes and returns: path_leaves()) is
 * not on the way to k.  A function that takes none itself is read one
 * call deep (callee_locks(); callee[0..1]: the braces of that function's
 * body, NULL: not).  *unread: a guard of a class kapi.def does not list,
 * met on the way (its text).
 */
static char *locks_before(const struct vtoks *v, size_t len, int from, int k,
			  int *callee, char **text, char **released,
			  char **unread, bool *entered)
{
	char *names[8], *texts[8];
	int depth[8], n = 0, i, j, last = -1;
	bool rel[8] = { false }, neg[8] = { false };
	char *held = NULL;

	for (i = from; i < k; i++) {
		bool unlock, drop;
		char *t, *ln;

		if (v->t[i].kind != VT_ID || !tok_eq(v, i + 1, "("))
			continue;
		t = lock_effect(v, len, i, k, &unlock, &drop, unread);
		if (!t)
			continue;
		ln = last_name(t);
		j = lock_slot(names, texts, depth, n, t, ln, unlock);
		if (j == n && n < 8) {
			names[n] = ln;
			texts[n] = t;
			depth[n++] = 0;
		} else {
			free(ln);
			free(t);
		}
		if (j < n) {
			depth[j] += unlock ? -1 : drop ? 0 : 1;
			unlock |= drop;
			neg[j] |= depth[j] < 0;
			if (unlock && depth[j] <= 0)
				last = j;	/* released before k */
			rel[j] |= unlock && depth[j] <= 0;
		}
	}
	*text = NULL;
	if (!n && callee)
		return callee_locks(v, len, from, k, callee, text, released,
				    unread, entered);
	*released = released_locks(names, depth, rel, neg, n, last);
	*entered = *released && depth[last] < 0;
	for (j = 0; j < n; j++) {
		char *t;

		if (depth[j] > 0 && !held) {
			held = xstrdup(names[j]);
			*text = xstrdup(texts[j]);
		} else if (depth[j] > 0) {
			t = xasprintf("%s\n%s", *text, texts[j]);
			free(*text);
			*text = t;
			if (!word_in(held, names[j])) {
				t = xasprintf("%s %s", held, names[j]);
				free(held);
				held = t;
			}
		}
		free(names[j]);
		free(texts[j]);
	}
	return held;
}

char *lock_held(const struct vtoks *v, size_t len, int from, int k,
		char **text, char **released, char **unread, int *callee,
		bool *entered)
{
	*released = NULL;
	*entered = false;
	callee[0] = callee[1] = -1;
	return locks_before(v, len, from, k, callee, text, released, unread,
			    entered);
}

char *lock_entered_held(const struct vtoks *v, size_t len, int from, int k,
			int end, char **text)
{
	int i, j;

	*text = NULL;
	for (i = k + 1; i < end && i + 1 < v->n; i++) {
		bool unlock, drop, taken = false;
		char *t, *ln, *unread = NULL;

		if (v->t[i].kind != VT_ID || !tok_eq(v, i + 1, "("))
			continue;
		t = lock_effect(v, len, i, end, &unlock, &drop, &unread);
		free(unread);
		if (!t)
			continue;
		if (!unlock || drop) {
			free(t);
			return NULL;	/* it takes one first: not the shape */
		}
		ln = last_name(t);
		for (j = from; j < k && !taken; j++) {
			bool u, d;
			char *b, *bn;

			if (v->t[j].kind != VT_ID || !tok_eq(v, j + 1, "("))
				continue;
			unread = NULL;
			b = lock_effect(v, len, j, k, &u, &d, &unread);
			free(unread);
			if (!b && kapi_sem_down(v->text + v->t[j].off, v->t[j].len)) {
				/* the down() its up() drops (2.6
				 * nand_blk_unregister(): down(&nand_mutex)
				 * before its wake-up) */
				int a[1], e[1];

				if (vcall_args(v, j + 1, a, e, 1) >= 1)
					b = vtok_text(v, a[0], e[0]);
			}
			if (!b)
				continue;
			bn = last_name(b);
			taken = !strcmp(bn, ln);
			free(bn);
			free(b);
		}
		if (taken) {
			free(ln);
			free(t);
			return NULL;
		}
		*text = t;
		return ln;
	}
	return NULL;
}

char *fn_guard(const struct vfn *o, const struct vfn *r)
{
	const struct vfn *fs[2] = { o, r };
	int s, i;

	for (s = 0; s < 2; s++)
		for (i = 0; i + 1 < fs[s]->flow.n; i++) {
			const struct vtoks *v = &fs[s]->flow;
			int close = vtok_match(v, i + 1);
			char *t, *why;

			if (v->t[i].kind != VT_ID || !tok_eq(v, i + 1, "(") ||
			    close < 0 || !kapi_guard_use(v->text + v->t[i].off,
							 v->t[i].len))
				continue;
			if (tok_eq(v, close + 1, "(") && vtok_match(v, close + 1) > 0)
				close = vtok_match(v, close + 1);
			t = vtok_text(v, i, close + 1);
			why = xasprintf("%s in %s(), a guard whose scope the sleeper's events do not follow",
					t, o->fn->name);
			free(t);
			return why;
		}
	return NULL;
}

/* Does waker w's function take a semaphore whose last name is ln? */
static bool waker_downs(const struct mwaker *w, const char *ln)
{
	unsigned p = w->wfn, q;

	while (p < w->wend && p < w->wlen) {
		const char *t = w->wbuf;
		int depth = 0;
		char *arg, *an;
		bool same;

		if (!wq_ident_char(t[p]) || (p > 0 && wq_ident_char(t[p - 1]))) {
			p++;
			continue;
		}
		for (q = p; q < w->wend && wq_ident_char(t[q]); q++)
			;
		if (!kapi_sem_down(t + p, q - p)) {
			p = q;
			continue;
		}
		while (q < w->wend && (t[q] == ' ' || t[q] == '\t'))
			q++;
		if (q >= w->wend || t[q] != '(') {
			p = q;
			continue;
		}
		for (p = q; q < w->wend; q++) {
			if (t[q] == '(')
				depth++;
			else if (t[q] == ')' && --depth == 0)
				break;
		}
		if (q >= w->wend)
			return false;
		arg = xasprintf("%.*s", (int)(q - p - 1), t + p + 1);
		an = last_name(arg);
		same = !strcmp(an, ln);
		free(an);
		free(arg);
		if (same)
			return true;
		p = q;
	}
	return false;
}

/*
 * A semaphore (KAPI_SEM_DOWN) the sleeper's function o takes that waker
 * w's function takes too (the same last name): its argument as the
 * sleeper writes it, allocated; else NULL.
 */
char *shared_semaphore(const struct vfn *o, const struct mwaker *w)
{
	const struct vtoks *v = &o->flow;
	int i, close;

	if (!w->wbuf)
		return NULL;
	for (i = 0; i + 1 < v->n; i++) {
		char *arg, *ln;
		bool found;

		if (v->t[i].kind != VT_ID || !tok_eq(v, i + 1, "(") ||
		    !kapi_sem_down(v->text + v->t[i].off, v->t[i].len) ||
		    (close = vtok_match(v, i + 1)) < 0)
			continue;
		arg = vtok_text(v, i + 2, close);
		ln = last_name(arg);
		found = *ln && waker_downs(w, ln);
		free(ln);
		if (found)
			return arg;
		free(arg);
	}
	return NULL;
}

/* Is the waiter's lock ls surely not the lock lw w holds as written? */
static bool other_lock(const struct vfn *f, const char *ls,
		       const struct mwaker *w, const char *lw)
{
	const struct vside *s = f->side;
	struct qmatch m;
	bool other;

	if (qmatch_text2(s->text, s->len, f->fn->start, f->fn->end, ls,
			 w->wbuf == s->text ? NULL : w->wbuf, w->wlen, w->wfn,
			 w->wend, w->woff, lw, &m, NULL)) {
		qmatch_free(&m);
		return false;
	}
	other = m.different;
	qmatch_free(&m);
	return other;
}

void waker_other_locks(const struct vfn *o, const struct vval *vv,
		       struct mwaker *w)
{
	int l;

	w->other = 0;
	for (l = 0; w->held_texts && l < vv->nnames[NS_LOCK] && l < 32; l++) {
		char *ln = last_name(vv->names[NS_LOCK][l]), *copy, *t, *save = NULL;
		bool any = false, all_other = true;

		copy = xstrdup(w->held_texts);
		for (t = strtok_r(copy, "\n", &save); t;
		     t = strtok_r(NULL, "\n", &save)) {
			char *tl = last_name(t);

			if (!strcmp(tl, ln)) {
				any = true;
				all_other &= other_lock(o, vv->names[NS_LOCK][l], w, t);
			}
			free(tl);
		}
		free(copy);
		/* held by its own function as another lock only; a caller's
		 * lock of that name is not told apart */
		if (any && all_other && !(w->callers && word_in(w->callers, ln)))
			w->other |= 1u << l;
		free(ln);
	}
}

void waker_lock_match(const struct vval *vv, const struct mwaker *w,
		      bool *same)
{
	int l;

	for (l = 0; l < vv->nnames[NS_LOCK] && l < VMAXQ; l++) {
		char *ln = last_name(vv->names[NS_LOCK][l]);

		same[l] = w->lock && word_in(w->lock, ln) &&
			  !(l < 32 && (w->other & (1u << l)));
		free(ln);
	}
}
