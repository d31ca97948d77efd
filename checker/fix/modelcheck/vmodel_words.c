// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model check's words (vmodel.c), in one place: the properties it
 * found, scoped to what it ran ("a hang" only against every waker there
 * can be, a lost wake-up with what would close it when the model left
 * that out, the sleeps it was found in when not all of them), and the
 * wakers it ran against (this file's, the module's files', one outside
 * this file at any point, none but timeouts); and the numbers and steps
 * they quote: a run's schedules (its maximal paths) and the trace that
 * leads to a state.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vmodel.h"
#include "vmodel_run.h"

static const char *const prop_name[] = {
	"a lost wake-up", "a wake-up lost until the timeout", "a hang",
	"a sleep holding the lock its waker takes", "a busy loop",
	"a wait entry left queued at a return", "a sleeping state left at a return",
};

/* The sleeps of mask among the first n (all of them past 32). */
static uint32_t sleeps_of(uint32_t mask, int n)
{
	return mask & (n >= 32 ? ~0u : (1u << n) - 1);
}

static int count_bits(uint32_t m)
{
	int c = 0;

	for (; m; m &= m - 1)
		c++;
	return c;
}

/* "the sleep on line 53", "the sleeps on lines 49 and 53" */
static void lines_text(struct strbuf *sb, uint32_t here, const unsigned *lines,
		       int n)
{
	int i, k = 0, c = count_bits(here);

	sb_printf(sb, "the sleep%s on line%s ", c > 1 ? "s" : "", c > 1 ? "s" : "");
	for (i = 0; i < n && i < 32; i++)
		if (here & (1u << i)) {
			k++;
			sb_printf(sb, "%s%u", k == 1 ? "" : k == c ? " and " : ", ",
				  lines[i]);
		}
}

/*
 * Which sleeps a property was found in, when not in all of those the
 * words speak of (mine): " at the sleep on line 53", the lines the
 * original's.
 */
static void sleeps_text(struct strbuf *sb, uint32_t at, const unsigned *lines,
			int n, uint32_t mine)
{
	uint32_t own = sleeps_of(mine, n), here = at & own;

	if (!at || count_bits(own) < 2 || here == own || !here)
		return;
	sb_printf(sb, " at ");
	lines_text(sb, here, lines, n);
}

/*
 * The properties that concern the sleeps of mine: one found in a sleep
 * (a lost wake-up, a hang) only when it was found in one of them; the
 * others (a busy loop, a leak, a lock held asleep) are the function's.
 */
static unsigned props_mine(unsigned props, const uint32_t *at, int n,
			   uint32_t mine)
{
	int b;

	if (!n)
		return props;
	for (b = 0; b < 7; b++)
		if ((props & (1u << b)) && at[b] && !(at[b] & sleeps_of(mine, n)))
			props &= ~(1u << b);
	return props;
}

/*
 * Was loss b (P_LOST 0, P_TLOST 1) found at the sleeps of mine only where
 * no test before the sleep names what the waker writes (seen: where one
 * does)?  Then it needs the waker to run before the sleeper is queued
 * with its state set, which the model cannot order (a device the
 * sleeper starts after queueing itself).
 */
static bool loss_unseen(int b, const uint32_t *at, const uint32_t *seen,
			int nl, uint32_t mine)
{
	uint32_t own = nl ? sleeps_of(mine, nl) : ~0u;

	return b < 2 && at && seen && (at[b] & own) && !(at[b] & own & seen[b]);
}

bool model_keeps_loss(const struct model_facts *mf, uint32_t mine)
{
	int nl = mf->nsleeps;
	unsigned np = props_mine(mf->new_props, mf->new_at, nl, mine);

	if (!mf->ran || !(np & P_LOST) || !mf->lost_plain)
		return false;
	return !loss_unseen(0, mf->new_at, mf->new_seen, nl, mine);
}

static const char unseen_words[] =
	" if its waker can run before the sleeper is queued with its state set and no later test sees its change (none the sleep waits on names what the waker's function writes before its wake-up: what starts the waker is not modelled)";

/*
 * The properties as claims scoped to what the model ran: "a hang" only
 * when its wakers are every waker there can be (complete); a lost
 * wake-up with what would close it when the model left that out, or
 * with when it happens where no test of the sleep reads the waker's
 * writes.
 */
/*
 * " by X" (" by X and Y"): the wakers of the record whose loss was found
 * at the sleeps of mine (plain: only those no exclusion closes);
 * nothing when the record names none (every waker's run lost one, or
 * more than it keeps).
 */
static void lost_by_text(struct strbuf *sb, const struct model_facts *mf,
			 uint32_t mine, bool plain)
{
	uint32_t own = mf->nsleeps ? sleeps_of(mine, mf->nsleeps) : ~0u;
	int i, k = 0;

	for (i = 0; i < mf->nlost_by; i++)
		if ((!plain || mf->lost_by_plain[i]) &&
		    (!mf->nsleeps || !mf->lost_by_at[i] ||
		     (mf->lost_by_at[i] & own)))
			sb_printf(sb, "%s%s", k++ ? " and " : " by ",
				  mf->lost_by[i]);
}

static char *props_words(unsigned props, bool complete, bool lost_plain,
			 const char *lost_if, const uint32_t *at,
			 const uint32_t *seen, const unsigned *lines, int nl,
			 uint32_t mine, const struct model_facts *mf)
{
	struct strbuf sb = { 0 };
	int b;

	for (b = 0; b < 7; b++) {
		bool unseen = loss_unseen(b, at, seen, nl, mine);

		if (!(props & (1u << b)))
			continue;
		sb_printf(&sb, "%s", sb.len ? ", " : "");
		if ((1u << b) == P_HANG && !complete)
			sb_printf(&sb, "a sleep that none of the wakers read ends");
		else if ((1u << b) == P_LOST && !unseen && !lost_plain &&
			 lost_if && *lost_if)
			sb_printf(&sb, "a lost wake-up unless %s", lost_if);
		else
			sb_printf(&sb, "%s", prop_name[b]);
		if ((1u << b) == P_LOST && (lost_plain || unseen) && mf)
			lost_by_text(&sb, mf, mine, !unseen);
		if (at)
			sleeps_text(&sb, at[b], lines, nl, mine);
		if (unseen)
			sb_puts(&sb, unseen_words);
	}
	return sb.s ? sb.s : xstrdup("");
}

/*
 * " (the original has one)", with when, if its losses are unseen ones, or
 * what would close its lost wake-up when the model left that out;
 * allocated
 */
static char *orig_has(unsigned op, const struct model_facts *mf,
		      uint32_t mine)
{
	unsigned bad = P_LOST | P_TLOST | P_HANG | P_DEADLOCK;
	int b;

	if (!(op & bad))
		return xstrdup("");
	if (op & (P_HANG | P_DEADLOCK))
		return xstrdup(" (the original has one)");
	for (b = 0; b < 2; b++)
		if ((op & (1u << b)) &&
		    !loss_unseen(b, mf->orig_at, mf->orig_seen, mf->nsleeps, mine)) {
			if (b == 0 && !(op & P_TLOST) && !mf->orig_lost_plain &&
			    mf->orig_lost_if[0])
				return xasprintf(" (the original has one unless %s)",
						 mf->orig_lost_if);
			return xstrdup(" (the original has one)");
		}
	return xstrdup(" (the original has one if its waker can run before the sleeper is queued with its state set and no later test sees its change)");
}

char *props_at(unsigned props, bool complete, const struct mside *m,
	       const unsigned *lines, int nl)
{
	return props_words(props, complete, m ? m->lost_plain : true,
			   m ? m->lost_if : NULL, m ? m->sleep_at : NULL,
			   NULL, lines, nl, ~0u, NULL);
}

char *props_text(unsigned props, bool complete, const struct mside *m)
{
	return props_at(props, complete, m, NULL, 0);
}

/* ", a waker outside this file (at any point)" and the like, for the
 * sleeps own (by ordinal; all when 0) */
static char *env_text1(const struct model_facts *mf, uint32_t own);

static char *env_text(const struct model_facts *mf, uint32_t own)
{
	char *t = env_text1(mf, own), *d;

	if (mf->entered[0]) {
		/* a lock the runs had the sleeper hold from its entry */
		d = xasprintf("%s; %s", t, mf->entered);
		free(t);
		t = d;
	}
	if (!mf->dropped)
		return t;
	/* the scope: not every waker of the file was run */
	d = xasprintf("%s; not modelled: a queue's wakers past the first %d",
		      t, MAXWAKERS);
	free(t);
	return d;
}

static char *env_text1(const struct model_facts *mf, uint32_t own)
{
	if (mf->files[0])
		return xasprintf(", wakers read in %s%s", mf->file ? "this file and " : "",
				 mf->files);
	/* a function's sleeps on several queues: said of the site's own
	 * sleeps only where their queue has that waker */
	if (mf->outside && (!mf->outside_known || !own || !mf->nsleeps ||
			    (own & mf->outside_at)))
		return xstrdup(", a waker outside this file (at any point)");
	if (mf->no_waker && !mf->file) {
		/* what else ends a sleep: its timeout, when it had one; a
		 * signal, in the states it slept in; a kthread_stop() of a
		 * thread that tests for it */
		unsigned st = mf->asleep_in & ~M_TIMED;
		bool tm = mf->asleep_in & M_TIMED;
		const char *t = tm ? "timeouts" : "";

		return xasprintf(", no waker %sin the file: %s%s%s%s",
				 mf->kstop ? "of its queue " : "",
				 mf->kstop ? "kthread_stop()" : "",
				 mf->kstop && (tm || (st & (M_INTR | M_KILL))) ?
				 " and " : "", t,
				 st == M_INTR ? (tm ? " and signals only" : "signals only") :
				 st == M_KILL ? (tm ? " and fatal signals only" : "fatal signals only") :
				 st & (M_INTR | M_KILL) ?
				 (tm ? " only, and signals in its interruptible sleeps" :
				  "signals in its interruptible sleeps only") :
				 tm || mf->kstop ? " only" : "nothing else");
	}
	return xstrdup("");
}

/* The verdict of a rewrite that adds nothing bad (mo, mr: both sides). */
/*
 * The original's sleep lines by ordinal (sleep_ord()), when the rewrite
 * has as many sleeps (at most 32); else 0.
 */
int sleep_lines(const struct vfn *o, const struct vfn *r,
		       unsigned *lines)
{
	int i, no = 0, nr = 0, k;

	for (i = 0; i < r->nev_all; i++)
		nr += is_sleep_ev(&r->ev[i]);
	for (i = 0; i < o->nev_all; i++)
		if (is_sleep_ev(&o->ev[i]) && (k = sleep_ord(o, i)) < 32) {
			lines[k] = o->ev[i].line;
			no++;
		}
	return no == nr && no <= 32 ? no : 0;
}

/*
 * A wait loop's exit tested before its state write, hidden from the
 * model by a later test: its wake-up is lost unless a later test sees
 * the same change (the model cannot tell: one flag).
 */
/* "line 51", "lines 51 and 52" of the early lines whose skip bit is skip */
static int early_lines(struct strbuf *sb, const struct model_facts *mf,
		       bool skip)
{
	int i, n = 0, k = 0;

	for (i = 0; i < mf->nearly; i++)
		n += !!(mf->early_skip & (1u << i)) == skip;
	sb_printf(sb, "line%s ", n > 1 ? "s" : "");
	for (i = 0; i < mf->nearly; i++)
		if (!!(mf->early_skip & (1u << i)) == skip) {
			k++;
			sb_printf(sb, "%s%u", k == 1 ? "" : k == n ? " and " : ", ",
				  mf->early_line[i]);
		}
	return n;
}

static char *early_text(char *v, const struct model_facts *mf)
{
	struct strbuf sb = { 0 };
	int i, nskip = 0, nexit;

	for (i = 0; i < mf->nearly; i++)
		nskip += !!(mf->early_skip & (1u << i));
	nexit = mf->nearly - nskip;
	sb_printf(&sb, "%s; ", v);
	if (nexit) {
		sb_printf(&sb, "the exit%s tested on ", nexit > 1 ? "s" : "");
		early_lines(&sb, mf, false);
	}
	if (nskip) {
		sb_printf(&sb, "%sthe test%s on ", nexit ? " and " : "",
			  nskip > 1 ? "s" : "");
		early_lines(&sb, mf, true);
		sb_printf(&sb, " whose arm%s skip%s the sleep", nskip > 1 ? "s" : "",
			  nskip > 1 ? "" : "s");
	}
	sb_printf(&sb, " before the state is set %s not modelled: a wake-up for %s between the test and the state write is lost unless a test after the state write sees the same change",
		  mf->nearly > 1 ? "are" : "is", mf->nearly > 1 ? "them" : "it");
	if (mf->early_unlock)	/* a lock the wakers were not seen to take */
		sb_printf(&sb, " or the change cannot be made while the lock dropped on line %u is held",
			  mf->early_unlock);
	sb_printf(&sb, "%s", mf->early_orig ? ", as in the original" : "");
	free(v);
	return sb.s;
}

/*
 * The verdict from the record of the model check (fix/record.h), for the
 * sleeps of mine (by ordinal; ~0u: the whole function): what a rewrite
 * that adds nothing bad keeps, each claim of a sleep only where it was
 * found.
 */
char *model_words(const struct model_facts *mf, uint32_t mine)
{
	unsigned bad = P_LOST | P_TLOST | P_HANG | P_DEADLOCK;
	int nl = mf->nsleeps;
	unsigned np = props_mine(mf->new_props, mf->new_at, nl, mine);
	unsigned op = props_mine(mf->orig_props, mf->orig_at, nl, mine);
	char *kept = props_words(np, mf->complete, mf->lost_plain, mf->lost_if,
				 mf->new_at, mf->new_seen, mf->sleep_line, nl,
				 mine, mf);
	uint32_t own = sleeps_of(mine, nl), unreached = own & ~mf->reached;
	char *et = env_text(mf, own), *v;
	const char *more = mf->capped ? "more than " : "";
	const char *cf = mf->configs ? ", in each #if configuration that reads as C" : "";

	struct strbuf nr = { 0 };
	bool early;
	int i;

	for (i = 0; i < nl && i < 32; i++)
		if (!mf->sleep_line[i])
			unreached &= ~(1u << i);	/* a callee's, inlined */

	if (unreached) {
		lines_text(&nr, unreached, mf->sleep_line, nl);
		if (unreached == own) {
			v = xasprintf("model: not checked: no run of the model reaches %s (%s%llu schedules of the function)%s%s",
				      nr.s, more, mf->schedules, et, cf);
			goto done;
		}
	}
	early = mf->nearly && (mf->early_at & mine) && !(np & P_LOST);
	if (!(np & bad)) {
		char *oh = orig_has(op, mf, mine);

		v = xasprintf("model: no lost wake-up %sin %s%llu schedule%s%s%s%s%s%s",
			      early ? "of the tests after the state write " : "", more, mf->schedules, mf->schedules == 1 && !mf->capped ? "" : "s",
			      oh, np ? "; as in the original: " : "",
			      np ? kept : "", et, cf);
		free(oh);
	} else
		v = xasprintf("model: nothing new in %s%llu schedule%s; as in the original: %s%s%s",
			      more, mf->schedules, mf->schedules == 1 && !mf->capped ? "" : "s",
			      kept, et, cf);
	if (unreached) {
		char *w = xasprintf("%s; no run of the model reaches %s: not checked there",
				    v, nr.s);

		free(v);
		v = w;
	}
	if (early)
		v = early_text(v, mf);
	if (mf->unordered[0]) {
		char *w = xasprintf("%s; %s tests waitqueue_active() before it with no lock and no full barrier: on SMP it can miss a sleeper being queued, a loss the model (one order of memory) does not see, the original's too",
				    v, mf->unordered);

		free(v);
		v = w;
	}
done:
	free(nr.s);
	free(kept);
	free(et);
	return v;
}

/* Maximal paths from the first state; a back edge counts as an end. */
uint64_t schedules(struct mrun *r)
{
	int *stack = xrealloc(NULL, (r->nn + 1) * sizeof(int)), ns = 0;
	int *pos = xrealloc(NULL, (r->nn + 1) * sizeof(int));

	if (!r->nn) {
		free(stack);
		free(pos);
		return 0;
	}
	stack[ns++] = 0;
	pos[0] = 0;
	r->n[0].mark = 1;
	while (ns) {
		int nd = stack[ns - 1];
		struct mnode *m = &r->n[nd];

		if (pos[nd] < m->nsucc) {
			int to = m->succ[pos[nd]++];

			if (!r->n[to].mark) {
				r->n[to].mark = 1;
				pos[to] = 0;
				stack[ns++] = to;
			}
			continue;
		}
		/* all successors done (or on the stack): sum them */
		{
			uint64_t c = 0;
			int k;

			for (k = 0; k < m->nsucc; k++) {
				const struct mnode *x = &r->n[m->succ[k]];

				c += x->mark == 2 ? x->count : 1;
				if (c > MAXCOUNT)
					c = MAXCOUNT + 1;	/* capped */
			}
			m->count = m->nsucc ? c : 1;
			m->mark = 2;
		}
		ns--;
	}
	free(stack);
	free(pos);
	return r->n[0].count;
}

/* The steps that lead to state at, for a refusal. */
char *trace_of(const struct mrun *r, int at)
{
	int *path = NULL, np = 0, i;
	struct strbuf sb = { 0 };

	for (i = at; i > 0; i = r->n[i].parent) {
		path = xrealloc(path, (np + 1) * sizeof(int));
		path[np++] = i;
	}
	for (i = np; i-- > 0;) {
		const struct mnode *m = &r->n[path[i]];

		if (m->pe >= 0) {
			const struct vev *e = &r->f->ev[m->pe];

			if (i + 1 < np && r->n[path[i + 1]].pe == m->pe)
				continue;	/* one line for a call's steps */
			sb_printf(&sb, "%swaiter: '%s' (line %u)", sb.len ? "; " : "",
				  e->what ? e->what : "?", e->line);
		} else if (m->pwaker == 1) {
			sb_printf(&sb, "%swaker: makes the condition true", sb.len ? "; " : "");
		} else if (m->pwaker == 2) {
			sb_printf(&sb, "%swaker: %s", sb.len ? "; " : "", r->w->what);
		}
	}
	free(path);
	return sb.s ? sb.s : xstrdup("");
}
