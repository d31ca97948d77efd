// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ003 state-after-test: the condition is tested, then the state set.
 *
 *	while (!dev->ready) {
 *		set_current_state(TASK_INTERRUPTIBLE);
 *		schedule();
 *	}
 *
 * If the waker sets dev->ready and calls wake_up() between the test and
 * set_current_state(), the wake-up finds the task running and does
 * nothing; the task then marks itself sleeping and schedules away with
 * nothing left to wake it.  The safe order is: set the state (or
 * prepare_to_wait()), test, schedule().
 *
 * Reported at a state-setting event E when (1) a schedule() is reachable
 * from E without passing a test of the condition, and (2) a test of the
 * condition that belongs to the same wait (its loop, or an if guarding E)
 * reaches E without passing a schedule().  A lock dropped between E and
 * the schedule() means the test ran under a lock, which is the safe
 * idiom (the waker takes the lock too), so that path does not count,
 * unless the wait entry is queued after the unlock (a wake-up between
 * the two finds nobody);
 * nor does one that arms a timer after the state is set (the timer
 * wakes the task).  Not a lost wake-up either: TASK_STOPPED/TRACED
 * (SIGCONT wakes those), a loop that waits only for a signal (the
 * sigsuspend shape: schedule() in TASK_INTERRUPTIBLE does not sleep
 * with a signal pending), and a fixed delay (a poll), also one a local
 * holds on the way from E (analysis/flow/bounds.c).  The path test, E, sleep
 * must be one the repeated tests on it allow (paths_feasible()); a mode
 * or a loop counter alone names nothing waited for, and a signal-only
 * wait, a park for good or a waker started after E loses nothing
 * (analysis/condclass.c).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

/* stop kinds for the walks */
static bool resets_state(const struct cfg *g, int n)
{
	return node_is(g, n, K_SET_STATE) || node_is(g, n, K_PREPARE) ||
	       node_is(g, n, K_SLEEP_ON) || node_is(g, n, K_WAIT_EVENT) ||
	       node_is(g, n, K_DELAY) || node_is(g, n, K_FINISH) ||
	       node_is_sleep(g, n) ||
	       /* a function of the file that always sets it (its summary) */
	       (g->nodes[n].kind == N_CALL &&
		state_sums_always_sets(g->sums, g->nodes[n].text));
}

/*
 * Is a wait entry queued after the unlock at u, before the sleep?  Then
 * the lock did not cover the enqueue: a waker that takes it between the
 * unlock and add_wait_queue() wakes nobody.
 */
static bool queued_after_unlock(const struct cfg *g, int u)
{
	char *seen = xrealloc(NULL, g->n);
	int *stack = xrealloc(NULL, g->n * sizeof(int));
	int sp = 0, i;
	bool hit = false;

	memset(seen, 0, g->n);
	stack[sp++] = u;
	seen[u] = 1;
	while (sp && !hit) {
		int n = stack[--sp];

		for (i = 0; i < g->nodes[n].nsucc && !hit; i++) {
			int s = g->nodes[n].succ[i];

			if (seen[s])
				continue;
			seen[s] = 1;
			if (node_is(g, s, K_ADD_WAIT))
				hit = true;
			else if (!node_is_sleep(g, s) && !resets_state(g, s))
				stack[sp++] = s;
		}
	}
	free(seen);
	free(stack);
	return hit;
}

/* (1): the schedule() reached from e before any condition test, or -1 */
static int untested_sleep(const struct cfg *g, int e, char *seen, int *stack)
{
	int sp = 0, i;

	stack[sp++] = e;
	seen[e] = 1;
	while (sp) {
		int n = stack[--sp];

		for (i = 0; i < g->nodes[n].nsucc; i++) {
			int s = g->nodes[n].succ[i];

			if (seen[s])
				continue;
			seen[s] = 1;
			/* a sleep under a dropped if's test: tested, unread */
			if (node_is_sleep(g, s) &&
			    (g->nodes[s].flags & NF_GAP_TESTED))
				continue;
			if (node_is_sleep(g, s))
				return s;
			/*
			 * A lock dropped after the state is set and the entry
			 * queued: the test ran under the lock the waker takes,
			 * so it cannot race.  An entry queued after the unlock
			 * can miss the wake-up.
			 */
			if (node_is(g, s, K_UNLOCK) && queued_after_unlock(g, s)) {
				stack[sp++] = s;
				continue;
			}
			/*
			 * A timer armed after the state is set wakes the task
			 * whatever else is lost: a bounded sleep.
			 */
			if (node_is_cond_test(g, s) || resets_state(g, s) ||
			    node_is(g, s, K_UNLOCK) || node_is(g, s, K_ARM_TIMER))
				continue;
			stack[sp++] = s;
		}
	}
	return -1;
}

static bool related(const struct cfg *g, int t, int e)
{
	const struct cfg_node *tn = &g->nodes[t];

	if (tn->flags & NF_LOOP_COND)
		return cfg_in_loop(g, e, tn->loop);
	if (t < e && e <= tn->branch_end)
		return true;
	return tn->loop >= 0 && cfg_in_loop(g, e, tn->loop);
}

static bool strstr_n(const char *a, size_t n, const char *w)
{
	size_t l = strlen(w), i;

	for (i = 0; i + l <= n; i++)
		if (!memcmp(a + i, w, l))
			return true;
	return false;
}

/* Does a branch of if-test t leave its loop (break, return, goto out)? */
static bool exits_loop(const struct cfg *g, int t)
{
	const struct cfg_node *tn = &g->nodes[t];
	int b, n, steps;

	if (tn->loop < 0)
		return false;
	for (b = 0; b < 2; b++) {
		n = b ? tn->on_false : tn->on_true;
		/* follow the branch's straight-line start: joins only */
		for (steps = 0; n >= 0 && steps < 4; steps++) {
			if (g->nodes[n].kind == N_RETURN ||
			    !cfg_in_loop(g, n, tn->loop))
				return true;
			if (g->nodes[n].kind != N_JOIN || g->nodes[n].nsucc != 1)
				break;
			n = g->nodes[n].succ[0];
		}
	}
	return false;
}

/* Is plain name w (length l) counted (++, +=, `t = sleep(t)`) in loop? */
static bool written_in_loop(const struct cfg *g, int loop, const char *w,
			    size_t l)
{
	int n;

	for (n = 0; n < g->n; n++)
		if (g->nodes[n].kind == N_ASSIGN && g->nodes[n].text &&
		    (g->nodes[n].flags & NF_COUNTS) &&
		    strlen(g->nodes[n].text) == l &&
		    !memcmp(g->nodes[n].text, w, l) &&
		    cfg_in_loop(g, n, loop))
			return true;
	return false;
}

/*
 * Does text t[0..len) read a plain variable its loop counts with
 * (`i < 100`, `tries--`, `timeout`)?  Such a name says how long the task
 * waits, not what for.
 */
struct in_loop {
	const struct cfg *g;
	int loop;
};

static bool written_name(const void *ctx, const char *w, size_t n)
{
	const struct in_loop *il = ctx;

	return written_in_loop(il->g, il->loop, w, n);
}

static bool reads_counter(const struct cfg *g, int loop, const char *t,
			  size_t len)
{
	struct in_loop il = { g, loop };

	return loop >= 0 && text_any_plain_name(t, len, written_name, &il);
}

static bool counter_test(const struct cfg *g, int t)
{
	const struct cfg_node *tn = &g->nodes[t];

	return tn->text && reads_counter(g, tn->loop, tn->text,
					 strlen(tn->text));
}

/*
 * How good a name for what is waited for test p is: the loop's own
 * condition (3), a test that leaves the loop (`if (done) break;`, 2),
 * one that only picks what to do (O_NONBLOCK, a mode, 1), and last a
 * loop counter (0).
 */
static int test_rank(const struct cfg *g, int p)
{
	if (counter_test(g, p))
		return 0;
	if (g->nodes[p].flags & NF_LOOP_COND)
		return 3;
	return exits_loop(g, p) ? 2 : 1;
}

/*
 * (2): the best-named related test that reaches e with no sleep between;
 * a mode test (analysis/condclass.c) names nothing waited for
 */
static int test_before(const struct cfg *g, const struct flow *fl,
		       const struct wq_file *f, int e, char *seen, int *stack)
{
	int sp = 0, i, found = -1, rank = -1;

	stack[sp++] = e;
	seen[e] = 1;
	while (sp) {
		int n = stack[--sp];

		for (i = 0; i < fl->npred[n]; i++) {
			int p = fl->pred[n][i];

			if (seen[p])
				continue;
			seen[p] = 1;
			if (node_is_cond_test(g, p) && related(g, p, e) &&
			    !condclass_mode_test(g, f, p)) {
				int r = test_rank(g, p);

				if (r > rank) {
					found = p;
					rank = r;
				}
			}
			if (resets_state(g, p))
				continue;
			stack[sp++] = p;
		}
	}
	return found;
}

/*
 * Is t an `if` inside a macro's body whose branches hold nothing the
 * model sees (the `if (debug) printk(...)` of a driver's dbg() macro)?
 * It guards the macro's own business, not what a loop around the use
 * waits for.
 */
static bool macro_guard_only(const struct cfg *g, int t)
{
	const struct cfg_node *tn = &g->nodes[t];
	int n;

	if (!(tn->flags & NF_IN_MACRO) || (tn->flags & NF_LOOP_COND) ||
	    tn->branch_end <= t)
		return false;
	for (n = t + 1; n <= tn->branch_end; n++)
		if (g->nodes[n].kind != N_JOIN)
			return false;
	return true;
}

/*
 * Does a related test other than kthread_should_stop() reach e with no
 * sleep between (`if (dev->events) ... else { set state; sleep }` in a
 * thread's stop loop)?  Then the stop is not all it waits for.
 */
static bool other_test_before(const struct cfg *g, const struct flow *fl,
			      int e, char *seen, int *stack)
{
	int sp = 0, i;

	stack[sp++] = e;
	seen[e] = 1;
	while (sp) {
		int n = stack[--sp];

		for (i = 0; i < fl->npred[n]; i++) {
			int p = fl->pred[n][i];

			if (seen[p])
				continue;
			seen[p] = 1;
			if (node_is_cond_test(g, p) && related(g, p, e) &&
			    !counter_test(g, p) && g->nodes[p].text &&
			    !macro_guard_only(g, p) &&
			    !strstr(g->nodes[p].text, KTHREAD_STOP_TEST))
				return true;
			if (resets_state(g, p))
				continue;
			stack[sp++] = p;
		}
	}
	return false;
}

/*
 * The test's text without the operands that are not waited for: a
 * signal test or a loop counter (`!dev->done && !signal_pending(current)`
 * names `!dev->done`).  Only a test whose top level is all && or all ||
 * is split; if nothing would be left, the whole text is kept.
 */
static char *waited_name(const struct cfg *g, int t)
{
	const char *x = g->nodes[t].text, *op = NULL, *start;
	struct strbuf sb = { 0 };
	int depth = 0, kept = 0, dropped = 0;
	size_t i, n = strlen(x);

	for (i = 0; i + 1 < n; i++) {
		if (x[i] == '(' || x[i] == '[')
			depth++;
		else if (x[i] == ')' || x[i] == ']')
			depth--;
		else if (!depth && (!strncmp(x + i, "&&", 2) ||
				    !strncmp(x + i, "||", 2))) {
			if (op && strncmp(op, x + i, 2))
				return xstrdup(x);
			op = x + i;
		}
	}
	if (!op || strchr(x, '?'))
		return xstrdup(x);
	for (start = x, depth = 0, i = 0; i <= n; i++) {
		bool end = i == n;

		if (!end && (x[i] == '(' || x[i] == '['))
			depth++;
		else if (!end && (x[i] == ')' || x[i] == ']'))
			depth--;
		if (end || (!depth && !strncmp(x + i, op, 2))) {
			const char *a = start, *b = x + i;

			while (a < b && *a == ' ')
				a++;
			while (b > a && b[-1] == ' ')
				b--;
			if (strstr_n(a, b - a, "signal_pending") ||
			    reads_counter(g, g->nodes[t].loop, a, b - a)) {
				dropped++;
			} else {
				if (kept++)
					sb_printf(&sb, " %.2s ", op);
				sb_add(&sb, a, b - a);
			}
			start = x + i + 2;
			i++;
		}
	}
	if (!kept || !dropped) {
		free(sb.s);
		return xstrdup(x);
	}
	return sb.s;
}

/*
 * A timed sleep with nothing queued is a poll: a lost wake_up_process()
 * costs at most the timeout.  A timed sleep guarded by a plain if (no
 * loop) sleeps once for a bounded time.  Neither loses a wake-up for
 * good, so neither is reported.
 */
/*
 * 2.0's timed sleep: `current->timeout = jiffies + X;` right before a
 * plain schedule() (the scheduler woke the task when it passed).
 */
static bool old_timed_schedule(const struct cfg *g, const struct wq_file *f,
			       int s)
{
	char *tmo;

	if (!node_is(g, s, K_SCHEDULE))
		return false;
	tmo = text_old_timeout_before(f->buf, f->len,
				      text_offset(f->buf, f->len,
						     g->nodes[s].pos));
	free(tmo);
	return tmo != NULL;
}

static bool bounded_poll(const struct cfg *g, const struct flow *fl,
			 const struct wq_file *f, int t, int e, int s)
{
	/* a 2.0 timed poll with nothing queued loses nothing for good */
	if (old_timed_schedule(g, f, s))
		return !(fl->in[s] & ~FL_STATE_BITS);
	if (!node_is(g, s, K_SCHEDULE_TIMEOUT))
		return false;
	if (!(fl->in[s] & ~FL_STATE_BITS))
		return true;
	/*
	 * A fixed delay (HZ / 50, or a local that holds one on the way from
	 * the state set: analysis/flow/bounds.c) is a poll even with an entry
	 * queued: the loop tests again after it, so a lost wake-up costs
	 * at most the delay, never the wait.
	 */
	if (bounds_timeout_fixed(g, fl, f, e, s))
		return true;
	return !(g->nodes[t].flags & NF_LOOP_COND) && g->nodes[t].loop < 0;
}

static bool stops_before_state(const struct cfg *g, int n, const void *ctx)
{
	(void)ctx;
	return resets_state(g, n);
}

static bool stops_before_sleep(const struct cfg *g, int n, const void *ctx)
{
	(void)ctx;
	return node_is_cond_test(g, n) || resets_state(g, n) ||
	       (node_is(g, n, K_UNLOCK) && !queued_after_unlock(g, n)) ||
	       node_is(g, n, K_ARM_TIMER);
}

static bool sleep_node(const struct cfg *g, int n, const void *ctx)
{
	(void)ctx;
	return node_is_sleep(g, n);
}

/*
 * The sleep of a feasible path from test t through the state set e
 * (analysis/flow/bounds.c): s when the walk cannot tell, -1 when no such
 * path exists (a test repeated on the way took the other outcome).
 */
static int feasible_sleep(const struct cfg *g, const struct flow *fl, int t,
			  int e, int s)
{
	const struct pseg seg[2] = {
		{ .node = e, .stop = stops_before_state },
		{ .node = -1, .target = sleep_node, .stop = stops_before_sleep },
	};
	int r = paths_feasible(g, fl, t, seg, 2);

	return r == -2 ? s : r;
}

/*
 * How the message names the state change: "set_current_state()", or for
 * a hand-written store the store itself ("current->state =
 * TASK_INTERRUPTIBLE"), which is no function to call.
 */
static char *state_setter_text(const struct wq_event *ev)
{
	const char *name = ev->api->name;
	int a = ev->api->state_arg;

	if (!strstr(name, "->"))
		return xasprintf("%s()", name);
	if (a >= 0 && a < ev->nargs && strcmp(ev->args[a], "?"))
		return xasprintf("'%s = %s'", name, ev->args[a]);
	return xasprintf("the store to %s", name);
}

/* The waker whose wake-up is lost, as a note at its call. */
static void waker_note(struct wq_finding *fd, const struct waker *w)
{
	if (w->nchanges)
		finding_add_note(fd, w->pos, xasprintf(
			"%s() wakes it here with %s(), after '%s'", w->func,
			w->call, w->changes[0]));
	else
		finding_add_note(fd, w->pos, xasprintf(
			"%s() wakes it here with %s()", w->func, w->call));
}

void check_state_after_test(const struct cfg *g, const struct flow *fl,
			    struct wq_file *f)
{
	char *seen = xrealloc(NULL, g->n);
	int *stack = xrealloc(NULL, g->n * sizeof(int));
	int e;

	for (e = 0; e < g->n; e++) {
		const struct cfg_node *en = &g->nodes[e];
		struct wq_finding *fd;
		struct lost_wakeup lw;
		char *name, *setter;
		int s, t;

		/*
		 * TASK_STOPPED and TASK_TRACED wait for SIGCONT or the
		 * tracer, never for a wake-up on a condition.
		 */
		if (en->kind != N_EVENT || !fl->in[e] ||
		    !event_sleeping_state(&en->ev) || event_stop_state(&en->ev))
			continue;
		memset(seen, 0, g->n);
		s = untested_sleep(g, e, seen, stack);
		if (s < 0)
			continue;
		memset(seen, 0, g->n);
		t = test_before(g, fl, f, e, seen, stack);
		/* a loop counter alone (`i < 2`) names nothing waited for */
		if (t < 0 || (test_rank(g, t) == 0 &&
			      condclass_plain_test(g->nodes[t].text,
						   strlen(g->nodes[t].text))))
			continue;
		/* a path test, state, sleep that the tests on it allow */
		s = feasible_sleep(g, fl, t, e, s);
		if (s < 0 || bounded_poll(g, fl, f, t, e, s) ||
		    condclass_not_lost(g, f, e, s) ||
		    condclass_own_flags(g, f, t))
			continue;
		name = waited_name(g, t);
		setter = state_setter_text(&en->ev);
		memset(seen, 0, g->n);
		lost_wakeup_judge(g, fl, f, e, s, t, setter, name,
				  other_test_before(g, fl, e, seen, stack),
				  &lw);
		free(setter);
		if (lw.safe) {
			lost_wakeup_free(&lw);
			free(name);
			continue;
		}
		file_add_finding(f, WQ003, en->pos, lw.message);
		lw.message = NULL;
		fd = &f->findings[f->nfindings - 1];
		finding_add_note(fd, g->nodes[t].pos, xasprintf(
			"'%s' is tested here, before the task state is set",
			name));
		free(name);
		finding_add_note(fd, g->nodes[s].pos, xasprintf(
			"%s() sleeps here without testing it again",
			g->nodes[s].ev.api->name));
		if (lw.named >= 0)
			waker_note(fd, &lw.wakers[lw.named]);
		if (lw.fact_note) {
			finding_add_note(fd, en->pos, lw.fact_note);
			lw.fact_note = NULL;
		}
		lost_wakeup_free(&lw);
	}
	free(seen);
	free(stack);
}
