// SPDX-License-Identifier: GPL-2.0-only
/*
 * WQ005 state-not-restored: a wait loop is left in a sleeping state.
 *
 *	add_wait_queue(&dev->wq, &wait);
 *	for (;;) {
 *		set_current_state(TASK_INTERRUPTIBLE);
 *		if (dev->ready)
 *			break;		<- leaves in TASK_INTERRUPTIBLE
 *		schedule();
 *	}
 *	remove_wait_queue(&dev->wq, &wait);
 *	return 0;
 *
 * The exit taken between setting the state and schedule() still has the
 * task marked as sleeping.  The next thing that may sleep (a mutex,
 * copy_to_user(), the preemption on the way back to user space) then
 * takes the task off the run queue with nothing to wake it, and the
 * kernel warns "do not call blocking ops when !TASK_RUNNING".  Every
 * such exit needs __set_current_state(TASK_RUNNING) or finish_wait().
 *
 * Reported once per wait loop, at the first return such an exit reaches
 * (a note for each other one), when the loop sleeps: a function that
 * only sets the state and leaves the schedule() to its caller does so
 * on purpose.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

static bool restores_state(const struct cfg *g, int n)
{
	return node_is(g, n, K_SET_STATE) || node_is(g, n, K_FINISH) ||
	       node_is(g, n, K_PREPARE) || node_is(g, n, K_SLEEP_ON) ||
	       node_is(g, n, K_WAIT_EVENT) || node_is(g, n, K_DELAY) ||
	       node_is_sleep(g, n) ||
	       /* a function of the file that always sets the state: the
		* exit is its business (its summary, state_summary.c) */
	       (g->nodes[n].kind == N_CALL &&
		state_sums_always_sets(g->sums, g->nodes[n].text));
}

/* Does loop l (or a loop inside it) sleep? */
static bool loop_sleeps(const struct cfg *g, int l)
{
	int n;

	for (n = g->loops[l].first; n <= g->loops[l].last && n < g->n; n++)
		if (node_is_sleep(g, n) && cfg_in_loop(g, n, l))
			return true;
	return false;
}

static const char *state_text(const struct wq_event *ev)
{
	int a = ev->api->state_arg;

	return a >= 0 && a < ev->nargs ? ev->args[a] : "a sleeping state";
}

/*
 * An exit that leaves the entry of prepare_to_wait() e queued is WQ006's
 * (wait-entry-leak): its finish_wait() restores the state as well.
 */
static bool leaked(const struct cfg *g, const struct flow *fl, int e, int r)
{
	const char *entry = event_entry(&g->nodes[e].ev);
	int i = entry && node_is(g, e, K_PREPARE) ? flow_entry(fl, entry) : -1;

	return i >= 0 && (fl->in[r] & FL_QUEUED(i)) && cfg_is_local(g, entry);
}

/*
 * A test of list_empty(&entry.entry) (.task_list before 4.13) on the
 * prepare_to_wait() entry: where it is still queued the driver goes on
 * to finish_wait() (or WQ006 reports the exit); where it is not, a
 * wake-up took it off and set the task running.
 */
static bool entry_tested(const struct cfg *g, int e, int s)
{
	const char *entry = event_entry(&g->nodes[e].ev), *t = g->nodes[s].text;

	return entry && t && g->nodes[s].kind == N_TEST &&
	       node_is(g, e, K_PREPARE) && strstr(t, "list_empty") &&
	       strstr(t, entry);
}

/*
 * The returns reached from e, with the sleeping state it set, before
 * anything sets the state again or sleeps; seen[] marks them with 2.
 */
static void leaking_returns(const struct cfg *g, const struct flow *fl,
			    int e, char *seen, int *stack)
{
	int sp = 0, i;

	stack[sp++] = e;
	seen[e] = 1;
	while (sp) {
		int n = stack[--sp];

		for (i = 0; i < g->nodes[n].nsucc; i++) {
			int s = g->nodes[n].succ[i];

			if (seen[s] || restores_state(g, s) ||
			    entry_tested(g, e, s))
				continue;
			seen[s] = 1;
			if (g->nodes[s].kind == N_RETURN) {
				if ((fl->in[s] & FL_SLEEP) && !leaked(g, fl, e, s))
					seen[s] = 2;
				continue;
			}
			stack[sp++] = s;
		}
	}
}

static bool stops_leak(const struct cfg *g, int n, const void *ctx)
{
	return restores_state(g, n) || entry_tested(g, *(const int *)ctx, n);
}

/*
 * Drop the returns that e reaches only on paths a repeated test rules
 * out (analysis/flow/bounds.c): `if (!polling) set_current_state(...); ...
 * if (polling) return -EAGAIN;`.
 */
static void feasible_returns(const struct cfg *g, const struct flow *fl,
			     int e, char *seen)
{
	int r;

	for (r = 0; r < g->n; r++) {
		struct pseg seg = { .node = r, .stop = stops_leak, .ctx = &e };

		if (seen[r] == 2 && paths_feasible(g, fl, e, &seg, 1) == -1)
			seen[r] = 1;
	}
}

/*
 * Left alone: kernel threads, whose exits go to kthread_parkme() or
 * do_exit(), which set the state themselves (a task function that ends
 * in do_exit() itself too); and helpers every caller of
 * which (in this file) sets the task running right after the call.
 */
/*
 * Does the body [from, to) end the task: its last statement a call of
 * do_exit() or kthread_exit(), with no return anywhere?  Then no path
 * falls off its end or returns (kernel/vhost_task.c's task function):
 * the task is gone, and do_exit() sets its state.
 */
static bool ends_task(const char *buf, unsigned from, unsigned to)
{
	static const char *const exits[] = {
		"do_exit", "kthread_exit", "kthread_complete_and_exit",
	};
	unsigned i = to, j;
	size_t k;

	while (i > from && buf[i - 1] != '}')
		i--;
	if (i <= from || text_has_word(buf, from, i, "return"))
		return false;
	for (i--; i > from && isspace((unsigned char)buf[i - 1]); i--)
		;
	if (i <= from || buf[i - 1] != ';')
		return false;
	for (j = i - 1; j > from && !strchr(";{}", buf[j - 1]); j--)
		;
	while (j < i && isspace((unsigned char)buf[j]))
		j++;
	for (k = 0; k < sizeof(exits) / sizeof(exits[0]); k++) {
		size_t n = strlen(exits[k]);

		if (!strncmp(buf + j, exits[k], n) && !wq_ident_char(buf[j + n]))
			return true;
	}
	return false;
}

static bool exempt(const struct cfg *g, const struct wq_file *f)
{
	static const char *const running[] = {
		"set_current_state(TASK_RUNNING)", "finish_wait(",
		"state = TASK_RUNNING", NULL
	};

	return text_is_thread(f->buf, f->len, g->body_start, g->body_end,
			      g->func) ||
	       ends_task(f->buf, g->body_start, g->body_end) ||
	       text_callers_follow_with(f->buf, f->len, g->func, g->body_start,
					g->body_end, running);
}

/* Offset of the '}' closing the block that opens at buf[o], or 0. */
static unsigned block_close(const char *buf, size_t len, unsigned o)
{
	int depth = 0;
	unsigned i, j;

	if (o >= len || buf[o] != '{')
		return 0;
	for (i = o; i < len; i++) {
		j = text_skip_noncode(buf, i, len);
		if (j != i) {
			i = j - 1;
			continue;
		}
		if (buf[i] == '{')
			depth++;
		else if (buf[i] == '}' && --depth == 0)
			return i;
	}
	return 0;
}

/* Is the word at buf[i] one that starts a branch or a jump? */
static bool flow_word(const char *buf, unsigned i, unsigned to)
{
	static const char *const w[] = {
		"if", "else", "switch", "case", "default", "goto", "return",
		"break", "continue", "while", "for", "do", NULL
	};
	int k;

	for (k = 0; w[k]; k++) {
		size_t n = strlen(w[k]);

		if (i + n <= to && !strncmp(buf + i, w[k], n) &&
		    (i + n == to || !wq_ident_char(buf[i + n])))
			return true;
	}
	return false;
}

/*
 * Allocation flags that let the allocator sleep (direct reclaim): a
 * call passing one may sleep.  Named, not guessed: other calls may sleep
 * too, and are not named.
 */
static const char *sleeping_gfp(const char *p, size_t n)
{
	static const char *const gfp[] = {
		"GFP_KERNEL", "GFP_KERNEL_ACCOUNT", "GFP_NOIO", "GFP_NOFS",
		"GFP_USER", "GFP_HIGHUSER", "GFP_HIGHUSER_MOVABLE", NULL
	};
	int k;

	for (k = 0; gfp[k]; k++)
		if (strlen(gfp[k]) == n && !strncmp(p, gfp[k], n))
			return gfp[k];
	return NULL;
}

/*
 * The first call after loop l, in the straight code from the loop's end
 * to the exit r (no branch, jump or block between), that passes an
 * allocation flag that may sleep: the call that runs first in the
 * sleeping state when the loop is left.  *at: its position; the name and
 * the flag, "name\0flag", allocated; NULL when there is none.
 */
static char *sleeping_call_after(const struct cfg *g, const struct wq_file *f,
				 int l, int r, struct wq_pos *at)
{
	int after = g->loops[l].last + 1;
	unsigned o, end, i, j, open = 0;
	int paren = 0;

	if (after >= g->n || g->nodes[after].kind != N_JOIN)
		return NULL;
	o = block_close(f->buf, f->len,
			text_offset(f->buf, f->len, g->nodes[after].pos));
	end = text_offset(f->buf, f->len, g->nodes[r].pos);
	if (!o || end <= o)
		return NULL;
	for (i = o + 1; i < end; i++) {
		j = text_skip_noncode(f->buf, i, end);
		if (j != i) {
			i = j - 1;
			continue;
		}
		if (f->buf[i] == '{')
			return NULL;
		if (f->buf[i] == '(' && paren++ == 0)
			open = i;
		else if (f->buf[i] == ')' && paren > 0)
			paren--;
		if (!wq_ident_char(f->buf[i]) || (i && wq_ident_char(f->buf[i - 1])))
			continue;
		for (j = i; j < end && wq_ident_char(f->buf[j]); j++)
			;
		if (!paren && flow_word(f->buf, i, end))
			return NULL;
		if (paren && sleeping_gfp(f->buf + i, j - i)) {
			const char *flag = sleeping_gfp(f->buf + i, j - i);
			unsigned b = open, e;

			while (b > o && (f->buf[b - 1] == ' ' || f->buf[b - 1] == '\t'))
				b--;
			for (e = b; b > o && wq_ident_char(f->buf[b - 1]); b--)
				;
			if (b == e)
				return NULL;
			*at = text_pos(f->buf, f->len, b);
			return xasprintf("%.*s%c%s", (int)(e - b), f->buf + b,
					 '\0', flag);
		}
		i = j - 1;
	}
	return NULL;
}

/*
 * The entry e's prepare_to_wait*() queued, where it is a member of a
 * struct on this stack (wait_var_event()'s `wqe.wq_entry`, which WQ006
 * does not follow), may still be queued at the exit r: its name, else
 * NULL.
 */
static const char *member_entry_queued(const struct cfg *g,
				       const struct flow *fl, int e, int r)
{
	const char *entry = event_entry(&g->nodes[e].ev);
	int i = entry && node_is(g, e, K_PREPARE) ? flow_entry(fl, entry) : -1;

	if (i < 0 || !(fl->in[r] & FL_QUEUED(i)) || cfg_is_local(g, entry) ||
	    !cfg_is_local_head(g, entry))
		return NULL;
	return entry;
}

static void report(const struct cfg *g, const struct flow *fl,
		   struct wq_file *f, int e, int r)
{
	const struct cfg_node *en = &g->nodes[e], *rn = &g->nodes[r];
	const char *member = member_entry_queued(g, fl, e, r);
	const char *q = event_queue(&en->ev);
	struct wq_finding *fd;
	struct wq_pos at;
	char *call = sleeping_call_after(g, f, en->loop, r, &at);
	char *also = member ? xasprintf(
		", and the on-stack entry '%s' that %s%s queued may still be on '%s' (no finish_wait())",
		member, en->ev.api->name,
		strchr(en->ev.api->name, '>') ? "" : "()", q ? q : "?") :
		xstrdup("");

	file_add_finding(f, WQ005, rn->pos, xasprintf(
		"%s in %s: the wait loop is left without __set_current_state(TASK_RUNNING)%s; what runs after the loop is left runs in that state, where a call that may sleep is a bug (the kernel warns \"do not call blocking ops when !TASK_RUNNING\")",
		rn->flags & NF_FALL_OFF ? "falls off the end" : "returns",
		state_text(&en->ev), also));
	fd = &f->findings[f->nfindings - 1];
	finding_add_note(fd, en->pos, xasprintf(
		"the state is set here, by %s%s, and this exit skips the schedule()",
		en->ev.api->name,
		strchr(en->ev.api->name, '>') ? "" : "()"));
	if (call)
		finding_add_note(fd, at, xasprintf(
			"%s() may sleep (%s), and runs here after the loop still in %s",
			call, call + strlen(call) + 1, state_text(&en->ev)));
	free(call);
	free(also);
}

void check_state_not_restored(const struct cfg *g, const struct flow *fl,
			      struct wq_file *f)
{
	char *seen = xrealloc(NULL, g->n);
	int *stack = xrealloc(NULL, g->n * sizeof(int));
	char *done = xrealloc(NULL, g->nloops + 1);
	int e, r;

	memset(done, 0, g->nloops + 1);
	for (e = 0; e < g->n; e++) {
		const struct cfg_node *en = &g->nodes[e];
		struct wq_finding *fd = NULL;
		int l = en->loop;

		if (en->kind != N_EVENT || !fl->in[e] ||
		    !event_sleeping_state(&en->ev) || l < 0 || done[l] ||
		    !loop_sleeps(g, l))
			continue;
		memset(seen, 0, g->n);
		leaking_returns(g, fl, e, seen, stack);
		feasible_returns(g, fl, e, seen);
		for (r = 0; r < g->n && seen[r] != 2; r++)
			;
		if (r < g->n && exempt(g, f))
			break;
		for (r = 0; r < g->n; r++) {
			const struct cfg_node *rn = &g->nodes[r];

			if (seen[r] != 2)
				continue;
			if (fd) {
				finding_add_note(fd, rn->pos, xasprintf(
					"this %s also leaves in %s",
					rn->flags & NF_FALL_OFF ? "end of the function" : "return",
					state_text(&en->ev)));
				continue;
			}
			report(g, fl, f, e, r);
			fd = &f->findings[f->nfindings - 1];
			done[l] = 1;
		}
	}
	free(seen);
	free(stack);
	free(done);
}
