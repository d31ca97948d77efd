// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model check of `wqport fix`, generated from the file: every
 * rewritten function is run, before and after the rewrite, against the
 * wakers of its queues that the file itself has, and every interleaving
 * of the two is explored.  A rewrite may close a lost wake-up or a leak
 * of the original; it must not add a lost wake-up, a hang, a busy loop,
 * a leaked entry or a sleeping state left at a return.
 *
 * The slice.  The waiter is the function's statement graph and events
 * as the translation validation reads them from the tokens
 * (validate_tok.c, validate_ev.c): state writes, prepare/add/remove/
 * finish, the sleeps (with their timeouts), sleep_on() and wait_event*()
 * as the kernel runs them, the spinlocks.  Everything else is opaque.
 * The wait condition is one shared flag, `done`, that each waker sets
 * before its wake-up: a test of the function whose one arm leads to a
 * sleep and whose other arm does not is the condition (it takes the
 * sleeping arm while `done` is false); any other test may go either way.
 *
 * The wakers are the file's own wake-up calls on a queue of the same
 * name (`wake_up_interruptible(&d->rx_wait)` for a sleep on
 * `&dev->rx_wait`), each with the spinlock it holds around the wake-up
 * and its wake mask (an interruptible wake-up leaves an uninterruptible
 * sleeper asleep); a sleep on no queue is woken by the file's
 * wake_up_process().  A queue nothing outside the file can reach and no
 * call of the file wakes (a sealed static head, vreach.c) has no waker:
 * its sleeps end by their timeout; so has a task no wake_up_process() of
 * the file wakes (a poll of the hardware with a one-jiffy nap waits for
 * no wake-up).  Otherwise the waker is outside this file and modelled
 * as opaque: it sets the condition and wakes the queue, at any point
 * (issue 37: a member queue the file does not wake is not a queue
 * nobody wakes).
 *
 * The search is exhaustive over the explicit states of the two tasks
 * (a visited set, no preemption bound); the sleeps a waiter may take
 * are bounded (MAXSLEEPS) so that a loop whose test may go either way
 * ends.  "N schedules" counts the maximal interleavings of the states
 * found (back edges counted once).
 *
 * vmodel_config.c runs each waker against each side (the entry point),
 * vmodel_cond.c reads which tests are the condition, vmodel_env.c the
 * wakers, vmodel_words.c writes every sentence of the verdict.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vmodel_run.h"

static bool sleeping(const struct mrun *r, int ts)
{
	return ts >= 0 && ts != r->run;
}

/* ---- the states ---- */


static uint64_t state_hash(const struct mstate *s)
{
	const unsigned char *p = (const unsigned char *)s;
	uint64_t h = 1469598103934665603ull;
	size_t i;

	for (i = 0; i < sizeof(*s); i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return h;
}

static void rehash(struct mrun *r)
{
	unsigned cap = r->hcap ? r->hcap * 2 : 4096, i;

	free(r->hash);
	r->hash = xrealloc(NULL, cap * sizeof(int));
	for (i = 0; i < cap; i++)
		r->hash[i] = -1;
	r->hcap = cap;
	for (i = 0; i < (unsigned)r->nn; i++) {
		unsigned h = state_hash(&r->n[i].s) & (cap - 1);

		while (r->hash[h] >= 0)
			h = (h + 1) & (cap - 1);
		r->hash[h] = i;
	}
}

/* The node of state s, made when new (*fresh). -1 past MAXSTATES. */
static int intern(struct mrun *r, const struct mstate *s, bool *fresh)
{
	unsigned h;

	*fresh = false;
	if ((unsigned)r->nn * 2 >= r->hcap)
		rehash(r);
	h = state_hash(s) & (r->hcap - 1);
	while (r->hash[h] >= 0) {
		if (!memcmp(&r->n[r->hash[h]].s, s, sizeof(*s)))
			return r->hash[h];
		h = (h + 1) & (r->hcap - 1);
	}
	if (r->nn == MAXSTATES) {
		r->overflow = true;
		return -1;
	}
	if (r->nn == r->capn) {
		r->capn = r->capn ? r->capn * 2 : 1024;
		r->n = xrealloc(r->n, r->capn * sizeof(*r->n));
	}
	memset(&r->n[r->nn], 0, sizeof(r->n[r->nn]));
	r->n[r->nn].s = *s;
	r->n[r->nn].parent = -1;
	r->n[r->nn].pe = -1;
	r->n[r->nn].pwaker = -1;
	r->hash[h] = r->nn;
	*fresh = true;
	return r->nn++;
}

static bool qmatch(const struct mrun *r, int q)
{
	char *k;
	bool eq;

	if (q < 0 || q >= r->vv->nnames[NS_QUEUE])
		return false;
	k = last_name(r->vv->names[NS_QUEUE][q]);
	eq = !strcmp(k, r->qkey);
	free(k);
	return eq;
}

/* Does the waker take a lock the waiter's can exclude? */
static bool waker_locks(const struct mrun *r)
{
	return r->w->lock || r->xlock >= 0 || r->xirq || r->xbkl;
}

/*
 * xbkl: is the big kernel lock free for the waker to take, the waiter
 * not yet started, gone, or in a sleep (schedule() drops the lock)?
 */
static bool bkl_free(const struct mrun *r, const struct mstate *s)
{
	const struct vev *e;

	if (s->exited || (s->node == r->f->g.entry && !s->k && !s->sub &&
			  !s->nsl))
		return true;
	if (s->k >= r->f->nnev[s->node])
		return false;
	e = &r->f->ev[r->f->nev[s->node][s->k]];
	return ((e->k == EV_SLEEP || e->k == EV_SLEEPON) && s->sub == 1) ||
	       (e->k == EV_WAITEV && s->sub == 3);
}

/* Is w one of the space-separated words of list? */
bool word_in(const char *list, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = list; (p = strstr(p, w)); p += n)
		if ((p == list || p[-1] == ' ') && (!p[n] || p[n] == ' '))
			return true;
	return false;
}

static bool lock_is_wakers(const struct mrun *r, int l)
{
	if (l >= 0 && l == r->xlock)
		return true;
	return r->w->lock && l >= 0 && l < r->vv->nnames[NS_LOCK] &&
	       l < VMAXQ && r->wlock[l];
}

/* The bit of lock l in mstate.held (the last of them past 31). */
static uint32_t lock_bit(int l)
{
	return l < 0 ? 0 : 1u << (l < 31 ? l : 31);
}

static bool autoremove(const struct mrun *r, int ent)
{
	return ent == WE_ENT || (ent < VMAXE && r->vv->autorm[r->side][ent]);
}

/* The waker's step, in place; false when it cannot step. */
static bool waker_step(const struct mrun *r, struct mstate *s)
{
	int i;

	if (r->w->none)
		return false;
	switch (s->wpc) {
	case 0:		/* take the lock */
		if ((waker_locks(r) && s->held) || s->iheld ||
		    (r->xbkl && !bkl_free(r, s)))
			return false;
		s->wheld = waker_locks(r);
		break;
	case 1:		/* make the condition true */
		s->done = 1;
		break;
	case 2:		/* the wake-up */
		if (!sleeping(r, s->ts))
			break;
		if (r->w->intr_only && s->ts != r->intr)
			break;
		if (r->w->task) {
			s->ts = r->run;
			break;
		}
		for (i = 0; i < VMAXE + 2; i++)
			if ((s->queued & (1u << i)) && qmatch(r, s->entq[i]))
				break;
		if (i == VMAXE + 2)
			break;
		s->ts = r->run;
		for (i = 0; i < VMAXE + 2; i++)
			if ((s->queued & (1u << i)) && qmatch(r, s->entq[i]) &&
			    autoremove(r, i))
				s->queued &= ~(1u << i);
		break;
	case 3:
		s->wheld = 0;
		break;
	default:
		return false;
	}
	s->wpc++;
	return true;
}

static bool waker_done(const struct mrun *r, const struct mstate *s)
{
	return r->w->none || s->wpc >= 4;
}

/* Is the waiter queued on the queue its waker wakes? */
static bool on_wakers_queue(const struct mrun *r, const struct mstate *s)
{
	int i;

	for (i = 0; i < VMAXE + 2; i++)
		if ((s->queued & (1u << i)) && qmatch(r, s->entq[i]))
			return true;
	return false;
}

/*
 * Is the waiter queued on a known queue other than its waker's, and not
 * on the waker's?  The waker of one queue makes the condition of that
 * queue's sleeps true: a sleep of the same function on another queue
 * (a second sleep_on() loop) waits for that queue's waker, which the
 * model runs on its own.
 */
static bool on_other_queue(const struct mrun *r, const struct mstate *s)
{
	int i;

	if (r->w->task || on_wakers_queue(r, s))
		return false;
	for (i = 0; i < VMAXE + 2; i++)
		if ((s->queued & (1u << i)) && s->entq[i] >= 0)
			return true;
	return false;
}

/*
 * Is the waiter asleep (in a sleep, its state not yet running)?  *waits:
 * the sleep waits for the waker (queued on its queue, or on the waiting
 * arm of the condition and on no other queue), not a delay or another
 * queue's wait the waker has nothing to do with.
 */
static bool asleep(const struct mrun *r, const struct mstate *s, bool *timed,
		   bool *waits)
{
	const struct vev *e;

	*timed = false;
	*waits = on_wakers_queue(r, s) ||
		 (r->guard[s->node] && !on_other_queue(r, s));
	if (s->exited || s->k >= r->f->nnev[s->node])
		return false;
	e = &r->f->ev[r->f->nev[s->node][s->k]];
	*timed = e->timed;
	if (e->k == EV_SLEEP || e->k == EV_SLEEPON)
		return s->sub == 1 && sleeping(r, s->ts);
	if (e->k == EV_WAITEV)
		return s->sub == 3 && sleeping(r, s->ts);
	return false;
}

static void ent_queue(struct mstate *s, int ent, int q)
{
	s->queued |= 1u << ent;
	s->entq[ent] = q;
}

/*
 * The steps of one event, from s into *t: ADVANCE, the event done (the
 * caller moves to the next one); STAY, *t is the one successor, still
 * in the event; STUCK, no successor.
 */
enum { STUCK = 0, STAY = 1, ADVANCE = -1 };

/*
 * A sleep_on() or wait_event*() on a known queue other than the waker's,
 * or a schedule() queued on such queues only: that queue's own waker
 * ends it (its run checks it); here it is a sleep that returns, the
 * task running.
 */
static bool others_sleep(const struct mrun *r, const struct vev *ev)
{
	return !r->w->task && ev->q >= 0 && ev->q < r->vv->nnames[NS_QUEUE] &&
	       !qmatch(r, ev->q);
}

static int step_others_sleep(const struct mrun *r, struct mstate *t)
{
	t->ts = r->run;
	return ++t->nsl > MAXSLEEPS ? STUCK : ADVANCE;
}

/* schedule() and friends: sub 0 before the sleep, 1 asleep. */
static int step_sleep(const struct mrun *r, const struct mstate *s,
		      const struct vev *ev, struct mstate *t, unsigned *props)
{
	if (s->sub == 0) {
		if (ev->st >= 0)
			t->ts = ev->st;
		if (sleeping(r, t->ts) && !ev->timed && on_other_queue(r, s)) {
			t->spins = 0;
			return step_others_sleep(r, t);
		}
		if (!sleeping(r, t->ts)) {
			/* returns at once */
			if (++t->spins >= MAXSPINS) {
				*props |= P_SPIN;
				return STUCK;
			}
			return ADVANCE;
		}
		t->sub = 1;
		t->iheld = 0;	/* schedule() comes back with interrupts on */
		return STAY;
	}
	if (sleeping(r, s->ts)) {
		if (!ev->timed)
			return STUCK;
		t->ts = r->run;	/* the timer fires */
	}
	t->sub = 0;
	t->spins = 0;
	return ++t->nsl > MAXSLEEPS ? STUCK : ADVANCE;
}

/* sleep_on() as the kernel runs it: queue, sleep, unqueue. */
static int step_sleep_on(const struct mrun *r, const struct mstate *s,
			 const struct vev *ev, struct mstate *t)
{
	if (s->sub == 0 && others_sleep(r, ev))
		return step_others_sleep(r, t);
	if (s->sub == 0) {
		t->ts = ev->st;
		ent_queue(t, SO_ENT, ev->q);
		t->sub = 1;
		/* interrupts on while asleep, the caller's flags back after */
		t->isave = t->iheld;
		t->iheld = 0;
		return STAY;
	}
	if (sleeping(r, s->ts)) {
		if (!ev->timed)
			return STUCK;
		t->ts = r->run;
	}
	if (s->isave && s->wheld)
		return STUCK;
	t->iheld = s->isave;
	t->isave = 0;
	t->queued &= ~(1u << SO_ENT);
	t->sub = 0;
	return ++t->nsl > MAXSLEEPS ? STUCK : ADVANCE;
}

/* wait_event*() as the kernel runs it. */
static int step_wait_event(const struct mrun *r, const struct mstate *s,
			   const struct vev *ev, struct mstate *t)
{
	switch (s->sub) {
	case 0:		/* if (cond) break; */
		if (others_sleep(r, ev))
			return step_others_sleep(r, t);
		if (s->done)
			return ADVANCE;
		t->sub = 1;
		return STAY;
	case 1:		/* prepare_to_wait_event() */
		ent_queue(t, WE_ENT, ev->q);
		t->ts = ev->st;
		t->sub = 2;
		return STAY;
	case 2:		/* if (cond) break; schedule(); */
		if (s->done) {
			t->ts = r->run;
			t->queued &= ~(1u << WE_ENT);
			t->sub = 0;
			return ADVANCE;
		}
		if (ev->lock >= 0 && lock_is_wakers(r, ev->lock))
			t->held &= ~lock_bit(ev->lock);
		t->sub = 3;
		t->iheld = 0;
		return STAY;
	default:	/* asleep */
		if (ev->lock >= 0 && lock_is_wakers(r, ev->lock)) {
			if (s->wheld)
				return STUCK;
			t->held |= lock_bit(ev->lock);
		}
		if (sleeping(r, s->ts)) {
			if (!ev->timed)
				return STUCK;
			/* timed out: finish_wait(), return 0 */
			t->ts = r->run;
			t->queued &= ~(1u << WE_ENT);
			t->sub = 0;
			return ADVANCE;
		}
		if (++t->nsl > MAXSLEEPS)
			return STUCK;
		t->sub = 1;
		return STAY;
	}
}

/* The step of the waiter's event ev from s, into *t. */
static int step_event(const struct mrun *r, const struct mstate *s,
		      const struct vev *ev, struct mstate *t, unsigned *props)
{
	switch (ev->k) {
	case EV_STATE:
		t->ts = ev->st;
		t->kread &= !sleeping(r, ev->st);
		break;
	case EV_PREPARE:
		t->ts = ev->st;
		t->kread &= !sleeping(r, ev->st);
		/* fall through */
	case EV_ADD:
		ent_queue(t, ev->ent, ev->q);
		break;
	case EV_FINISH:
		t->ts = r->run;
		/* fall through */
	case EV_REMOVE:
		t->queued &= ~(1u << ev->ent);
		break;
	case EV_LOCK:
		if (lock_is_wakers(r, ev->lock)) {
			if (s->wheld)
				return STUCK;
			t->held |= lock_bit(ev->lock);
		}
		break;
	case EV_UNLOCK:
		if (lock_is_wakers(r, ev->lock))
			t->held &= ~lock_bit(ev->lock);
		break;
	case EV_IRQOFF:
		if (r->xirq) {
			if (s->wheld)
				return STUCK;
			t->iheld = 1;
		}
		break;
	case EV_IRQON:
		t->iheld = 0;
		break;
	case EV_SLEEP:
		return step_sleep(r, s, ev, t, props);
	case EV_SLEEPON:
		return step_sleep_on(r, s, ev, t);
	case EV_WAITEV:
		return step_wait_event(r, s, ev, t);
	}
	return ADVANCE;
}

/*
 * Is test node nd `if (mutex_lock_interruptible(&m))` of the waker's
 * lock: its true arm is the failure, the lock not taken?
 */
static uint32_t lock_failed(const struct mrun *r, int nd)
{
	const struct vfn *f = r->f;
	uint32_t m = 0;
	int k;

	for (k = 0; k < f->nnev[nd]; k++) {
		const struct vev *ev = &f->ev[f->nev[nd][k]];

		if (ev->k == EV_LOCK && ev->fails && lock_is_wakers(r, ev->lock))
			m |= lock_bit(ev->lock);
	}
	return m;
}

/*
 * The waiter's steps from s: up to MAXBRANCH successors (a test that
 * may go either way, a switch's cases), each one step.  *props gets what s itself shows.
 */
static int waiter_steps(const struct mrun *r, const struct mstate *s,
			struct mstate *out, int *evout, unsigned *props)
{
	const struct vfn *f = r->f;
	const struct vnode *nd;
	struct mstate t = *s;
	int n = 0, i;

	if (s->exited || (r->xbkl && s->wheld))
		return 0;
	nd = &f->g.n[s->node];
	if (s->k < f->nnev[s->node]) {
		int e = f->nev[s->node][s->k], how;

		*evout = e;
		how = step_event(r, s, &f->ev[e], &t, props);
		if (how == STUCK)
			return 0;
		if (how == ADVANCE)
			t.k++;
		out[n++] = t;
		return n;
	}
	*evout = -1;
	t.k = 0;
	if (nd->kind == VN_EXIT || !nd->nsucc) {
		t.exited = 1;
		if (t.queued)
			*props |= P_LEAK;
		if (sleeping(r, t.ts))
			*props |= P_STATE;
		out[n++] = t;
		return n;
	}
	if (r->snaptake[s->node])
		t.snap = s->done;
	if (nd->kind == VN_COND && nd->nsucc == 2) {
		int c = r->cls[s->node];
		uint8_t done = r->snapread[s->node] ? t.snap : s->done;

		if (c == 0 && r->decides[s->node] && sleeping(r, s->ts))
			t.spins = 0;	/* the model chose whether to sleep */
		if (r->w->kstop && r->ktest[s->node] && s->done)
			t.kread = 1;
		if (c == 0 || (c == 1) == !done) {
			t.node = nd->succ[0];
			t.held &= ~lock_failed(r, s->node);
			out[n++] = t;
			t.held = s->held;
		}
		if (c == 0 || (c == 1) == !!done) {
			t.node = nd->succ[1];
			out[n++] = t;
		}
		return n;
	}
	/* a switch's head: each case (the first MAXBRANCH); with the
	 * condition true, those that do not go to sleep */
	for (i = 0; i < nd->nsucc && i < MAXBRANCH; i++) {
		if (s->done && i < 32 && (r->swait[s->node] & (1u << i)))
			continue;
		t.node = nd->succ[i];
		out[n++] = t;
	}
	return n;
}

static void add_succ(struct mnode *p, int to)
{
	p->succ = xrealloc(p->succ, (p->nsucc + 1) * sizeof(int));
	p->succ[p->nsucc++] = to;
}

static void note_prop(struct mrun *r, int at, unsigned props)
{
	int b;

	r->n[at].props |= props;
	for (b = 0; b < 7; b++)
		if ((props & (1u << b)) && !(r->props & (1u << b)))
			r->prop_at[b] = at;
	r->props |= props;
}

/*
 * The ordinal of sleep event e among the function's sleeps in the order
 * of their tokens (the same in the original and the rewrite when both
 * have as many), or -1.
 */
int sleep_ord(const struct vfn *f, int e)
{
	int i, n = 0;

	if (e < 0 || !is_sleep_ev(&f->ev[e]))
		return -1;
	for (i = 0; i < f->nev_all; i++)
		if (is_sleep_ev(&f->ev[i]) && i != e &&
		    (f->ev[i].tok < f->ev[e].tok ||
		     (f->ev[i].tok == f->ev[e].tok && i < e)))
			n++;
	return n;
}

/*
 * Property p (of the first nb) found with the waiter asleep in state s:
 * in which sleep, into at[] (sleep_at[], or seen_at[] for a loss whose
 * sleep waits on a test of what the waker writes: a test read the
 * condition before the waker made it true; else the loss needs the
 * waker to wake before the waiter is queued and asleep, and what starts
 * the waker is not modelled).
 */
static void note_at(const struct mrun *r, const struct mstate *s, unsigned p,
		    uint32_t *at, int nb)
{
	int b, o;

	if (s->k >= r->f->nnev[s->node])
		return;
	o = sleep_ord(r->f, r->f->nev[s->node][s->k]);
	for (b = 0; b < nb; b++)
		if ((p & (1u << b)) && o >= 0 && o < 32)
			at[b] |= 1u << o;
}

/*
 * Is the sleep of state s one that waits on a test of what the waker
 * writes: on the waiting arm of such a test (or on one arm only of one
 * that goes either way), or a wait_event*() whose condition names it
 * (or the waker's writes were not read)?
 */
static bool loss_seen(const struct mrun *r, const struct mstate *s)
{
	const struct vev *e;

	if (!r->wguard || r->wguard[s->node])
		return true;
	if (s->k >= r->f->nnev[s->node])
		return false;
	e = &r->f->ev[r->f->nev[s->node][s->k]];
	return e->k == EV_WAITEV && e->what && text_names(e->what, r->w->writes);
}

/*
 * The waiter is at a sleep in state s (asleep: in it, its state not
 * running): that sleep is checked by the run; so is a schedule() it
 * reaches in TASK_RUNNING (a busy loop's: it has nothing to lose).
 */
static void note_reached(struct mrun *r, const struct mstate *s, bool asleep)
{
	const struct vev *e;
	int o;

	if (s->exited || s->k >= r->f->nnev[s->node])
		return;
	e = &r->f->ev[r->f->nev[s->node][s->k]];
	if (!asleep && !(e->k == EV_SLEEP && e->st < 0 && s->ts == r->run))
		return;
	o = sleep_ord(r->f, r->f->nev[s->node][s->k]);
	if (o >= 0 && o < 32)
		r->reached |= 1u << o;
	if (!asleep)
		return;
	if (e->timed)
		r->asleep_in |= M_TIMED;
	if (s->ts == r->intr)
		r->asleep_in |= M_INTR;
	else if (s->ts >= 0 && strstr(r->vv->names[NS_STATE][s->ts], "KILLABLE"))
		r->asleep_in |= M_KILL;
	else
		r->asleep_in |= M_UNINTR;
}

/* Breadth first over the states of waiter || waker. */
void explore(struct mrun *r)
{
	struct mstate s0;
	bool fresh;
	int i;

	memset(&s0, 0, sizeof(s0));
	s0.node = r->f->g.entry;
	s0.ts = -1;
	s0.held = r->entry_held ? lock_bit(r->xlock) : 0;
	memset(s0.entq, -1, sizeof(s0.entq));
	intern(r, &s0, &fresh);
	for (i = 0; i < r->nn && !r->overflow; i++) {
		struct mstate out[MAXBRANCH], ws = r->n[i].s;
		unsigned props = 0;
		int evs = -1, nw, k, to;
		bool timed, moved, waits;

		nw = waiter_steps(r, &r->n[i].s, out, &evs, &props);
		for (k = 0; k < nw; k++) {
			to = intern(r, &out[k], &fresh);
			if (to < 0)
				break;
			if (fresh) {
				r->n[to].parent = i;
				r->n[to].pe = evs;
			}
			add_succ(&r->n[i], to);
		}
		moved = waker_step(r, &ws);
		if (moved) {
			to = intern(r, &ws, &fresh);
			if (to >= 0) {
				if (fresh) {
					r->n[to].parent = i;
					r->n[to].pwaker = r->n[i].s.wpc;
				}
				add_succ(&r->n[i], to);
			}
		}
		note_reached(r, &r->n[i].s, asleep(r, &r->n[i].s, &timed, &waits));
		if (asleep(r, &r->n[i].s, &timed, &waits) && waits &&
		    waker_done(r, &r->n[i].s)) {
			/*
			 * a timed sleep of a task someone out of the file may
			 * wake: a delay or a wait, nobody can tell (a hardware
			 * poll that also yields); no loss is claimed for it
			 */
			unsigned p = 0;

			if (r->n[i].s.kread)
				p = 0;	/* kthread_stop(): a test saw it */
			else if (!timed)
				p = r->n[i].s.done ? P_LOST :
				    /* kthread_stop() ends it: in its run */
				    r->kguard[r->n[i].s.node] ? 0 : P_HANG;
			else if (!(r->w->task && r->w->opaque) && r->n[i].s.done &&
				 (r->w->task || on_wakers_queue(r, &r->n[i].s)))
				/*
				 * a nap on no queue (schedule_timeout(1) in a
				 * poll) is not woken by a queue's wake-up: no
				 * wake-up of it is lost, it polls
				 */
				p = P_TLOST;
			if (p)
				note_at(r, &r->n[i].s, p, r->sleep_at, 7);
			if (p && loss_seen(r, &r->n[i].s))
				note_at(r, &r->n[i].s, p, r->seen_at, 2);
			props |= p;
		}
		if (!nw && !moved && !r->n[i].s.exited && r->n[i].s.held &&
		    r->n[i].s.wpc == 0 && waker_locks(r) &&
		    asleep(r, &r->n[i].s, &timed, &waits) && !timed)
			props |= P_DEADLOCK;
		if (props)
			note_prop(r, i, props);
	}
}

void mrun_release(struct mrun *r)
{
	int i;

	for (i = 0; i < r->nn; i++)
		free(r->n[i].succ);
	free(r->n);
	free(r->hash);
	free(r->cls);
	free(r->guard);
	free(r->wguard);
	free(r->swait);
	free(r->decides);
	free(r->ktest);
	free(r->kguard);
	free(r->snaptake);
	free(r->snapread);
}

/* ---- the entry point ---- */

void mrun_start(struct mrun *r, struct vval *vv, struct vfn *f,
		       int side, const struct mwaker *w, const char *qkey)
{
	memset(r, 0, sizeof(*r));
	r->vv = vv;
	r->f = f;
	r->side = side;
	r->w = w;
	r->qkey = (char *)qkey;
	r->xlock = -1;
	waker_lock_match(vv, w, r->wlock);
	r->run = vintern(vv, NS_STATE, "TASK_RUNNING");
	r->intr = vintern(vv, NS_STATE, "TASK_INTERRUPTIBLE");
	model_conditions(f, &r->cls, &r->guard);
	model_conditions_writes(f, r->cls, w->writes, &r->wguard);
	r->swait = model_switches(f);
	r->decides = model_decides(f, r->cls);
	r->ktest = kstop_tests(f);
	model_copies(f, r->cls, w->writes, &r->snaptake, &r->snapread);
	kstop_guard(f, r->cls, &r->kguard);
	if (w->kstop)
		kstop_conditions(f, r->cls, r->guard, r->wguard);
	if (!w->task) {
		bool other[VMAXQ];
		int q;

		for (q = 0; q < vv->nnames[NS_QUEUE] && q < VMAXQ; q++)
			other[q] = !qmatch(r, q);
		model_conditions_other(f, r->cls, other);
	}
}
