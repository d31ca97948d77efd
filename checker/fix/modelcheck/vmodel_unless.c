// SPDX-License-Identifier: GPL-2.0-only
/*
 * A lost wake-up the model check found (vmodel.c), run again with an
 * exclusion the first run left out: a lock of the waiter's that a waker
 * outside this file may take, a lock the waker drops before its wake-up
 * held around the whole waker, or a waker that cannot run while the
 * waiter has interrupts off.  What closes it is said ("a lost wake-up
 * unless ..."), so that the verdict claims no more than the model ran.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "vmodel_run.h"
#include "record.h"

/* Is node nd a test that is always true (`while (1)`, `while (true)`)? */
static bool const_true(const struct vfn *f, int nd)
{
	const struct vnode *n = &f->g.n[nd];
	int t, nums = 0;

	if (n->kind != VN_COND || n->nsucc != 2)
		return false;
	for (t = n->first; t < n->last && t < f->flow.n; t++) {
		const struct vtok *k = &f->flow.t[t];
		const char *x = f->flow.text + k->off;

		if (k->kind == VT_PUNCT && (*x == '(' || *x == ')'))
			continue;
		if ((k->kind == VT_NUM && strspn(x, "0") < k->len) ||
		    (k->kind == VT_ID && k->len == 4 && !strncmp(x, "true", 4))) {
			nums++;
			continue;
		}
		if (k->kind == VT_ID && ((k->len == 5 && !strncmp(x, "while", 5)) ||
					 (k->len == 2 && !strncmp(x, "if", 2))))
			continue;
		return false;
	}
	return nums == 1;
}

/*
 * Is lock l held when f is entered: does a path from the entry drop it
 * before any takes it (`mutex_unlock(&chip->mutex); schedule();` in a
 * function its callers call with the mutex held)?  A `while (1)` is left
 * only by its breaks: its false arm is no path.
 */
static bool held_at_entry(const struct vfn *f, int l)
{
	bool *seen = xrealloc(NULL, (f->g.nn + 1) * sizeof(bool));
	int *stack = xrealloc(NULL, (f->g.nn + 1) * sizeof(int));
	int ns = 0, i, k;
	bool hit = false;

	memset(seen, 0, f->g.nn * sizeof(bool));
	stack[ns++] = f->g.entry;
	seen[f->g.entry] = true;
	while (ns && !hit) {
		int nd = stack[--ns];
		bool taken = false;

		for (k = 0; k < f->nnev[nd] && !taken && !hit; k++) {
			const struct vev *e = &f->ev[f->nev[nd][k]];

			taken = e->k == EV_LOCK && e->lock == l;
			hit = e->k == EV_UNLOCK && e->lock == l;
		}
		for (i = 0; !taken && i < f->g.n[nd].nsucc &&
			    !(i == 1 && const_true(f, nd)); i++)
			if (!seen[f->g.n[nd].succ[i]]) {
				seen[f->g.n[nd].succ[i]] = true;
				stack[ns++] = f->g.n[nd].succ[i];
			}
	}
	free(seen);
	free(stack);
	return hit;
}

/*
 * Is unlock e in an #if branch of a function that takes its lock too
 * (`#ifdef USE_2_6 spin_lock_irqsave() #else cli() #endif`, the unlock
 * in a later #ifdef USE_2_6)?  The graph of the function as it stands
 * runs every branch of each #if, so a path through one #if's #else to
 * another #if's unlock mixes two configurations: it says nothing of
 * what the callers hold (g9 commtech escc_read()).
 */
static bool unlock_in_if(const struct vfn *f, const struct vev *e)
{
	int i;

	if (e->tok < 0 || e->tok >= f->flow.n || f->flow.t[e->tok].chain < 0)
		return false;
	for (i = 0; i < f->nev_all; i++)
		if (f->ev[i].k == EV_LOCK && f->ev[i].lock == e->lock)
			return true;
	return false;
}

int entry_lock_known(const struct vval *vv, const struct vfn *f,
		     const struct mwaker *w, char **words)
{
	char *cl = NULL, *text = NULL, *by = NULL;
	bool asked = false;
	int i, found = -1;

	*words = NULL;
	if (!w->lock || w->opaque || w->none || w->task ||
	    text_is_thread_function(f->side->text, f->side->len, f->fn->name))
		return -1;
	for (i = 0; i < f->nev_all && found < 0; i++) {
		const struct vev *e = &f->ev[i];
		char *ln;

		if (e->k != EV_UNLOCK || e->lock < 0 || unlock_in_if(f, e) ||
		    !held_at_entry(f, e->lock))
			continue;
		if (!asked)
			cl = fn_callers_lock(f->side, f->fn->name, &text, &by);
		asked = true;
		if (!cl)
			break;
		ln = last_name(vv->names[NS_LOCK][e->lock]);
		if (word_in(cl, ln) && word_in(w->lock, ln))
			found = e->lock;
		free(ln);
	}
	if (found >= 0)
		*words = xasprintf("%s() is entered holding %s: every call of it in this file is made holding it (the first under %s, which %s)",
				   f->fn->name, vv->names[NS_LOCK][found],
				   text, by);
	free(cl);
	free(text);
	free(by);
	return found;
}

/*
 * The loss run again with the waker under a lock f is entered holding
 * and drops before it sleeps: the lock's name, when that closes it.
 * The callers' locks and the waker's callers' are not read, so this is
 * what would close it, not what does.
 */
static char *entry_lock_closes(struct vval *vv, struct vfn *f, int side,
			       const struct mwaker *w, const char *qkey)
{
	int tried[VMAXQ], nt = 0, i, j;
	char *why = NULL;

	/* a thread's function (kernel_thread(f, ...)) is entered holding
	 * nothing: its unlock is of a lock it took on another path */
	if (text_is_thread_function(f->side->text, f->side->len, f->fn->name))
		return NULL;
	for (i = 0; i < f->nev_all && !why; i++) {
		const struct vev *e = &f->ev[i];
		struct mrun r;

		if (e->k != EV_UNLOCK || e->lock < 0)
			continue;
		for (j = 0; j < nt && tried[j] != e->lock; j++)
			;
		if (j < nt || nt == VMAXQ)
			continue;
		tried[nt++] = e->lock;
		if (unlock_in_if(f, e) || !held_at_entry(f, e->lock))
			continue;
		mrun_start(&r, vv, f, side, w, qkey);
		r.xlock = e->lock;
		r.entry_held = true;
		explore(&r);
		if (!r.overflow && !(r.props & P_LOST)) {
			char *t = NULL, *b = NULL, *ln;
			char *cl = fn_callers_lock(f->side, f->fn->name, &t, &b);

			/* the sleeper's callers read: only the waker's open */
			ln = last_name(vv->names[NS_LOCK][e->lock]);
			why = xasprintf(cl && word_in(cl, ln) ?
					"%s runs under %s (which %s() is entered holding, as every call of it in this file is made)" :
					"%s runs under %s (which %s() is entered holding: the callers' locks are not read)",
					w->opaque ? "the waker" : w->what,
					vv->names[NS_LOCK][e->lock], f->fn->name);
			free(ln);
			free(cl);
			free(t);
			free(b);
		}
		mrun_release(&r);
	}
	return why;
}

/*
 * A lost wake-up the model found against w: is it one whatever the
 * waker takes?  The model runs a waker with the lock the analysis read
 * it take; a waker outside this file was not read, so each spinlock the
 * waiter takes is tried as one it takes too, and any waker as one that
 * cannot run while the waiter has interrupts off (a handler on one CPU,
 * or 2.4's cli()).  The first that closes the loss, as the end of "a
 * lost wake-up unless ..."; NULL when none does.
 */
char *lost_unless(struct vval *vv, struct vfn *f, int side,
		  const struct mwaker *w, const char *qkey)
{
	int tried[VMAXQ], nt = 0, i, j;
	bool irq = false;
	char *why = NULL;

	for (i = 0; i < f->nev_all; i++) {
		const struct vev *e = &f->ev[i];

		irq |= e->k == EV_IRQOFF;
		if (e->k != EV_LOCK || e->lock < 0 || !w->opaque)
			continue;
		for (j = 0; j < nt && tried[j] != e->lock; j++)
			;
		if (j == nt && nt < VMAXQ)
			tried[nt++] = e->lock;
	}
	if (w->clock && !w->lock) {
		/* a lock the waker drops before its wake-up, the waiter's too */
		int ctried[VMAXQ], nc = 0, c;

		for (i = 0; i < f->nev_all && !why; i++) {
			const struct vev *e = &f->ev[i];
			struct mrun r;
			char *ln;
			bool same, held_in;
			size_t lnn;

			if (e->k != EV_LOCK || e->lock < 0)
				continue;
			for (c = 0; c < nc && ctried[c] != e->lock; c++)
				;
			if (c < nc)
				continue;
			ln = last_name(vv->names[NS_LOCK][e->lock]);
			lnn = strlen(ln);
			same = word_in(w->clock, ln);
			/* the last dropped (clock's first) is the entry's */
			held_in = w->centry && !strncmp(w->clock, ln, lnn) &&
				  (!w->clock[lnn] || w->clock[lnn] == ' ');
			free(ln);
			if (!same)
				continue;
			if (nc < VMAXQ)
				ctried[nc++] = e->lock;
			mrun_start(&r, vv, f, side, w, qkey);
			r.xlock = e->lock;
			explore(&r);
			if (!r.overflow && !(r.props & P_LOST))
				why = xasprintf(held_in ?
						"%s makes the condition true under %s, which its callers hold (it drops it before its wake-up and takes it nowhere)" :
						"%s makes the condition true under %s, which it takes before its wake-up",
						w->what, vv->names[NS_LOCK][e->lock]);
			mrun_release(&r);
		}
	}
	for (i = 0; i <= nt && !why; i++) {
		struct mrun r;

		if (i == nt && !irq)
			break;
		mrun_start(&r, vv, f, side, w, qkey);
		if (i < nt)
			r.xlock = tried[i];
		else
			r.xirq = true;
		explore(&r);
		if (!r.overflow && !(r.props & P_LOST))
			why = i < nt ? xasprintf("the waker outside this file takes %s",
						 vv->names[NS_LOCK][tried[i]]) :
			      xasprintf("%s cannot run while %s() has interrupts off",
					w->opaque ? "the waker" : w->what, f->fn->name);
		mrun_release(&r);
	}
	if (!why)
		why = entry_lock_closes(vv, f, side, w, qkey);
	if (!why)
		why = bkl_closes(vv, f, side, w, qkey);
	return why;
}

/*
 * What run r of waker w found of a lost wake-up, into out: the waker
 * (what it is, the sleeps it lost in, and whether the loss is plain),
 * the exclusion that would close it joined to the others' ("A and B":
 * each waker's loss closed by its own), or one more run that lost none.
 */
void side_loss(struct mside *out, struct vval *vv, struct vfn *f, int side,
	       const struct mwaker *w, const char *qkey, const struct mrun *r)
{
	char *u;

	if (!(r->props & P_LOST)) {
		out->nclean++;
		return;
	}
	u = lost_unless(vv, f, side, w, qkey);
	if (!w->opaque && !w->none && out->nlost_by < MAXWAKERS) {
		out->lost_by[out->nlost_by] = xstrdup(w->what);
		out->lost_by_plain[out->nlost_by] = !u;
		out->lost_by_at[out->nlost_by++] = r->sleep_at[0];
	}
	if (!u) {
		out->lost_plain = true;
	} else if (!out->lost_if) {
		out->lost_if = u;
	} else if (!strstr(out->lost_if, u)) {
		char *both = xasprintf("%s and %s", out->lost_if, u);

		free(out->lost_if);
		free(u);
		out->lost_if = both;
	} else {
		free(u);
	}
}

/*
 * The wakers of the rewrite whose runs lost a wake-up, into the record,
 * when another waker's run lost none (then naming them tells which):
 * when there are at most two, and each fits.
 */
void lost_by_facts(const struct mside *mr, struct model_facts *mf)
{
	int i;

	if (!mr->nclean || mr->nlost_by > 2)
		return;
	for (i = 0; i < mr->nlost_by; i++)
		if (strlen(mr->lost_by[i]) >= sizeof(mf->lost_by[0]))
			return;
	for (i = 0; i < mr->nlost_by; i++) {
		snprintf(mf->lost_by[i], sizeof(mf->lost_by[i]), "%s",
			 mr->lost_by[i]);
		mf->lost_by_at[i] = mr->lost_by_at[i];
		mf->lost_by_plain[i] = mr->lost_by_plain[i];
	}
	mf->nlost_by = mr->nlost_by;
}

