// SPDX-License-Identifier: GPL-2.0-only
/*
 * Plan the fixes: for every finding the checker made, look at the code
 * around it and decide what a careful maintainer would do.
 *
 *	while (!dev->ready) {
 *		interruptible_sleep_on(&dev->wq);
 *		if (signal_pending(current))
 *			return -EINTR;
 *	}
 *
 * becomes `if (wait_event_interruptible(dev->wq, dev->ready)) return
 * -EINTR;`: convert.  The same loop without the signal test would spin
 * on a pending signal before and return early after: unsafe, done only
 * with --unsafe.  `t = interruptible_sleep_on_timeout(&q, t)` with an
 * unsigned t: refused, -ERESTARTSYS would read as time left.
 *
 * What the semantic patches cannot know is decided here from the AST:
 * the shape of the enclosing loop or if, what the loop body does besides
 * sleeping, the lock dropped around the sleep, interrupts turned off
 * before it, the type of a timeout's receiver, side effects in the
 * condition, and where the condition comes from when there is no loop
 * (a flag set before the sleep and tested after, or the fields the
 * wakers write before wake_up()).  The shape facts live in site.c.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "ast.h"
#include "analysis.h"
#include "fix.h"
#include "entry.h"
#include "condproof.h"
#include "ptw.h"
#include "site.h"
#include "site_text.h"

const char *outcome_name(enum fix_outcome o)
{
	static const char *const names[] = {
		"converted", "converted with caveat", "unsafe", "refused",
		"covered", "converted, keeps the race",
	};

	return names[o];
}

bool site_applied(const struct fix_site *s, bool unsafe)
{
	return s->outcome == FO_CONVERT || s->outcome == FO_CAVEAT ||
	       s->outcome == FO_COVERED || s->outcome == FO_KEEP ||
	       (s->outcome == FO_UNSAFE && unsafe);
}

static struct fix_site *new_site(struct fix_plan *p, const struct wq_finding *fd,
				 const struct site_ctx *sc)
{
	struct fix_site *s;
	int i;

	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 8;
		p->s = xrealloc(p->s, p->cap * sizeof(*p->s));
	}
	s = &p->s[p->n++];
	memset(s, 0, sizeof(*s));
	s->rule = fd->rule;
	s->pos = fd->pos;
	s->func = xstrdup(fd->func ? fd->func : "");
	s->anchor = xstrdup(sc && sc->anchor ? sc->anchor : "");
	s->notes = xrealloc(NULL, (fd->nnotes + 1) * sizeof(*s->notes));
	for (i = 0; i < fd->nnotes; i++) {
		s->notes[i] = fd->notes[i];
		s->notes[i].msg = xstrdup(fd->notes[i].msg);
		s->notes[i].file = fd->notes[i].file ?
				   xstrdup(fd->notes[i].file) : NULL;
	}
	s->nnotes = fd->nnotes;
	if (sc) {
		s->fn_first = sc->fn_first;
		s->fn_last = sc->fn_last;
	}
	return s;
}

static void refuse(struct fix_site *s, const char *reason, char *why)
{
	s->outcome = FO_REFUSE;
	s->reason = reason;
	s->note = why;
}

static void unsafe(struct fix_site *s, const char *form, char *why)
{
	s->outcome = FO_UNSAFE;
	s->reason = "unsafe";
	s->form = form;
	s->note = why;
}

/* The condition is one a wait_event*() may evaluate many times. */
static bool condition_ok(struct fix_site *s, const struct site_ctx *sc,
			 const char *cond)
{
	const char *why;

	if (!cond || !*cond) {
		refuse(s, "no-condition", xstrdup("no condition to wait for"));
		return false;
	}
	if ((why = cond_side_effect(cond))) {
		refuse(s, "side-effect", xasprintf(
			"the condition '%s' has side effects (%s); wait_event*() evaluates it many times",
			cond, why));
		return false;
	}
	if (strstr(cond, "waitqueue_active")) {
		refuse(s, "waitqueue-active", xasprintf(
			"waitqueue_active() in the guard '%s' tests the queue, not a condition",
			cond));
		return false;
	}
	if (cond_constant(cond)) {
		refuse(s, "constant-condition", xasprintf(
			"the condition '%s' is constant", cond));
		return false;
	}
	if (cond_only_locals(sc, cond)) {
		refuse(s, "local-condition", xasprintf(
			"the condition '%s' reads only locals that no waker can change (a copy of shared state?); set the task state before the copy is taken, by hand",
			cond));
		return false;
	}
	return true;
}

/* The row of the sleep_on() call api (kapi.def), sleep_on()'s if none. */
static const struct sleep_on_fact *sleep_on_of(const char *api)
{
	const struct sleep_on_fact *f = sleep_on_lookup(api, strlen(api));
	size_t n;

	return f ? f : sleep_on_table(&n);
}

static const char *sleep_on_form(const char *api, bool timeout_ok)
{
	const struct sleep_on_fact *f = sleep_on_of(api);

	return sleep_on_wait_event(f->intr, f->timed && timeout_ok);
}

static const char *delay_form(const char *api)
{
	return sleep_on_of(api)->nap;
}

/*
 * A condition proven against every waker of the queue in the file
 * (fix/prove/proof.c): wait_event*() with it, by default.  The old call
 * returned on any wake-up, the new one when the condition holds, which
 * every waker here makes true before it wakes.
 */
/*
 * Does the function test for a signal after the sleep, or read again a
 * member the condition reads (`if (!dev->done) return -EIO;`)?  Else
 * the -ERESTARTSYS of wait_event_interruptible() is dropped with the
 * code going on as if the condition held (WQ010 would say so).
 */
static bool signal_tested_after(const struct site_ctx *sc, const char *cond)
{
	char *after = span_text(sc, sc->anchor_off, sc->fn_end);
	const char *semi = strchr(after, ';'), *p;
	bool t = find_word(after, "signal_pending") != NULL;
	size_t best = 0, at = 0, i = 0;

	/*
	 * as WQ010 reads it (rules/check_wait_event_result_ignored.c
	 * retested()): the condition's longest name, `dev->done` or
	 * `ASYNC_CLOSING`, again in the next 300 characters
	 */
	while (!t && semi && cond[i]) {
		size_t j = i;

		while (cond[j] && (is_ident(cond[j]) || cond[j] == '.' ||
				   (cond[j] == '-' && cond[j + 1] == '>') ||
				   (cond[j] == '>' && j > i && cond[j - 1] == '-')))
			j++;
		if (j - i > best) {
			best = j - i;
			at = i;
		}
		i = j > i ? j : i + 1;
	}
	if (!t && semi && best >= 3) {
		char *name = xasprintf("%.*s", (int)best, cond + at);
		size_t lim = strlen(semi) < 300 ? strlen(semi) : 300;

		p = semi;
		while ((p = strstr(p, name)) && (size_t)(p - semi) < lim) {
			if ((p == semi || !is_ident(p[-1])) && !is_ident(p[best])) {
				t = true;
				break;
			}
			p++;
		}
		free(name);
	}
	free(after);
	return t;
}

static void proven(struct fix_site *s, const struct site_ctx *sc,
		   struct cond_proof *pr, const struct loop_shape *ls)
{
	bool intr = !strncmp(s->anchor, "interruptible", 13);

	s->form = sleep_on_form(s->anchor, true);
	if (ls->receiver && ls->receiver_unsigned && intr &&
	    strstr(s->anchor, "timeout")) {
		refuse(s, "unsigned-timeout", xasprintf(
			"the condition '%s' is proven, but the timeout variable '%s' is unsigned: -ERESTARTSYS from %s() would read as a huge remaining time",
			pr->cond, ls->receiver, s->form));
		s->form = NULL;
		cond_proof_free(pr);
		return;
	}
	if (intr && !ls->receiver && !ls->result_zero_test &&
	    !signal_tested_after(sc, pr->cond)) {
		/* WQ010: the -ERESTARTSYS would be dropped */
		unsafe(s, s->form, xasprintf(
			"the condition '%s' is proven (%s), but nothing after the sleep tests for a signal: %s()'s -ERESTARTSYS would be discarded and the code would go on as if '%s' held",
			pr->cond, pr->wakers, s->form, pr->cond));
		s->cond = pr->cond;
		pr->cond = NULL;
		cond_proof_free(pr);
		return;
	}
	s->outcome = FO_CAVEAT;
	s->cond = pr->cond;
	pr->cond = NULL;
	s->note = xasprintf(
		"the condition '%s' is false at the sleep and %s make%s it true before every wake-up of the queue (proven); %s() waits for it where the old call returned on any wake-up%s%s%s%s%s",
		s->cond, pr->wakers, strstr(pr->wakers, " and ") ? "" : "s",
		s->form, ls->receiver ? "; '" : "", ls->receiver ? ls->receiver : "",
		ls->receiver ? "' now gets 0 on timeout, the jiffies left but at least 1 when the condition held" : "",
		ls->receiver && intr ? ", and -ERESTARTSYS on a signal (it got the jiffies left): check its users" :
		ls->receiver ? ": check its users" : "",
		!ls->receiver && ls->result_zero_test ? (intr ?
		"; the result is tested only against 0, which it is on a timeout with the condition false, as the old call's was (a signal: -ERESTARTSYS, nonzero as the jiffies left were)" :
		"; the result is tested only against 0, which it is on a timeout with the condition false, as the old call's was") : "");
	cond_proof_free(pr);
}

static bool same_text(const char *a, const char *b)
{
	char *x = cp_norm(a), *y = cp_norm(b);
	bool same = !strcmp(x, y);

	free(x);
	free(y);
	return same;
}

/* The note of a condition the proof did not accept. */
static char *unproven_text(const struct fix_site *s, const struct cond_proof *pr)
{
	return xasprintf("no condition proven for the sleep in %s() (%s: %s)",
			 s->func, proof_step_name(pr->step), pr->why);
}

/* A sleep with no loop or if around it: find the condition elsewhere. */
static void plan_one_shot(struct fix_site *s, const struct site_ctx *sc,
			  struct loop_shape *ls)
{
	bool timeout = strstr(s->anchor, "timeout") != NULL;
	struct cond_proof pr;

	if (timeout && !sc->queue_woken) {
		/*
		 * nothing wakes the queue: it was always a plain delay, and
		 * schedule_timeout_*() returns the remaining jiffies as the
		 * old call did, so a used result keeps its meaning
		 */
		s->outcome = FO_CONVERT;
		s->form = delay_form(s->anchor);
		return;
	}
	if (timeout && ls->result_used && !ls->result_zero_test) {
		refuse(s, "result-used", xasprintf(
			"the remaining-jiffies result of %s() is used in '%s'; wait_event*_timeout() returns something else, and no wait_event*() applies without a condition",
			s->anchor, ls->stmt_text));
		return;
	}
	cond_prove(sc, ls->block_guard, s->func, &pr);
	if (pr.step == PS_OK) {
		proven(s, sc, &pr, ls);
		return;
	}
	if (timeout && ls->result_used) {
		/* tested against 0, but no condition: the jiffies left */
		refuse(s, "result-used", xasprintf(
			"the remaining-jiffies result of %s() is tested in '%s', which wait_event*_timeout() would answer the same way, but %s",
			s->anchor, ls->stmt_text, unproven_text(s, &pr)));
		cond_proof_free(&pr);
		return;
	}
	/*
	 * no waker to prove it against: the guard of the block around the
	 * sleep is no assumption --unsafe makes (issue 39 adds it as a
	 * candidate for proofs only)
	 */
	if (pr.step == PS_NO_WAKER && pr.cond &&
	    !(ls->block_guard && same_text(pr.cond, ls->block_guard))) {
		unsafe(s, sleep_on_form(s->anchor, true), xasprintf(
			"one-shot sleep: the condition '%s' is false at the sleep, but %s; assumed (not proven) that a waker elsewhere makes it true: wait_event*() waits until it holds where the old call returned on any wake-up",
			pr.cond, pr.why));
		s->reason = "no-condition";
		s->cond = pr.cond;
		pr.cond = NULL;
		cond_proof_free(&pr);
		return;
	}
	/* ptw.c keeps the one-shot sleep, and its race, where it can */
	refuse(s, "no-condition", unproven_text(s, &pr));
	cond_proof_free(&pr);
}

/*
 * The loop keeps interrupts off but around the sleep: wait_event_cmd()
 * says that where the kernel has it (the tree's own headers when known,
 * else the target's row: analysis/kheaders.c), and only there.
 */
static char *irqs_cmd_words(const struct site_ctx *sc)
{
	const struct fix_plan *p = sc->plan;
	char *whose = NULL, *s;
	enum kh_have h = p ? api_claim(p->kernel, p->kinc, p->target,
				       "wait_event_cmd", &whose) :
			     KH_UNKNOWN;

	s = xasprintf("interrupts are off except around the sleep: the test runs with them disabled; %s%s%s, convert by hand",
		      h == KH_YES ? "wait_event_cmd() can say that (" :
		      h == KH_NO ? "no wait_event_cmd() can say that in " :
		      "wait_event_cmd(), where the kernel has it, can say that; whether ",
		      whose ? whose : "the kernel",
		      h == KH_YES ? " has it)" : h == KH_NO ? "" :
		      " has it is not known");
	free(whose);
	return s;
}

/*
 * `while (s->dma.count <= 0) { ...; sleep_on(&s->dma.wait); }`: the
 * loop does other work, so it stays; its test, which just found the
 * condition false, is the fact the proof starts from, and the sleep
 * alone becomes wait_event*() in place when every waker makes the
 * negated test true and nothing between the test and the sleep does.
 */
static bool loop_test_proven(struct fix_site *s, const struct site_ctx *sc,
			     const struct loop_shape *ls)
{
	/* the locks kapi.def's KAPI_IRQ rows (read below) do not list */
	static const char *const locks[] = {
		"spin_lock", "spin_lock_bh", "read_lock_irq",
		"read_lock_irqsave", "write_lock_irq", "write_lock_irqsave",
		NULL
	};
	const struct kapi_irq *irq;
	struct cond_proof pr;
	size_t i, nirq;

	/*
	 * a lock taken or interrupts turned off anywhere before the sleep
	 * (released on an exit path only, as held_lock_before() cannot
	 * tell): keep the faithful form and the validation's own reason
	 */
	for (i = 0; locks[i]; i++)
		if (text_find_word(sc->buf, sc->fn_start, sc->anchor_off,
				   locks[i]) >= 0)
			return false;
	irq = kapi_irq_table(&nirq);
	for (i = 0; i < nirq; i++)
		if ((!strcmp(irq[i].effect, "off") ||
		     !strcmp(irq[i].effect, "lock_off") ||
		     !strcmp(irq[i].effect, "lock_save")) &&
		    text_find_word(sc->buf, sc->fn_start, sc->anchor_off,
				   irq[i].name) >= 0)
			return false;

	/*
	 * interrupts off or a spinlock held at the sleep: wait_event*()
	 * would come back with interrupts on (the validation says so);
	 * the faithful form keeps the refusal's own reason
	 */
	if ((ls->kind != SH_WHILE && ls->kind != SH_FOR) || !ls->cond ||
	    ls->const_guard || ls->sig_head || ls->receiver ||
	    sc->irqs_off || sc->held_lock || cond_side_effect(ls->cond))
		return false;
	cond_prove(sc, ls->cond, s->func, &pr);
	if (pr.step != PS_OK || !same_text(pr.cond, ls->cond)) {
		cond_proof_free(&pr);
		return false;
	}
	proven(s, sc, &pr, ls);
	return true;
}

static void plan_sleep_on_in(struct fix_site *s, const struct site_ctx *sc,
			     struct loop_shape *ls)
{
	bool intr = !strncmp(s->anchor, "interruptible", 13);
	bool timeout = strstr(s->anchor, "timeout") != NULL;
	struct cond_proof pr;

	if (ls->kind == SH_DO) {
		refuse(s, "do-while", xstrdup(
			"the old loop sleeps once before the first test; wait_event*() would skip that sleep"));
		return;
	}
	if (ls->irqrestore) {
		refuse(s, "irqrestore-lock", xasprintf(
			"the lock is dropped with spin_unlock_irqrestore() around the sleep; no wait_event*() form retakes it that way"));
		return;
	}
	if (ls->irq_toggle) {
		refuse(s, "irqs-off", irqs_cmd_words(sc));
		return;
	}
	if (ls->kind == SH_NONE || ls->kind == SH_OTHER) {
		plan_one_shot(s, sc, ls);
		return;
	}
	if (ls->kind == SH_IF) {
		if (timeout && ls->result_used) {
			refuse(s, "result-used", xasprintf(
				"the remaining-jiffies result of %s() is used", s->anchor));
			return;
		}
		if (!condition_ok(s, sc, ls->cond))
			return;
		cond_prove(sc, ls->cond, s->func, &pr);
		if (pr.step == PS_OK && same_text(pr.cond, ls->cond)) {
			proven(s, sc, &pr, ls);
			return;
		}
		if (pr.step == PS_NO_WAKER) {
			unsafe(s, sleep_on_form(s->anchor, true), xasprintf(
				"the sleep under 'if' happened at most once; %s() waits until '%s' holds (assumed, not proven: %s)",
				sleep_on_form(s->anchor, true), ls->cond, pr.why));
			cond_proof_free(&pr);
			return;
		}
		if (pr.step == PS_OK) {
			pr.step = PS_STALE_LOCAL;
			free(pr.why);
			pr.why = xasprintf("the guard '%s' reads a local copy of '%s'",
					   ls->cond, pr.cond);
		}
		refuse(s, "unproven-condition", unproven_text(s, &pr));
		cond_proof_free(&pr);
		return;
	}
	/* a loop: while (!c), for (;;) { if (c) break; } */
	if (timeout && !ls->timeout_loop && ls->sleep_first && ls->cond &&
	    sc->queue_woken && !ls->result_used) {
		/*
		 * for (;;) { sleep(&q, T); if (c) break; work; }: the sleep
		 * paces a loop that tests c only after it (a kernel thread
		 * between pings); in place, with c, it keeps the pace
		 */
		if (!condition_ok(s, sc, ls->cond))
			return;
		cond_prove(sc, ls->cond, s->func, &pr);
		if (pr.step != PS_OK && pr.step != PS_NO_WAKER) {
			refuse(s, "unproven-condition", unproven_text(s, &pr));
			cond_proof_free(&pr);
			return;
		}
		unsafe(s, sleep_on_form(s->anchor, true), xasprintf(
			"the sleep paces a loop that tests '%s' only after it; %s() in its place returns early only when that holds, where the old call returned on any wake-up%s%s%s",
			ls->cond, sleep_on_form(s->anchor, true),
			pr.step == PS_OK ? "; every waker here makes it true: " : " (assumed: ",
			pr.step == PS_OK ? pr.wakers : pr.why,
			pr.step == PS_OK ? "" : ")"));
		s->cond = xstrdup(ls->cond);
		cond_proof_free(&pr);
		return;
	}
	if (timeout && !ls->timeout_loop) {
		/*
		 * `while (!ack && retry--) { sleep(&q, HZ / 2); ...;
		 * resend(); }`: the queue is woken with the flag set, so the
		 * timeout is no poll; what stops a rewrite is the work each
		 * pass does after it (a kernel thread's loop on
		 * kthread_should_stop() is a pacing poll, below)
		 */
		if (sc->queue_woken && ls->other && ls->cond &&
		    !strstr(ls->cond, "kthread_should_stop")) {
			refuse(s, "work-in-loop", xasprintf(
				"the loop does other work besides sleeping ('%s'), after each timed sleep",
				ls->other));
			return;
		}
		/*
		 * nothing wakes the queue: a plain delay, whose remaining
		 * jiffies schedule_timeout_*() returns as the old call did,
		 * so a used result (`if (sleep(&q, 1)) return -EINTR;`)
		 * keeps its meaning
		 */
		if (sc->queue_woken) {
			refuse(s, "polling-timeout", xasprintf(
				"the timeout of %s() is a polling interval in a loop on '%s'; converting it to wait_event*() could hang if the condition changes without a wake-up",
				s->anchor, ls->cond ? ls->cond : "?"));
			return;
		}
		s->outcome = FO_CONVERT;
		s->form = delay_form(s->anchor);
		return;
	}
	if (ls->other && !ls->lock && !timeout && loop_test_proven(s, sc, ls))
		return;
	if (ls->other && (!strncmp(ls->other, "spin_unlock(", 12) ||
			  !strncmp(ls->other, "spin_lock(", 10))) {
		/*
		 * A plain spinlock dropped around the sleep: the _lock_irq
		 * forms retake it with interrupts off, and the plain
		 * spin_unlock() after the loop would leave them off
		 */
		refuse(s, "work-in-loop", xasprintf(
			"the loop drops a plain spinlock around the sleep ('%s'); no wait_event*() form drops and retakes it so (the _lock_irq forms retake it with interrupts off, which the spin_unlock() after the loop would not undo): convert by hand",
			ls->other));
		return;
	}
	if (ls->other || (ls->exit_ifs && (ls->timeout_loop || ls->lock))) {
		refuse(s, "work-in-loop", xasprintf(
			"the loop does other work besides sleeping ('%s')",
			ls->other ? ls->other : "an early exit"));
		return;
	}
	/*
	 * `if (nonblock) return -EAGAIN;` before the sleep: the loop stays,
	 * and only the sleep (and its signal exit) becomes wait_event*(),
	 * which cannot miss the wake-up and returns with the condition true.
	 */
	s->keep_loop = ls->exit_ifs > 0;
	if (!ls->cond && ls->const_guard) {
		refuse(s, "constant-condition", xstrdup(
			"the loop's test is constant and nothing in it ends the loop: there is no condition to wait for"));
		return;
	}
	if (!condition_ok(s, sc, ls->cond))
		return;
	if (ls->timeout_loop && ls->lock) {
		/*
		 * `while (!c && t) { spin_unlock_irq(&l); t = sleep(&q, t);
		 * spin_lock_irq(&l); }`: wait_event_timeout() would sleep
		 * holding the lock; the form that drops it is a _lock_irq
		 * _timeout one, which the rewrite does not write
		 */
		refuse(s, "work-in-loop", xasprintf(
			"the timed loop drops the spinlock '%s' around the sleep (spin_unlock_irq()/spin_lock_irq()); %s() would sleep holding it, and the _lock_irq_timeout form that drops it is not written here: convert by hand",
			ls->lock, sleep_on_form(s->anchor, true)));
		return;
	}
	if (ls->timeout_loop) {
		if (ls->receiver_unsigned) {
			refuse(s, "unsigned-timeout", xasprintf(
				"the timeout variable '%s' is unsigned: -ERESTARTSYS from wait_event_interruptible_timeout() would read as a huge remaining time",
				ls->receiver));
			return;
		}
		s->outcome = FO_CAVEAT;
		s->form = sleep_on_form(s->anchor, true);
		s->note = xasprintf(
			"'%s' now gets 0 on timeout, the jiffies left but at least 1 when the condition held%s; check its users",
			ls->receiver, intr ? ", and -ERESTARTSYS on a signal (it got the jiffies left)" : "");
		return;
	}
	if (ls->lock) {
		s->lock = xstrdup(ls->lock);
		s->form = intr ? "wait_event_interruptible_lock_irq" :
				 "wait_event_lock_irq";
	} else {
		s->form = sleep_on_form(s->anchor, false);
	}
	if (ls->sig_head && !ls->signal_exit) {
		refuse(s, "no-patch", xasprintf(
			"the loop's head tests signal_pending(current) and no 'if (signal_pending(current))' exit follows the loop; no semantic patch matches that: convert by hand to %s(), whose result says a signal ended the wait",
			s->form));
		return;
	}
	if (ls->sig_head && (ls->lock || ls->exit_ifs)) {
		refuse(s, "no-patch", xstrdup(
			"the loop's head tests signal_pending(current), and the loop also drops a lock or has early exits; no semantic patch matches that: convert by hand"));
		return;
	}
	if (intr && !ls->signal_exit) {
		unsafe(s, s->form, xasprintf(
			"the loop ignores signals (it spun while one was pending); %s() returns -ERESTARTSYS with '%s' false",
			s->form, ls->cond));
		return;
	}
	s->outcome = FO_CONVERT;
}

/*
 * `do { ... } while (1)` reads as for (;;) to the planner, so a site in
 * one gets the reasons a for (;;) would; but SmPL cannot match a
 * do-while at all, so one that would convert is refused by name.
 */
static void refuse_do_forever(struct fix_site *s, const struct loop_shape *ls)
{
	if (!ls->do_forever || s->outcome == FO_REFUSE ||
	    s->outcome == FO_COVERED)
		return;
	free(s->note);
	s->form = NULL;
	refuse(s, "no-patch", xstrdup(
		"the wait loop is written 'do { ... } while (1)'; no semantic patch matches a do-while: rewrite it as for (;;) first, or convert by hand"));
}

/* The loop's strings are the planner's to free, whichever way it went. */
static void plan_sleep_on(struct fix_site *s, const struct site_ctx *sc)
{
	struct loop_shape ls;

	shape_of(sc, &ls);
	plan_sleep_on_in(s, sc, &ls);
	refuse_do_forever(s, &ls);
	shape_release(&ls);
}

static const char *const event_forms[] = {
	"wait_event", "wait_event_timeout", "wait_event_interruptible",
	"wait_event_interruptible_timeout", "wait_event_interruptible_exclusive",
	"wait_event_killable", "wait_event_killable_timeout",
	"wait_event_killable_exclusive", "wait_event_lock_irq",
	"wait_event_lock_irq_timeout", "wait_event_interruptible_lock_irq",
	"wait_event_interruptible_lock_irq_timeout", NULL
};

/* The wait_event*() that says what the loop does, if 6.1 has one. */
static const char *event_form(const struct loop_shape *ls, bool excl)
{
	static char buf[96];
	int i;

	snprintf(buf, sizeof(buf), "wait_event%s%s%s%s",
		 ls->state == ST_INTR ? "_interruptible" :
		 ls->state == ST_KILL ? "_killable" : "",
		 excl ? "_exclusive" : "", ls->lock ? "_lock_irq" : "",
		 ls->timeout_loop ? "_timeout" : "");
	for (i = 0; event_forms[i]; i++)
		if (!strcmp(buf, event_forms[i]))
			return event_forms[i];
	return NULL;
}

/*
 * May the early exits of a loop that otherwise only waits go into its
 * wait_event*()?  `if (file->f_flags & O_NONBLOCK) { ret = -EAGAIN;
 * break; }` is tested once before the wait (nothing that wakes the
 * queue changes the file's flags); one exit on shared state (`if
 * (dev->dead) return -ENODEV;`) is folded into the condition (`c ||
 * dev->dead`) and tested again after the wait, taking the exit the loop
 * took.  The signal exit stays what ends the wait early, so only
 * interruptible or killable loops that leave on a signal, with no lock
 * dropped and no timeout, and with every exit tested before schedule().
 * An exit on locals only (a flag argument) would read oddly as a
 * condition: such loops keep their shape.  The semantic patch
 * (wq002lib.py classify_fold()) reads the same shape; a loop it cannot
 * match is retried in place (cmd/fix_cmd.c).
 */
static bool exit_on_locals(const struct site_ctx *sc, const char *x)
{
	char *fn, *brace;
	const char *p = x;
	bool all = true;

	if (strpbrk(x, "(.[*") || strstr(x, "->"))
		return false;
	if (cond_only_locals(sc, x))
		return true;
	fn = span_text(sc, sc->fn_start, sc->fn_end);
	brace = strchr(fn, '{');
	if (brace)
		*brace = '\0';
	while (*p && all) {
		const char *s = p;
		char *w;

		if (!is_ident(*p) || isdigit((unsigned char)*p)) {
			p++;
			continue;
		}
		while (is_ident(*p))
			p++;
		w = xasprintf("%.*s", (int)(p - s), s);
		/* a parameter, or a local */
		all = isupper((unsigned char)*w) || find_word(fn, w) ||
		      cond_only_locals(sc, w);
		free(w);
	}
	free(fn);
	return all;
}

/*
 * Is the timeout variable name declared unsigned in the function (a
 * local or a parameter)?  wait_event_interruptible_timeout() returns
 * -ERESTARTSYS into it, which an unsigned one reads as time left.
 */
static bool declared_unsigned(const struct site_ctx *sc, const char *name)
{
	static const char *const utypes[] = {
		"unsigned", "u32", "u64", "ulong", "size_t", "__u32", NULL,
	};
	char *fn = span_text(sc, sc->fn_start, sc->anchor_off);
	const char *p = fn;
	bool r = false;

	while (!r && (p = find_word(p, name))) {
		const char *b = p;
		int i;

		/* `unsigned long a, t`: back to the type (in a parameter
		 * list, to the first: an unsigned one before says
		 * unsigned, on the safe side) */
		while (b > fn && !strchr(";{(", b[-1]))
			b--;
		for (i = 0; utypes[i] && !r; i++) {
			const char *u = find_word(b, utypes[i]);

			r = u && u < p;
		}
		if (memchr(b, '=', p - b) && !memchr(b, ',', p - b))
			r = false;	/* a use, not its declaration */
		p += strlen(name);
	}
	free(fn);
	return r;
}

static bool exits_fold(const struct site_ctx *sc, const struct loop_shape *ls)
{
	int i, folded = 0, hoisted = 0;

	bool timed = ls->timeout_loop || ls->receiver;

	if (!ls->exit_ifs || ls->exit_ifs > 3 || ls->exit_after_sleep ||
	    ls->lock || ls->sig_head || !ls->signal_exit ||
	    (ls->state != ST_INTR && ls->state != ST_KILL))
		return false;
	/* a timeout loop: one folded exit, its result tells the rest */
	if (timed && (!ls->timeout_loop || !ls->receiver ||
		      ls->state != ST_INTR || ls->exit_ifs != 1 ||
		      ls->cond_breaks))
		return false;
	for (i = 0; i < ls->exit_ifs; i++) {
		const char *x = ls->exit_test[i];

		if (!x || cond_side_effect(x))
			return false;
		if (strstr(x, "O_NONBLOCK")) {
			hoisted++;
			continue;
		}
		if (exit_on_locals(sc, x) || strstr(x, "waitqueue_active"))
			return false;
		folded++;
	}
	/* the other `if (c2) break;` tests: no exit of its own after them */
	return folded <= (ls->cond_breaks ? 0 : 1) && hoisted <= 2 &&
	       !(timed && hoisted);
}

static void plan_open_coded_in(struct fix_site *s, const struct site_ctx *sc,
			    struct loop_shape *ls)
{
	const char *why;
	bool excl = strstr(s->anchor, "exclusive") != NULL;

	if ((why = entry_misuse(sc))) {
		refuse(s, why, entry_misuse_text(sc, why));
		return;
	}
	if (!strncmp(s->anchor, "__add_wait_queue", 16)) {
		refuse(s, "queue-lock", xasprintf(
			"%s(): the queue's own lock is held around the wait; prepare_to_wait() takes that lock itself, and only wait_event*_locked*() waits under it: convert by hand",
			s->anchor));
		return;
	}
	if (entry_indexed(sc)) {
		refuse(s, "two-queues", xstrdup(
			"the entries are an array, added in a loop: the task waits on several queues at once; wait_event*() waits on one"));
		return;
	}
	loop_of_entry(sc, ls);
	if (ls->kind == SH_DO) {
		refuse(s, "do-while", xstrdup(
			"the wait loop is a do-while whose test is its tail, after the sleep; wait_event*() tests first, and no semantic patch matches a do-while: convert by hand"));
		return;
	}
	if (ls->sleep_first) {
		refuse(s, "sleep-first", xstrdup(
			"the loop sleeps before it tests what it waits for (a change after the call, TIOCMIWAIT style): wait_event*() tests first and would not sleep when that already holds; convert by hand"));
		return;
	}
	if (ls->kind != SH_WHILE && ls->kind != SH_FOR && loop_text_after(sc)) {
		refuse(s, "no-patch", xstrdup("no wait loop after the add_wait_queue()"));
		return;
	}
	if (ls->kind != SH_WHILE && ls->kind != SH_FOR) {
		refuse(s, "one-shot", xasprintf(
			"the entry is queued for one sleep, with no wait loop after %s(): the test is an enclosing loop's or the caller's (a retry), so there is no loop to turn into wait_event*(); prepare_to_wait()/finish_wait() in place would change nothing",
			s->anchor));
		return;
	}
	if (ls->has_goto) {
		refuse(s, "goto-cleanup", xstrdup(
			"the loop leaves through goto; the rewrite cannot prove where the entry is removed"));
		return;
	}
	if (ls->irqrestore) {
		refuse(s, "irqrestore-lock", xstrdup(
			"the lock is dropped with spin_unlock_irqrestore() around schedule(); no wait_event*() form retakes it that way"));
		return;
	}
	if (!condition_ok(s, sc, ls->cond))
		return;
	if (!queue_by_address(sc)) {
		refuse(s, "no-patch", xasprintf(
			"the queue '%s' is not written '&q' (a pointer or a call's result); the semantic patch matches only '&q' queues: convert by hand",
			sc->queue));
		return;
	}
	if (ls->per_pass && (!ls->add_first || ls->other || ls->lock ||
			    ls->exit_ifs)) {
		refuse(s, "one-shot", xasprintf(
			"%s() and remove_wait_queue() are inside the loop, around one sleep in each pass after the loop's test and other work: each pass is a one-shot sleep, race-free only by what the loop holds at the test, with no wait loop of its own to convert; convert by hand",
			s->anchor));
		return;
	}
	if (!ls->per_pass && !ls->state_top && !ls->sleep_nested) {
		refuse(s, "state-outside-loop", xstrdup(
			"the loop does not set the task state before its sleep at its top level (it is set before the loop, after the sleep, or in a branch): prepare_to_wait() would have to move to the top of each pass with the test repeated after it; convert by hand"));
		return;
	}
	/*
	 * io_schedule() in the loop: the wait is accounted as I/O wait
	 * (iowait, the block layer's waits); wait_event*() sleeps in
	 * schedule() and would drop that, so the loop keeps its shape
	 */
	if (!ls->other && (!ls->exit_ifs || exits_fold(sc, ls)) && !ls->io_sleep &&
	    !(ls->timeout_loop && ls->state == ST_INTR && ls->receiver &&
	      declared_unsigned(sc, ls->receiver)) &&
	    (s->form = event_form(ls, excl))) {
		if (ls->lock)
			s->lock = xstrdup(ls->lock);
		if (ls->state == ST_INTR && !ls->signal_exit) {
			unsafe(s, s->form, xasprintf(
				"the loop ignores signals; %s() returns -ERESTARTSYS with '%s' false",
				s->form, ls->cond));
			return;
		}
		if (ls->timeout_loop) {
			s->outcome = FO_CAVEAT;
			s->note = xasprintf(
				"'%s' now gets 0 on timeout, the jiffies left but at least 1 when the condition held%s; check its users",
				ls->receiver ? ls->receiver : "the result",
				ls->state == ST_INTR ? ", and -ERESTARTSYS on a signal" : "");
			return;
		}
		s->outcome = FO_CONVERT;
		return;
	}
	/* a measuring hook (notes/i32-loops.md): why no wait_event*() */
	if (getenv("WQPORT_WHY_IN_PLACE"))
		fprintf(stderr, "why-in-place: %s:%u: %s%s%s%s%s%s%s\n", s->func,
			s->pos.line,
			ls->other ? "other: " : "", ls->other ? ls->other : "",
			ls->exit_ifs ? " exits" : "",
			ls->exit_after_sleep ? " exit-after-sleep" : "",
			ls->timeout_loop || ls->receiver ? " timeout" : "",
			ls->lock ? " lock" : "",
			!ls->signal_exit ? " no-signal-exit" : "");
	s->form = excl ? "prepare_to_wait_exclusive" : "prepare_to_wait";
	s->outcome = FO_CONVERT;
}

static void plan_open_coded(struct fix_site *s, const struct site_ctx *sc)
{
	struct loop_shape ls;

	memset(&ls, 0, sizeof(ls));
	plan_open_coded_in(s, sc, &ls);
	refuse_do_forever(s, &ls);
	if (getenv("WQPORT_WHY_IN_PLACE") && s->outcome == FO_REFUSE)
		fprintf(stderr, "why-in-place: %s:%u: refused %s\n", s->func,
			s->pos.line, s->reason);
	shape_release(&ls);
}

static void plan_state_after_test_in(struct fix_site *s,
				     const struct site_ctx *sc,
				     struct loop_shape *ls)
{

	if (ls->kind == SH_DO) {
		refuse(s, "do-while", xasprintf(
			"%s() is in a do-while loop: the re-test form repeats a while or for loop's own test, and this loop's test is its tail or lies in the body after other work; convert by hand",
			s->anchor));
		return;
	}
	if (ls->kind == SH_IF) {
		refuse(s, "one-shot", xasprintf(
			"%s() is under 'if (%s)', not in a loop of its own: the sleep happens once, and nothing re-tests the condition after it; a wait loop (or wait_event*()) must be written by hand",
			s->anchor, ls->cond ? ls->cond : "..."));
		return;
	}
	if (ls->kind != SH_WHILE && ls->kind != SH_FOR) {
		refuse(s, "one-shot", xasprintf(
			"%s() is not in a loop of its own: the sleep happens once here and its test belongs to an enclosing if or loop, or to the caller, so there is no test to repeat after the state change; convert by hand",
			s->anchor));
		return;
	}
	if (ls->sleep_first) {
		refuse(s, "sleep-first", xstrdup(
			"the loop sleeps before it tests what it waits for (a change after the call, TIOCMIWAIT style): repeating the test before the sleep would change when it sleeps; convert by hand"));
		return;
	}
	if (!condition_ok(s, sc, ls->cond))
		return;
	{
		char *w = cond_stale_copy(sc, ls->cond);

		if (w) {
			refuse(s, "local-condition", xasprintf(
				"the loop waits for '%s', which reads '%s', a local copy of shared state: tested again after %s() it would read the copy taken before, so a wake-up between the copy and the state change would still be lost; re-read the shared state after the state change by hand",
				ls->cond, w, s->anchor));
			free(w);
			return;
		}
	}
	if (strncmp(s->anchor, "prepare_to_wait", 15) && !ls->running_after) {
		refuse(s, "no-patch", xasprintf(
			"nothing sets TASK_RUNNING after the loop: with the test repeated before schedule(), the loop could end with the task still in a sleeping state; add __set_current_state(TASK_RUNNING) after it first"));
		return;
	}
	s->form = "retest";
	s->outcome = FO_CONVERT;
}

/* The loop's strings are the planner's to free, whichever way it went. */
static void plan_state_after_test(struct fix_site *s, const struct site_ctx *sc)
{
	struct loop_shape ls;

	shape_of(sc, &ls);
	plan_state_after_test_in(s, sc, &ls);
	refuse_do_forever(s, &ls);
	shape_release(&ls);
}

/*
 * A polling loop with a remaining-time budget: the sleep is `t =
 * schedule_timeout(t);` right in a loop's body, run in TASK_RUNNING.
 */
static bool budget_poll(const struct site_ctx *sc, const struct loop_shape *ls)
{
	char *call;
	bool r;

	if (sc->state_before != ST_NONE || !ls->receiver || !ls->stmt_text ||
	    (ls->kind != SH_WHILE && ls->kind != SH_FOR && ls->kind != SH_DO))
		return false;
	call = xasprintf("schedule_timeout(%s)", ls->receiver);
	r = strstr(ls->stmt_text, call) != NULL;
	free(call);
	return r;
}

static void plan_schedule_running(struct fix_site *s, const struct site_ctx *sc)
{
	struct loop_shape ls;
	bool tick;

	if (strcmp(s->anchor, "schedule_timeout")) {
		refuse(s, "no-patch", xasprintf(
			strstr(s->anchor, "timeout") ?
			"%s() in TASK_RUNNING has no helper that sets the state; set it before the call by hand" :
			"%s() in TASK_RUNNING with no timeout; set the state inside the loop by hand",
			s->anchor));
		return;
	}
	shape_of(sc, &ls);
	tick = budget_poll(sc, &ls);
	shape_release(&ls);	/* only the walk's checks were wanted */
	if (sc->queued_before) {
		refuse(s, "no-patch", xasprintf(
			"the task is on a wait queue here (%s() before the loop); a delay helper would sleep the full timeout after the first wake-up: move %s() into the loop by hand",
			sc->queued_before, sc->queued_before));
		return;
	}
	if (tick) {
		/*
		 * `t = schedule_timeout(t)` in TASK_RUNNING, in a loop that
		 * reads its test again each pass: each pass yields and t counts
		 * the wall time down.  A sleep of t would spend the whole budget
		 * on the first pass; one tick per pass keeps the loop's timing,
		 * the budget kept by jiffies (issue 37, a 2.4 ATM close path)
		 */
		s->form = "schedule_timeout_uninterruptible-tick";
		s->outcome = FO_CONVERT;
		return;
	}
	s->form = sc->state_before == ST_INTR ? "schedule_timeout_interruptible" :
		  sc->state_before == ST_KILL ? "schedule_timeout_killable" :
		  "schedule_timeout_uninterruptible";
	s->outcome = FO_CONVERT;
}

/*
 * --target before 2.6.14 has no schedule_timeout_*uninterruptible(): a
 * delay with no state set anywhere before it gets
 * `set_current_state(TASK_UNINTERRUPTIBLE);` in front, which any target
 * has (form "set-state-uninterruptible").
 */
static void old_target_delay(struct fix_site *s, const struct site_ctx *sc,
			     unsigned target)
{
	if (s->outcome != FO_CONVERT || !s->form || !target ||
	    sc->state_before != ST_NONE ||
	    !target_lacks(target, strstr(s->form, "-tick") ?
			  "schedule_timeout_uninterruptible" : s->form))
		return;
	if (!strcmp(s->form, "schedule_timeout_uninterruptible-tick"))
		s->form = "set-state-tick";
	else if (!strcmp(s->form, "schedule_timeout_uninterruptible"))
		s->form = "set-state-uninterruptible";
	else if (!strcmp(s->form, "schedule_timeout_interruptible"))
		s->form = "set-state-interruptible";
}

/*
 * The target kernel lacks the primitive, or is not known to have it
 * (analysis/target.c, target_api_refusal()): refuse, saying which.
 */
static void check_target(struct fix_site *s, unsigned target)
{
	char *prim, *why;
	size_t len;

	if (!s->form || s->outcome == FO_REFUSE || s->outcome == FO_COVERED)
		return;
	/* "prepare_to_wait-unlock", "-entry": the primitive before the '-' */
	len = strcspn(s->form, "-");
	prim = xasprintf("%.*s", (int)len, s->form);
	why = target_api_refusal(target, prim);
	if (why) {
		free(s->note);
		refuse(s, "target-api", why);
		s->form = NULL;
	}
	free(prim);
}

static enum CXChildVisitResult add_fn(CXCursor c, CXCursor parent,
				      CXClientData data)
{
	struct fix_plan *p = data;
	CXSourceRange r;

	(void)parent;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)) ||
	    clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	p->fns = xrealloc(p->fns, (p->nfns + 1) * sizeof(*p->fns));
	r = clang_getCursorExtent(c);
	p->fns[p->nfns].name = cursor_name(c);
	p->fns[p->nfns].start = loc_offset(clang_getRangeStart(r));
	p->fns[p->nfns].end = loc_offset(clang_getRangeEnd(r));
	p->nfns++;
	return CXChildVisit_Continue;
}

/*
 * The label of a backward goto around the anchor, or NULL: `label:`
 * before a `goto label;` that comes after the anchor, the label at or
 * before the anchor (WQ001, WQ003: the sleep or state change is in the
 * goto loop) or after it (WQ002: the entry is added before the loop).
 */
static char *goto_loop(const struct site_ctx *sc)
{
	const char *fn = sc->buf + sc->fn_start;
	const char *end = sc->buf + (sc->fn_end < sc->len ? sc->fn_end : sc->len);
	const char *p = sc->buf + sc->anchor_off;

	while (p < end && (p = find_word(p, "goto")) && p < end) {
		const char *n = p + 4, *e, *q;
		size_t len;

		while (n < end && (*n == ' ' || *n == '\t'))
			n++;
		for (e = n; e < end && is_ident(*e); e++)
			;
		len = e - n;
		p = e;
		if (!len)
			continue;
		/* the label: the name first on its line, then ':' */
		for (q = fn; q + len < n; q++) {
			const char *c = q + len, *b = q;

			if (strncmp(q, n, len) || is_ident(*c))
				continue;
			while (b > fn && (b[-1] == ' ' || b[-1] == '\t'))
				b--;
			if (b > fn && b[-1] != '\n')
				continue;
			while (c < n && (*c == ' ' || *c == '\t'))
				c++;
			if (c < n && *c == ':')
				return xasprintf("%.*s", (int)len, n);
		}
	}
	return NULL;
}

/* The sleep at fd's position that the checker held back, or NULL. */
static const struct wq_held *held_at(const struct wq_file *f, int rule,
				     struct wq_pos pos)
{
	int i;

	for (i = 0; i < f->nheld; i++)
		if (f->held[i].rule == rule &&
		    f->held[i].pos.line == pos.line &&
		    f->held[i].pos.col == pos.col)
			return &f->held[i];
	return NULL;
}

/*
 * The sleeps whose task state another function set, and that no
 * finding names (analysis/flow/state_summary.c): never rewritten as if they
 * ran in TASK_RUNNING, refused with the reason the checker gave.
 */
static void refuse_held(void *tu, struct wq_file *f, struct fix_plan *p)
{
	int i, j;

	for (i = 0; i < f->nheld; i++) {
		const struct wq_held *h = &f->held[i];
		struct wq_finding fd = { 0 };
		struct site_ctx sc;
		bool found = false;

		for (j = 0; j < f->nfindings && !found; j++)
			found = f->findings[j].rule == h->rule &&
				f->findings[j].pos.line == h->pos.line &&
				f->findings[j].pos.col == h->pos.col;
		if (found)
			continue;
		fd.rule = h->rule;
		fd.pos = h->pos;
		fd.func = h->func;
		fd.msg = h->msg;
		site_find(tu, f, &fd, &sc);
		refuse(new_site(p, &fd, &sc), h->reason, xstrdup(h->msg));
		site_release(&sc);
		/* in line order among the findings' sites */
		for (j = p->n - 1; j > 0 && (p->s[j - 1].pos.line > h->pos.line ||
					     (p->s[j - 1].pos.line == h->pos.line &&
					      p->s[j - 1].pos.col > h->pos.col)); j--) {
			struct fix_site t = p->s[j];

			p->s[j] = p->s[j - 1];
			p->s[j - 1] = t;
		}
	}
}

/*
 * May a WQ002 site take the in-place entry form (entry.c)?  Where a
 * wait_event*() keeps the meaning, that form stays; the loops it
 * cannot express, and those no semantic patch restructures, keep their
 * shape instead of being refused.
 */
static bool in_place_eligible(const struct fix_site *s, const struct fix_plan *p)
{
	static const char *const never[] = {
		"inactive-branch", "old-kernel-branch", "old-wait-api", "macro",
		"hand-set-exclusive", NULL,
	};
	int i;

	for (i = 0; i < p->nin_place; i++)
		if (!strcmp(p->in_place[i], s->func) && s->outcome != FO_REFUSE)
			return true;
	if (s->outcome == FO_UNSAFE)
		return !p->unsafe;
	if (s->outcome != FO_REFUSE)
		return s->form && !strncmp(s->form, "prepare_to_wait", 15);
	for (i = 0; never[i]; i++)
		if (s->reason && !strcmp(s->reason, never[i]))
			return false;
	return !s->note || strcmp(s->note, "the site was not found in the syntax tree");
}

/* Is line a return that a WQ006 finding of the file reports (or notes)? */
static bool leak_reported(const struct wq_file *f, unsigned line)
{
	int i, j;

	for (i = 0; i < f->nfindings; i++) {
		const struct wq_finding *fd = &f->findings[i];

		if (fd->rule != WQ006)
			continue;
		if (fd->pos.line == line)
			return true;
		for (j = 0; j < fd->nnotes; j++)
			if (!fd->notes[j].file && fd->notes[j].pos.line == line &&
			    strstr(fd->notes[j].msg, "also leaves"))
				return true;
	}
	return false;
}

/* Drop the 'F' edits of s at returns no WQ006 finding reports. */
static void keep_reported_returns(const struct wq_file *f, struct fix_site *s)
{
	struct strbuf sb = { 0 };
	char *copy = xstrdup(s->edits), *tok, *save = NULL;

	for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		bool keep = *tok != 'F' ||
			    leak_reported(f, (unsigned)atoi(tok + 1));

		if (keep)
			sb_printf(&sb, "%s%s", sb.len ? " " : "", tok);
	}
	free(copy);
	free(s->edits);
	s->edits = sb.s ? sb.s : xstrdup("");
}

void plan_file(void *tu, struct wq_file *f, void *arg)
{
	struct fix_plan *p = arg;
	char *old_what;
	enum old_api old_api = old_api_state(f->buf, f->len, &old_what);
	struct entry_plans *ep = NULL;
	char *lab, *rq;
	const char *via;
	int i, j;

	clang_visitChildren(clang_getTranslationUnitCursor(tu), add_fn, p);
	for (i = 0; i < f->nfindings && !ep; i++)
		if (f->findings[i].rule == WQ002)
			ep = entry_plans_compute(tu, f);
	for (i = 0; i < f->nfindings; i++) {
		const struct wq_finding *fd = &f->findings[i];
		const struct wq_held *h = held_at(f, fd->rule, fd->pos);
		struct site_ctx sc;
		struct fix_site *s;

		if (fd->rule > WQ006)
			continue;
		site_find(tu, f, fd, &sc);
		sc.plan = p;
		s = new_site(p, fd, &sc);
		if (!sc.found && !sc.skipped_if) {
			refuse(s, "no-patch", xstrdup("the site was not found in the syntax tree"));
		} else if (sc.skipped_if) {
			bool old = strstr(sc.skipped_if, "LINUX_VERSION_CODE") ||
				   strstr(sc.skipped_if, "KERNEL_VERSION") ||
				   !strncmp(sc.skipped_if, "#if 0", 5);

			refuse(s, old ? "old-kernel-branch" : "inactive-branch", xasprintf(
				old ? "inside '%s', a branch for other kernels: left as it is" :
				      "inside '%s', a branch these flags do not compile; fix it with the flags that do (after --)",
				sc.skipped_if));
		} else if (sc.in_macro && fd->rule < WQ005) {
			refuse(s, "macro", xasprintf(
				"the sleep is inside the macro '%s'; rewrite the macro by hand",
				sc.macro ? sc.macro : "?"));
		} else if (sc.irqs_off) {
			refuse(s, "irqs-off", xasprintf(
				"interrupts are disabled here (%s): the old code relied on it to make the test and the sleep atomic",
				sc.irqs_off));
		} else if (sc.held_lock && fd->rule < WQ005 &&
			   fd->rule != WQ002) {
			refuse(s, "held-lock", xasprintf(
				"the spinlock '%s' is held here: the old code slept while atomic; the locking must be redesigned by hand",
				sc.held_lock));
		} else if (fd->rule < WQ005 && fd->rule != WQ002 &&
			   (rq = atomic_caller(&sc, s->func, &via))) {
			/* the callers' context (issue 39) */
			refuse(s, "held-lock", xasprintf(
				"%s()%s%s%s is handed to %s(): the block layer calls it with the queue lock held and interrupts off, so the old code slept while atomic, and no rewrite keeps that context (wait_event*() and schedule() come back with interrupts on); the locking must be redesigned by hand",
				s->func, strcmp(rq, s->func) ? " is called from " : "",
				strcmp(rq, s->func) ? rq : "",
				strcmp(rq, s->func) ? "(), which" : "", via));
			free(rq);
		} else if (old_api == OLD_BLOCKED ||
			   (old_api == OLD_PORTABLE && fd->rule != WQ001)) {
			refuse(s, "old-wait-api", xasprintf(
				"the file uses the 2.0-2.2 wait API ('struct wait_queue' entries, 'struct wait_queue *' queues)%s%s%s: port the queues to wait_queue_head_t and the entries to DECLARE_WAITQUEUE() first; a wait_event*() on such a queue would not build",
				old_what ? ", here as '" : "",
				old_what ? old_what : "",
				old_what ? "', which no rewrite ports" : ""));
		} else if (fd->rule <= WQ003 && (lab = goto_loop(&sc))) {
			refuse(s, "goto-loop", xasprintf(
				"the wait loop is made with 'goto %s' back to the label '%s:' before it; no semantic patch matches a goto loop: rewrite it as a for (;;) loop first, or convert by hand",
				lab, lab));
			free(lab);
		} else if (fd->rule == WQ001) {
			plan_sleep_on(s, &sc);
			wait_event_gate(&sc, s, NULL, p);
		} else if (fd->rule == WQ002) {
			plan_open_coded(s, &sc);
			wait_event_gate(&sc, s, NULL, p);
			/* a form the target lacks, or is not known to have,
			 * is refused before the in-place entry form below is
			 * considered: that form may be one the target has */
			check_target(s, p->target ? p->target : WQ_DEFAULT_TARGET);
		} else if (fd->rule == WQ003) {
			plan_state_after_test(s, &sc);
		} else if (h) {
			/* the loop spins, but its first pass sleeps in a state
			 * another function set: no form keeps it */
			refuse(s, h->reason, xstrdup(h->msg));
		} else if (fd->rule == WQ004) {
			plan_schedule_running(s, &sc);
			old_target_delay(s, &sc, p->target);
		} else if (fd->rule == WQ005) {
			refuse(s, "no-patch", xstrdup(
				"an exit left in a sleeping task state has no automatic fix of its own: it is fixed with its wait loop, or by __set_current_state(TASK_RUNNING) there by hand"));
		} else {
			refuse(s, "no-patch", xstrdup(
				"a wait entry left queued has no automatic fix"));
		}
		if (fd->rule == WQ001)
			plan_ptw_fallback(s, &sc, p);
		if (fd->rule == WQ002 && in_place_eligible(s, p))
			plan_entry_in_place(s, ep);
		/* the queue declarations are ported with the sleeps */
		s->port_queues = fd->rule == WQ001 && old_api == OLD_PORTABLE;
		site_release(&sc);
	}
	free(old_what);
	entry_plans_free(ep);
	refuse_held(tu, f, p);
	for (i = 0; i < p->n; i++)
		check_target(&p->s[i], p->target ? p->target : WQ_DEFAULT_TARGET);
	/*
	 * entry.c proposes finish_wait() ('F') before every return reached
	 * with the entry queued; only those WQ006 reports keep it: at the
	 * others the queue may be gone with its owner (`if (ob->chan)
	 * remove_wait_queue(&ob->chan->q, &w);`), so it must not be named
	 */
	for (i = 0; i < p->n; i++)
		if (p->s[i].rule == WQ002 && form_in_place(p->s[i].form) &&
		    p->s[i].edits)
			keep_reported_returns(f, &p->s[i]);
	/* a return the in-place form gives finish_wait() (entry.c 'F') */
	for (i = 0; i < p->n; i++) {
		char *tag;

		if ((p->s[i].rule != WQ006 && p->s[i].rule != WQ005) ||
		    p->s[i].outcome != FO_REFUSE)
			continue;
		tag = xasprintf("F%u", p->s[i].pos.line);
		for (j = 0; j < p->n; j++)
			if (p->s[j].rule == WQ002 && p->s[j].outcome == FO_CONVERT &&
			    form_in_place(p->s[j].form) && p->s[j].edits &&
			    !strcmp(p->s[j].func, p->s[i].func) &&
			    find_word(p->s[j].edits, tag)) {
				p->s[i].outcome = FO_COVERED;
				p->s[i].reason = NULL;
				p->s[i].form = NULL;
				free(p->s[i].note);
				p->s[i].note = xstrdup(FINISH_BEFORE_RETURN);
				break;
			}
		free(tag);
	}
	/* one conversion of a wait loop rewrites the other findings in it */
	for (i = 0; i < p->n; i++) {
		if (p->s[i].rule != WQ002 || p->s[i].outcome == FO_REFUSE ||
		    form_in_place(p->s[i].form))
			continue;
		for (j = 0; j < p->n; j++)
			if (j != i && p->s[j].rule != WQ001 &&
			    p->s[j].rule != WQ002 &&
			    !strcmp(p->s[j].func, p->s[i].func)) {
				p->s[j].outcome = FO_COVERED;
				p->s[j].form = NULL;
				free(p->s[j].note);
				p->s[j].note = NULL;
			}
	}
}

void plan_release(struct fix_plan *p)
{
	int i;

	for (i = 0; i < p->n; i++) {
		int j;

		for (j = 0; j < p->s[i].nnotes; j++) {
			free(p->s[i].notes[j].msg);
			free(p->s[i].notes[j].file);
		}
		free(p->s[i].notes);
		free(p->s[i].func);
		free(p->s[i].anchor);
		free(p->s[i].cond);
		free(p->s[i].lock);
		free(p->s[i].note);
		free(p->s[i].edits);
		free(p->s[i].eq);
		free(p->s[i].ew);
	}
	free(p->s);
	for (i = 0; i < p->nfns; i++)
		free(p->fns[i].name);
	free(p->fns);
	p->s = NULL;
	p->fns = NULL;
	p->n = p->cap = p->nfns = 0;
}
