// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which tests name what a sleep waits for, and which sleeps cannot lose
 * a wake-up whatever was tested before them (WQ003, state-after-test).
 *
 * A lost wake-up needs a condition a waker changes: it sets the flag,
 * then wakes the queue, between the sleeper's test and its state
 * change.  Not such a condition:
 *
 * - a mode test, of locals that only ever hold constants: `if (!ignore)`
 *   with `ignore = true;` after a freeze, a parameter never written
 *   (`if (timeout < 0)` picking schedule() over a timed sleep).  No
 *   waker writes a local, and a local that holds a constant is no copy
 *   of what a waker writes (`cnt = dev->count;` is such a copy: a test
 *   of cnt stays a candidate).
 *
 * And whatever was tested, no wake-up is lost when
 *
 * - the sleep waits for a signal only: TASK_INTERRUPTIBLE, in a loop
 *   whose every test is of signal_pending() (the sigsuspend shape, a
 *   thread waiting to be killed after its work is done); schedule()
 *   does not sleep with a signal pending;
 * - the sleep is for good, on purpose: a loop around it with no test
 *   and no way out (after a fatal fault);
 * - the function starts its waker after setting the state and before
 *   the sleep (queue_work() of the work that wakes it,
 *   wake_up_process() of the thread): the wake-up comes after the
 *   state, however long the start takes.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

/*
 * Is t[0..n) a constant: numbers, upper-case macros (also called, as
 * `BIT(3)`), true, false, NULL, with operators between them?
 */
static bool const_text(const char *t, size_t n)
{
	size_t i = 0, j, k;
	bool any = false;

	while (i < n) {
		if (isspace((unsigned char)t[i])) {
			i++;
			continue;
		}
		any = true;
		if (!wq_ident_char(t[i])) {
			/* no dereference, member, element or address */
			if (t[i] == '*' || t[i] == '.' || t[i] == '[' ||
			    t[i] == '&' || (t[i] == '-' && i + 1 < n &&
					    t[i + 1] == '>'))
				return false;
			i++;
			continue;
		}
		for (j = i; j < n && wq_ident_char(t[j]); j++)
			;
		if (isdigit((unsigned char)t[i]) ||
		    (j - i == 4 && !memcmp(t + i, "true", 4)) ||
		    (j - i == 5 && !memcmp(t + i, "false", 5))) {
			i = j;
			continue;
		}
		for (k = i; k < j; k++)
			if (islower((unsigned char)t[k]))
				return false;
		i = j;
	}
	return any;
}

struct modectx {
	const struct cfg *g;
	const struct wq_file *f;
};

static bool is_param(const struct cfg *g, const char *w, size_t n)
{
	int i;

	for (i = 0; i < g->nparams; i++)
		if (strlen(g->params[i]) == n && !memcmp(g->params[i], w, n))
			return true;
	return false;
}

/*
 * Does plain name w hold only constants: a local whose stores (and
 * initializer) are all constants, or a parameter never written?
 */
static bool constant_local(const struct cfg *g, const struct wq_file *f,
			   const char *w, size_t n)
{
	bool param = is_param(g, w, n);
	unsigned a, b;
	long at;
	int d;

	if (!cfg_is_var(g, w, n))
		return false;
	for (d = 0; d < g->n; d++) {
		const struct cfg_node *nd = &g->nodes[d];

		if (nd->kind != N_ASSIGN || !nd->text || strlen(nd->text) != n ||
		    memcmp(nd->text, w, n))
			continue;
		if (param || (nd->flags & NF_COUNTS) ||
		    !bounds_store_rhs(f->buf, f->len,
				      text_offset(f->buf, f->len, nd->pos), w, n,
				      &a, &b) ||
		    !const_text(f->buf + a, b - a))
			return false;
	}
	if (param)
		return true;
	/* the first `w =` of the body, when it is no store: its initializer */
	for (at = g->body_start; ; at++) {
		char name[64];

		if (n >= sizeof(name))
			return false;
		memcpy(name, w, n);
		name[n] = 0;
		at = text_find_word(f->buf, at, g->body_end, name);
		if (at < 0)
			return true;
		if (bounds_store_rhs(f->buf, f->len, at, w, n, &a, &b))
			return const_text(f->buf + a, b - a);
	}
}

bool condclass_plain_test(const char *t, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (t[i] == '.' || t[i] == '[' || t[i] == '*' || t[i] == '?' ||
		    (t[i] == '-' && i + 1 < n && t[i + 1] == '>'))
			return false;
		/* a call: a lower-case name followed by '(' */
		if (t[i] == '(' && i && wq_ident_char(t[i - 1]))
			return false;
	}
	return true;
}

bool condclass_signal_test(const char *t)
{
	return strstr(t, "signal_pending") || strstr(t, "sigpending") ||
	       (strstr(t, "->signal") && strstr(t, "->blocked"));
}

bool condclass_open_flags(const char *t)
{
	size_t n = strlen(t), i = 0, j;
	bool flags = false;

	while (i < n) {
		if (isdigit((unsigned char)t[i])) {	/* a number */
			while (i < n && wq_ident_char(t[i]))
				i++;
			continue;
		}
		if (!wq_ident_char(t[i])) {
			/* a field, an element, a dereference, a choice */
			if (strchr(".[*?", t[i]))
				return false;
			i++;
			continue;
		}
		/* a chain of names `a->b.c`: the open file's flags if it
		 * ends in f_flags, else a constant (upper case) alone */
		for (j = i; j < n && (wq_ident_char(t[j]) || t[j] == '.' ||
				      (t[j] == '-' && j + 1 < n && t[j + 1] == '>') ||
				      (t[j] == '>' && j && t[j - 1] == '-'));
		     j++)
			;
		if (j - i > 7 && !strncmp(t + j - 7, "f_flags", 7) &&
		    (t[j - 8] == '.' || t[j - 8] == '>')) {
			flags = true;
		} else {
			size_t k;

			for (k = i; k < j; k++)
				if (islower((unsigned char)t[k]) || t[k] == '.' ||
				    t[k] == '>')
					return false;
			if (j < n && t[j] == '(')
				return false;	/* a macro call */
		}
		i = j;
	}
	return flags;
}

bool condclass_mode_test(const struct cfg *g, const struct wq_file *f, int t)
{
	const char *x = g->nodes[t].text;
	size_t n, i = 0, j, k;
	bool any = false;

	if (!x || !condclass_plain_test(x, n = strlen(x)))
		return false;
	while (i < n) {
		if (!wq_ident_char(x[i]) || isdigit((unsigned char)x[i])) {
			while (i < n && wq_ident_char(x[i]))
				i++;
			i++;
			continue;
		}
		for (j = i; j < n && wq_ident_char(x[j]); j++)
			;
		for (k = i; k < j && !islower((unsigned char)x[k]); k++)
			;
		if (k < j) {
			if (!constant_local(g, f, x + i, j - i))
				return false;
			any = true;
		}
		i = j;
	}
	return any;
}

/* Is w (n bytes) a local set to `current` in g's body (`tsk = current;`)? */
static bool current_alias(const struct cfg *g, const struct wq_file *f,
			  const char *w, size_t n)
{
	char name[64];
	long at;
	unsigned i;

	if (n >= sizeof(name) || !cfg_is_var(g, w, n) || is_param(g, w, n))
		return false;
	memcpy(name, w, n);
	name[n] = '\0';
	for (at = g->body_start;
	     (at = text_find_word(f->buf, at, g->body_end, name)) >= 0;
	     at += n) {
		i = at + n;
		while (i < g->body_end && isspace((unsigned char)f->buf[i]))
			i++;
		if (i >= g->body_end || f->buf[i] != '=' || f->buf[i + 1] == '=')
			continue;
		for (i++; i < g->body_end && isspace((unsigned char)f->buf[i]); i++)
			;
		if (i + 7 <= g->body_end && !memcmp(f->buf + i, "current", 7) &&
		    !wq_ident_char(f->buf[i + 7])) {
			for (i += 7; i < g->body_end &&
			     isspace((unsigned char)f->buf[i]); i++)
				;
			return i < g->body_end &&
			       (f->buf[i] == ';' || f->buf[i] == ',');
		}
		return false;	/* its first store is something else */
	}
	return false;
}

/*
 * Does test t read only the task's own flags (`current->flags`, or
 * through `tsk = current`) against constants?  Only the task itself
 * changes its flags (PF_EXITING, ...): no other task's change of what
 * the test reads is there to be lost.
 */
bool condclass_own_flags(const struct cfg *g, const struct wq_file *f, int t)
{
	const char *x = g->nodes[t].text;
	size_t n, i = 0, j, k;
	bool any = false;

	if (!x)
		return false;
	n = strlen(x);
	while (i < n) {
		if (!wq_ident_char(x[i]) || isdigit((unsigned char)x[i])) {
			while (i < n && wq_ident_char(x[i]) &&
			       isdigit((unsigned char)x[i]))
				i++;
			if (i < n && !wq_ident_char(x[i]))
				i++;
			continue;
		}
		for (j = i; j < n && wq_ident_char(x[j]); j++)
			;
		for (k = i; k < j && !islower((unsigned char)x[k]); k++)
			;
		if (k == j || (j - i == 6 && !memcmp(x + i, "likely", 6)) ||
		    (j - i == 8 && !memcmp(x + i, "unlikely", 8))) {
			i = j;		/* a constant, or the hint */
			continue;
		}
		if (!((j - i == 7 && !memcmp(x + i, "current", 7)) ||
		      current_alias(g, f, x + i, j - i)) ||
		    j + 7 > n || memcmp(x + j, "->flags", 7) ||
		    wq_ident_char(x[j + 7]))
			return false;
		any = true;
		i = j + 7;
	}
	return any;
}

static bool signal_test(const struct cfg_node *nd)
{
	return nd->flags & NF_SIGNAL_TEST;
}

/* The state event e sets, as written (its state argument), or "". */
static const char *state_arg(const struct wq_event *ev)
{
	int a = ev->api->kind == K_PREPARE ? 2 : ev->api->state_arg;

	return a >= 0 && a < ev->nargs ? ev->args[a] : "";
}

/*
 * The loop around s: "signal" if its every test is a signal test,
 * "forever" if it has no test and no way out, NULL otherwise.
 */
static const char *loop_kind(const struct cfg *g, int s)
{
	int l = g->nodes[s].loop, n, i, tests = 0;

	if (l < 0)
		return NULL;
	for (n = g->loops[l].first; n <= g->loops[l].last && n < g->n; n++) {
		const struct cfg_node *nd = &g->nodes[n];

		if (!cfg_in_loop(g, n, l))
			continue;
		if (nd->kind == N_TEST && !(nd->flags & (NF_CONST_TRUE |
							 NF_CONST_FALSE))) {
			if (!signal_test(nd))
				return NULL;
			tests++;
		}
		if (nd->kind == N_RETURN)
			return tests ? "signal" : NULL;
		for (i = 0; i < nd->nsucc; i++)
			if (!tests && !cfg_in_loop(g, nd->succ[i], l) &&
			    !(nd->flags & NF_CONST_TRUE))
				return NULL;
	}
	return tests ? "signal" : "forever";
}

static bool starter(const void *ctx, const char *w, size_t n)
{
	(void)ctx;
	return kapi_starter(w, n, true) != NULL;
}

const char *condclass_not_lost(const struct cfg *g, const struct wq_file *f,
			       int e, int s)
{
	const char *k = loop_kind(g, s);
	unsigned from, to;

	if (k && !strcmp(k, "forever"))
		return "the task sleeps for good on purpose";
	if (k && !strcmp(state_arg(&g->nodes[e].ev), "TASK_INTERRUPTIBLE"))
		return "the sleep waits for a signal only";
	from = text_offset(f->buf, f->len, g->nodes[e].pos);
	to = text_offset(f->buf, f->len, g->nodes[s].pos);
	if (from >= to)
		return NULL;
	/* a call that starts what wakes the caller (kapi.def KAPI_STARTS) */
	if (text_find_word_if(f->buf, from, to, starter, NULL) >= 0)
		return "the function starts its waker after the state is set";
	return NULL;
}

/*
 * WQ004: a sleep that TASK_RUNNING reaches only through a deliberate
 * skip, a `__set_current_state(TASK_RUNNING)` right after a sleeping
 * state was set (more work came in: the driver wants the timed sleep to
 * return at once):
 *
 *	set_current_state(TASK_INTERRUPTIBLE);
 *	if (!list_empty(&dev->queue))
 *		__set_current_state(TASK_RUNNING);
 *	schedule_timeout(HZ);
 *
 * True when the sleeping state reaches s too (the skip is taken on some
 * paths only), and every way back from s reaches a sleeping state set,
 * or such a skip entered in a sleeping state only, and at least one a
 * skip.  A way back to the function's entry or through another sleep is
 * the running task the rule is about, and so is a TASK_RUNNING that is
 * all that reaches the sleep (a delay after the work, in the wrong
 * state).
 */
bool condclass_deliberate_skip(const struct cfg *g, const struct flow *fl,
			       int s)
{
	char *seen = xrealloc(NULL, g->n);
	int *stack = xrealloc(NULL, g->n * sizeof(int));
	int sp = 0, i, skips = 0;
	bool ok = fl->in[s] & FL_SLEEP;

	memset(seen, 0, g->n);
	stack[sp++] = s;
	seen[s] = 1;
	while (sp && ok) {
		int n = stack[--sp];

		if (n == g->entry || !fl->npred[n]) {
			ok = false;
			break;
		}
		for (i = 0; i < fl->npred[n] && ok; i++) {
			int p = fl->pred[n][i];
			const struct cfg_node *pn = &g->nodes[p];

			if (seen[p])
				continue;
			seen[p] = 1;
			if (node_is(g, p, K_SET_STATE) || node_is(g, p, K_PREPARE)) {
				if (event_sleeping_state(&pn->ev))
					continue;
				if ((fl->in[p] & FL_STATE_BITS) == FL_SLEEP)
					skips++;
				else
					ok = false;
				continue;
			}
			if (pn->kind == N_CALL || node_is_sleep(g, p) ||
			    node_is(g, p, K_FINISH) || node_is(g, p, K_SLEEP_ON) ||
			    node_is(g, p, K_WAIT_EVENT) || node_is(g, p, K_DELAY)) {
				ok = false;
				continue;
			}
			stack[sp++] = p;
		}
	}
	free(seen);
	free(stack);
	return ok && skips;
}
