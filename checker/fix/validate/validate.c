// SPDX-License-Identifier: GPL-2.0-only
/*
 * Translation validation of `wqport fix`: every rewritten function is
 * compared with the original before anything is written, by an
 * analysis of its own that shares nothing with the planner.
 *
 * Both functions are read from their tokens (validate_tok.c), so a
 * switch arm the parse dropped still counts.  Along each graph the
 * task state, the wait entries (queued, prepared, or maybe taken off by
 * their autoremove wake-up), the interrupt state and the spinlocks
 * held are run to a fixpoint; macros of the file are expanded and a
 * static helper that sets the task state counts as the write it does.
 * Each sleep of the rewrite is paired with the original's sleep of the
 * same rank and must: sleep queued where the original slept queued, on
 * the same queue, with the same exclusivity; in a state the original
 * slept in; with a timeout if and only if the original had one; with
 * the same interrupt state and locks, and come back with interrupts as
 * the original's came back.  The rewrite must not leave an entry queued
 * at a return where the original left none, run a call with side
 * effects more often in its tests, declare a wait entry twice in one
 * block, or call an API the target (or the #if branch it sits in)
 * lacks.  The first failure becomes the function's "unproven: ..."
 * reason, naming the statement; cmd/fix_cmd.c puts the function back.
 *
 * The bug class it stops: Linux 6.1 rxrpc_wait_for_channel(), where the
 * interruptible arm of a switch (labels from a private header the shim
 * lacks) kept set_current_state(TASK_INTERRUPTIBLE) and then slept on
 * no queue once add_wait_queue_exclusive() was gone.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "validate.h"


#define VMAXS 512	/* abstract states per node */

struct vctx {
	int16_t ts, ts_ev, irq_ev, maybe_ev;
	uint8_t irq;
	uint32_t locks, qmask, xmask, maybemask;
};

struct vsleep {
	int ev;			/* the sleep event */
	struct vctx *c;
	int nc;
};

struct vst {
	int16_t ts, ts_ev, irq_ev;
	uint8_t irq;
	uint32_t locks;
	uint8_t ent[VMAXE];
	int8_t entq[VMAXE];
	uint8_t entx[VMAXE];
	int16_t ent_ev[VMAXE];
};


/* ---- the fixpoint ---- */

struct vset {
	struct vst *s;
	int n;
};

struct vrun {
	struct vval *vv;
	struct vfn *f;
	int side;
	struct vset *at;	/* states at each node's entry */
	struct vsleep *sl;	/* per event: contexts when it is a sleep */
	bool *leak_at;		/* per node: a return with an entry queued */
	int *leak_ent;
	bool too_many;
};

static bool set_add(struct vset *s, const struct vst *x)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (!memcmp(&s->s[i], x, sizeof(*x)))
			return false;
	if (s->n == VMAXS)
		return false;
	s->s = xrealloc(s->s, (s->n + 1) * sizeof(*x));
	s->s[s->n++] = *x;
	return true;
}

static void ctx_add(struct vsleep *sl, const struct vctx *c)
{
	int i;

	for (i = 0; i < sl->nc; i++)
		if (!memcmp(&sl->c[i], c, sizeof(*c)))
			return;
	sl->c = xrealloc(sl->c, (sl->nc + 1) * sizeof(*c));
	sl->c[sl->nc++] = *c;
}

static void record_sleep(struct vrun *r, int e, const struct vst *s)
{
	const struct vev *ev = &r->f->ev[e];
	struct vctx c;
	int i;

	memset(&c, 0, sizeof(c));
	c.ts = ev->st >= 0 ? ev->st : s->ts;
	c.ts_ev = ev->st >= 0 ? e : s->ts_ev;
	c.irq = s->irq;
	c.irq_ev = s->irq_ev;
	c.locks = s->locks;
	c.maybe_ev = -1;
	if (ev->k == EV_WAITEV && ev->lock >= 0) {
		/* the _lock_irq forms sleep with the lock dropped, irqs on */
		c.locks &= ~(1u << ev->lock);
		c.irq = 0;
		c.irq_ev = -1;
	}
	if (ev->k == EV_SLEEPON || ev->k == EV_WAITEV) {
		c.qmask = 1u << ev->q;
		c.xmask = ev->excl ? 1u << ev->q : 0;
	} else {
		for (i = 0; i < VMAXE; i++) {
			if (s->ent[i] == 1) {
				c.qmask |= 1u << s->entq[i];
				if (s->entx[i])
					c.xmask |= 1u << s->entq[i];
			} else if (s->ent[i] == 2) {
				c.maybemask |= 1u << s->entq[i];
				c.maybe_ev = s->ent_ev[i];
			}
		}
	}
	r->sl[e].ev = e;
	ctx_add(&r->sl[e], &c);
}

static void transfer(struct vrun *r, int node, struct vst *s)
{
	struct vfn *f = r->f;
	int k, i;

	for (k = 0; k < f->nnev[node]; k++) {
		int e = f->nev[node][k];
		const struct vev *ev = &f->ev[e];

		switch (ev->k) {
		case EV_STATE:
			s->ts = ev->st;
			s->ts_ev = e;
			break;
		case EV_PREPARE:
		case EV_ADD:
			s->ent[ev->ent] = 1;
			s->entq[ev->ent] = ev->q;
			s->entx[ev->ent] = ev->excl;
			s->ent_ev[ev->ent] = e;
			if (ev->k == EV_PREPARE) {
				s->ts = ev->st;
				s->ts_ev = e;
			}
			break;
		case EV_REMOVE:
		case EV_FINISH:
			s->ent[ev->ent] = 0;
			s->entq[ev->ent] = 0;
			s->entx[ev->ent] = 0;
			s->ent_ev[ev->ent] = 0;
			if (ev->k == EV_FINISH) {
				s->ts = vintern(r->vv, NS_STATE, "TASK_RUNNING");
				s->ts_ev = e;
			}
			break;
		case EV_SLEEP:
		case EV_SLEEPON:
		case EV_WAITEV:
			record_sleep(r, e, s);
			s->ts = vintern(r->vv, NS_STATE, "TASK_RUNNING");
			s->ts_ev = e;
			if (ev->k == EV_SLEEP) {
				for (i = 0; i < VMAXE; i++)
					if (s->ent[i] == 1 && r->vv->autorm[r->side][i]) {
						s->ent[i] = 2;
						s->ent_ev[i] = e;
					}
			}
			if (!ev->keeps_irq && s->irq) {
				s->irq = 0;
				s->irq_ev = e;
			}
			break;
		case EV_IRQOFF:
			if (!s->irq) {
				s->irq = 1;
				s->irq_ev = e;
			}
			break;
		case EV_IRQON:
			s->irq = 0;
			s->irq_ev = -1;
			break;
		case EV_LOCK:
			s->locks |= 1u << ev->lock;
			break;
		case EV_UNLOCK:
			s->locks &= ~(1u << ev->lock);
			break;
		}
	}
	if (f->g.n[node].kind == VN_RET) {
		for (i = 0; i < VMAXE; i++)
			if (s->ent[i]) {
				r->leak_at[node] = true;
				r->leak_ent[node] = i;
			}
	}
}

static void run(struct vrun *r)
{
	struct vfn *f = r->f;
	int *work = xrealloc(NULL, (f->g.nn * 4 + 16) * sizeof(int));
	bool *queued = xrealloc(NULL, f->g.nn * sizeof(bool));
	int nw = 0, i, steps = 0;
	struct vst s0;

	r->at = xrealloc(NULL, f->g.nn * sizeof(*r->at));
	memset(r->at, 0, f->g.nn * sizeof(*r->at));
	r->sl = xrealloc(NULL, (f->nev_all + 1) * sizeof(*r->sl));
	memset(r->sl, 0, (f->nev_all + 1) * sizeof(*r->sl));
	r->leak_at = xrealloc(NULL, f->g.nn * sizeof(bool));
	memset(r->leak_at, 0, f->g.nn * sizeof(bool));
	r->leak_ent = xrealloc(NULL, f->g.nn * sizeof(int));
	memset(queued, 0, f->g.nn * sizeof(bool));
	memset(&s0, 0, sizeof(s0));
	s0.ts = -1;
	s0.ts_ev = s0.irq_ev = -1;
	set_add(&r->at[f->g.entry], &s0);
	work[nw++] = f->g.entry;
	queued[f->g.entry] = true;
	while (nw && steps++ < 200000) {
		int nd = work[--nw];
		struct vset cur = r->at[nd];
		int done = 0;

		queued[nd] = false;
		/* the states of a node only grow: process them all again */
		for (done = 0; done < cur.n; done++) {
			struct vst s = r->at[nd].s[done];

			transfer(r, nd, &s);
			for (i = 0; i < f->g.n[nd].nsucc; i++) {
				int to = f->g.n[nd].succ[i];

				if (r->at[to].n == VMAXS)
					r->too_many = true;
				if (set_add(&r->at[to], &s) && !queued[to]) {
					work = xrealloc(work, (nw + 1) * sizeof(int));
					work[nw++] = to;
					queued[to] = true;
				}
			}
		}
	}
	if (nw)
		r->too_many = true;
	free(work);
	free(queued);
}

static void run_release(struct vrun *r)
{
	int i;

	for (i = 0; i < r->f->g.nn; i++)
		free(r->at[i].s);
	free(r->at);
	for (i = 0; i <= r->f->nev_all; i++)
		free(r->sl[i].c);
	free(r->sl);
	free(r->leak_at);
	free(r->leak_ent);
}

/* ---- comparing the sleeps ---- */

static bool is_sleep(const struct vev *e)
{
	return e->k == EV_SLEEP || e->k == EV_SLEEPON || e->k == EV_WAITEV;
}

/*
 * The sleeps the function's own statements make (its macros expanded): the
 * events of its graph's nodes.  ev[] also holds the events of the helpers
 * scanned for the state they leave (helper_state()), which no node lists.
 */
static int own_sleeps(const struct vfn *f)
{
	int i, j, n = 0;

	for (i = 0; i < f->g.nn; i++)
		for (j = 0; j < f->nnev[i]; j++)
			n += is_sleep(&f->ev[f->nev[i][j]]);
	return n;
}

/* The sleep events of a side in the order of the text. */
static int sleeps(const struct vfn *f, int **out)
{
	int i, j, n = 0, *l = xrealloc(NULL, (f->nev_all + 1) * sizeof(int));

	for (i = 0; i < f->nev_all; i++)
		if (is_sleep(&f->ev[i]))
			l[n++] = i;
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && f->ev[l[j - 1]].tok > f->ev[l[j]].tok; j--) {
			int t = l[j];

			l[j] = l[j - 1];
			l[j - 1] = t;
		}
	*out = l;
	return n;
}

static const char *qname(const struct vval *vv, uint32_t mask)
{
	int i;

	for (i = 0; i < VMAXQ; i++)
		if (mask & (1u << i))
			return i < vv->nnames[NS_QUEUE] ? vv->names[NS_QUEUE][i] : "?";
	return "?";
}

static const char *sname(const struct vval *vv, int st)
{
	return st < 0 ? "the state it was called in" : vv->names[NS_STATE][st];
}

/*
 * May queue q count as never woken?  Only a static queue head of this
 * file, a function's own head no other code can reach, or a member of a struct only this file defines, that nothing
 * outside it can reach and nothing in it wakes (vreach.c): then a sleep on it ends by its timeout or a signal only,
 * and sleeping on no queue is the same (the nap conversion of a
 * sleep_on_timeout() used as a delay).  A queue the file does not wake
 * but another file may (a struct member reached through a parameter)
 * has a waker outside this file: a sleep queued on it stays queued.
 */
static bool queue_unwoken(struct vcmp *m, const char *q)
{
	const struct vside *s = m->o->side;

	return vqueue_sealed(s->text, s->len, q) ||
	       (m->o->fn && vqueue_local_sealed(s->text, m->o->fn->start,
						m->o->fn->end, q)) ||
	       (m->o->fn && vqueue_member_sealed(s->text, s->len, s->path,
						 m->o->fn->start,
						 m->o->fn->end, q));
}

static bool queues_unwoken(struct vcmp *m, uint32_t mask)
{
	int i;

	for (i = 0; i < VMAXQ; i++)
		if ((mask & (1u << i)) && !queue_unwoken(m, m->vv->names[NS_QUEUE][i]))
			return false;
	return true;
}

/* Nodes reachable from `from` (allocated), following the graph. */
static bool *reachable(const struct vfn *f, int from)
{
	bool *seen = xrealloc(NULL, (f->g.nn + 1) * sizeof(bool));
	int *stack = xrealloc(NULL, (f->g.nn + 1) * sizeof(int)), ns = 0, i;

	memset(seen, 0, f->g.nn * sizeof(bool));
	for (i = 0; i < f->g.n[from].nsucc; i++)
		if (!seen[f->g.n[from].succ[i]]) {
			seen[f->g.n[from].succ[i]] = true;
			stack[ns++] = f->g.n[from].succ[i];
		}
	while (ns) {
		int x = stack[--ns];

		for (i = 0; i < f->g.n[x].nsucc; i++)
			if (!seen[f->g.n[x].succ[i]]) {
				seen[f->g.n[x].succ[i]] = true;
				stack[ns++] = f->g.n[x].succ[i];
			}
	}
	free(stack);
	return seen;
}

/* Does the statement [a, b) of tokens write the variable t? */
static bool writes_var(const struct vtoks *v, int a, int b, const char *t)
{
	size_t n = strlen(t);
	int k;

	for (k = a; k < b; k++) {
		if (!name_is(v, k, t, n) ||
		    (k > a && (tok_eq(v, k - 1, "->") || tok_eq(v, k - 1, "."))))
			continue;
		if (tok_eq(v, k + 1, "=") || tok_eq(v, k + 1, "-=") ||
		    tok_eq(v, k + 1, "+=") || tok_eq(v, k + 1, "++") ||
		    tok_eq(v, k + 1, "--") || (k > a && (tok_eq(v, k - 1, "++") ||
						      tok_eq(v, k - 1, "--"))))
			return true;
	}
	return false;
}

/*
 * The rewrite sleeps where the original ran in TASK_RUNNING.  When the
 * sleep's timeout is a variable that the loop around it writes (`t =
 * schedule_timeout(t)`, or the remaining time copied back), t is the
 * loop's remaining-time budget: the original yields and t counts the
 * wall time down each pass; a sleep of t spends the whole budget on the
 * first pass (issue 37: every close of a 2.4 ATM driver stalled 5 s).
 */
static char *budget_sleep(struct vcmp *m, int e)
{
	const struct vfn *f = m->r;
	const struct vev *re = &f->ev[e];
	const char *t = re->tmo;
	bool *from, hit = false, ident = t && *t;
	int nd = -1, i, k;
	size_t j;

	for (j = 0; ident && t[j]; j++)
		ident = (t[j] >= 'a' && t[j] <= 'z') || (t[j] >= 'A' && t[j] <= 'Z') ||
			(t[j] >= '0' && t[j] <= '9') || t[j] == '_';
	if (!re->timed || !ident || (*t >= '0' && *t <= '9'))
		return NULL;
	for (i = 0; i < f->g.nn && nd < 0; i++)
		for (k = 0; k < f->nnev[i]; k++)
			if (f->nev[i][k] == e)
				nd = i;
	if (nd < 0)
		return NULL;
	from = reachable(f, nd);
	if (from[nd]) {
		/* the loop: nodes on a path from the sleep back to it */
		hit = re->recv && !strcmp(re->recv, t);
		for (i = 0; i < f->g.nn && !hit; i++) {
			bool *back;

			if (!from[i] || f->g.n[i].kind == VN_JOIN)
				continue;
			back = reachable(f, i);
			hit = back[nd] && writes_var(&f->flow, f->g.n[i].first,
						     f->g.n[i].last, t);
			free(back);
		}
	}
	free(from);
	if (!hit)
		return NULL;
	return xasprintf("'%s' at line %u sleeps the whole remaining budget '%s' at once: the original ran there in TASK_RUNNING (running -> sleeping), where each pass of the loop yields and '%s' counts the wall time down; one tick per pass, the budget kept by jiffies, keeps the loop's timing",
			 re->what, vcmp_line(m, re->line), t, t);
}

static char *compare_sleep(struct vcmp *m, int e, const struct vctx *c,
			   const int *os, int nos)
{
	const struct vev *re = &m->r->ev[e];
	int run = vintern(m->vv, NS_STATE, "TASK_RUNNING");
	uint32_t oq = 0, ox = 0, onx = 0, olocks = 0;
	bool ounq = false, oirq = false, oirq_kept = false, otimed = false,
	     ountimed = false, ost_any = false, ost_same = false, ost_run = false;
	const char *ostate = NULL;
	int i, k;

	for (k = 0; k < nos; k++) {
		const struct vsleep *sl = &m->ro->sl[os[k]];
		const struct vev *oe = &m->o->ev[os[k]];

		otimed |= oe->timed;
		ountimed |= !oe->timed;
		for (i = 0; i < sl->nc; i++) {
			const struct vctx *u = &sl->c[i];

			oq |= u->qmask;
			ox |= u->xmask;
			onx |= u->qmask & ~u->xmask;
			olocks |= u->locks;
			ounq |= !u->qmask && u->ts != run;
			oirq |= u->irq;
			oirq_kept |= u->irq && oe->keeps_irq;
			ost_any |= u->ts < 0;
			ost_run |= u->ts == run;
			ost_same |= u->ts == c->ts;
			if (u->ts >= 0 && u->ts != run)
				ostate = m->vv->names[NS_STATE][u->ts];
		}
	}
	if (!nos)
		return NULL;
	if (oq && !c->qmask && c->ts != run && !ounq && queues_unwoken(m, oq) &&
	    !m->unwoken_q)
		m->unwoken_q = qname(m->vv, oq);
	if (oq && !c->qmask && c->ts != run && !ounq && !queues_unwoken(m, oq)) {
		const char *sc = vqueue_unnamed_here(m->o->side->text, m->o->side->len,
						     qname(m->vv, oq)) ?
			"; nothing in this file wakes it, but a waker outside this file may" : "";

		if (c->maybemask && c->maybe_ev >= 0)
			return xasprintf("'%s' at line %u may sleep on no queue: the entry left '%s' with the autoremove wake-up of '%s' at line %u and nothing prepares it again before this sleep%s%s%s (the original sleeps on '%s'%s)",
					 re->what, vcmp_line(m, re->line), qname(m->vv, c->maybemask),
					 m->r->ev[c->maybe_ev].what, vcmp_line(m, m->r->ev[c->maybe_ev].line),
					 c->ts_ev >= 0 ? ": the state comes from '" : "",
					 c->ts_ev >= 0 ? m->r->ev[c->ts_ev].what : "",
					 c->ts_ev >= 0 ? "', outside prepare_to_wait*()" : "",
					 qname(m->vv, oq), sc);
		if (c->ts_ev >= 0 && m->r->ev[c->ts_ev].k == EV_STATE)
			return xasprintf("'%s' at line %u sleeps on no queue on the path through '%s' at line %u: the state is set outside prepare_to_wait*() and no entry is queued (the original sleeps on '%s'%s)",
					 re->what, vcmp_line(m, re->line), m->r->ev[c->ts_ev].what,
					 vcmp_line(m, m->r->ev[c->ts_ev].line), qname(m->vv, oq), sc);
		return xasprintf("'%s' at line %u sleeps on no queue (the original sleeps on '%s'%s)",
				 re->what, vcmp_line(m, re->line), qname(m->vv, oq), sc);
	}
	if (oq && (c->qmask & ~oq))
		return xasprintf("'%s' at line %u sleeps on '%s', the original on '%s'",
				 re->what, vcmp_line(m, re->line), qname(m->vv, c->qmask & ~oq),
				 qname(m->vv, oq));
	if ((c->xmask & oq & ~ox) || (c->qmask & ~c->xmask & oq & ~onx))
		return xasprintf("'%s' at line %u sleeps %sexclusive on '%s', the original %sexclusive",
				 re->what, vcmp_line(m, re->line), c->xmask ? "" : "non-",
				 qname(m->vv, c->qmask & oq), c->xmask ? "non-" : "");
	/* the caller's state on both sides (c->ts < 0, ost_any) is no
	 * change (usblp.c usblp_write(): a path that skips the wait) */
	if (c->ts != run && (ost_run || ost_any) && !ostate &&
	    !(c->ts < 0 && ost_any)) {
		/* TASK_RUNNING -> sleeping: what does it do to the loop? */
		char *why = budget_sleep(m, e);

		if (why)
			return why;
		m->woke++;
		m->woke_to = sname(m->vv, c->ts);
	} else if (c->ts != run && c->ts >= 0 && ost_run && ostate &&
		   !ost_same && !m->r_runs) {
		return xasprintf("'%s' at line %u sleeps in %s, the original in %s where it sleeps",
				 re->what, vcmp_line(m, re->line),
				 sname(m->vv, c->ts), ostate);
	} else if (c->ts != run && c->ts >= 0 && ost_run && ostate &&
		   !m->r_runs) {
		/* the original's sleep runs in a sleeping state on some paths
		 * (the first pass after a state set once before the loop) and
		 * in TASK_RUNNING on others (the passes after it): the first
		 * pass already slept, so no budget argument applies */
		m->woke_some++;
		m->woke_to = sname(m->vv, c->ts);
		m->woke_from = ostate;
	}
	if (c->ts == run && re->k == EV_SLEEP && !ost_run && (ostate || ost_any))
		return xasprintf("'%s' at line %u runs in TASK_RUNNING on the path through '%s' at line %u (the original sleeps in %s there)",
				 re->what, vcmp_line(m, re->line),
				 c->ts_ev >= 0 ? m->r->ev[c->ts_ev].what : "the function's entry",
				 vcmp_line(m, c->ts_ev >= 0 ? m->r->ev[c->ts_ev].line : re->line),
				 ostate ? ostate : "the caller's state");
	if (c->ts != run && !ost_same && !ost_run && !ost_any && ostate)
		return xasprintf("'%s' at line %u sleeps in %s%s%s%s, the original in %s",
				 re->what, vcmp_line(m, re->line), sname(m->vv, c->ts),
				 c->ts_ev >= 0 && c->ts_ev != e ? " (set by '" : "",
				 c->ts_ev >= 0 && c->ts_ev != e ? m->r->ev[c->ts_ev].what : "",
				 c->ts_ev >= 0 && c->ts_ev != e ? "')" : "", ostate);
	if (re->timed ? !otimed : !ountimed)
		return xasprintf("'%s' at line %u %s, the original's sleep %s",
				 re->what, vcmp_line(m, re->line), re->timed ? "has a timeout" : "has no timeout",
				 re->timed ? "has none" : "has one");
	if (c->irq && !oirq)
		return xasprintf("'%s' at line %u sleeps with interrupts disabled by '%s' at line %u, the original did not",
				 re->what, vcmp_line(m, re->line),
				 c->irq_ev >= 0 ? m->r->ev[c->irq_ev].what : "?",
				 vcmp_line(m, c->irq_ev >= 0 ? m->r->ev[c->irq_ev].line : 0));
	if (c->irq && !re->keeps_irq && oirq_kept)
		return xasprintf("'%s' at line %u returns with interrupts enabled while '%s' at line %u disabled them: the original sleep came back with them disabled, so the code after it%s now runs with interrupts on%s",
				 re->what, vcmp_line(m, re->line),
				 c->irq_ev >= 0 ? m->r->ev[c->irq_ev].what : "?",
				 vcmp_line(m, c->irq_ev >= 0 ? m->r->ev[c->irq_ev].line : 0),
				 irq_by_lock(c->irq_ev >= 0 ?
					     m->r->ev[c->irq_ev].what : NULL) ?
				 " (and the lock it holds)" : "",
				 irq_keep_words(c->irq_ev >= 0 ?
						m->r->ev[c->irq_ev].what : NULL,
						m->vv->target));
	if (c->locks & ~olocks) {
		for (i = 0; i < VMAXQ && !(c->locks & ~olocks & (1u << i)); i++)
			;
		return xasprintf("'%s' at line %u sleeps holding '%s', the original did not",
				 re->what, vcmp_line(m, re->line), m->vv->names[NS_LOCK][i]);
	}
	return NULL;
}

static char *compare_sleeps(struct vcmp *m, int *nsleeps)
{
	int *os, *rs, no = sleeps(m->o, &os), nr = sleeps(m->r, &rs), i, k;
	char *why = NULL;

	*nsleeps = own_sleeps(m->r);
	for (i = 0; i < nr && !why; i++) {
		const struct vsleep *sl = &m->rr->sl[rs[i]];
		int run = vintern(m->vv, NS_STATE, "TASK_RUNNING");

		/* the rewrite's own later passes in TASK_RUNNING, as the
		 * original's: no running -> sleeping there */
		m->r_runs = false;
		for (k = 0; k < sl->nc; k++)
			m->r_runs |= sl->c[k].ts == run;
		for (k = 0; k < sl->nc && !why; k++)
			why = no == nr ? compare_sleep(m, rs[i], &sl->c[k], &os[i], 1) :
					 compare_sleep(m, rs[i], &sl->c[k], os, no);
	}
	free(os);
	free(rs);
	return why;
}

/* A return of the rewrite that leaves an entry queued where none did. */
static char *compare_exits(struct vcmp *m)
{
	int i;

	for (i = 0; i < m->o->g.nn; i++)
		if (m->ro->leak_at[i])
			return NULL;
	for (i = 0; i < m->r->g.nn; i++) {
		const struct vnode *n = &m->r->g.n[i];

		if (!m->rr->leak_at[i])
			continue;
		return xasprintf("the %s at line %u leaves '%s' queued, the original never does",
				 n->last > n->first ? "return" : "end of the function",
				 vcmp_line(m, n->first < m->r->flow.n ? m->r->flow.t[n->first].line : 0),
				 m->vv->names[NS_ENTRY][m->rr->leak_ent[i]]);
	}
	return NULL;
}

/* ---- the entry point ---- */

char *validate_config(const struct vside *orig, const struct vside *rew,
		      const char *fn, unsigned target, const int *sel,
		      char **proof, bool *unreadable)
{
	struct vval vv;
	struct vfn o, r;
	struct vrun ro, rr;
	struct vcmp m = { &vv, &o, &r, &ro, &rr, NULL, 0, 0, 0, NULL, 0, NULL,
			  false, NULL };
	char *why = NULL, *qsame;
	int nsleeps = 0, i, j;

	if (proof)
		*proof = NULL;
	memset(&vv, 0, sizeof(vv));
	memset(&o, 0, sizeof(o));
	memset(&r, 0, sizeof(r));
	vv.target = target;
	memset(&ro, 0, sizeof(ro));
	memset(&rr, 0, sizeof(rr));
	*unreadable = false;
	if (!vside_load_sel(&vv, &o, orig, fn, 0, sel, &why) ||
	    !vside_load_sel(&vv, &r, rew, fn, 1, sel, &why)) {
		/* found, cut, but no graph: the statements do not read */
		*unreadable = why && strstr(why, "do not read as C");
		goto out;
	}
	if (vv.overflow) {
		why = xasprintf("%s() names more wait entries, queues or locks than the validation follows",
				fn);
		goto out;
	}
	vcmp_line_map(&m);
	ro.vv = rr.vv = &vv;
	ro.f = &o;
	rr.f = &r;
	rr.side = 1;
	run(&ro);
	run(&rr);
	if (ro.too_many || rr.too_many) {
		why = xasprintf("%s() has more paths than the validation follows", fn);
		goto out;
	}
	why = compare_decls(&m);
	if (!why)
		why = compare_apis(&m);
	if (!why)
		why = compare_sleeps(&m, &nsleeps);
	if (!why)
		why = compare_exits(&m);
	if (!why)
		why = compare_effects(&m);
	/* the queue: the same, or one nothing wakes left for none */
	qsame = !m.unwoken_q ? xstrdup("same queue") :
		xasprintf("no queue where the original's was '%s', %s that nothing wakes",
			  m.unwoken_q,
			  m.o->fn && vqueue_local(orig->text, m.o->fn->start,
						  m.o->fn->end, m.unwoken_q) ?
			  "a queue head of the function's own" :
			  vqueue_sealed(orig->text, orig->len, m.unwoken_q) ?
			  "a static queue of this file" :
			  "a member of a struct only this file defines");
	if (!why && proof && m.unwoken_q && !m.woke_some && !m.woke)
		*proof = xasprintf("validated: %d sleep%s, same state, timeout and interrupts; %s",
				   nsleeps, nsleeps == 1 ? "" : "s", qsame);
	else if (!why && proof && m.woke_some)
		*proof = xasprintf("validated: %d sleep%s, %s, timeout and interrupts; the same state where the original slept in %s, and running -> sleeping (%s) where the original's sleep ran in TASK_RUNNING and returned at once",
				   nsleeps, nsleeps == 1 ? "" : "s", qsame,
				   m.woke_from, m.woke_to);
	else if (!why && proof && m.woke)
		*proof = xasprintf("validated: %d sleep%s, %s, timeout and interrupts; running -> sleeping (%s) where the original's sleep ran in TASK_RUNNING and returned at once",
				   nsleeps, nsleeps == 1 ? "" : "s", qsame, m.woke_to);
	else if (!why && proof)
		*proof = xasprintf("validated: %d sleep%s, same queue, state, timeout and interrupts",
				   nsleeps, nsleeps == 1 ? "" : "s");
	free(qsame);
out:
	if (ro.at)
		run_release(&ro);
	if (rr.at)
		run_release(&rr);
	free(m.lmap);
	vside_release(&o);
	vside_release(&r);
	for (i = 0; i < 4; i++)
		for (j = 0; j < vv.nnames[i]; j++)
			free(vv.names[i][j]);
	if (why) {
		char *u = xasprintf("unproven: %s", why);

		free(why);
		return u;
	}
	return NULL;
}
