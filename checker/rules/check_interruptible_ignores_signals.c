// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ007 interruptible-ignores-signals: an interruptible wait that never
 * looks at signals.
 *
 *	for (;;) {
 *		prepare_to_wait(&dev->wq, &wait, TASK_INTERRUPTIBLE);
 *		if (dev->ready)
 *			break;
 *		schedule();
 *	}
 *
 * schedule() does not sleep in TASK_INTERRUPTIBLE while a signal is
 * pending: it returns at once.  A loop that only leaves when its
 * condition holds then spins, burning a CPU until the condition comes
 * true, and the process cannot be killed meanwhile.  The loop needs a
 * signal_pending() exit (returning -ERESTARTSYS), or the task should
 * sleep in TASK_UNINTERRUPTIBLE (or TASK_KILLABLE with a
 * fatal_signal_pending() exit).
 *
 * Kernel threads and workqueue functions have every signal blocked
 * unless they ask for some, so their loops are left alone: functions
 * this file hands to kthread_run(), kernel_thread(), INIT_WORK() and the
 * like (also through a macro of the file around them, or one whose name
 * says it starts a thread, torture_create_kthread()), and functions that
 * call kthread_should_stop(), the freezer, daemonize() or
 * allow_signal(), the marks of a thread's main loop.  A loop test that
 * calls a helper of the same file counts as a signal test when the
 * helper's body tests signals (one level, analysis/helpers.c); so does
 * a call whose name says it looks at signals (io_run_task_work_sig()),
 * in the test or in the value of a variable the test reads
 * (`ret = io_run_task_work_sig(ctx); if (ret < 0) break;`).
 *
 * A bounded retry delay (`while (!(p = alloc()) && --tries)` around a
 * schedule_timeout(HZ)) is left alone too: a signal shortens its delays
 * but the counter still ends it.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

/*
 * Words of a test that looks at signals: 2.0 and 2.2 tested
 * current->signal & ~current->blocked, 2.4 had current->sigpending; a
 * test of what schedule_timeout() returned sees the early return a
 * signal causes, as does one of what prepare_to_wait_event() returns;
 * an interruptible or killable call in a test
 * (mutex_lock_interruptible()) leaves on a signal.
 */
static bool signal_text(const char *t)
{
	return t && (strstr(t, "signal_pending") || strstr(t, "sigpending") ||
		     (strstr(t, "->signal") && strstr(t, "->blocked")) ||
		     strstr(t, KTHREAD_STOP_TEST) ||
		     strstr(t, "do_signal") || strstr(t, "dequeue_signal") ||
		     strstr(t, "get_signal") ||
		     /* -ERESTARTSYS when a signal is pending in its state */
		     strstr(t, "prepare_to_wait_event") ||
		     strstr(t, "schedule_timeout") ||
		     strstr(t, "schedule_hrtimeout") ||
		     strstr(t, "interruptible") || strstr(t, "killable"));
}

static bool is_thread(const struct cfg *g, const struct wq_file *f)
{
	return text_is_thread(f->buf, f->len, g->body_start, g->body_end,
			      g->func);
}

static const char *state_of(const struct wq_event *ev)
{
	int a = ev->api->kind == K_PREPARE ? 2 : ev->api->state_arg;

	return a >= 0 && a < ev->nargs ? ev->args[a] : NULL;
}

/* Is the loop's sleep followed by another pass, not by an exit? */
static bool sleeps_again(const struct cfg *g, int s, int l, char *seen,
			 int *stack)
{
	int sp = 0, i;

	memset(seen, 0, g->n);
	stack[sp++] = s;
	seen[s] = 1;
	while (sp) {
		int n = stack[--sp];

		for (i = 0; i < g->nodes[n].nsucc; i++) {
			int t = g->nodes[n].succ[i];

			if (t == g->loops[l].head)
				return true;
			if (seen[t] || !cfg_in_loop(g, t, l))
				continue;
			seen[t] = 1;
			stack[sp++] = t;
		}
	}
	return false;
}

/* The interruptible state set in loop l, or -1; -1 too if l also
 * sets another sleeping state (the loop picks its state at run time). */
static int interruptible_set(const struct cfg *g, int l)
{
	int n, found = -1;

	for (n = g->loops[l].first; n <= g->loops[l].last && n < g->n; n++) {
		const char *st;

		if (g->nodes[n].kind != N_EVENT || !cfg_in_loop(g, n, l) ||
		    !event_sleeping_state(&g->nodes[n].ev))
			continue;
		st = state_of(&g->nodes[n].ev);
		if (!st || strcmp(st, "TASK_INTERRUPTIBLE"))
			return -1;
		if (found < 0)
			found = n;
	}
	return found;
}

/*
 * Does loop l test for signals?  A test inside a macro carries the
 * invocation's text, not its own: the loop is then out of sight, and
 * taken to test them.
 */
/*
 * Does text t call a function whose name says it handles signals: a
 * part, between underscores, "sig", "signal" or "signals"
 * (io_run_task_work_sig(), drv_wait_signal()), that does not send or
 * clear one (send_sig(), force_sig(), kill_pgrp_sig(), flush_signals())?
 * Such a call in another file cannot be read, and its name is the best
 * word on it there is.
 */
static bool signal_named_call(const char *t)
{
	static const char *const senders[] = {
		"send", "force", "kill", "flush", "allow", "disallow", "ignore",
	};
	const char *p = t;
	unsigned end;
	long at;
	size_t i;

	while (t && (at = text_next_ident(t, p - t, strlen(t), &end)) >= 0) {
		const char *w = t + at, *q = t + end, *part = w;
		bool sig = false, sends = false;

		p = q;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '(')
			continue;
		while (part < p) {
			const char *e = memchr(part, '_', p - part);
			size_t n = (e ? e : p) - part;

			sig |= (n == 3 && !memcmp(part, "sig", 3)) ||
			       (n == 6 && !memcmp(part, "signal", 6)) ||
			       (n == 7 && !memcmp(part, "signals", 7));
			for (i = 0; part == w && i < sizeof(senders) / sizeof(senders[0]); i++)
				sends |= n == strlen(senders[i]) &&
					 !memcmp(part, senders[i], n);
			part = e ? e + 1 : p;
		}
		if (sig && !sends)
			return true;
	}
	return false;
}

/* Does text t (a test, or the value a test reads) look at signals? */
static bool text_tests_signals(const struct wq_file *f, const char *t)
{
	return signal_text(t) || signal_named_call(t) ||
	       /* `if (drv_check_signals(dev))`: a helper of the file */
	       text_helpers_match(f->buf, f->len, t, signal_text);
}

struct assigned_in {
	const struct cfg *g;
	int loop;
	const struct wq_file *f;
};

/*
 * Is plain name w written in the loop with a value that looks at
 * signals (`ret = io_run_task_work_sig(ctx);` before `if (ret < 0)`)?
 */
static bool signal_value(const void *ctx, const char *w, size_t len)
{
	const struct assigned_in *a = ctx;
	const struct cfg *g = a->g;
	int n, l = a->loop;

	for (n = g->loops[l].first; n <= g->loops[l].last && n < g->n; n++)
		if (g->nodes[n].kind == N_ASSIGN && cfg_in_loop(g, n, l) &&
		    g->nodes[n].text && g->nodes[n].rhs &&
		    strlen(g->nodes[n].text) == len &&
		    !memcmp(g->nodes[n].text, w, len) &&
		    text_tests_signals(a->f, g->nodes[n].rhs))
			return true;
	return false;
}

static bool tests_signals(const struct cfg *g, int l, const struct wq_file *f)
{
	const struct assigned_in a = { g, l, f };
	int n;

	for (n = g->loops[l].first; n <= g->loops[l].last && n < g->n; n++) {
		const char *t = g->nodes[n].text;

		if (g->nodes[n].kind != N_TEST || !cfg_in_loop(g, n, l))
			continue;
		if ((g->nodes[n].flags & (NF_IN_MACRO | NF_SIGNAL_TEST)) ||
		    text_tests_signals(f, t) ||
		    (t && text_any_plain_name(t, strlen(t), signal_value, &a)))
			return true;
	}
	return false;
}

/*
 * Is N_ASSIGN node n a step of a counter (`tries--`, `++i`, `n += 1`)?
 * A write of a sleep's result (`left = schedule_timeout(left)`) counts
 * down the time left, not the passes: with a signal pending each call
 * returns at once, so such a loop still spins for all of that time.
 */
static bool counter_step(const struct cfg *g, int n)
{
	int p;

	if (g->nodes[n].kind != N_ASSIGN || !g->nodes[n].text ||
	    !(g->nodes[n].flags & NF_COUNTS))
		return false;
	for (p = n - 1; p >= 0 && g->nodes[p].kind == N_EVENT &&
	     g->nodes[p].pos.line == g->nodes[n].pos.line; p--)
		if (g->nodes[p].ev.api->kind == K_SCHEDULE_TIMEOUT ||
		    g->nodes[p].ev.api->kind == K_SCHEDULE)
			return false;
	return true;
}

/* Is plain name w (len bytes) stepped as a counter in loop l? */
static bool stepped_in_loop(const struct cfg *g, int l, const char *w,
			    size_t len)
{
	int n;

	for (n = g->loops[l].first; n <= g->loops[l].last && n < g->n; n++)
		if (cfg_in_loop(g, n, l) && counter_step(g, n) &&
		    strlen(g->nodes[n].text) == len &&
		    !memcmp(g->nodes[n].text, w, len))
			return true;
	return false;
}

struct in_loop {
	const struct cfg *g;
	int loop;
};

static bool stepped_name(const void *ctx, const char *w, size_t n)
{
	const struct in_loop *il = ctx;

	return stepped_in_loop(il->g, il->loop, w, n);
}

/*
 * Does text t read the member m (`d->tries`) as a whole, neither a part
 * of a longer access (`x->d->tries`, `d->tries.n`) nor called?
 */
static bool reads_member(const char *t, const char *m)
{
	size_t n = strlen(m);
	const char *p;

	for (p = strstr(t, m); p; p = strstr(p + 1, m)) {
		char b = p > t ? p[-1] : ' ', a = p[n];

		if (wq_ident_char(b) || b == '.' || b == '>')
			continue;
		if (wq_ident_char(a) || a == '(' || a == '.' ||
		    (a == '-' && p[n + 1] == '>'))
			continue;
		return true;
	}
	return false;
}

/*
 * Does test text t read a counter loop l steps: a plain name, or a
 * member of a struct the loop steps as a whole (`d->tries < 20` with
 * `d->tries++`)?  Another thread may reset such a member, but a loop
 * that counts its own passes in it ends like one counting in a local.
 */
static bool reads_loop_counter(const struct cfg *g, int l, const char *t)
{
	struct in_loop il = { g, l };
	int n;

	if (text_any_plain_name(t, strlen(t), stepped_name, &il))
		return true;
	for (n = g->loops[l].first; n <= g->loops[l].last && n < g->n; n++)
		if (cfg_in_loop(g, n, l) && counter_step(g, n) &&
		    (strstr(g->nodes[n].text, "->") ||
		     strchr(g->nodes[n].text, '.')) &&
		    reads_member(t, g->nodes[n].text))
			return true;
	return false;
}

/*
 * Does a branch of test t leave loop l (break, return, goto out), after
 * straight-line work at most (`who = r->name; pr_err(...); break;`): no
 * other test and no sleep on the way?
 */
static bool leaves_loop(const struct cfg *g, int t, int l)
{
	int b, n, steps;

	if (g->nodes[t].flags & NF_LOOP_COND)
		return true;
	for (b = 0; b < 2; b++) {
		n = b ? g->nodes[t].on_false : g->nodes[t].on_true;
		for (steps = 0; n >= 0 && steps < 16; steps++) {
			if (g->nodes[n].kind == N_RETURN || !cfg_in_loop(g, n, l))
				return true;
			if (g->nodes[n].kind == N_TEST || node_is_sleep(g, n) ||
			    g->nodes[n].nsucc != 1 || n == g->loops[l].head)
				break;
			n = g->nodes[n].succ[0];
		}
	}
	return false;
}

/*
 * A bounded retry delay: every sleep of loop l is a timed one
 * (schedule_timeout(), a fixed delay), and a test that leaves the loop
 * reads a counter the loop steps (`&& --tries`, `i < 20` with `i++`,
 * `retries++ < N`).  With a signal pending the delays return at once,
 * but the loop still ends after its last try: a finite, counted retry,
 * not the endless spin of WQ007.  A countdown of the time left, or a
 * counter around schedule() on a queue, is no such bound.
 */
static bool bounded_retry(const struct cfg *g, int l)
{
	bool counted = false;
	int n;

	for (n = g->loops[l].first; n <= g->loops[l].last && n < g->n; n++) {
		if (!cfg_in_loop(g, n, l))
			continue;
		if (node_is_sleep(g, n) && !node_is(g, n, K_SCHEDULE_TIMEOUT))
			return false;
		if (!counted && g->nodes[n].kind == N_TEST && g->nodes[n].text &&
		    leaves_loop(g, n, l) &&
		    reads_loop_counter(g, l, g->nodes[n].text))
			counted = true;
	}
	return counted;
}

static bool leaves(const struct cfg *g, int n, const void *ctx)
{
	return !cfg_in_loop(g, n, *(const int *)ctx);
}

/*
 * Is there a path, that the tests on it allow (analysis/flow/bounds.c), from
 * the state set e through the sleep s back to the head of loop l?
 */
static bool spins(const struct cfg *g, const struct flow *fl, int e, int s,
		  int l)
{
	const struct pseg seg[2] = {
		{ .node = s, .stop = leaves, .ctx = &l },
		{ .node = g->loops[l].head, .stop = leaves, .ctx = &l },
	};

	return paths_feasible(g, fl, e, seg, 2) != -1;
}

/*
 * What can function fn, whose body starts at offset body, hand back to its
 * caller on a signal?  Its return type is read from the text before its
 * name (`static void __sched fn(`, the type maybe on the line before).
 */
enum ret_kind {
	RET_OTHER,	/* a pointer or a type not known here: no claim */
	RET_VOID,	/* nothing: no error code to return */
	RET_ERRNO,	/* a signed integer: -ERESTARTSYS fits */
	RET_VALUE,	/* unsigned or bool: no room for a negative errno */
};

/* words before a function's name that are not its return type */
static const char *const decl_words[] = {
	"static", "inline", "__inline", "__always_inline", "noinline",
	"extern", "__sched", "__init", "__exit", "__cold", "__must_check",
	"notrace", "__maybe_unused", "__weak", "__noreturn", "const",
};

static const char *const errno_types[] = {
	"int", "long", "ssize_t", "s32", "s64", "signed", "loff_t",
};

static const char *const value_types[] = {
	"unsigned", "bool", "u8", "u16", "u32", "u64", "size_t", "__u8",
	"__u16", "__u32", "__u64", "char", "short", "uint", "ulong",
};

static bool in_list(const char *const *list, size_t n, const char *w,
		    size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strlen(list[i]) == len && !memcmp(list[i], w, len))
			return true;
	return false;
}

/* sets *type to the return type's words (without storage words) */
static enum ret_kind return_kind(const char *buf, unsigned body,
				 const char *fn, char *type, size_t size)
{
	long at = -1, w;
	unsigned from = body > 600 ? body - 600 : 0, i, ls, end;
	size_t n = strlen(fn), used = 0;
	enum ret_kind kind = RET_OTHER;
	bool any = false, other = false, value = false, sign = false;

	type[0] = 0;
	while ((w = text_find_word(buf, from, body, fn)) >= 0) {
		at = w;
		from = w + n;
	}
	if (at < 0)
		return RET_OTHER;
	for (ls = at; ls > 0 && buf[ls - 1] != '\n'; ls--)
		;
	for (i = ls; i < (unsigned)at && isspace((unsigned char)buf[i]); i++)
		;
	if (i == (unsigned)at && ls > 0)	/* `static void\nfn(` */
		for (ls--; ls > 0 && buf[ls - 1] != '\n'; ls--)
			;
	if (memchr(buf + ls, '*', at - ls))
		return RET_OTHER;
	for (from = ls; (w = text_next_ident(buf, from, at, &end)) >= 0;
	     from = end) {
		size_t len = end - w;

		if (in_list(decl_words, sizeof(decl_words) / sizeof(decl_words[0]), buf + w, len))
			continue;
		if (len == 4 && !memcmp(buf + w, "void", 4))
			kind = RET_VOID;
		else if (in_list(value_types, sizeof(value_types) / sizeof(value_types[0]),
				 buf + w, len))
			value = true;
		else if (in_list(errno_types, sizeof(errno_types) / sizeof(errno_types[0]),
				 buf + w, len))
			sign = true;
		else
			other = true;
		if (used + len + 2 < size) {
			used += snprintf(type + used, size - used, "%s%.*s",
					 any ? " " : "", (int)len, buf + w);
			any = true;
		}
	}
	if (kind == RET_VOID || other)
		return kind;
	if (value)
		return RET_VALUE;
	return sign ? RET_ERRNO : RET_OTHER;
}

/* how the loop can leave on a signal, for a function returning kind */
static char *leave_advice(const char *buf, unsigned body, const char *fn)
{
	char type[64];

	switch (return_kind(buf, body, fn, type, sizeof(type))) {
	case RET_ERRNO:
		return xstrdup("leave it with -ERESTARTSYS on signal_pending(current), or sleep in TASK_UNINTERRUPTIBLE");
	case RET_VALUE:
		return xasprintf("leave it on signal_pending(current) with a result its callers take as failure, or sleep in TASK_UNINTERRUPTIBLE (%s() returns %s, which holds no -ERESTARTSYS)",
				 fn, type);
	default:
		return xstrdup("leave it on signal_pending(current), or sleep in TASK_UNINTERRUPTIBLE");
	}
}

void check_interruptible_ignores_signals(const struct cfg *g, const struct flow *fl,
				 struct wq_file *f)
{
	char *seen = xrealloc(NULL, g->n);
	int *stack = xrealloc(NULL, g->n * sizeof(int));
	char *done = xrealloc(NULL, g->nloops + 1);
	int s, thread = -1;

	memset(done, 0, g->nloops + 1);
	for (s = 0; s < g->n; s++) {
		struct wq_finding *fd;
		char *advice;
		int l, e = -1;

		/* a sleep on no cycle (a goto back into another case arm)
		 * is in no loop, whatever the order of the nodes says */
		if (!node_is_sleep(g, s) || !fl->in[s] || !node_on_cycle(g, s))
			continue;
		/* the innermost loop around the sleep that sets the state */
		for (l = g->nodes[s].loop; l >= 0; l = g->loops[l].parent) {
			e = interruptible_set(g, l);
			if (e >= 0)
				break;
		}
		if (l < 0 || done[l])
			continue;
		done[l] = 1;
		if (tests_signals(g, l, f) || !sleeps_again(g, s, l, seen, stack) ||
		    bounded_retry(g, l) || !spins(g, fl, e, s, l))
			continue;
		if (thread < 0)
			thread = is_thread(g, f);
		if (thread)
			break;
		advice = leave_advice(f->buf, g->body_start, g->func);
		file_add_finding(f, WQ007, g->nodes[e].pos, xasprintf(
			"TASK_INTERRUPTIBLE wait loop with no signal_pending() exit: with a signal pending, %s() returns at once and the loop spins; %s",
			g->nodes[s].ev.api->name, advice));
		free(advice);
		fd = &f->findings[f->nfindings - 1];
		finding_add_note(fd, g->nodes[s].pos, xasprintf(
			"%s() is called here, in the loop", g->nodes[s].ev.api->name));
	}
	free(seen);
	free(stack);
	free(done);
}
