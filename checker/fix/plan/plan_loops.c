// SPDX-License-Identifier: GPL-2.0-only
/*
 * The planners of the hand-written loops (rules.def planners
 * open_coded, state_after_test, schedule_running): an add_wait_queue()
 * loop becomes the wait_event*() that says what it does (kapi.def
 * KAPI_FORM) or prepare_to_wait() in place; a test before the state
 * change is made again after it; a schedule*() in TASK_RUNNING gets the
 * delay helper of its state.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "ast.h"
#include "fix.h"
#include "entry.h"
#include "condproof.h"
#include "plan_int.h"
#include "site.h"
#include "site_text.h"

/* The form state of a loop's task state (an unknown one: uninterruptible) */
static enum kform_state form_state(enum task_st st)
{
	return st == ST_INTR ? KF_INTERRUPTIBLE :
	       st == ST_KILL ? KF_KILLABLE : KF_UNINTERRUPTIBLE;
}

/* The wait_event*() that says what the loop does, if kapi.def has one. */
static const char *event_form(const struct loop_shape *ls, bool excl)
{
	return kform_name(KF_EVENT, form_state(ls->state),
			  ls->timeout_loop ? KF_JIFFIES : KF_UNTIMED, excl,
			  ls->lock ? KF_SPIN_IRQ : KF_NO_LOCK);
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
 * (lib/open_coded_wait.py classify_fold()) reads the same shape; a loop it cannot
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
		if (exit_on_locals(sc, x) ||
		    kapi_queue_test_in(x, 0, strlen(x), false, NULL))
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
			"%s() runs under the queue's own lock, taken by hand; prepare_to_wait() takes that lock itself, and where the loop keeps it over its tests only wait_event*_locked*() waits under it: convert by hand",
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
	if (!plan_condition_ok(s, sc, ls->cond))
		return;
	if (!queue_by_address(sc)) {
		refuse(s, "no-patch", xasprintf(
			"the queue '%s' is not written '&q' (a pointer or a call's result); the semantic patch matches only '&q' queues: convert by hand",
			sc->queue));
		return;
	}
	if (ls->per_pass && ls->sleep_inner_loop) {
		/* the wait loop is the inner one: no pass sleeps just once */
		refuse(s, "no-patch", xasprintf(
			"%s() and remove_wait_queue() are inside the outer loop, around an inner loop that sleeps until its own tests end it: the entry is queued once per pass of the outer loop, and no semantic patch matches a wait loop nested that way; convert by hand",
			s->anchor));
		s->shape_refused = true;
		return;
	}
	if (ls->per_pass && (!ls->add_first || ls->other || ls->lock ||
			    ls->exit_ifs)) {
		refuse(s, "one-shot", xasprintf(
			"%s() and remove_wait_queue() are inside the loop, around one sleep in each pass after the loop's test and other work: each pass is a one-shot sleep, race-free only by what the loop holds at the test, with no wait loop of its own to convert; convert by hand",
			s->anchor));
		s->shape_refused = true;
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
		s->cond = xstrdup(ls->cond);
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

void plan_open_coded(struct fix_site *s, const struct site_ctx *sc)
{
	struct loop_shape ls;

	memset(&ls, 0, sizeof(ls));
	plan_open_coded_in(s, sc, &ls);
	plan_refuse_do_forever(s, &ls);
	if (getenv("WQPORT_WHY_IN_PLACE") && s->outcome == FO_REFUSE)
		fprintf(stderr, "why-in-place: %s:%u: refused %s\n", s->func,
			s->pos.line, s->reason);
	shape_release(&ls);
}

/* ---- WQ003's re-test ---- */

/*
 * WQ003's re-test: the test a state-after-test loop makes again between
 * its state change and its sleep, as C text for the plan's `cond`
 * (semantic-patches/plan.md).  state-after-test.cocci writes it as
 * `if (<re-test>)` in front of the sleep.
 *
 * The loop's own guard for `while (E)`; for an endless loop (`for (;;)`,
 * `while (1)`, `while (true)`), the negation of the last `if (c) break;`
 * (or `return`) before the state change at the body's top level, a
 * signal test not counted.  The negation is written as the rule wrote
 * it before the planner passed it: `!x` gives `x`, a single operand c
 * gives `!c`, anything with an operator outside brackets `!(c)`.
 * spatch reprints the text with its own spacing (cocci.make_expr()), so
 * only the tokens matter here.
 */

/* Does the token at p, n bytes long, combine two operands? */
static bool binary_token(const char *p, size_t n)
{
	static const char *const two[] = {
		"&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "+=", "-=",
		"|=", "&=", NULL
	};
	int i;

	if (n == 1)
		return strchr("+-*/%&|^?:=<>,", *p) != NULL;
	for (i = 0; n == 2 && two[i]; i++)
		if (!strncmp(p, two[i], 2))
			return true;
	return false;
}

/* The length of the punctuator at p (a three-, two- or one-byte one). */
static size_t punct_len(const char *p)
{
	static const char *const three[] = { "<<=", ">>=", "...", NULL };
	static const char *const two[] = {
		"->", "++", "--", "&&", "||", "==", "!=", "<=", ">=", "<<",
		">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", NULL
	};
	int i;

	for (i = 0; three[i]; i++)
		if (!strncmp(p, three[i], 3))
			return 3;
	for (i = 0; two[i]; i++)
		if (!strncmp(p, two[i], 2))
			return 2;
	return 1;
}

/* Is expression text t one operand: no operator outside brackets? */
static bool simple_operand(const char *t)
{
	const char *p = t;
	int depth = 0;

	while (*p) {
		size_t n;

		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		if (is_ident(*p)) {
			while (is_ident(*p) || *p == '.')
				p++;
			continue;
		}
		if (*p == '"' || *p == '\'') {
			char q = *p++;

			while (*p && *p != q)
				p += *p == '\\' && p[1] ? 2 : 1;
			p += *p == q;
			continue;
		}
		n = punct_len(p);
		if (strchr("([{", *p))
			depth++;
		else if (strchr(")]}", *p))
			depth--;
		else if (!depth && binary_token(p, n))
			return false;
		p += n;
	}
	return true;
}

/* The test that is true where c is false. */
static char *negation(const char *c)
{
	while (isspace((unsigned char)*c))
		c++;
	if (c[0] == '!' && c[1] != '=' && simple_operand(c + 1)) {
		c++;
		while (isspace((unsigned char)*c))
			c++;
		return xstrdup(c);
	}
	if (simple_operand(c))
		return xasprintf("!%s", c);
	return xasprintf("!(%s)", c);
}

/*
 * `if (c) ...; break;` or `... return ...;` with no else, c no signal
 * test: c, else NULL.
 */
static char *exit_test(const struct site_ctx *sc, CXCursor st)
{
	struct kids k, b = { 0 };
	CXCursor last;
	enum CXCursorKind lk;
	char *c = NULL;

	if (clang_getCursorKind(st) != CXCursor_IfStmt)
		return NULL;
	k = children(st);
	if (k.n != 2)
		goto out;
	last = k.c[1];
	if (clang_getCursorKind(last) == CXCursor_CompoundStmt) {
		b = children(last);
		if (!b.n)
			goto out;
		last = b.c[b.n - 1];
	}
	lk = clang_getCursorKind(last);
	if (lk != CXCursor_BreakStmt && lk != CXCursor_ReturnStmt)
		goto out;
	c = site_cursor_text(sc, k.c[0]);
	if (starts_with_word(c, "signal_pending") ||
	    starts_with_word(c, "fatal_signal_pending")) {
		free(c);
		c = NULL;
	}
out:
	free(b.c);
	free(k.c);
	return c;
}

/* An endless loop's re-test: the last exit test before the anchor. */
static char *endless_retest(const struct site_ctx *sc, CXCursor body)
{
	struct kids items;
	char *test = NULL, *r = NULL;
	int i;

	if (clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return NULL;
	items = children(body);
	for (i = 0; i < items.n; i++) {
		unsigned a, b;
		char *c;

		cursor_span(items.c[i], &a, &b);
		if (a <= sc->anchor_off && sc->anchor_off < b) {
			r = test ? negation(test) : NULL;
			break;
		}
		c = exit_test(sc, items.c[i]);
		if (c) {
			free(test);
			test = c;
		}
	}
	free(test);
	free(items.c);
	return r;
}

/*
 * The text between the parentheses after a loop's keyword (the guard of
 * `while (E)`, the header of `for (;;)`), from the text, not the
 * cursors: a condition that does not compile (a header missing) has no
 * cursor.
 */
static char *head_text(const struct site_ctx *sc, CXCursor loop)
{
	char *t = site_cursor_text(sc, loop), *r = NULL;
	const char *p = strchr(t, '('), *e;
	int depth = 0;

	for (e = p; e && *e; e++) {
		depth += (*e == '(') - (*e == ')');
		if (!depth) {
			r = xasprintf("%.*s", (int)(e - p - 1), p + 1);
			break;
		}
	}
	free(t);
	return r;
}

static char *plan_retest(const struct site_ctx *sc)
{
	struct kids k;
	enum CXCursorKind lk = CXCursor_InvalidCode;
	char *head, *r = NULL;
	int d;

	/* the innermost loop, not one of a macro's expansion (the
	 * `do { } while (0)` of set_current_state()) */
	for (d = sc->depth - 1; d >= 0; d--) {
		lk = clang_getCursorKind(sc->path[d]);
		if ((lk == CXCursor_WhileStmt || lk == CXCursor_ForStmt ||
		     lk == CXCursor_DoStmt) && !from_macro(sc, sc->path[d]))
			break;
	}
	if (d < 0 || lk == CXCursor_DoStmt)
		return NULL;
	head = head_text(sc, sc->path[d]);
	k = children(sc->path[d]);
	if (!head || !k.n) {
		r = NULL;
	} else if (lk == CXCursor_WhileStmt && strcmp(head, "1") &&
		   strcmp(head, "true")) {
		r = head, head = NULL;
	} else if (lk == CXCursor_WhileStmt || !strcmp(head, ";;") ||
		   !strcmp(head, "; ;")) {
		/* `while (1)`, `for (;;)`: the body is the last child */
		r = endless_retest(sc, k.c[k.n - 1]);
	}
	free(head);
	free(k.c);
	return r;
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
			"%s() is under 'if (%s)', not in a loop of its own: that test is made before the state change, and the re-test form repeats a while or for loop's own test after the state change, which this one has not; a wait loop (or wait_event*()) must be written by hand",
			s->anchor, ls->if_test ? ls->if_test : "..."));
		return;
	}
	if (ls->label_in_loop) {
		refuse(s, "no-patch", xasprintf(
			"%s() is under a label in the loop's body, where jumps from other work of the loop join: no semantic patch matches a state change there; convert by hand",
			s->anchor));
		return;
	}
	if (ls->kind != SH_WHILE && ls->kind != SH_FOR) {
		refuse(s, "one-shot", xasprintf(
			"%s() is not a statement of a loop's own body (it is nested in an if, an else, a switch or a block, or in no loop): the test it depends on is an enclosing statement's or the caller's, and the re-test form repeats a while or for loop's own test only where the state change is a statement of that loop's body; convert by hand",
			s->anchor));
		return;
	}
	if (ls->sleep_first) {
		refuse(s, "sleep-first", xstrdup(
			"the loop sleeps before it tests what it waits for (a change after the call, TIOCMIWAIT style): repeating the test before the sleep would change when it sleeps; convert by hand"));
		return;
	}
	if (!plan_condition_ok(s, sc, ls->cond))
		return;
	{
		char *w = cond_stale_copy(sc, ls->cond);

		if (w) {
			refuse(s, "local-condition", xasprintf(
				"the loop ends on '%s', which reads '%s', a local copy of shared state: tested again after %s() it would read the copy taken before, so a wake-up between the copy and the state change would still be lost; re-read the shared state after the state change by hand",
				ls->cond, w, s->anchor));
			free(w);
			return;
		}
	}
	if (!ls->running_after &&
	    !(!strncmp(s->anchor, "prepare_to_wait", 15) && ls->finish_in_loop)) {
		refuse(s, "no-patch", xasprintf(
			"TASK_RUNNING is not set right after the loop, before the statements that follow it: with the test repeated before schedule(), the loop could end with the task still in a sleeping state, and what follows would run in it; add __set_current_state(TASK_RUNNING) right after the loop first"));
		return;
	}
	s->form = "retest";
	s->cond = plan_retest(sc);
	s->outcome = FO_CONVERT;
}

/* The loop's strings are the planner's to free, whichever way it went. */
void plan_state_after_test(struct fix_site *s, const struct site_ctx *sc)
{
	struct loop_shape ls;

	shape_of(sc, &ls);
	plan_state_after_test_in(s, sc, &ls);
	plan_refuse_do_forever(s, &ls);
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

void plan_schedule_running(struct fix_site *s, const struct site_ctx *sc)
{
	struct loop_shape ls;
	bool tick, looped;

	if (strcmp(s->anchor, "schedule_timeout")) {
		unsigned target = sc->plan ? sc->plan->target : 0;

		refuse(s, "no-patch", strstr(s->anchor, "timeout") ?
		       xasprintf("%s() in TASK_RUNNING has no helper that sets the state; set it before the call by hand",
				 s->anchor) :
		       target_lacks(target, "schedule_timeout_uninterruptible") ?
		       xasprintf("%s() in TASK_RUNNING with no timeout: no helper sets the state for it; set the state by hand on every path to it",
				 s->anchor) :
		       sc->queued_before ?
		       xasprintf("%s() in TASK_RUNNING with no timeout, the task on a wait queue (%s() before the sleep): set the state by hand on every path to it, before the test; a helper that sets it at the sleep (schedule_timeout_*() with MAX_SCHEDULE_TIMEOUT) would set it after the test, and a wake-up in between would be lost with no timeout to end the sleep",
				 s->anchor, sc->queued_before) :
		       xasprintf("%s() in TASK_RUNNING with no timeout: set the state by hand on every path to it (schedule_timeout_interruptible() or _uninterruptible() with MAX_SCHEDULE_TIMEOUT would set it and sleep with no timeout; wqport does not write that form)",
				 s->anchor));
		return;
	}
	shape_of(sc, &ls);
	tick = budget_poll(sc, &ls);
	looped = ls.kind == SH_WHILE || ls.kind == SH_FOR ||
		 ls.kind == SH_DO || ls.has_goto || ls.label_in_loop;
	shape_release(&ls);	/* only the walk's checks were wanted */
	if (sc->queued_before && !looped) {
		/* no loop of its own: the test before it is the one */
		refuse(s, "no-patch", strstr(sc->queued_before, "prepare_to_wait") ?
		       xasprintf("the task is on a wait queue here (%s() before the sleep); a delay helper would sleep the full timeout after a wake-up: set the state by hand",
				 sc->queued_before) :
		       xasprintf("the task is on a wait queue here (%s() before the sleep); a delay helper sets the state only at the sleep, so a wake-up after the add and before it would be lost until the timeout: set the state by hand right after the add, before any test",
				 sc->queued_before));
		return;
	}
	if (sc->queued_before) {
		/*
		 * prepare_to_wait()'s entry leaves the queue at the first
		 * wake-up; add_wait_queue()'s (DECLARE_WAITQUEUE) stays, and
		 * only a wake-up between the test and the helper's state
		 * write is lost.
		 */
		refuse(s, "no-patch", strstr(sc->queued_before, "prepare_to_wait") ?
		       xasprintf("the task is on a wait queue here (%s() before the loop); a delay helper would sleep the full timeout after the first wake-up: move %s() into the loop by hand",
				 sc->queued_before, sc->queued_before) :
		       xasprintf("the task is on a wait queue here (%s() before the loop); a delay helper sets the state after the loop's test, so a wake-up between the two would be lost until the timeout: set the state inside the loop, before the test, by hand",
				 sc->queued_before));
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
