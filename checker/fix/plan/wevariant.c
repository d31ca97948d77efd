// SPDX-License-Identifier: GPL-2.0-only
/*
 * The last word on a wait_event*() form before the planner keeps it:
 * the context of the sleep may forbid the form the shape asked for.
 *
 *	static int zs_open(struct tty_struct *tty, struct file *filp)
 *	{
 *		...
 *		if (info->closing)
 *			interruptible_sleep_on(&info->close_wait);
 *
 * A tty open or close callback runs with the tty lock held (kapi.def
 * K_LOCKED_CALLBACK rows): wait_event_interruptible() there sleeps
 * holding it, and the hang-up that would end the wait needs it.  The
 * maintainers' form was wait_event_interruptible_tty(), which drops the
 * lock around the sleep; where the target has no such form, the
 * faithful form stays (it sleeps as the old code did), with the reason.
 *
 * The model check generated from the file (fix/modelcheck/vmodel.c) has the last
 * word: a function whose wait_event*() rewrite it finds adding a lost
 * wake-up, a hang or a lost timeout is planned again (cmd/fix_cmd.c) with
 * the form refused here, with its trace; sleep_on() sites then keep the
 * faithful form (ptw.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "fix.h"
#include "site.h"
#include "site_text.h"

/*
 * The K_LOCKED_CALLBACK ("struct.member") that func is, or is called
 * from one level up (*via: that caller, to free; else NULL), or NULL.
 */
const char *tty_locked_callback(const struct site_ctx *sc, const char *func,
				char **via)
{
	return text_locked_callback(sc->buf, sc->len, func, via);
}

/* Does the call at off (its name's end) name fn among its arguments? */
static bool call_names(const char *buf, size_t len, unsigned off,
		       const char *fn)
{
	unsigned i = off, a;
	int depth = 0;
	size_t n = strlen(fn);

	while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	if (i >= len || buf[i] != '(')
		return false;
	for (a = i + 1; i < len; i++) {
		if (buf[i] == '(')
			depth++;
		else if (buf[i] == ')' && --depth)
			continue;
		if ((buf[i] == ',' && depth == 1) || (buf[i] == ')' && !depth)) {
			unsigned s = a, e = i;

			while (s < e && (buf[s] == ' ' || buf[s] == '&'))
				s++;
			while (e > s && buf[e - 1] == ' ')
				e--;
			if (e - s == n && !strncmp(buf + s, fn, n))
				return true;
			a = i + 1;
		}
		if (buf[i] == ')' && !depth)
			break;
	}
	return false;
}

/* Is fn handed to a K_ATOMIC_START call of the file?  Its name, or NULL. */
static const char *atomic_start_of(const struct site_ctx *sc, const char *fn)
{
	size_t nk, i;
	const struct kapi *k = kapi_table(&nk);

	for (i = 0; i < nk; i++) {
		long at = 0;

		if (k[i].kind != K_ATOMIC_START)
			continue;
		while ((at = text_find_word(sc->buf, at, sc->len, k[i].name)) >= 0) {
			at += strlen(k[i].name);
			if (call_names(sc->buf, sc->len, at, fn))
				return k[i].name;
		}
	}
	return NULL;
}

/*
 * The function whose kernel caller holds a spinlock with interrupts
 * off (kapi.def K_ATOMIC_START: a block request function) that func is,
 * or is called from one level up; *via the K_ATOMIC_START call.
 */
char *atomic_caller(const struct site_ctx *sc, const char *func,
		    const char **via)
{
	long at = 0;

	if ((*via = atomic_start_of(sc, func)))
		return xstrdup(func);
	while ((at = text_find_word(sc->buf, at, sc->len, func)) >= 0) {
		unsigned from, to, e = at + strlen(func);
		const char *cn;
		size_t cnn;
		char *caller;

		at = e;
		while (e < sc->len && (sc->buf[e] == ' ' || sc->buf[e] == '\t'))
			e++;
		if (e >= sc->len || sc->buf[e] != '(' ||
		    !text_enclosing_function(sc->buf, sc->len, at, &from, &to,
					     &cn, &cnn) || (unsigned)at < from)
			continue;
		caller = xasprintf("%.*s", (int)cnn, cn);
		if (strcmp(caller, func) && (*via = atomic_start_of(sc, caller)))
			return caller;
		free(caller);
	}
	return NULL;
}

bool wait_event_gate(const struct site_ctx *sc, struct fix_site *s,
		     const struct cond_proof *pr, const struct fix_plan *p)
{
	unsigned target = p->target ? p->target : WQ_DEFAULT_TARGET;
	const char *cb;
	char *via = NULL;
	int i;

	(void)pr;
	if (!form_is(s->form, KF_EVENT) ||
	    s->outcome == FO_REFUSE || s->outcome == FO_COVERED)
		return true;
	/* the generated model check refused this form here (cmd/fix_cmd.c) */
	for (i = 0; i < p->nmodel_refused; i++) {
		if (strcmp(p->model_refused[i], s->func))
			continue;
		free(s->note);
		s->outcome = FO_REFUSE;
		s->reason = "model";
		s->note = xasprintf("%s() was refused by the model check generated from the file: %s",
				    s->form, p->model_why[i]);
		s->form = NULL;
		free(s->cond);
		s->cond = NULL;
		return false;
	}
	cb = tty_locked_callback(sc, s->func, &via);
	/* the tty lock in open/close, and the form that drops it, by
	 * release: target-facts.def, target.def */
	if (cb && (!target ||
		   target_has_fact(target, TF_TTY_LOCKED_CALLBACKS))) {
		/* the tree's own tty.h when known, else the target's row */
		char *whose = NULL, *tv, *on;
		enum kh_have tty = api_claim(p->kernel, p->kinc, target,
					     "wait_event_interruptible_tty",
					     &whose);
		unsigned ver = p->kernel ? p->kernel : target;
		unsigned since = target_api_since("wait_event_interruptible_tty");
		/* by the tables, before the 3.7 form: an earlier form without
		 * the tty argument is not in them (target.def's notes) */
		bool older = tty == KH_NO && strncmp(whose, "this tree", 9) &&
			     ver && since && ver < since;
		char *then = older ? xasprintf(
			", and %s is older than wait_event_interruptible_tty(tty, ...), the 3.7 form that drops it (an earlier form without the tty argument is not in wqport's tables): drop the lock around the sleep by hand, or use tty_port_block_til_ready()",
			whose) : tty == KH_YES ? xasprintf(
			"; the form that drops it is wait_event_interruptible_tty(tty, ...), which %s has and wqport does not write: convert by hand",
			whose) : tty == KH_NO ? xasprintf(
			", and %s has no wait_event_interruptible_tty() that drops it: drop the lock around the sleep by hand, or use tty_port_block_til_ready()",
			whose) : xasprintf(
			"; whether %s has wait_event_interruptible_tty(), which drops it, is not known: drop the lock around the sleep by hand, or use tty_port_block_til_ready()",
			whose);

		free(s->note);
		s->outcome = FO_REFUSE;
		s->reason = "tty-lock";
		/* a helper: the callback is its caller, not itself */
		/* the target's tty lock: on the code's own old kernel it may
		 * be the big kernel lock, which the model speaks of */
		tv = target ? kernel_version_text(target) : NULL;
		on = tv ? xasprintf("on Linux %s (the target)", tv) :
		     xstrdup("on the target");
		s->note = via ? xasprintf(
			"%s() is called from %s(), a %s callback, which runs with the tty lock held %s: %s() would sleep holding it%s",
			s->func, via, cb, on, s->form, then) : xasprintf(
			"%s() is a %s callback, which runs with the tty lock held %s: %s() would sleep holding it%s",
			s->func, cb, on, s->form, then);
		free(tv);
		free(on);
		free(then);
		free(whose);
		s->form = NULL;
		free(s->cond);
		s->cond = NULL;
		free(via);
		return false;
	}
	free(via);
	return true;
}
