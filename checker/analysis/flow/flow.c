// SPDX-License-Identifier: GPL-2.0-only
/*
 * Dataflow over a function's CFG: which task states are possible, and
 * which wait entries may be queued, at the entry of every node.
 *
 * A may-analysis on bitmasks: the facts of a node are the union of its
 * predecessors' facts after their transfer.  Functions are small, so a
 * plain round-robin iteration to the fixpoint is fast enough.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

/* `&dev->wq` and `&(dev->wq)` both name dev->wq. */
static const char *skip_amp(const char *s)
{
	while (*s == '&' || *s == ' ')
		s++;
	return s;
}

/* The wait entry an event acts on (its second argument), or NULL. */
const char *event_entry(const struct wq_event *ev)
{
	switch (ev->api->kind) {
	case K_ADD_WAIT:
	case K_REMOVE_WAIT:
	case K_PREPARE:
	case K_FINISH:
		return ev->nargs > 1 ? skip_amp(ev->args[1]) : NULL;
	default:
		return NULL;
	}
}

/* The wait queue head an event acts on (its first argument), or NULL. */
const char *event_queue(const struct wq_event *ev)
{
	return ev->nargs > 0 ? skip_amp(ev->args[0]) : NULL;
}

bool event_sleeping_state(const struct wq_event *ev)
{
	int a = ev->api->state_arg;

	if (ev->api->kind == K_PREPARE)
		return true;
	if (ev->api->kind != K_SET_STATE || a < 0 || a >= ev->nargs)
		return false;
	return !strstr(ev->args[a], "TASK_RUNNING");
}

/* TASK_STOPPED/TASK_TRACED: only a signal or the tracer ends those. */
bool event_stop_state(const struct wq_event *ev)
{
	int a = ev->api->state_arg;

	if (ev->api->kind != K_SET_STATE || a < 0 || a >= ev->nargs)
		return false;
	return strstr(ev->args[a], "TASK_STOPPED") ||
	       strstr(ev->args[a], "TASK_TRACED");
}

bool node_is(const struct cfg *g, int n, enum kapi_kind kind)
{
	return g->nodes[n].kind == N_EVENT && g->nodes[n].ev.api->kind == kind;
}

/* schedule() and schedule_timeout(): the calls that actually sleep. */
bool node_is_sleep(const struct cfg *g, int n)
{
	return node_is(g, n, K_SCHEDULE) || node_is(g, n, K_SCHEDULE_TIMEOUT);
}

/*
 * Does the function return right after node n, doing nothing more (no
 * call, no write, no test)?  Of a sleep (analysis/flow/state_summary.c):
 * a helper hands the wake-up back to its caller, who tests again; a
 * function that goes on after the sleep (`schedule_timeout(2 * HZ);
 * usb_deregister(&drv);`) uses it as a delay, which needs a state of its
 * own.
 */
/*
 * May node m follow a helper's sleep?  Joins and the end; with undo, the
 * undoing of the wait too: the entry off its queue (finish_wait(),
 * remove_wait_queue()), the state set back to running, the sleep's
 * result stored, and a return of a value it computes.
 */
static bool ends_after(const struct cfg *g, int m, bool undo)
{
	const struct cfg_node *sn = &g->nodes[m];

	if (sn->kind == N_EXIT || sn->kind == N_JOIN)
		return true;
	if (sn->kind == N_RETURN)
		return undo || !(sn->flags & NF_AFTER_CALL);
	if (!undo)
		return false;
	if (sn->kind == N_ASSIGN)
		return true;
	return node_is(g, m, K_FINISH) || node_is(g, m, K_REMOVE_WAIT) ||
	       (node_is(g, m, K_SET_STATE) &&
		!event_sleeping_state(&sn->ev));
}

static bool ends_from(const struct cfg *g, int n, bool undo)
{
	char *seen = xrealloc(NULL, g->n);
	int *stack = xrealloc(NULL, g->n * sizeof(int));
	int sp = 0, i;
	bool last = true;

	memset(seen, 0, g->n);
	stack[sp++] = n;
	while (sp && last) {
		const struct cfg_node *nd = &g->nodes[stack[--sp]];

		for (i = 0; i < nd->nsucc && last; i++) {
			int m = nd->succ[i];

			if (seen[m])
				continue;
			seen[m] = 1;
			last = ends_after(g, m, undo);
			stack[sp++] = m;
		}
	}
	free(seen);
	free(stack);
	return last;
}

bool node_ends_function(const struct cfg *g, int n)
{
	return ends_from(g, n, false);
}

bool node_ends_wait(const struct cfg *g, int n)
{
	return ends_from(g, n, true);
}

/* A branch on what the task waits for: not a signal test or iterator. */
/*
 * Is node y on a cycle of g: does a path from it come back to it?  A
 * `goto reload;` back to a label in another case of a switch, whose arm
 * leaves by its break, makes a loop of the nodes between the two by
 * their order, but no path through the sleep comes back to it.
 */
bool node_on_cycle(const struct cfg *g, int y)
{
	char *seen = xrealloc(NULL, g->n);
	int *stack = xrealloc(NULL, g->n * sizeof(int)), sp = 0, i;
	bool back = false;

	memset(seen, 0, g->n);
	stack[sp++] = y;
	while (sp && !back) {
		int x = stack[--sp];

		for (i = 0; i < g->nodes[x].nsucc && !back; i++) {
			int z = g->nodes[x].succ[i];

			back = z == y;
			if (!seen[z]) {
				seen[z] = 1;
				stack[sp++] = z;
			}
		}
	}
	free(seen);
	free(stack);
	return back;
}

bool node_is_cond_test(const struct cfg *g, int n)
{
	return g->nodes[n].kind == N_TEST &&
	       !(g->nodes[n].flags & (NF_SIGNAL_TEST | NF_FOR_MACRO |
				      NF_NOT_WAITED));
}

bool cfg_is_var(const struct cfg *g, const char *name, size_t len)
{
	int i;

	for (i = 0; i < g->nvars; i++)
		if (strlen(g->vars[i]) == len && !memcmp(g->vars[i], name, len))
			return true;
	for (i = 0; i < g->nparams; i++)
		if (strlen(g->params[i]) == len &&
		    !memcmp(g->params[i], name, len))
			return true;
	return false;
}

/*
 * An on-stack head: a wait_queue_head_t variable of the function, or a
 * member of a local object (`req.done_wait` in a request on the stack,
 * no pointer on the way).  Either dies with the frame.
 */
bool cfg_is_local_head(const struct cfg *g, const char *name)
{
	const char *dot = strchr(name, '.');
	int i;

	for (i = 0; i < g->nheads; i++)
		if (!strcmp(g->heads[i], name))
			return true;
	if (!dot || dot == name || strstr(name, "->") || strchr(name, '*') ||
	    strchr(name, '(') || strchr(name, '['))
		return false;
	for (i = 0; i < g->nvars; i++)
		if (strlen(g->vars[i]) == (size_t)(dot - name) &&
		    !memcmp(g->vars[i], name, dot - name))
			return true;
	return false;
}

bool cfg_is_local(const struct cfg *g, const char *name)
{
	int i;

	for (i = 0; i < g->nlocals; i++)
		if (!strcmp(g->locals[i], name))
			return true;
	return false;
}

/* Declared by DEFINE_WAIT() or DEFINE_WAIT_FUNC(..., autoremove...)? */
bool cfg_is_autoremove(const struct cfg *g, const char *name)
{
	int n;

	for (n = 0; n < g->n; n++) {
		const struct wq_event *ev = &g->nodes[n].ev;

		/* init_wait(&wait) names the entry by its address */
		if (g->nodes[n].kind != N_EVENT || !ev->nargs ||
		    strcmp(ev->args[0] + (ev->args[0][0] == '&'), name))
			continue;
		if (!strcmp(ev->api->name, "DEFINE_WAIT") ||
		    !strcmp(ev->api->name, "init_wait"))
			return true;
		if (!strcmp(ev->api->name, "DEFINE_WAIT_FUNC") &&
		    ev->nargs > 1 && strstr(ev->args[1], "autoremove"))
			return true;
	}
	return false;
}

int flow_entry(const struct flow *fl, const char *name)
{
	int i;

	for (i = 0; i < fl->nentries; i++)
		if (!strcmp(fl->entries[i], name))
			return i;
	return -1;
}

uint32_t flow_transfer(const struct cfg *g, const struct flow *fl, int n,
		       uint32_t in)
{
	const struct cfg_node *nd = &g->nodes[n];
	uint32_t state = in & FL_STATE_BITS, queued = in & ~FL_STATE_BITS;
	const char *e;
	int i;

	/* a call of a function of the file: its summary, through the
	 * graph's oracle (analysis/flow/state_summary.c, above this file) */
	if (nd->kind == N_CALL && in)
		return (g->sums && g->oracle ?
			g->oracle->apply(g->sums, nd->text, state) : state) |
		       queued;
	if (nd->kind != N_EVENT || !in)
		return in;
	e = event_entry(&nd->ev);
	i = e ? flow_entry(fl, e) : -1;
	switch (nd->ev.api->kind) {
	case K_SET_STATE:
		state = event_sleeping_state(&nd->ev) ? FL_SLEEP : FL_RUN_INIT;
		break;
	case K_PREPARE:
		state = FL_SLEEP;
		/* fall through */
	case K_ADD_WAIT:
		if (i >= 0)
			queued |= FL_QUEUED(i);
		break;
	case K_FINISH:
		state = FL_RUN_INIT;
		/* fall through */
	case K_REMOVE_WAIT:
		if (i >= 0)
			queued &= ~FL_QUEUED(i);
		break;
	case K_SCHEDULE:
		/*
		 * Only a wake-up ends a plain schedule(), and the wake-up
		 * takes DEFINE_WAIT() entries off their queue by itself.
		 */
		queued &= ~fl->autoremove;
		/* fall through */
	case K_SCHEDULE_TIMEOUT:
		/*
		 * A yield from TASK_RUNNING stays a yield; whatever state
		 * another function set, the task runs when the sleep returns.
		 */
		state = (state & (FL_RUN_INIT | FL_RUN_CALLEE)) |
			((state & (FL_SLEEP | FL_RUN_WOKE | FL_ELSEWHERE)) ?
			 FL_RUN_WOKE : 0);
		break;
	case K_SLEEP_ON:
	case K_WAIT_EVENT:
	case K_DELAY:
		state = FL_RUN_INIT;
		break;
	default:
		break;
	}
	return state | queued;
}

static void collect_entries(const struct cfg *g, struct flow *fl)
{
	int n;

	for (n = 0; n < g->n; n++) {
		const char *e;

		if (g->nodes[n].kind != N_EVENT)
			continue;
		e = event_entry(&g->nodes[n].ev);
		if (!e || flow_entry(fl, e) >= 0)
			continue;
		if (fl->nentries == FL_MAX_ENTRIES) {
			fl->limit = "more than 24 wait entries";
			continue;
		}
		if (node_is(g, n, K_ADD_WAIT) || node_is(g, n, K_PREPARE)) {
			if (cfg_is_autoremove(g, e))
				fl->autoremove |= FL_QUEUED(fl->nentries);
			/*
			 * prepare_to_wait_event() is wait_event*()'s own: it
			 * takes the entry off the queue itself when a signal
			 * ends the wait, and the expansion's early exit
			 * relies on that.
			 */
			if (!strcmp(g->nodes[n].ev.api->name,
				    "prepare_to_wait_event"))
				fl->internal |= FL_QUEUED(fl->nentries);
			fl->enqueued_at[fl->nentries] = n;
			fl->entries[fl->nentries++] = xstrdup(e);
		}
	}
}

static void collect_preds(const struct cfg *g, struct flow *fl)
{
	int n, i;

	fl->pred = xrealloc(NULL, g->n * sizeof(int *));
	fl->npred = xrealloc(NULL, g->n * sizeof(int));
	memset(fl->pred, 0, g->n * sizeof(int *));
	memset(fl->npred, 0, g->n * sizeof(int));
	for (n = 0; n < g->n; n++) {
		for (i = 0; i < g->nodes[n].nsucc; i++) {
			int s = g->nodes[n].succ[i];

			fl->pred[s] = xrealloc(fl->pred[s],
					       (fl->npred[s] + 1) * sizeof(int));
			fl->pred[s][fl->npred[s]++] = n;
		}
	}
}

void flow_fixpoint(const struct cfg *g, struct flow *fl)
{
	bool changed = true;
	int n, i;

	memset(fl, 0, sizeof(*fl));
	collect_entries(g, fl);
	collect_preds(g, fl);
	fl->in = xrealloc(NULL, g->n * sizeof(uint32_t));
	memset(fl->in, 0, g->n * sizeof(uint32_t));
	fl->entry_state = g->entry_state ? g->entry_state : FL_RUN_INIT;
	fl->in[g->entry] = fl->entry_state;
	while (changed) {
		changed = false;
		for (n = 0; n < g->n; n++) {
			uint32_t out = flow_transfer(g, fl, n, fl->in[n]);

			for (i = 0; i < g->nodes[n].nsucc; i++) {
				int s = g->nodes[n].succ[i];

				if ((fl->in[s] | out) != fl->in[s]) {
					fl->in[s] |= out;
					changed = true;
				}
			}
		}
	}
}

void flow_free(const struct cfg *g, struct flow *fl)
{
	int i;

	for (i = 0; i < g->n; i++)
		free(fl->pred[i]);
	for (i = 0; i < fl->nentries; i++)
		free(fl->entries[i]);
	free(fl->pred);
	free(fl->npred);
	free(fl->in);
}

/* `a == b` becomes `a != b`; anything else is wrapped in !( ). */
static char *negate_comparison(const char *t)
{
	static const char *const ops[][2] = {
		{ " == ", " != " }, { " != ", " == " }, { " <= ", " > " },
		{ " >= ", " < " }, { " < ", " >= " }, { " > ", " <= " },
	};
	const char *hit = NULL;
	size_t i, k = 0, found = 0;
	int depth = 0;

	if (!strpbrk(t, " ?")) {
		/* one operand (`ready`, `d->flags[i]`): `!t`; an operation
		 * written without spaces (`head==tail`): `!(t)` */
		bool op = false;

		for (i = t[0] == '!'; t[i] && !op; i++) {	/* `!x`: one */
			if (t[i] == '(' || t[i] == '[')
				depth++;
			else if (t[i] == ')' || t[i] == ']')
				depth--;
			else if (t[i] == '-' && t[i + 1] == '>')
				i++;	/* a member, not an operator */
			else if (!depth)	/* not in a call's arguments */
				op = strchr("=<>&|^+*/%~!-", t[i]) != NULL;
		}
		depth = 0;
		return xasprintf(op ? "!(%s)" : "!%s", t);
	}
	if (strstr(t, "&&") || strstr(t, "||") || strchr(t, '?'))
		return xasprintf("!(%s)", t);
	for (i = 0; t[i]; i++) {
		if (t[i] == '(' || t[i] == '[')
			depth++;
		else if (t[i] == ')' || t[i] == ']')
			depth--;
		else if (!depth && t[i] == ' ')
			for (k = 0; k < 6; k++)
				if (!strncmp(t + i, ops[k][0], strlen(ops[k][0]))) {
					if (!found++)
						hit = t + i;
					break;
				}
	}
	if (found != 1)
		return xasprintf("!(%s)", t);
	for (k = 0; strncmp(hit, ops[k][0], strlen(ops[k][0])); k++)
		;
	return xasprintf("%.*s%s%s", (int)(hit - t), t, ops[k][1],
			 hit + strlen(ops[k][0]));
}

/*
 * Turn the text of a test that guards a sleep into the condition the
 * task waits for: `while (!ready) sleep` waits for `ready`.
 */
/*
 * The length of a timeout operand `t` at p, with the comparison that
 * says "time is left" in 2.4 drivers: `t`, `t > 0`, `t != 0`.
 */
static size_t time_left_operand(const char *p, size_t n)
{
	static const char *const tails[] = { " > 0", " != 0", " >= 1" };
	size_t i;

	for (i = 0; i < sizeof(tails) / sizeof(tails[0]); i++) {
		size_t m = strlen(tails[i]);

		if (!strncmp(p + n, tails[i], m) && !wq_ident_char(p[n + m]))
			return n + m;
	}
	return n;
}

/*
 * Drop a timeout operand from a loop guard: `!c && t` -> `!c`, also
 * written `!c && t > 0`.  Returns true when the guard had one.
 */
bool cond_drop_operand(char *guard, const char *t)
{
	size_t n;
	char *p;

	if (!t || !*t)
		return false;
	p = guard;
	while ((p = strstr(p, t))) {
		bool word = (p == guard || !wq_ident_char(p[-1])) &&
			    !wq_ident_char(p[strlen(t)]);

		n = word ? time_left_operand(p, strlen(t)) : strlen(t);
		if (word && p >= guard + 4 && !strncmp(p - 4, " && ", 4) &&
		    (!p[n] || p[n] == ')')) {
			memmove(p - 4, p + n, strlen(p + n) + 1);
			return true;
		}
		if (word && p == guard && !strncmp(p + n, " && ", 4)) {
			memmove(p, p + n + 4, strlen(p + n + 4) + 1);
			return true;
		}
		p += n;
	}
	return false;
}

/*
 * Is t one operand: names, `->`, `.`, and balanced (...) and [...] only
 * (`dev->list`, `get_free(dev, need)`, `a[i].b`), no operator outside
 * the brackets?
 */
static bool one_operand(const char *t)
{
	int depth = 0;

	if (!wq_ident_char(*t) || isdigit((unsigned char)*t))
		return false;
	for (; *t; t++) {
		if (*t == '(' || *t == '[')
			depth++;
		else if (*t == ')' || *t == ']')
			depth--;
		else if (depth == 0 && !wq_ident_char(*t) && *t != '.' &&
			 !(t[0] == '-' && t[1] == '>') &&
			 !(t[0] == '>' && t[-1] == '-'))
			return false;
		if (depth < 0)
			return false;
	}
	return depth == 0;
}

char *wait_condition(const char *t)
{
	size_t n = strlen(t);
	int depth = 0;
	size_t i;

	if (t[0] == '!' && t[1] != '=') {
		/* `!x` or `!(a && b)`: strip it if it covers the whole test */
		if (t[1] != '(')
			return strpbrk(t + 1, " ?") && !one_operand(t + 1) ?
			       xasprintf("!(%s)", t) : xstrdup(t + 1);
		for (i = 1; i < n; i++) {
			if (t[i] == '(')
				depth++;
			else if (t[i] == ')' && --depth == 0)
				break;
		}
		if (i == n - 1)
			return xasprintf("%.*s", (int)(n - 3), t + 2);
	}
	return negate_comparison(t);
}
