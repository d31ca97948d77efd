// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model check of one function in one configuration: both sides
 * loaded (validate/'s tokens and events), each waker the environment
 * finds run against each side (vmodel.c explores one run), and the
 * verdict written from what the runs found (vmodel_words.c); and, for a
 * function that does not read as C as it stands, the check of each #if
 * configuration that does (validate_pp.c finds them).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "condproof.h"
#include "vmodel_run.h"

/* One waker's run of one side, into out; the properties it found. */
static bool full_barrier(const void *ctx, const char *w, size_t n)
{
	(void)ctx;
	return kapi_barrier(w, n, true);
}

/* the first identifier in [s, e) of buf, its length in *n, or NULL */
static const char *first_ident(const char *buf, unsigned s, unsigned e,
			       size_t *n)
{
	unsigned end;
	long at = text_next_ident(buf, s, e, &end);

	if (at < 0)
		return NULL;
	*n = end - (unsigned)at;
	return buf + at;
}

/*
 * Does statement [s, e) of the function [fn, end) store to memory others
 * read: assign, increment or decrement through a pointer, a field or a
 * name the function does not declare, or hand `&x` to a call that is no
 * lock, wake-up or log call (`set_bit(n, &d->flags)`, `list_add(&e,
 * &q)`)?
 */
static bool stmt_stores(const char *buf, unsigned fn, unsigned end,
			unsigned s, unsigned e)
{
	const char *id;
	size_t n;
	unsigned p;

	for (p = s; p < e; p++) {
		bool asg = buf[p] == '=' && buf[p + 1] != '=' && p > s &&
			   !strchr("=!<>", buf[p - 1]);
		bool step = p + 1 < e && (!strncmp(buf + p, "++", 2) ||
					  !strncmp(buf + p, "--", 2));
		char *root;
		bool local;

		if (!asg && !step)
			continue;
		if (memchr(buf + s, '>', p - s) || memchr(buf + s, '.', p - s) ||
		    memchr(buf + s, '[', p - s))
			return true;	/* `d->x = `, `s.x++`, `a[i] = ` */
		id = first_ident(buf, asg ? s : s, e, &n);
		if (!id)
			return false;
		root = xasprintf("%.*s", (int)n, id);
		local = cp_is_local(buf, fn, end, root);
		free(root);
		return !local;
	}
	id = first_ident(buf, s, e, &n);
	if (!id || kapi_lock(id, n, false) || kapi_is(id, n, K_UNLOCK) ||
	    kapi_log(id, n) || kapi_barrier(id, n, false) ||
	    kapi_wake(id, n, true) || kapi_wake(id, n, false))
		return false;
	for (p = s; p + 1 < e; p++)
		if (buf[p] == '&' && buf[p + 1] != '&' && buf[p - 1] != '&' &&
		    (wq_ident_char(buf[p + 1]) || buf[p + 1] == '('))
			return true;
	return false;
}

/*
 * Does the function around offset at (before it) store to shared memory
 * with a statement of its own (stmt_stores())?
 */
static bool own_store_before(const char *buf, size_t len, unsigned at)
{
	unsigned from, to, i, j, s;
	const char *nm;
	size_t nn;

	if (!text_enclosing_function(buf, len, at, &from, &to, &nm, &nn))
		return false;
	for (s = i = from + 1; i < at; i++) {
		j = text_skip_noncode(buf, i, at);
		if (j != i) {
			i = j - 1;
			continue;
		}
		if (buf[i] == '{' || buf[i] == '}' ||
		    (buf[i] == ')' && i + 1 < at && buf[i + 1] == '\n'))
			s = i + 1;	/* a block, or past `if (...)` */
		else if (buf[i] == ';' &&
			 stmt_stores(buf, (unsigned)(nm - buf), to, s, i))
			return true;
		else if (buf[i] == ';')
			s = i + 1;
	}
	return false;
}

/*
 * Does waker w write what it writes and then test waitqueue_active()
 * before its wake-up, holding no lock and with no full barrier there
 * (KAPI_BARRIER)?  Its load of the
 * queue may pass its store of the condition: it reads the queue empty
 * while the sleeper, queued, reads the condition unchanged
 * (include/linux/wait.h's warning).  The model, one order of memory,
 * does not see that loss.
 */
static bool unordered_waker(const struct mwaker *w)
{
	/* the store it can pass is its own, made with no lock: a store
	 * under a lock the sleeper tests under, or in another function
	 * before, is ordered by the lock or the call (6.1
	 * snd_seq_pool_done(), the closing flag set under pool->lock) */
	long a;

	if (w->opaque || w->none || w->task || w->kstop || !w->wbuf ||
	    w->lock || w->clock || w->woff <= w->wfn)
		return false;
	if (!kapi_queue_test_in(w->wbuf, w->wfn, w->woff, true, &a))
		return false;
	return own_store_before(w->wbuf, w->wlen, (unsigned)a) &&
	       text_find_word_if(w->wbuf, w->wfn, w->woff, full_barrier,
				 NULL) < 0;
}

static unsigned run_side(struct vval *vv, struct vfn *f, int side,
			 const struct mwaker *w, const char *qkey,
			 unsigned only, bool complete, struct mside *out)
{
	struct mrun r;
	unsigned props;
	int b;

	char *entered;
	int el = entry_lock_known(vv, f, w, &entered);

	mrun_start(&r, vv, f, side, w, qkey);
	if (el >= 0) {
		/* the callers' lock, read: held from the entry */
		r.xlock = el;
		r.entry_held = true;
		if (!out->entered)
			out->entered = entered;
		else
			free(entered);
	}
	explore(&r);
	if (r.overflow) {
		out->overflow = true;
		mrun_release(&r);
		return 0;
	}
	if (getenv("WQPORT_DUMP_WAKERS"))	/* for debugging */
		fprintf(stderr, "  side %d, %s: props %u at %u\n", side, w->what,
			r.props, r.sleep_at[0]);
	out->count += schedules(&r);
	if (out->count > MAXCOUNT)
		out->count = MAXCOUNT + 1;	/* capped: "more than" */
	for (b = 0; b < 7; b++)
		if ((r.props & (1u << b) & only) && !out->trace) {
			char *t = trace_of(&r, r.prop_at[b]);
			char *name = props_text(1u << b, complete, NULL);

			out->trace = xasprintf("%s (%s)", name, t);
			free(name);
			free(t);
		}
	side_loss(out, vv, f, side, w, qkey, &r);
	for (b = 0; b < 8; b++)
		out->sleep_at[b] |= r.sleep_at[b];
	out->reached |= r.reached;
	for (b = 0; b < 2; b++)
		out->seen_at[b] |= r.seen_at[b];
	out->asleep_in |= r.asleep_in;
	out->props |= r.props;
	props = r.props;
	mrun_release(&r);
	return props;
}

/*
 * The sleeps of the original o (by ordinal, into *at) on the queue of
 * last name key; false when a sleep's queue is not known (a schedule()
 * of a hand-written loop): then a waker of key may end any of them.
 */
static bool sleeps_on_key(struct vval *vv, const struct vfn *o,
			  const char *key, uint32_t *at)
{
	int e;

	for (e = 0; e < o->nev_all; e++) {
		const struct vev *ev = &o->ev[e];
		int ord = sleep_ord(o, e);
		char *k;

		if (!is_sleep_ev(ev))
			continue;
		if (ev->q < 0 || ev->q >= vv->nnames[NS_QUEUE] || ord < 0 ||
		    ord >= 32)
			return false;
		k = last_name(vv->names[NS_QUEUE][ev->q]);
		if (!strcmp(k, key))
			*at |= 1u << ord;
		free(k);
	}
	return true;
}

char *model_check_config(const struct vside *orig, const struct vside *rew,
			 const char *fn, const int *sel, char **verdict,
			 bool *unreadable, struct model_facts *mf)
{
	struct vval vv;
	struct vfn o, r;
	struct mside mo = { 0 }, mr = { 0 };
	struct menv env = { .complete = true };
	struct model_facts facts;
	char *keys[4], *why = NULL, *err = NULL, *unread = NULL;
	int nk, i, j, nw_total = 0;
	unsigned lp;
	char *sem;
	bool kstop, outside_known = true;
	char facts_unordered[sizeof(((struct model_facts *)0)->unordered)] = "";
	uint32_t outside_at = 0;

	*verdict = NULL;
	if (mf)
		memset(mf, 0, sizeof(*mf));
	memset(&vv, 0, sizeof(vv));
	vv.kernel = orig->kernel;
	memset(&o, 0, sizeof(o));
	memset(&r, 0, sizeof(r));
	*unreadable = false;
	if (!vside_load_sel(&vv, &o, orig, fn, 0, sel, &err) ||
	    !vside_load_sel(&vv, &r, rew, fn, 1, sel, &err)) {
		*unreadable = err && strstr(err, "do not read as C");
		*verdict = xasprintf("model: not modelled: %s", err ? err : "no graph");
		free(err);
		goto out;
	}
	if (vv.overflow) {
		*verdict = xstrdup("model: not modelled: more wait entries, queues or locks than the model follows");
		goto out;
	}
	if (!has_sleep(&o) && !has_sleep(&r)) {
		*verdict = xstrdup("model: not modelled: no sleep in the function");
		goto out;
	}
	sem = sealed_test(orig, &o);
	if (sem) {
		/* a constant test: nothing to lose, nothing to run */
		bool more = strchr(sem, ',') != NULL;

		*verdict = xasprintf("model: not modelled: the wait loop's test reads only %s, %s of this file that nothing writes and whose address is not taken: no waker changes %s",
				     sem, more ? "statics" : "a static",
				     more ? "them" : "it");
		free(sem);
		goto out;
	}
	nk = queue_keys(&o, &r, &vv, keys, 4);
	for (i = 0; i <= nk; i++) {
		struct mwakers ws;
		bool task = i == nk;
		const char *key = task ? "" : keys[i];
		struct menv one = { .complete = true };

		if (task && nk)
			break;	/* a function with queues: their wakers */
		model_env(orig, &vv, &o, fn, key, task, &ws, &one);
		env.opaque |= one.opaque;
		if (one.opaque)
			outside_known &= !task &&
					 sleeps_on_key(&vv, &o, key, &outside_at);
		/* no waker: none for any of its queues (the words say so) */
		env.unwoken = (i == 0 || env.unwoken) && one.unwoken;
		env.file |= one.file;
		/* more wakers than the model runs: not every one was */
		env.complete &= one.complete && !ws.dropped;
		env.dropped |= ws.dropped;
		if (ws.dropped && getenv("WQPORT_DUMP_WAKERS"))
			fprintf(stderr, "%s(): more than %d wakers, the rest not run\n",
				fn, MAXWAKERS);
		if (one.files.len)
			sb_printf(&env.files, "%s%s", env.files.len ? ", " : "",
				  one.files.s);
		free(one.files.s);
		nw_total += ws.n;
		for (j = 0; j < ws.n; j++) {
			if (!facts_unordered[0] && unordered_waker(&ws.w[j]) &&
			    strlen(ws.w[j].what) < sizeof(facts_unordered))
				snprintf(facts_unordered, sizeof(facts_unordered),
					 "%s", ws.w[j].what);
			if (getenv("WQPORT_DUMP_WAKERS"))	/* for debugging */
				fprintf(stderr, "%s(): waker %s [lock %s, writes %s]%s\n",
					fn, ws.w[j].what, ws.w[j].lock ? ws.w[j].lock : "-",
					ws.w[j].writes ? ws.w[j].writes : "-",
					other_sleepers(&o, &r, &ws, j) ? ": another sleeper's" : "");
			if (other_sleepers(&o, &r, &ws, j))
				continue;
			lp = run_side(&vv, &o, 0, &ws.w[j], key, 0, one.complete,
				      &mo) |
			     run_side(&vv, &r, 1, &ws.w[j], key, ~mo.props,
				      one.complete, &mr);
			if (!(lp & (P_LOST | P_TLOST)) || unread)
				continue;
			if (ws.w[j].unread)
				unread = xasprintf("%s before %s, a guard whose lock the model does not read",
						   ws.w[j].unread, ws.w[j].what);
			else if ((sem = shared_semaphore(&o, &ws.w[j]))) {
				/* a loss found past a semaphore both take */
				unread = xasprintf("the semaphore '%s', which %s() takes and so does the waker, %s: the model does not read it as a lock",
						   sem, fn, ws.w[j].what);
				free(sem);
			}
		}
		wakers_release(&ws);
	}
	kstop = tests_kstop(&o) || tests_kstop(&r);
	if (kstop) {
		/* kthread_stop(), from any file: a waker of those tests */
		struct mwakers ks = { .n = 1 };

		kstop_waker(&ks.w[0]);
		run_side(&vv, &o, 0, &ks.w[0], "", 0, env.complete, &mo);
		run_side(&vv, &r, 1, &ks.w[0], "", ~mo.props, env.complete, &mr);
		nw_total++;
		wakers_release(&ks);
	}
	for (i = 0; i < nk; i++)
		free(keys[i]);
	if (mo.overflow || mr.overflow) {
		*verdict = xasprintf("model: not modelled: more than %d states", MAXSTATES);
		goto out;
	}
	/* a test hook: the plumbing of a refusal (fix-cli model-refused) */
	if (getenv("WQPORT_MODEL_FAIL") && !strcmp(getenv("WQPORT_MODEL_FAIL"), fn)) {
		for (i = 0; i < r.nev_all; i++)
			if (r.ev[i].k == EV_WAITEV && !mr.trace) {
				mr.props |= P_HANG & ~mo.props;
				mr.trace = xasprintf("a hang (WQPORT_MODEL_FAIL: '%s')",
						     r.ev[i].what);
			}
	}
	if (!unread && (mo.props | mr.props) & (P_LOST | P_TLOST))
		unread = fn_guard(&o, &r);
	if (unread && !(mr.props & ~mo.props)) {
		/* a loss claimed against a lock the model did not read */
		*verdict = xasprintf("model: not modelled: %s", unread);
		goto out;
	}
	/* the facts the verdict rests on (fix/record.h), its words from them */
	facts = (struct model_facts){ .ran = true,
		.no_waker = env.unwoken, .outside = env.opaque, .kstop = kstop,
		.outside_at = outside_at, .outside_known = outside_known,
		.complete = env.complete, .dropped = env.dropped,
		.nwakers = nw_total,
		.schedules = mr.count > MAXCOUNT ? MAXCOUNT : mr.count,
		.capped = mr.count > MAXCOUNT,
		.orig_props = mo.props, .new_props = mr.props,
		.file = env.file, .lost_plain = mr.lost_plain,
		.reached = mr.reached, .asleep_in = mr.asleep_in,
		.orig_seen = { mo.seen_at[0], mo.seen_at[1] },
		.new_seen = { mr.seen_at[0], mr.seen_at[1] } };
	snprintf(facts.files, sizeof(facts.files), "%s",
		 env.files.s ? env.files.s : "");
	memcpy(facts.unordered, facts_unordered, sizeof(facts.unordered));
	snprintf(facts.entered, sizeof(facts.entered), "%s",
		 mr.entered ? mr.entered : mo.entered ? mo.entered : "");
	snprintf(facts.lost_if, sizeof(facts.lost_if), "%s",
		 mr.lost_if ? mr.lost_if : "");
	facts.orig_lost_plain = mo.lost_plain;
	snprintf(facts.orig_lost_if, sizeof(facts.orig_lost_if), "%s",
		 mo.lost_if ? mo.lost_if : "");
	lost_by_facts(&mr, &facts);
	facts.nsleeps = sleep_lines(&o, &r, facts.sleep_line);
	early_facts(&vv, &o, &r, &facts);
	memcpy(facts.orig_at, mo.sleep_at, sizeof(facts.orig_at));
	memcpy(facts.new_at, mr.sleep_at, sizeof(facts.new_at));
	if (mf)
		*mf = facts;
	if (mr.props & ~mo.props) {
		char *added = props_text(mr.props & ~mo.props, env.complete, &mr);

		why = xasprintf("unproven: the model generated from the file finds %s in the rewritten %s() that the original does not have: %s",
				added, fn, mr.trace ? mr.trace : "");
		free(added);
		goto out;
	}
	*verdict = model_words(&facts, ~0u);
out:
	free(unread);
	free(env.files.s);
	free(mo.trace);
	free(mr.trace);
	free(mo.lost_if);
	free(mr.lost_if);
	free(mo.entered);
	free(mr.entered);
	for (i = 0; i < mo.nlost_by; i++)
		free(mo.lost_by[i]);
	for (i = 0; i < mr.nlost_by; i++)
		free(mr.lost_by[i]);
	vside_release(&o);
	vside_release(&r);
	for (i = 0; i < 4; i++)
		for (j = 0; j < vv.nnames[i]; j++)
			free(vv.names[i][j]);
	return why;
}

/*
 * The model check of each configuration that reads as C; the first that
 * finds a property the original lacks refuses, the first verdict stands.
 */
char *model_check_function(const struct vside *orig, const struct vside *rew,
			   const char *fn, char **verdict, struct model_facts *mf)
{
	struct vtoks ot, rt;
	char *why, *v = NULL;
	bool unreadable;
	int *sel = NULL, n, k, modelled = 0;

	why = model_check_config(orig, rew, fn, NULL, verdict, &unreadable, mf);
	if (why || !unreadable)
		return why;
	n = vconfig_alternatives(orig, rew, fn, &ot, &rt, &sel);
	for (k = 0; k < n && !why; k++) {
		why = model_check_config(orig, rew, fn, &sel[k * ot.nch], &v,
					 &unreadable, modelled ? NULL : mf);
		if (why || unreadable) {
			free(v);
			continue;
		}
		if (!modelled++) {
			free(*verdict);
			*verdict = xasprintf("%s, in each #if configuration that reads as C", v);
			if (mf)
				mf->configs = true;
		}
		free(v);
	}
	if (n) {
		free(sel);
		vtok_release(&ot);
		vtok_release(&rt);
	}
	return why;
}
