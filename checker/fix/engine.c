// SPDX-License-Identifier: GPL-2.0-only
/*
 * The per-file pipeline of `wqport fix` (cmd.c runs it on each file):
 * the checker's analysis plans every site (plan.c); each rule's semantic
 * patches rewrite the planned sites of the current text (spatch.c), the
 * analysis running again on each intermediate text so anchors are
 * always current.  The result is verified per function: reparsed and
 * rechecked, proven by the translation validation (validate.c) and the
 * model check generated from the file (vmodel.c), compiled with the
 * flags the file was checked with, and run through the whole fix again,
 * which must change nothing.  A function that fails is put back as it
 * was and its sites are reported refused, and the file is done again
 * without it.
 */
#define _GNU_SOURCE	/* memmem() */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis.h"
#include "blocks.h"
#include "engine.h"
#include "fixout.h"
#include "hide.h"
#include "modelcheck.h"
#include "validate.h"
#include "write.h"

/*
 * The cost of each step, summed over the worker threads: thread CPU time
 * for the steps in this process, wall time for spatch (a child).
 * WQPORT_FIX_TIMES=1 prints them at the end (tools/bench-fix.py).
 */
enum fix_step { ST_ANALYSE, ST_SPATCH, ST_VALIDATE, ST_MODEL, ST_CC, ST_N };
static const char *const step_name[ST_N] = {
	"parse+analyse+plan", "spatch", "validation", "model check", "compile check",
};
static uint64_t step_ns[ST_N];

static uint64_t now_ns(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static void step_add(enum fix_step st, clockid_t c, uint64_t since)
{
	__atomic_fetch_add(&step_ns[st], now_ns(c) - since, __ATOMIC_RELAXED);
}

void fix_steps_print(void)
{
	const char *on = getenv("WQPORT_FIX_TIMES");
	int i;

	if (!on || !*on || !strcmp(on, "0"))
		return;
	fprintf(stderr, "wqport fix: time per step:");
	for (i = 0; i < ST_N; i++)
		fprintf(stderr, "%s %s %.2f s", i ? "," : "", step_name[i],
			step_ns[i] / 1e9);
	fputc('\n', stderr);
}

/*
 * The include folder of the kernel tree path is from (NULL: none, or
 * its headers are not there), interned for the life of the process, and
 * that kernel's version (0: not known).  Here, not in analysis/: the
 * tree is found by the frontend's kernel_detect(), which analysis/ may
 * not call.
 */
static const char *kernel_include_of(const char *path,
				     const char *const *cflags, int ncflags,
				     unsigned *version)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	static char **interned;
	static int ninterned;
	const char *from, *r = NULL;
	char *dir;
	int i;

	*version = kernel_detect(path, cflags, ncflags, &from);
	dir = *version ? kernel_include_dir(from) : NULL;
	if (!dir)
		return NULL;
	pthread_mutex_lock(&lock);
	for (i = 0; i < ninterned && !r; i++)
		if (!strcmp(interned[i], dir))
			r = interned[i];
	if (!r) {
		interned = xrealloc(interned, (ninterned + 1) * sizeof(char *));
		r = interned[ninterned++] = dir;
		dir = NULL;
	}
	pthread_mutex_unlock(&lock);
	free(dir);
	return r;
}

/* Analyse text as the checker does and plan every finding. */
static void analyse(const struct fix_run *r, void *index, const char *path,
		    const char *text, size_t len, bool force,
		    struct fix_plan *p, struct wq_file *f)
{
	struct wq_options opt = r->opt;

	memset(f, 0, sizeof(*f));
	f->path = path;
	f->buf = xrealloc(NULL, len + 1);
	memcpy(f->buf, text, len);
	f->buf[len] = '\0';
	f->len = len;
	opt.tu_hook = plan_file;
	opt.tu_arg = p;
	/* the code's own kernel, whatever --target says: the API claims
	 * of the words are about its headers (analysis/kheaders.c) */
	p->kinc = kernel_include_of(path, r->opt.cflags, r->opt.ncflags,
				    &p->kernel);
	opt.no_prefilter = force;
	{
		uint64_t t0 = now_ns(CLOCK_THREAD_CPUTIME_ID);

		check_buffer(f, &opt, index);
		step_add(ST_ANALYSE, CLOCK_THREAD_CPUTIME_ID, t0);
	}
}

static bool is_blocked(const struct fix_plan *p, const char *fn)
{
	int i;

	for (i = 0; i < p->nblocked; i++)
		if (!strcmp(p->blocked[i], fn))
			return true;
	return false;
}

/* Mark the sites of one rule that spatch should rewrite. */
static bool mark_planned(struct fix_plan *p, int rule, bool unsafe,
			 const struct spatch_env *env)
{
	bool any = false;
	int i;

	if (!spatch_has_rule(env, rule))
		return false;
	for (i = 0; i < p->n; i++) {
		struct fix_site *s = &p->s[i];

		/* a covered site is rewritten with the site covering it */
		s->planned = s->rule == rule && s->form &&
			     site_applied(s, unsafe) &&
			     s->outcome != FO_COVERED &&
			     !is_blocked(p, s->func);
		any |= s->planned;
	}
	return any;
}

/*
 * The functions whose loop test WQ003's rewrite made again after the
 * state change: a sleep_on() converted in place there (FO_KEEP) no
 * longer keeps its race.
 */
static const struct fix_fn *find_fn(const struct fix_plan *p, const char *name);

static void note_retested(struct fix_result *res, const struct fix_plan *p,
			  const char *before, const char *after)
{
	int i, j;

	for (i = 0; i < p->n; i++) {
		const struct fix_fn *f = find_fn(p, p->s[i].func);
		char *t;
		bool same;

		if (!p->s[i].planned || !f)
			continue;
		t = xasprintf("%.*s", (int)(f->end - f->start), before + f->start);
		same = strstr(after, t) != NULL;
		free(t);
		if (same)
			continue;
		for (j = 0; j < res->nretested; j++)
			if (!strcmp(res->retested[j], p->s[i].func))
				break;
		if (j < res->nretested)
			continue;
		res->retested = xrealloc(res->retested, (res->nretested + 1) *
					 sizeof(*res->retested));
		res->retested[res->nretested++] = xstrdup(p->s[i].func);
	}
}

/*
 * Why the state-after-test fix was refused in a function, on the text
 * the sleep_on() conversions gave: a sleep_on() kept in place then keeps
 * its race for that reason, and its line says so (outcome.c).
 */
static void note_no_retest(struct fix_result *res, const struct fix_plan *p)
{
	int i, j;

	for (i = 0; i < p->n; i++) {
		const struct fix_site *s = &p->s[i];

		/* a test that reads a stale copy: the one refusal that
		 * says more than the sleep_on() site's own reason */
		if (rule_planner(s->rule) != PLAN_STATE_AFTER_TEST ||
		    s->outcome != FO_REFUSE || !s->note ||
		    !s->reason || strcmp(s->reason, "local-condition"))
			continue;
		for (j = 0; j < res->nnoretest; j++)
			if (!strcmp(res->noretest[j], s->func))
				break;
		if (j < res->nnoretest)
			continue;
		res->noretest = xrealloc(res->noretest, (res->nnoretest + 1) *
					 sizeof(char *));
		res->noretest_why = xrealloc(res->noretest_why,
					     (res->nnoretest + 1) * sizeof(char *));
		res->noretest[res->nnoretest] = xstrdup(s->func);
		res->noretest_why[res->nnoretest++] = xstrdup(s->note);
	}
}

/*
 * spatch_apply() with the bodies of the functions spatch failed on
 * (blocked "spatch: ...", block_named()) blanked, and put back after.
 */
static int spatch_hidden(const struct fix_run *r,
			 const struct fix_result *mr, const char *path,
			 const struct fix_plan *p, int rule, char **cur,
			 size_t *cl, char **err)
{
	char **fns = xrealloc(NULL, (mr->nblocked + 1) * sizeof(char *));
	char *hid;
	size_t hl = *cl;
	int n = 0, i, rc;

	for (i = 0; i < mr->nblocked; i++)
		if (!strncmp(mr->block_why[i], "spatch: ", 8))
			fns[n++] = mr->blocked[i];
	hid = n ? hide_bodies(*cur, *cl, fns, n) : NULL;
	if (!hid) {
		free(fns);
		return spatch_apply(&r->env, path, p, rule, cur, cl, err);
	}
	rc = spatch_apply(&r->env, path, p, rule, &hid, &hl, err);
	if (rc >= 0 && !unhide_bodies(*cur, *cl, &hid, &hl, fns, n)) {
		*err = xstrdup("spatch changed a function it was kept from, or lost it");
		rc = -1;
	}
	if (rc >= 0) {
		free(*cur);
		*cur = hid;
		*cl = hl;
	} else {
		free(hid);
	}
	free(fns);
	return rc;
}

/*
 * Run every rule's planned conversions over text.  first, if given, is
 * the plan of text itself (saves one analysis).  Returns 0, or -1 with
 * *err set when spatch fails.
 */
static int transform(const struct fix_run *r, void *index, const char *path,
		     const char *text, size_t len, char **blocked, int nblocked,
		     char **in_place, int nin_place,
		     char **out, size_t *olen, char **err, struct fix_result *res,
		     const struct fix_result *mr)
{
	char *cur = xrealloc(NULL, len + 1);
	size_t cl = len, ri, nrules;
	const struct wq_rule *rt = rule_table(&nrules);
	int rule, pass = 0;

	memcpy(cur, text, len);
	cur[len] = '\0';
	/* the rules with a semantic patch, in table order (rules.def) */
	for (ri = 0; ri < nrules; ri++, pass = 0) {
		struct fix_plan p = { 0 };
		struct wq_file f;
		char *was = NULL;
		int rc = 0;
		bool retest = rt[ri].planner == PLAN_STATE_AFTER_TEST;

		rule = rt[ri].num;
		if (!rule_cocci(rule))
			continue;
again:

		p.unsafe = r->fo.unsafe;
		p.no_keep_race = r->fo.no_keep_race;
		p.target = r->fo.target;
		p.blocked = blocked;
		p.nblocked = nblocked;
		p.in_place = in_place;
		p.nin_place = nin_place;
		p.model_refused = mr->mref;
		p.model_why = mr->mwhy;
		p.nmodel_refused = mr->nmref;
		analyse(r, index, path, cur, cl, false, &p, &f);
		if (res && retest)
			note_no_retest(res, &p);
		if (mark_planned(&p, rule, r->fo.unsafe, &r->env)) {
			char *before = res && retest ? xstrdup(cur) : NULL;

			was = rt[ri].planner == PLAN_SLEEP_ON ? xstrdup(cur) : NULL;
			uint64_t t0 = now_ns(CLOCK_MONOTONIC);

			rc = spatch_hidden(r, mr, path, &p, rule, &cur, &cl,
					   err);
			step_add(ST_SPATCH, CLOCK_MONOTONIC, t0);
			if ((!rc || rc == 2) && before)
				note_retested(res, &p, before, cur);
			free(before);
		}
		file_release(&f);
		plan_release(&p);
		if (rc < 0) {
			free(was);
			free(cur);
			return -1;
		}
		/* the in-place entry patch waits for its own pass (spatch.c) */
		if (rc == 1) {
			free(was);
			was = NULL;
			memset(&p, 0, sizeof(p));
			p.entry_pass = true;
			goto again;
		}
		/*
		 * sleep_on() loops inside another one's exit path: the inner
		 * ones convert first, the outer one on the next pass (its
		 * match cannot span code the same pass rewrote); and a rule
		 * whose files stopped at the first that changed the text (2)
		 */
		if ((rc == 2 || (was && strcmp(was, cur))) && ++pass < 3) {
			free(was);
			was = NULL;
			memset(&p, 0, sizeof(p));
			goto again;
		}
		free(was);
	}
	lower_for_target(text, len, &cur, &cl, r->fo.target);
	layout_new_lines(text, len, &cur, &cl);
	keep_comments(text, len, &cur, &cl);
	*out = cur;
	*olen = cl;
	return 0;
}

static const struct fix_fn *find_fn(const struct fix_plan *p, const char *name)
{
	int i;

	for (i = 0; i < p->nfns; i++)
		if (!strcmp(p->fns[i].name, name))
			return &p->fns[i];
	return NULL;
}

/* Did function `name` change between the two texts? */
static bool fn_changed(const struct fix_plan *a, const char *ta,
		       const struct fix_plan *b, const char *tb, const char *name)
{
	const struct fix_fn *x = find_fn(a, name), *y = find_fn(b, name);

	if (!x || !y)
		return x != y;
	return x->end - x->start != y->end - y->start ||
	       memcmp(ta + x->start, tb + y->start, x->end - x->start);
}

static int count_findings(const struct wq_file *f, const char *fn, int rule)
{
	int i, n = 0;

	for (i = 0; i < f->nfindings; i++)
		if (f->findings[i].rule == rule && f->findings[i].func &&
		    !strcmp(f->findings[i].func, fn))
			n++;
	return n;
}

/*
 * Block the first function the result changes that is not blocked yet,
 * one with a site of the plan before one without (a waker whose `q !=
 * NULL` a file-scope port rewrote: blocking it stops nothing; the sites
 * that asked for the port do); why is kept by it or freed.  Each round
 * then blocks one more, and the rounds end.
 */
static void block_first_changed(struct fix_result *res,
				const struct fix_plan *p1, const char *text,
				char *why)
{
	int pass, i;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < res->plan.nfns; i++) {
			const char *fn = res->plan.fns[i].name;

			if (res_blocked(res, fn) ||
			    (!pass && !has_site(&res->plan, fn)) ||
			    !fn_changed(&res->plan, res->orig, p1, text, fn))
				continue;
			block(res, fn, why);
			return;
		}
	free(why);
}

/*
 * A sleep_on() kept in place in a prepare_to_wait*() form for a target
 * without it: rewrite/lower.c spells it as the target's open-coded
 * add_wait_queue() sleep, which WQ002 reports in the result as it
 * reports such sleeps in any 2.4 driver.
 */
static bool lowered_site(const struct fix_site *s, unsigned target)
{
	const struct kapi_form *k = form_row(s->form);

	if (!target || rule_planner(s->rule) != PLAN_SLEEP_ON ||
	    s->outcome != FO_CONVERT)
		return false;
	return k && k->family == KF_PREPARE && target_lacks(target, k->name);
}

/*
 * The model check refused fn's rewrite: where fn has a wait_event*()
 * form (a condition the proof accepted), plan it again without that
 * form (wevariant.c refuses it, ptw.c keeps the faithful one) instead
 * of putting the whole function back.  True when fn is to be planned
 * again.
 */
static bool model_retry(struct fix_result *res, bool unsafe, const char *fn,
			const char *why)
{
	const char *pfx = "unproven: the model generated from the file ";
	int i;

	for (i = 0; i < res->nmref; i++)
		if (!strcmp(res->mref[i], fn))
			return false;
	for (i = 0; i < res->plan.n; i++) {
		const struct fix_site *s = &res->plan.s[i];

		if (strcmp(s->func, fn) || !form_is(s->form, KF_EVENT) ||
		    !site_applied(s, unsafe))
			continue;
		res->mref = xrealloc(res->mref, (res->nmref + 1) * sizeof(char *));
		res->mwhy = xrealloc(res->mwhy, (res->nmref + 1) * sizeof(char *));
		res->mref[res->nmref] = xstrdup(fn);
		res->mwhy[res->nmref++] = xstrdup(strncmp(why, pfx, strlen(pfx)) ?
						  why : why + strlen(pfx));
		res->mretry = true;
		return true;
	}
	return false;
}

/*
 * Translation validation (validate.c): every changed function is proven
 * from its tokens against the original, whatever the recheck saw.
 * Then the model check generated from the file (vmodel.c) runs the
 * function before and after against the file's wakers.
 * WQPORT_NO_VALIDATE=1 switches both off for the mutation checks,
 * WQPORT_NO_VALIDATE=tokens the token validation only, WQPORT_NO_MODEL=1
 * the model check only.
 */
static bool validate(const struct fix_run *r, struct fix_result *res,
		     const char *text, size_t len, const struct fix_plan *p1)
{
	struct vside o = { res->orig, res->olen, res->plan.fns, res->plan.nfns, res->path, res->plan.kernel };
	struct vside n = { text, len, p1->fns, p1->nfns, NULL, res->plan.kernel };
	const char *off = getenv("WQPORT_NO_VALIDATE");
	const char *nomodel = getenv("WQPORT_NO_MODEL");
	bool vonly_off;
	bool ok = true;
	int i;

	while (res->nproven) {
		res->nproven--;
		free(res->proven[res->nproven]);
		free(res->proof[res->nproven]);
		free(res->model[res->nproven]);
	}
	/* WQPORT_NO_VALIDATE=tokens: the model check alone (its mutation) */
	vonly_off = off && !strcmp(off, "tokens");
	if (off && *off && strcmp(off, "0") && !vonly_off)
		return true;
	for (i = 0; i < res->plan.nfns; i++) {
		const char *fn = res->plan.fns[i].name;
		char *why, *proof = NULL, *verdict = NULL;
		struct model_facts mf = { .ran = false };
		bool proof_failed;

		if (!fn_changed(&res->plan, res->orig, p1, text, fn) ||
		    !find_fn(p1, fn))
			continue;
		uint64_t t0 = now_ns(CLOCK_THREAD_CPUTIME_ID);

		why = vonly_off ? NULL :
		      validate_function(&o, &n, fn, r->fo.target, &proof);
		proof_failed = why != NULL;
		step_add(ST_VALIDATE, CLOCK_THREAD_CPUTIME_ID, t0);
		t0 = now_ns(CLOCK_THREAD_CPUTIME_ID);
		if (!why && !(nomodel && *nomodel && strcmp(nomodel, "0")))
			why = model_check_function(&o, &n, fn, &verdict, &mf);
		step_add(ST_MODEL, CLOCK_THREAD_CPUTIME_ID, t0);
		if (why && verdict == NULL && !proof_failed &&
		    model_retry(res, r->fo.unsafe, fn, why)) {
			free(why);
			free(proof);
			ok = false;
			continue;
		}
		if (why) {
			block(res, fn, proof_failed ?
			      unproven_rewrite_words(why) : why);
			free(proof);
			ok = false;
			continue;
		}
		res->proven = xrealloc(res->proven, (res->nproven + 1) * sizeof(char *));
		res->proof = xrealloc(res->proof, (res->nproven + 1) * sizeof(char *));
		res->model = xrealloc(res->model, (res->nproven + 1) * sizeof(char *));
		res->mfacts = xrealloc(res->mfacts, (res->nproven + 1) * sizeof(mf));
		res->mfacts[res->nproven] = mf;
		res->proven[res->nproven] = xstrdup(fn);
		res->model[res->nproven] = verdict;
		res->proof[res->nproven++] = proof;
	}
	return ok;
}

/*
 * Verify the rewritten text function by function; block the functions
 * that fail.  Returns true when every changed function passed.
 */
static bool verify(const struct fix_run *r, void *index, struct fix_result *res,
		   const struct wq_file *f0, const char *text, size_t len)
{
	char *new_error = NULL;
	struct fix_plan p1 = { 0 };
	struct wq_file f1;
	bool ok = true;
	size_t ri, nrules;
	const struct wq_rule *rt = rule_table(&nrules);
	int i, rule;

	analyse(r, index, res->path, text, len, true, &p1, &f1);
	if (f1.error) {
		for (i = 0; i < res->plan.nfns; i++)
			if (fn_changed(&res->plan, res->orig, &p1, text,
				       res->plan.fns[i].name))
				block(res, res->plan.fns[i].name, xasprintf(
					"the result does not parse: %s", f1.error));
		ok = false;
		goto out;
	}
	for (i = 0; i < res->plan.nfns; i++) {
		const char *fn = res->plan.fns[i].name;

		if (!fn_changed(&res->plan, res->orig, &p1, text, fn))
			continue;
		for (ri = 0; ri < nrules; ri++) {
			int before = 0, kept = 0, after, j;

			/* the rules the fixer plans (rules.def) */
			rule = rt[ri].num;
			if (rt[ri].planner == PLAN_NONE)
				continue;
			for (j = 0; j < res->plan.n; j++) {
				const struct fix_site *s = &res->plan.s[j];

				/*
				 * a sleep_on() converted in place keeps its
				 * race: the loop's test before
				 * prepare_to_wait() is a WQ003 of the result,
				 * the same lost wake-up the WQ001 was
				 */
				if (rt[ri].planner == PLAN_STATE_AFTER_TEST &&
				    rule_planner(s->rule) == PLAN_SLEEP_ON &&
				    s->outcome == FO_KEEP && !strcmp(s->func, fn))
					kept++;
				/* the 2.4 spelling of a kept sleep_on() */
				if (rt[ri].planner == PLAN_OPEN_CODED &&
				    lowered_site(s, r->fo.target) &&
				    !strcmp(s->func, fn))
					kept++;
				if (s->rule != rule || strcmp(s->func, fn))
					continue;
				before++;
				if (!site_applied(s, r->fo.unsafe))
					kept++;
			}
			after = count_findings(&f1, fn, rule);
			/* refused sites of the rule whose findings the
			 * rewrite of the function took away all the same */
			for (j = 0; j < res->plan.n; j++) {
				struct fix_site *s = &res->plan.s[j];

				if (s->rule == rule && !strcmp(s->func, fn) &&
				    !site_applied(s, r->fo.unsafe))
					s->done = !after;
			}
			if (after > kept && rule == WQ006 && leak_line(&res->plan, fn)) {
				/*
				 * A bare `return` in the loop, with nothing
				 * before it that the rewrite turns into
				 * finish_wait(): the leak is the driver's
				 * bug, which no conversion fixes by itself
				 */
				char *ll = leak_lines(&res->plan, fn);

				block(res, fn, xasprintf(
					"%s() returns at %s with a wait entry still queued (WQ006), and so would its rewrite: the function is left as it is; take the entry off the queue and set TASK_RUNNING there by hand, then convert",
					fn, ll));
				free(ll);
				ok = false;
				break;
			}
			if (after > kept && after > count_findings(f0, fn, rule)) {
				/* the original has fewer: the rewrite made them */
				int had = count_findings(f0, fn, rule);

				block(res, fn, xasprintf(
					"the rewritten %s() has %d WQ%03d finding%s, the original %d: the rewrite would add %s",
					fn, after, rule, after == 1 ? "" : "s", had,
					after - had == 1 ? "one" : "them"));
				ok = false;
				break;
			}
			if (after > kept) {
				block(res, fn, xasprintf(
					"the rewritten %s() still has %d WQ%03d finding%s (expected %d)",
					fn, after, rule, after == 1 ? "" : "s", kept));
				ok = false;
				break;
			}
			(void)before;
		}
	}
	if (ok)
		ok = validate(r, res, text, len, &p1);
	for (i = 0; i < p1.nfns; i++)
		if (!find_fn(&res->plan, p1.fns[i].name)) {
			/* a rewrite must not invent or rename functions */
			int j;

			for (j = 0; j < res->plan.nfns; j++)
				if (fn_changed(&res->plan, res->orig, &p1, text,
					       res->plan.fns[j].name))
					block(res, res->plan.fns[j].name, xasprintf(
						"the rewrite changed the file's functions ('%s' appeared)",
						p1.fns[i].name));
			ok = false;
		}
	if (ok) {
		char *decl = NULL;
		unsigned ol = old_queues_left(&res->plan, text, len, &decl);

		if (ol) {
			block_first_changed(res, &p1, text, xasprintf(
				"the file's 2.0-2.2 wait declarations were to be ported with its sleeps, but the rewrite still has '%s' on line %u (no semantic patch the plan ran ported it): 2.0-2.2 queues and entries do not build beside the converted sleeps; port the declarations by hand first",
				decl, ol));
			ok = false;
		}
		free(decl);
	}
	if (ok) {
		uint64_t t0 = now_ns(CLOCK_MONOTONIC);

		new_error = new_cc_error(f0, &f1, text, len);
		step_add(ST_CC, CLOCK_MONOTONIC, t0);
		/* the input misses a header: the errors it causes, in the
		 * input and the result alike, were not counted (the words
		 * of the patch say so: report/fixes/kwords.c) */
		if (!res->cc_missing)
			res->cc_missing = missing_header_of(f0);
	}
	if (ok && new_error) {
		/* the compile check: block the first changed function */
		char *hdr = missing_header_of(f0);

		block_first_changed(res, &p1, text, xasprintf(
			"the result does not compile with the flags the file was checked with (%s)%s%s%s",
			new_error, hdr ? "; clang did not find the header " : "",
			hdr ? hdr : "",
			hdr ? ", which the file includes: the errors that follow from it (the input has them too) are not counted, and flags that find it (after --, where they replace the shim headers, or a compilation database with -p) would check the rest" : ""));
		ok = false;
		free(hdr);
		free(new_error);
	}
out:
	file_release(&f1);
	plan_release(&p1);
	return ok;
}

/* Block every function that differs between two texts. */
static void block_changed(const struct fix_run *r, void *index,
			  struct fix_result *res, const char *a, size_t al,
			  const char *b, size_t bl, const char *why)
{
	struct fix_plan pa = { 0 }, pb = { 0 };
	struct wq_file fa, fb;
	int i;

	analyse(r, index, res->path, a, al, true, &pa, &fa);
	analyse(r, index, res->path, b, bl, true, &pb, &fb);
	for (i = 0; i < pa.nfns; i++)
		if (fn_changed(&pa, a, &pb, b, pa.fns[i].name))
			block(res, pa.fns[i].name, xstrdup(why));
	file_release(&fa);
	file_release(&fb);
	plan_release(&pa);
	plan_release(&pb);
}

/*
 * A WQ002 site planned for a form whose semantic patch matched nothing
 * (its function is unchanged): retry the function in the in-place entry
 * form, which matches any shape the planner accepted.  True when a
 * function was added to res->in_place.
 */
static bool retry_in_place(struct fix_result *res, const char *out, size_t ol)
{
	bool added = false;
	int i, j;

	for (i = 0; i < res->plan.n; i++) {
		const struct fix_site *s = &res->plan.s[i];
		const struct fix_fn *fn;
		bool seen = false;

		if (rule_planner(s->rule) != PLAN_OPEN_CODED ||
		    form_in_place(s->form) ||
		    !(s->outcome == FO_CONVERT || s->outcome == FO_CAVEAT) ||
		    !(fn = find_fn(&res->plan, s->func)))
			continue;
		for (j = 0; j < res->nin_place; j++)
			seen |= !strcmp(res->in_place[j], s->func);
		for (j = 0; j < res->nblocked; j++)
			seen |= !strcmp(res->blocked[j], s->func);
		if (seen || !memmem(out, ol, res->orig + fn->start,
				    fn->end - fn->start))
			continue;
		res->in_place = xrealloc(res->in_place,
					 (res->nin_place + 1) * sizeof(char *));
		res->in_place[res->nin_place++] = xstrdup(s->func);
		added = true;
	}
	return added;
}

/*
 * WQPORT_VALIDATE_AGAINST=REWRITE: a test hook (tools/validate-test.py)
 * that runs the translation validation of the file against a rewrite
 * written by hand, a mutant of what the planner writes, and prints the
 * verdict per changed function instead of fixing.
 */
static bool validate_against(const struct fix_run *r, void *index,
			     struct fix_result *res, const char *other)
{
	struct fix_plan p1 = { 0 };
	struct wq_file f1;
	size_t len;
	char *text = read_regular_file(other, 1 << 24, &len);
	int i;

	if (!text) {
		res->error = xasprintf("%s: cannot read the rewrite", other);
		return true;
	}
	analyse(r, index, res->path, text, len, true, &p1, &f1);
	for (i = 0; i < res->plan.nfns; i++) {
		struct vside o = { res->orig, res->olen, res->plan.fns, res->plan.nfns, res->path, res->plan.kernel };
		struct vside n = { text, len, p1.fns, p1.nfns, NULL, res->plan.kernel };
		const char *fn = res->plan.fns[i].name;
		char *why, *proof = NULL;

		if (!fn_changed(&res->plan, res->orig, &p1, text, fn) ||
		    !find_fn(&p1, fn))
			continue;
		if (getenv("WQPORT_MODEL_AGAINST"))	/* the model alone */
			why = model_check_function(&o, &n, fn, &proof, NULL);
		else
			why = validate_function(&o, &n, fn, r->fo.target, &proof);
		fprintf(stderr, "%s: %s(): %s\n", res->path, fn, why ? why : proof);
		free(why);
		free(proof);
	}
	file_release(&f1);
	plan_release(&p1);
	free(text);
	return true;
}

/*
 * fn's original alone names more wait entries, queues or locks than the
 * translation validation follows (VMAXE, VMAXQ): no rewrite of it can be
 * validated, so it is known before spatch runs (which may take minutes on
 * such a function).
 */
static bool over_validation_limit(const struct fix_result *res,
				  const char *fn)
{
	struct vside o = { res->orig, res->olen, res->plan.fns, res->plan.nfns, res->path, res->plan.kernel };
	struct vval vv;
	struct vfn f;
	char *why = NULL;
	bool over;
	int i, j;

	memset(&vv, 0, sizeof(vv));
	memset(&f, 0, sizeof(f));
	over = vside_load(&vv, &f, &o, fn, 0, &why) && vv.overflow;
	free(why);
	vside_release(&f);
	for (i = 0; i < 4; i++)
		for (j = 0; j < vv.nnames[i]; j++)
			free(vv.names[i][j]);
	return over;
}

/* The limits known before the rewrite, applied before spatch runs */
static void limits_up_front(const struct fix_run *r, struct fix_result *res)
{
	const char *off = getenv("WQPORT_NO_VALIDATE");
	int i, j;

	if (off && *off && strcmp(off, "0"))
		return;		/* no validation: no limit of its */
	for (i = 0; i < res->plan.nfns; i++) {
		const char *fn = res->plan.fns[i].name;

		for (j = 0; j < res->plan.n; j++)
			if (!strcmp(res->plan.s[j].func, fn) &&
			    site_applied(&res->plan.s[j], r->fo.unsafe))
				break;
		if (j == res->plan.n || !over_validation_limit(res, fn))
			continue;
		block(res, fn, xasprintf("unproven: %s() names more wait entries, queues or locks than the validation follows (at most %d entries and %d queues or locks a function; known before the rewrite: spatch was not run on it)",
					 fn, VMAXE, VMAXQ));
	}
}

/*
 * Plan the original again with what the last round learnt: the
 * functions to take the in-place entry form, and those whose
 * wait_event*() form the model refused.
 */
static void replan(const struct fix_run *r, void *index,
		   struct fix_result *res, struct wq_file *f0)
{
	file_release(f0);
	plan_release(&res->plan);
	res->plan.in_place = res->in_place;
	res->plan.nin_place = res->nin_place;
	res->plan.model_refused = res->mref;
	res->plan.model_why = res->mwhy;
	res->plan.nmodel_refused = res->nmref;
	analyse(r, index, res->path, res->orig, res->olen, true, &res->plan, f0);
}

void fix_file(const struct fix_run *r, void *index, struct fix_result *res)
{
	struct wq_file f0;
	char *err = NULL;
	int round;
	bool settled = false;

	memset(&f0, 0, sizeof(f0));
	f0.path = res->path;
	if (!fix_read(res, &f0))	/* keeps what write.c checks */
		return;
	check_buffer(&f0, &r->opt, index);	/* rejects bad input */
	if (f0.error) {
		res->error = f0.error;
		f0.error = NULL;
		file_release(&f0);
		return;
	}
	if (f0.skipped) {
		file_release(&f0);
		return;
	}
	res->orig = f0.buf;
	res->olen = f0.len;
	f0.buf = NULL;
	file_release(&f0);
	res->plan.unsafe = r->fo.unsafe;
	res->plan.no_keep_race = r->fo.no_keep_race;
	res->plan.target = r->fo.target;
	analyse(r, index, res->path, res->orig, res->olen, true, &res->plan, &f0);
	if (f0.warning && !res->warning)
		res->warning = xstrdup(f0.warning);
	if (getenv("WQPORT_VALIDATE_AGAINST") &&
	    validate_against(r, index, res, getenv("WQPORT_VALIDATE_AGAINST"))) {
		file_release(&f0);
		plan_release(&res->plan);
		memset(&res->plan, 0, sizeof(res->plan));
		return;
	}
	if (!res->plan.n) {
		file_release(&f0);
		return;
	}
	if (res->ncrlf && res->nlf) {
		/* which ending would a new line get? */
		res->error = xasprintf("mixed line endings (%u lines end in CRLF, %u in LF): not converted; give the file one convention first",
				       res->ncrlf, res->nlf);
		file_release(&f0);
		return;
	}
	limits_up_front(r, res);
	for (round = 0; round <= res->plan.nfns + 1 && !settled; round++) {
		char *out = NULL, *again = NULL;
		size_t ol, al;

		free(res->final);
		res->final = NULL;
		while (res->nretested)
			free(res->retested[--res->nretested]);
		while (res->nnoretest) {
			res->nnoretest--;
			free(res->noretest[res->nnoretest]);
			free(res->noretest_why[res->nnoretest]);
		}
		if (transform(r, index, res->path, res->orig, res->olen,
			      res->blocked, res->nblocked, res->in_place,
			      res->nin_place, &out, &ol, &err, res, res)) {
			if (block_named(res, err))
				continue;	/* the others, without it */
			res->error = err;
			settled = true;
			break;
		}
		res->final = out;
		res->flen = ol;
		if (retry_in_place(res, out, ol)) {
			/* plan again, those functions in the entry form */
			replan(r, index, res, &f0);
			continue;
		}
		if (ol == res->olen && !memcmp(out, res->orig, ol)) {
			settled = true;
			break;
		}
		if (!verify(r, index, res, &f0, out, ol)) {
			if (res->mretry) {
				/* plan again, those functions without the
				 * wait_event*() form the model refused */
				res->mretry = false;
				replan(r, index, res, &f0);
			}
			continue;
		}
		/* idempotence: the whole fix again changes nothing */
		if (transform(r, index, res->path, out, ol, res->blocked,
			      res->nblocked, res->in_place, res->nin_place,
			      &again, &al, &err, NULL, res)) {
			/* not written: each site says why (outcome.c) */
			res->error = err;
			free(res->final);
			res->final = NULL;
			settled = true;
			break;
		}
		if (al != ol || memcmp(again, out, ol)) {
			block_changed(r, index, res, out, ol, again, al,
				      "not idempotent: fixing the result again changes it");
			free(again);
			continue;
		}
		free(again);
		settled = true;
	}
	if (!settled) {
		/* every round blocked something and the last result still
		 * failed its checks: nothing unverified is written */
		int i;

		free(res->final);
		res->final = NULL;
		for (i = 0; i < res->plan.nfns; i++)
			if (has_site(&res->plan, res->plan.fns[i].name))
				block(res, res->plan.fns[i].name, xasprintf(
					"the rewrite still failed its checks after %d rounds, each blocking one more function",
					round));
	}
	file_release(&f0);
	fixout_outcomes(res, r->fo.unsafe);
}
