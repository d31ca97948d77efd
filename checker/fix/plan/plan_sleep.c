// SPDX-License-Identifier: GPL-2.0-only
/*
 * The planner of the sleep_on() family (rules.def planner sleep_on):
 * which wait_event*() says what the sleep's loop, if or one-shot call
 * meant, from the loop's shape, the lock dropped around the sleep, the
 * condition's proof against the wakers, the timeout's receiver; or why
 * none does (ptw.c then keeps the call in place where it can).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "fix.h"
#include "entry.h"
#include "condproof.h"
#include "plan_int.h"
#include "site.h"
#include "site_text.h"
#include "validate.h"

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

/* Is the statement right after the sleep's a return (cyclades.c cy_open():
 * `return (info->flags & ASYNC_HUP_NOTIFY) ? -EAGAIN : -ERESTARTSYS;`)? */
static bool returns_after(const struct site_ctx *sc)
{
	char *after = span_text(sc, sc->anchor_off, sc->fn_end);
	const char *p = strchr(after, ';');
	bool r = false;

	if (p) {
		p++;
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		r = !strncmp(p, "return", 6) && !is_ident(p[6]);
	}
	free(after);
	return r;
}

static void proven(struct fix_site *s, const struct site_ctx *sc,
		   struct cond_proof *pr, const struct loop_shape *ls)
{
	bool intr = sleep_on_of(s->anchor)->intr;

	s->form = sleep_on_form(s->anchor, true);
	if (ls->receiver && ls->receiver_unsigned && intr &&
	    sleep_on_of(s->anchor)->timed) {
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
		unsafe(s, s->form, returns_after(sc) ? xasprintf(
			"the condition '%s' is proven (%s), but nothing after the sleep tests for a signal: %s()'s -ERESTARTSYS would be discarded, and the return right after the sleep does not read one",
			pr->cond, pr->wakers, s->form) : xasprintf(
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
	bool timeout = sleep_on_of(s->anchor)->timed;
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
	    !(ls->block_guard && plan_same_text(pr.cond, ls->block_guard))) {
		unsafe(s, sleep_on_form(s->anchor, true), xasprintf(
			"one-shot sleep: '%s' is false at the sleep, but %s, so nothing shows it is what the sleep waits for: --unsafe would assume that a waker elsewhere makes it true, and a wait_event*() on it waits until it holds where the old call returned on any wake-up",
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
	if (pr.step != PS_OK || !plan_same_text(pr.cond, ls->cond)) {
		cond_proof_free(&pr);
		return false;
	}
	proven(s, sc, &pr, ls);
	return true;
}

/* A sleep under an if, not in a loop of its own: it happened at most once. */
static void plan_sleep_on_if(struct fix_site *s, const struct site_ctx *sc,
			     struct loop_shape *ls, bool timeout)
{
	struct cond_proof pr;

	if (timeout && !sc->queue_woken) {
		/* `if (idle) sleep(&never_woken, 1);`: a plain delay, as in
		 * plan_one_shot() */
		s->outcome = FO_CONVERT;
		s->form = delay_form(s->anchor);
		return;
	}
	if (timeout && ls->result_used) {
		refuse(s, "result-used", xasprintf(
			"the remaining-jiffies result of %s() is used", s->anchor));
		return;
	}
	if (ls->cond && condclass_open_flags(ls->cond)) {
		refuse(s, "one-shot", xasprintf(
			"%s() runs once, under a test of how the file was opened ('%s'), which no waker changes: it picks whether to sleep and names nothing the sleep waits for; a wait_event*() needs the condition its waker makes true, written by hand",
			s->anchor, ls->if_test ? ls->if_test : ls->cond));
		return;
	}
	if (!plan_condition_ok(s, sc, ls->cond))
		return;
	cond_prove(sc, ls->cond, s->func, &pr);
	if (pr.step == PS_OK && plan_same_text(pr.cond, ls->cond)) {
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

/*
 * A timed sleep in a loop that is no timeout loop: a pace (the loop tests
 * only after the sleep), work each pass after a woken sleep, a polling
 * interval, or a plain delay on a queue nothing wakes.
 */
static void plan_sleep_on_timed(struct fix_site *s, const struct site_ctx *sc,
				struct loop_shape *ls)
{
	struct cond_proof pr;

	if (ls->sleep_first && ls->cond &&
	    sc->queue_woken && !ls->result_used) {
		/*
		 * for (;;) { sleep(&q, T); if (c) break; work; }: the sleep
		 * paces a loop that tests c only after it (a kernel thread
		 * between pings); in place, with c, it keeps the pace
		 */
		if (!plan_condition_ok(s, sc, ls->cond))
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
	/*
	 * `while (!ack && retry--) { sleep(&q, HZ / 2); ...;
	 * resend(); }`: the queue is woken with the flag set, so the
	 * timeout is no poll; what stops a rewrite is the work each
	 * pass does after it (a kernel thread's loop on
	 * kthread_should_stop() is a pacing poll, below)
	 */
	if (sc->queue_woken && ls->other && ls->cond &&
	    !strstr(ls->cond, KTHREAD_STOP_TEST)) {
		refuse(s, "work-in-loop", xasprintf(
			"the loop runs other statements besides the sleep ('%s'), after each timed sleep",
			ls->other));
		return;
	}
	/*
	 * nothing wakes the queue: a plain delay, whose remaining
	 * jiffies schedule_timeout_*() returns as the old call did,
	 * so a used result (`if (sleep(&q, 1)) return -EINTR;`)
	 * keeps its meaning
	 */
	if (sc->queue_woken && !ls->cond) {
		/* `for (;;) { ...; sleep_on_timeout(&q, HZ); }`: no test
		 * for a wait_event*() to wait for, and a wake-up of the
		 * queue that a plain delay would not see */
		refuse(s, "polling-timeout", xasprintf(
			"the timeout of %s() paces a loop whose head tests nothing, on a queue something may wake: a wait_event*() form would need the loop rewritten around a condition, and a plain delay would not see the wake-up",
			s->anchor));
		return;
	}
	if (sc->queue_woken && strstr(ls->cond, KTHREAD_STOP_TEST)) {
		/* kthread_stop() wakes the thread: no hang, but the body's
		 * polling would wait for whatever wakes the queue next */
		refuse(s, "polling-timeout", xasprintf(
			"the timeout of %s() is a polling interval in a loop on '%s': the loop runs its body at least that often, as an untimed wait_event*() would not",
			s->anchor, ls->cond));
		return;
	}
	if (sc->queue_woken) {
		refuse(s, "polling-timeout", xasprintf(
			"the timeout of %s() is a polling interval in a loop on '%s'; converting it to wait_event*() could hang if the condition changes without a wake-up",
			s->anchor, ls->cond));
		return;
	}
	s->outcome = FO_CONVERT;
	s->form = delay_form(s->anchor);
}

static void plan_sleep_on_in(struct fix_site *s, const struct site_ctx *sc,
			     struct loop_shape *ls)
{
	bool intr = sleep_on_of(s->anchor)->intr;
	bool timeout = sleep_on_of(s->anchor)->timed;

	if (timeout && !sc->queue_woken && !ls->irq_toggle) {
		/*
		 * nothing wakes the queue: a plain delay, whatever loop it
		 * is in (a do-while paced by it too), and its remaining
		 * jiffies are schedule_timeout_*()'s
		 */
		s->outcome = FO_CONVERT;
		s->form = delay_form(s->anchor);
		return;
	}
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
		plan_sleep_on_if(s, sc, ls, timeout);
		return;
	}
	/* a loop: while (!c), for (;;) { if (c) break; } */
	if (timeout && !ls->timeout_loop) {
		plan_sleep_on_timed(s, sc, ls);
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
			"the loop runs other statements besides the sleep ('%s')",
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
	if (!plan_condition_ok(s, sc, ls->cond))
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
		s->form = kform_name(KF_EVENT, intr ? KF_INTERRUPTIBLE :
				     KF_UNINTERRUPTIBLE, KF_UNTIMED, false,
				     KF_SPIN_IRQ);
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
 * A waker of the sleep's queue in this file that changes only what the
 * loop's test cond does not read, where the loop's body reads that
 * change after the sleep (a request queued on a list the thread looks
 * at when it wakes): "f() (it changes 'x')", or NULL.
 * Made again after prepare_to_wait(), the loop's test does not see its
 * change, so its wake-up, in the window, is still lost (the stop-only
 * case's general form).
 */
static char *other_waker(const struct site_ctx *sc, const char *self,
			 const char *cond)
{
	struct waker *w = NULL;
	unsigned ls = 0, le = 0;
	char *r = NULL;
	int n, i, d;

	if (!sc->f || !sc->queue || !sc->found || !self)
		return NULL;
	/* the innermost loop around the sleep: what its body reads after
	 * the sleep is what the thread handles on each wake-up */
	for (d = sc->depth - 1; d >= 0 && !le; d--) {
		enum CXCursorKind k = clang_getCursorKind(sc->path[d]);

		if (k == CXCursor_WhileStmt || k == CXCursor_ForStmt ||
		    k == CXCursor_DoStmt)
			cursor_span(sc->path[d], &ls, &le);
	}
	if (!le || le <= sc->anchor_off)
		return NULL;
	n = wakers_find(sc->f, sc->queue, self, &w);
	for (i = 0; i < n && !r; i++)
		if (w[i].nchanges && !waker_tested_by(&w[i], cond) &&
		    waker_read_in(&w[i], sc->buf, sc->anchor_off, le))
			r = xasprintf("%s() (it changes '%s')", w[i].func,
				      w[i].changed[0]);
	wakers_free(w, n);
	return r;
}

/* The loop's strings are the planner's to free, whichever way it went. */
void plan_sleep_on(struct fix_site *s, const struct site_ctx *sc)
{
	struct loop_shape ls;
	int i;

	shape_of(sc, &ls);
	for (i = 0; i < ls.exit_ifs && i < SHAPE_MAX_EXITS && !s->exit_before; i++)
		/* how the file was opened is no condition a waker changes,
		 * nor is a pending signal (any kernel's spelling) */
		if (ls.exit_test[i] && !condclass_open_flags(ls.exit_test[i]) &&
		    !condclass_signal_test(ls.exit_test[i]))
			s->exit_before = xstrdup(ls.exit_test[i]);
	if (ls.cond) {
		/* `!kthread_should_stop()`, spaces and parentheses aside */
		char *c = xstrdup(ls.cond), *p, *q;

		for (p = q = c; *p; p++)
			if (!strchr("!() \t", *p))
				*q++ = *p;
		*q = '\0';
		/* a queue only kthread_stop() wakes (a head on the stack
		 * the thread parks on) has no other waker to lose */
		s->stop_only = !strcmp(c, KTHREAD_STOP_TEST) &&
			       sc->queue_woken &&
			       !vqueue_sealed(sc->buf, sc->len, sc->queue);
		free(c);
	}
	if (ls.cond && !s->stop_only)
		s->other_waker = other_waker(sc, s->func, ls.cond);
	plan_sleep_on_in(s, sc, &ls);
	plan_refuse_do_forever(s, &ls);
	shape_release(&ls);
}
