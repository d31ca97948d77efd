// SPDX-License-Identifier: GPL-2.0-only
/*
 * The in-place conversion of a hand-made wait entry.
 *
 * A loop built on DECLARE_WAITQUEUE(w, current), add_wait_queue(),
 * set_current_state() and remove_wait_queue() keeps its shape:
 *
 *   DECLARE_WAITQUEUE(w, current)      -> DEFINE_WAIT(w)
 *   init_waitqueue_entry(&w, current)  -> init_wait(&w)
 *   add_wait_queue(q, &w)              -> deleted
 *   set_current_state(S), entry queued -> prepare_to_wait(q, &w, S)
 *   remove_wait_queue(q, &w)           -> finish_wait(q, &w)
 *   __set_current_state(TASK_RUNNING) right before or after it -> deleted
 *   return with the entry still queued -> finish_wait(q, &w) before it
 *
 * (the _exclusive forms for add_wait_queue_exclusive()).  This is what
 * the maintainers did by hand to the loops that do more than wait.  It
 * keeps the driver's meaning when, on the function's control-flow
 * graph:
 *
 *  - every sleeping state write happens either always or never with
 *    the entry queued (a write that is sometimes before the add and
 *    sometimes after it would queue the entry where it was not);
 *  - every sleep that follows an add follows a state write after it (or
 *    the state write right before the add, which then takes its place):
 *    DEFINE_WAIT()'s entry leaves the queue when it is woken, and only
 *    prepare_to_wait() puts it back; the add itself is gone;
 *  - the entry is this function's own, declared for `current`, added to
 *    one queue with one exclusivity, and used by nothing else.
 *
 * The decision is made once per entry, for all its add_wait_queue()
 * sites, and handed to the semantic patch as the lines of each edit.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "entry.h"
#include "entry_text.h"
#include "macros.h"
#include "site_text.h"

/* where an entry may be: the dataflow's bits */
#define E_UNQ	0x1u	/* not on the queue */
#define E_ADDED	0x2u	/* queued by the add, no state written since */
#define E_SET	0x4u	/* queued, a sleeping state written since */

/* a state write right before an add takes the add's place */
#define M_SET	1
#define M_ADD	2

struct ent_plan {
	char *func, *entry, *queue;
	bool excl;
	const char *reason;	/* NULL: converts */
	char *why;
	struct strbuf edits;	/* "S12 A10 R20 N19 D3" */
	unsigned *adds;
	int nadds;
	unsigned *once;		/* per add: the line of the first sleep it
				 * reaches with the entry queued when none of
				 * them is in a loop, else 0 */
	int *nonce;		/* ... and how many such sleeps */
};

struct entry_plans {
	struct ent_plan *v;
	int n;
};

struct ectx {
	struct entry_plans *ep;
	const struct wq_file *f;
	unsigned *lines;	/* offset of each line's start */
	unsigned nlines;
	struct compat_ranges compat;	/* branches for other kernels */
};

static __thread struct ectx *cur;

/*
 * The kapi.def row of the primitive a planned form writes: the form
 * itself, or the name before the variant ("prepare_to_wait-unlock",
 * "-irq", "-entry"); NULL for forms of no row ("retest", "set-state-*",
 * "schedule_timeout_*").
 */
const struct kapi_form *form_row(const char *form)
{
	return form ? kform_lookup(form, strcspn(form, "-")) : NULL;
}

/* Is the form a wait_event*() / a prepare_to_wait*() one (kapi.def)? */
bool form_is(const char *form, enum kform_family family)
{
	const struct kapi_form *k = form_row(form);

	return k && k->family == family;
}

bool form_in_place(const char *form)
{
	size_t n = form ? strlen(form) : 0;

	return n > 6 && !strcmp(form + n - 6, "-entry");
}

/* ---- text (entry_text.c has the scans) ---- */

static unsigned offset_of(const struct ectx *c, struct wq_pos p)
{
	if (!p.line || p.line > c->nlines)
		return 0;
	return c->lines[p.line - 1] + (p.col ? p.col - 1 : 0);
}

/* ---- the decision for one entry ---- */

static bool names_entry(const struct cfg *g, int n, const char *w)
{
	const char *e;

	if (g->nodes[n].kind != N_EVENT)
		return false;
	e = event_entry(&g->nodes[n].ev);
	return e && !strcmp(e, w);
}

static void refuse_entry(struct ent_plan *e, const char *reason, char *why)
{
	if (e->reason) {
		free(why);
		return;
	}
	e->reason = reason;
	e->why = why;
}

/*
 * Where the entry may be at each node's entry; merged (or NULL): M_SET
 * for a state write right before an add, which queues the entry, and
 * M_ADD for that add, which then does nothing.
 *
 * Not analysis/flow/flow.c's queued state, on purpose: that dataflow reads
 * the code as written, while this one asks "what if" of the planned
 * edit (the state write and the add merged into prepare_to_wait()),
 * per entry name, before anything is rewritten.
 */
static void flow_entry_states(const struct cfg *g, const char *w,
			      const char *merged, unsigned *in)
{
	bool changed = true;
	int n, k;

	memset(in, 0, g->n * sizeof(*in));
	in[g->entry] = E_UNQ;
	while (changed) {
		changed = false;
		for (n = 0; n < g->n; n++) {
			unsigned out = in[n];
			const struct cfg_node *nd = &g->nodes[n];

			if (!out)
				continue;
			if (names_entry(g, n, w) && nd->ev.api->kind == K_ADD_WAIT)
				out = merged && merged[n] == M_ADD ? out : E_ADDED;
			else if (names_entry(g, n, w) &&
				 nd->ev.api->kind == K_REMOVE_WAIT)
				out = E_UNQ;
			else if (nd->kind == N_EVENT &&
				 nd->ev.api->kind == K_SET_STATE &&
				 event_sleeping_state(&nd->ev)) {
				if (merged && merged[n] == M_SET)
					out = E_SET;
				else if (out & (E_ADDED | E_SET))
					out = (out & E_UNQ) | E_SET;
			}
			for (k = 0; k < nd->nsucc; k++) {
				int s = nd->succ[k];

				if ((in[s] | out) != in[s]) {
					in[s] |= out;
					changed = true;
				}
			}
		}
	}
}

static bool is_set(const struct cfg *g, int n)
{
	return g->nodes[n].kind == N_EVENT &&
	       g->nodes[n].ev.api->kind == K_SET_STATE &&
	       event_sleeping_state(&g->nodes[n].ev);
}

static bool is_running_set(const struct cfg *g, int n)
{
	return g->nodes[n].kind == N_EVENT &&
	       g->nodes[n].ev.api->kind == K_SET_STATE &&
	       !event_sleeping_state(&g->nodes[n].ev);
}

/*
 * The sleeps the add at node a reaches with entry w queued (before a
 * remove or another add of w): the line of the first, with their number
 * in *n, when none is in a loop (old pegasus.c: the second add of
 * get_registers() sleeps once, after the first add's loop); else 0.
 */
static unsigned one_shot_sleeps(const struct cfg *g, int a, const char *w,
				int *n)
{
	char *seen = xrealloc(NULL, g->n);
	int *stack = xrealloc(NULL, g->n * sizeof(int)), sp = 0, i;
	unsigned first = 0;
	bool looped = false;

	*n = 0;
	memset(seen, 0, g->n);
	seen[a] = 1;
	stack[sp++] = a;
	while (sp && !looped) {
		int x = stack[--sp];

		for (i = 0; i < g->nodes[x].nsucc; i++) {
			int y = g->nodes[x].succ[i];

			if (seen[y])
				continue;
			seen[y] = 1;
			if (names_entry(g, y, w) &&
			    (g->nodes[y].ev.api->kind == K_REMOVE_WAIT ||
			     g->nodes[y].ev.api->kind == K_ADD_WAIT))
				continue;
			if (node_is_sleep(g, y)) {
				looped |= g->nodes[y].loop >= 0 && node_on_cycle(g, y);
				if (!first || g->nodes[y].pos.line < first)
					first = g->nodes[y].pos.line;
				++*n;
			}
			stack[sp++] = y;
		}
	}
	free(seen);
	free(stack);
	return looped ? 0 : first;
}

/* The sleeping state write right before the add at node a, or -1. */
static int set_before(const struct ectx *c, const struct cfg *g, int a)
{
	const char *b = c->f->buf;
	unsigned ao = offset_of(c, g->nodes[a].pos);
	int n;

	for (n = 0; n < g->n; n++) {
		unsigned so, se;

		if (!is_set(g, n) || (g->nodes[n].flags & NF_IN_MACRO))
			continue;
		so = offset_of(c, g->nodes[n].pos);
		if (so >= ao)
			continue;
		se = et_stmt_end(b, so, ao);
		if (se <= ao && et_next_sig(b, se, ao) == ao &&
		    b[se - 1] == ';' && et_plain_stmt(b, so, g->body_start))
			return n;
	}
	return -1;
}

static void edit(struct ent_plan *e, char role, unsigned line)
{
	sb_printf(&e->edits, "%s%c%u", e->edits.len ? " " : "", role, line);
}

/*
 * A TASK_RUNNING write right before the statement at [ro, re) (or right
 * after it, with after): finish_wait() there sets TASK_RUNNING itself.
 */
static void running_next_to(const struct ectx *c, const struct cfg *g,
			    struct ent_plan *e, unsigned ro, unsigned re,
			    bool after)
{
	const char *b = c->f->buf;
	unsigned bs = g->body_start, be = g->body_end;
	int k;

	for (k = 0; k < g->n; k++) {
		unsigned so, se;

		if (!is_running_set(g, k) || (g->nodes[k].flags & NF_IN_MACRO))
			continue;
		so = offset_of(c, g->nodes[k].pos);
		se = et_stmt_end(b, so, be);
		if (!et_plain_stmt(b, so, bs) || b[se - 1] != ';')
			continue;
		if ((se <= ro && et_next_sig(b, se, ro) == ro) ||
		    (after && so > ro && et_next_sig(b, re, so) == so &&
		     b[re - 1] == ';'))
			edit(e, 'N', g->nodes[k].pos.line);
	}
}

/*
 * The entry's uses: made here once (DECLARE_WAITQUEUE() or
 * init_waitqueue_entry() for current), added to one queue, removed,
 * nothing else.  The number of DECLARE_WAITQUEUE()s (0: made with
 * init_waitqueue_entry()) and the line it is made on, or -1 when e is
 * refused.
 */
static int entry_uses(struct ectx *c, const struct cfg *g, struct ent_plan *e,
		      unsigned *made_line)
{
	const char *b = c->f->buf;
	unsigned bs = g->body_start, be = g->body_end;
	const char *w = e->entry;
	char *q0 = NULL;
	int n, uses = 0, decl = 0, init = 0;
	unsigned i, decl_line = 0, init_line = 0, decl_first = 0;

	/* the entry: this function's own, for current */
	for (i = bs; i < be; i++) {
		if (et_declares_entry(b, i, bs, be, w)) {
			decl++;
			decl_line = et_line_of(b, i);
			if (decl == 1)
				decl_first = decl_line;
		} else {
			char *amp = xasprintf("&%s", w);

			if (et_call_args_are(b, i, be, "init_waitqueue_entry", amp,
					  "current")) {
				init++;
				init_line = et_line_of(b, i);
			}
			free(amp);
		}
	}
	/* refused, but its adds are still gathered below: the reason is
	 * then the one each add's site is given (plan_of()) */
	if (decl + init > 1 && decl <= 1 && init <= 1)
		refuse_entry(e, "entry-made-otherwise", xasprintf(
			"the entry '%s' is made twice, with DECLARE_WAITQUEUE(%s, current) at line %u and init_waitqueue_entry(&%s, current) at line %u; DEFINE_WAIT() replaces one making of it only",
			w, w, decl_line, w, init_line));
	else if (decl > 1)
		refuse_entry(e, "entry-made-otherwise", xasprintf(
			"%d entries named '%s' are declared in this function (the first at line %u, the last at line %u), and the in-place rewrite is planned per name: convert by hand",
			decl, w, decl_first, decl_line));
	else if (decl + init > 1)
		refuse_entry(e, "entry-made-otherwise", xasprintf(
			"the entry '%s' is made %d times here with init_waitqueue_entry(&%s, current) (the last at line %u); DEFINE_WAIT() replaces one making of it only",
			w, init, w, init_line));
	else if (decl + init != 1)
		refuse_entry(e, "entry-made-otherwise", xasprintf(
			"the entry '%s' is not made here with DECLARE_WAITQUEUE(%s, current) or init_waitqueue_entry(&%s, current); DEFINE_WAIT() replaces only that",
			w, w, w));
	uses = decl + init;
	if (init)
		uses += et_entry_declared(b, bs, be, w);
	for (n = 0; n < g->n; n++) {
		const struct cfg_node *nd = &g->nodes[n];
		const char *api;

		if (!names_entry(g, n, w))
			continue;
		api = nd->ev.api->name;
		if (nd->flags & NF_IN_MACRO) {
			refuse_entry(e, "macro", xasprintf(
				"%s() of the entry '%s' is inside a macro; rewrite the macro by hand",
				api, w));
			continue;
		}
		uses++;
		if (nd->ev.api->kind == K_ADD_WAIT) {
			char *qa = et_squeeze(event_queue(&nd->ev));
			bool x = !strcmp(api, "add_wait_queue_exclusive");

			if (strcmp(api, "add_wait_queue") && !x) {
				refuse_entry(e, "queue-lock", xasprintf(
					"%s() runs under the queue's own lock, taken by hand; prepare_to_wait() takes that lock itself: convert by hand",
					api));
			} else if (!q0) {
				q0 = qa;
				qa = NULL;
				e->excl = x;
				e->queue = et_first_arg_text(b, offset_of(c, nd->pos), be);
			} else if (strcmp(q0, qa) || e->excl != x) {
				refuse_entry(e, "two-queues", xasprintf(
					"the entry '%s' is added to more than one queue, or with and without _exclusive; prepare_to_wait() would need one of each",
					w));
			}
			free(qa);
			if (!et_plain_stmt(b, offset_of(c, nd->pos), bs))
				refuse_entry(e, "conditional-add", xasprintf(
					"%s() at line %u is the body of an if with no braces; the in-place rewrite takes only an add that is a statement of its own: convert by hand",
					api, nd->pos.line));
			e->adds = xrealloc(e->adds, (e->nadds + 1) * sizeof(unsigned));
			e->once = xrealloc(e->once, (e->nadds + 1) * sizeof(unsigned));
			e->nonce = xrealloc(e->nonce, (e->nadds + 1) * sizeof(int));
			e->once[e->nadds] = one_shot_sleeps(g, nd - g->nodes, w,
							    &e->nonce[e->nadds]);
			e->adds[e->nadds++] = nd->pos.line;
		} else if (nd->ev.api->kind != K_REMOVE_WAIT) {
			refuse_entry(e, "entry-two-apis", xasprintf(
				"the entry '%s' is also used with %s(); one API per entry",
				w, api));
		} else if (strcmp(api, "remove_wait_queue")) {
			refuse_entry(e, "queue-lock", xasprintf(
				"%s(): the queue's own lock is held; finish_wait() takes it itself: convert by hand",
				api));
		}
	}
	for (n = 0; n < c->compat.n && !e->reason; n++) {
		unsigned ra = c->compat.r[2 * n], rb = c->compat.r[2 * n + 1];

		ra = ra > bs ? ra : bs;
		rb = rb < be ? rb : be;
		if (ra >= rb || !et_count_word(b, ra, rb, w))
			continue;
		while (!et_word_at(b, ra, rb, w))
			ra++;
		refuse_entry(e, "old-kernel-branch", xasprintf(
			"the entry '%s' is also named at line %u, in a branch for other kernels that this parse does not compile; the rewrite would change the compiled branch's entry only: convert by hand",
			w, et_line_of(b, ra)));
	}
	if (!e->reason && et_count_word(b, bs, be, w) != uses)
		refuse_entry(e, "entry-passed", xasprintf(
			"the entry '%s' is used other than by DECLARE_WAITQUEUE(), add_wait_queue() and remove_wait_queue() (passed on, or its fields set); DEFINE_WAIT()'s entry differs there",
			w));
	free(q0);
	*made_line = decl ? decl_line : init_line;
	return e->reason ? -1 : decl;
}

/*
 * Why the end n of g, reached with the entry w linked, refuses it: a
 * leak (WQ006), or, where the entry is off its queue or the queue is
 * gone with its owner on every path there (entry_fate.c, as WQ006
 * reads it), a queue no rewrite may name again after the loop.
 */
static char *leak_words(struct ectx *c, const struct cfg *g, const char *w,
			int n)
{
	struct flow fl;
	int e;
	bool fated;

	flow_compute(g, &fl);
	e = flow_entry(&fl, w);
	fated = e >= 0 && entry_exit_fated(g, &fl, c->f, e, n);
	flow_free(g, &fl);
	if (fated)
		return xasprintf(
			"%s() ends with the entry '%s' still linked on a path where its queue is gone with its owner or the entry is off it (no WQ006): the in-place rewrite would take it off that queue again after the loop, which may no longer be there; convert by hand",
			g->func, w);
	return xasprintf(
		"%s() ends with the entry '%s' still queued on a path (WQ006), and no return statement there takes finish_wait() before it: remove the entry on that path by hand, then convert",
		g->func, w);
}

/*
 * The entry along the paths (in[], per node): never added twice, the
 * state set after each add and only with it queued, no void end reached
 * with it queued; merged[] marks `set_current_state(S); add_wait_queue()`
 * pairs, one prepare each.  False when e is refused.
 */
static bool entry_paths(struct ectx *c, const struct cfg *g,
			struct ent_plan *e, unsigned *in, char *merged)
{
	const char *w = e->entry;
	int n;

	flow_entry_states(g, w, NULL, in);
	for (n = 0; n < g->n; n++) {
		if (!names_entry(g, n, w) || g->nodes[n].ev.api->kind != K_ADD_WAIT ||
		    !(in[n] & (E_ADDED | E_SET)))
			continue;
		if (strchr(w, '[') && g->nodes[n].loop >= 0)
			/* waits[i] in a loop: a new element each pass */
			refuse_entry(e, "two-queues", xasprintf(
				"the entries '%s' are array elements, added at line %u once per pass of a loop, each to the queue '%s' of that pass: the task waits with several entries on several queues at once, and prepare_to_wait() puts one entry on one queue",
				w, g->nodes[n].pos.line,
				event_queue(&g->nodes[n].ev)));
		else
			refuse_entry(e, "two-queues", xasprintf(
				"on a path through the function, read without the values its tests take, the entry '%s' reaches its add at line %u still queued; the in-place rewrite needs each add to find it off the queue on every path: convert by hand",
				w, g->nodes[n].pos.line));
	}
	/* `set_current_state(S); add_wait_queue(q, &w);` is one prepare */
	for (n = 0; n < g->n; n++) {
		int m;

		if (!names_entry(g, n, w) || g->nodes[n].ev.api->kind != K_ADD_WAIT)
			continue;
		m = set_before(c, g, n);
		if (m >= 0 && !(in[m] & (E_ADDED | E_SET)))
			merged[m] = M_SET, merged[n] = M_ADD;
	}
	flow_entry_states(g, w, merged, in);
	for (n = 0; n < g->n; n++)
		if (node_is_sleep(g, n) && (in[n] & E_ADDED)) {
			const char *add = "add_wait_queue";
			const char *x;
			int a, s = -1;
			bool before = false;

			for (a = 0; a < g->n; a++) {
				if (names_entry(g, a, w) &&
				    g->nodes[a].ev.api->kind == K_ADD_WAIT)
					add = g->nodes[a].ev.api->name;
				if (is_set(g, a) && (in[a] & E_UNQ))
					before = true;
				if (s < 0 && is_set(g, a) && (in[a] & E_ADDED))
					s = a;
			}
			x = strstr(add, "exclusive") ? "_exclusive" : "";
			if (s >= 0 && !before) {
				/* writes only after the add, not on every path */
				refuse_entry(e, "state-outside-loop", xasprintf(
					"on a path read without the values its tests take, the sleep at line %u follows %s() with no task-state write in between (the write at line %u is not on every path from the add to the sleep): in place, %s() goes and prepare_to_wait%s() takes the state write's place, so on such a path the task would sleep with the entry off the queue; convert by hand",
					g->nodes[n].pos.line, add,
					g->nodes[s].pos.line, add, x));
				return false;
			}
			refuse_entry(e, "state-outside-loop", xasprintf(
				"the sleep at line %u can follow %s() with no task-state write in between (the state is set before the add, or not at all): in place, prepare_to_wait%s() would queue the entry and write the state at the add, after any test made between the state write and the add; convert by hand",
				g->nodes[n].pos.line, add, x));
			return false;
		}
	for (n = 0; n < g->n && !e->reason; n++) {
		if (!is_set(g, n) || merged[n] == M_SET)
			continue;
		if ((in[n] & E_UNQ) && (in[n] & (E_ADDED | E_SET)))
			refuse_entry(e, "state-unqueued-too", xasprintf(
				"the task state set at line %u is set both with and without the entry queued: prepare_to_wait() there would queue it where it was not",
				g->nodes[n].pos.line));
		else if ((in[n] & (E_ADDED | E_SET)) &&
			 (g->nodes[n].flags & NF_IN_MACRO))
			refuse_entry(e, "macro", xasprintf(
				"the task state set at line %u is inside a macro; rewrite it by hand",
				g->nodes[n].pos.line));
	}
	if (e->reason)
		return false;

	/* the end of a void function reached with the entry queued (WQ006) */
	for (n = 0; n < g->n; n++)
		if (g->nodes[n].kind == N_RETURN &&
		    (g->nodes[n].flags & NF_FALL_OFF) &&
		    (in[n] & (E_ADDED | E_SET))) {
			refuse_entry(e, "leak-at-end", leak_words(c, g, w, n));
			return false;
		}
	return true;
}

/* The edits of an entry that passed: D/I, S, F, A, R (see entry.h). */
static void entry_edits(struct ectx *c, const struct cfg *g,
			struct ent_plan *e, const unsigned *in,
			const char *merged, int decl, unsigned made_line)
{
	const char *b = c->f->buf;
	unsigned be = g->body_end;
	const char *w = e->entry;
	int n;

	edit(e, decl ? 'D' : 'I', made_line);
	for (n = 0; n < g->n; n++) {
		const struct cfg_node *nd = &g->nodes[n];

		if (merged[n] == M_SET ||
		    (is_set(g, n) && (in[n] & (E_ADDED | E_SET))))
			edit(e, 'S', nd->pos.line);
		else if (nd->kind == N_RETURN && !(nd->flags & NF_FALL_OFF) &&
			 !(nd->flags & NF_IN_MACRO) &&
			 (in[n] & (E_ADDED | E_SET)) &&
			 (decl || !(in[n] & E_UNQ)))
			/*
			 * a return with the entry queued (WQ006): finish_wait()
			 * before it; where another path reaches it with the
			 * entry off the queue, finish_wait() does nothing more
			 * than set TASK_RUNNING
			 */
		{
			unsigned ro = offset_of(c, nd->pos);

			edit(e, 'F', nd->pos.line);
			running_next_to(c, g, e, ro, et_stmt_end(b, ro, be), false);
		}
		else if (names_entry(g, n, w) && nd->ev.api->kind == K_ADD_WAIT)
			edit(e, 'A', nd->pos.line);
		else if (names_entry(g, n, w) && nd->ev.api->kind == K_REMOVE_WAIT) {
			unsigned ro = offset_of(c, nd->pos);
			unsigned re = et_stmt_end(b, ro, be);
			unsigned nx = et_next_sig(b, re, be);

			if (et_word_at(b, nx, be, "schedule") ||
			    et_word_at(b, nx, be, "schedule_timeout") ||
			    et_word_at(b, nx, be, "io_schedule")) {
				refuse_entry(e, "sleep-first", xasprintf(
					"remove_wait_queue() at line %u is followed by a sleep in the state set before it; finish_wait() sets TASK_RUNNING: convert by hand",
					nd->pos.line));
				return;
			}
			edit(e, 'R', nd->pos.line);
			running_next_to(c, g, e, ro, re, true);
		}
	}
}

static void decide_entry(struct ectx *c, const struct cfg *g, struct ent_plan *e)
{
	unsigned *in = xrealloc(NULL, g->n * sizeof(*in));
	char *merged = xrealloc(NULL, g->n * sizeof(*merged));
	unsigned made_line;
	int decl;

	memset(merged, 0, g->n * sizeof(*merged));
	decl = entry_uses(c, g, e, &made_line);
	if (decl >= 0 && entry_paths(c, g, e, in, merged))
		entry_edits(c, g, e, in, merged, decl, made_line);
	free(merged);
	free(in);
}

static void one_function(struct cfg *g, struct wq_file *f,
			 const struct wq_options *opt)
{
	struct entry_plans *ep = cur->ep;
	int n, i, first = ep->n;

	(void)f;
	(void)opt;
	for (n = 0; n < g->n; n++) {
		const char *w;
		bool seen = false;

		if (!node_is(g, n, K_ADD_WAIT) ||
		    !(w = event_entry(&g->nodes[n].ev)))
			continue;
		for (i = first; i < ep->n; i++)
			seen |= !strcmp(ep->v[i].entry, w);
		if (seen)
			continue;
		ep->v = xrealloc(ep->v, (ep->n + 1) * sizeof(*ep->v));
		memset(&ep->v[ep->n], 0, sizeof(ep->v[0]));
		ep->v[ep->n].func = xstrdup(g->func);
		ep->v[ep->n].entry = xstrdup(w);
		decide_entry(cur, g, &ep->v[ep->n]);
		if (getenv("WQPORT_DUMP_ENTRY"))	/* for debugging */
			fprintf(stderr, "entry %s() '%s' on '%s': %s %s%s%s\n",
				g->func, w, ep->v[ep->n].queue ? ep->v[ep->n].queue : "?",
				ep->v[ep->n].reason ? ep->v[ep->n].reason : "converts",
				ep->v[ep->n].why ? ep->v[ep->n].why : "",
				ep->v[ep->n].edits.s ? " edits " : "",
				ep->v[ep->n].edits.s ? ep->v[ep->n].edits.s : "");
		ep->n++;
	}
	/* two entries of one function whose waits overlap */
	for (i = first; i < ep->n; i++) {
		int j;

		for (j = first; j < ep->n; j++) {
			char *copy, *tok, *save = NULL;

			if (i == j || ep->v[i].reason || !ep->v[i].edits.s ||
			    !ep->v[j].edits.s)
				continue;
			copy = xstrdup(ep->v[j].edits.s);
			for (tok = strtok_r(copy, " ", &save); tok;
			     tok = strtok_r(NULL, " ", &save))
				if (*tok == 'S' && find_word(ep->v[i].edits.s, tok))
					refuse_entry(&ep->v[i], "two-queues", xasprintf(
						"the task waits on '%s' and '%s' at once in %s(); prepare_to_wait() takes one queue per entry",
						ep->v[i].queue ? ep->v[i].queue : "?",
						ep->v[j].queue ? ep->v[j].queue : "?",
						g->func));
			free(copy);
		}
	}
}

struct entry_plans *entry_plans_compute(void *tu, struct wq_file *f)
{
	struct ectx c = { 0 };
	unsigned i;

	c.ep = xrealloc(NULL, sizeof(*c.ep));
	memset(c.ep, 0, sizeof(*c.ep));
	c.f = f;
	c.lines = xrealloc(NULL, sizeof(unsigned));
	c.lines[c.nlines++] = 0;
	for (i = 0; i < f->len; i++)
		if (f->buf[i] == '\n') {
			c.lines = xrealloc(c.lines, (c.nlines + 1) * sizeof(unsigned));
			c.lines[c.nlines++] = i + 1;
		}
	compat_ranges(tu, f, &c.compat);
	cur = &c;
	cfg_for_each_function(tu, f, NULL, one_function);
	cur = NULL;
	compat_ranges_free(&c.compat);
	free(c.lines);
	return c.ep;
}

void entry_plans_free(struct entry_plans *ep)
{
	int i;

	if (!ep)
		return;
	for (i = 0; i < ep->n; i++) {
		free(ep->v[i].func);
		free(ep->v[i].entry);
		free(ep->v[i].queue);
		free(ep->v[i].why);
		free(ep->v[i].edits.s);
		free(ep->v[i].adds);
		free(ep->v[i].once);
		free(ep->v[i].nonce);
	}
	free(ep->v);
	free(ep);
}

/*
 * Is reason one of the entry's own uses, not of the loop's shape (the
 * entry also named in a branch for other kernels, passed on, on two
 * queues)?  It blocks a goto loop too, which the in-place form takes.
 */
static bool entry_reason(const char *reason)
{
	static const char *const own[] = { "old-kernel-branch", "entry-passed",
		"entry-made-otherwise", "entry-two-apis", "two-queues",
		"queue-lock", "macro", NULL };
	int i;

	for (i = 0; own[i]; i++)
		if (!strcmp(reason, own[i]))
			return true;
	return false;
}

static const struct ent_plan *plan_of(const struct entry_plans *ep,
				      const struct fix_site *s)
{
	int i, k;

	for (i = 0; ep && i < ep->n; i++) {
		if (strcmp(ep->v[i].func, s->func))
			continue;
		for (k = 0; k < ep->v[i].nadds; k++)
			if (ep->v[i].adds[k] == s->pos.line)
				return &ep->v[i];
	}
	return NULL;
}

bool plan_entry_in_place(struct fix_site *s, const struct entry_plans *ep)
{
	const struct ent_plan *e = plan_of(ep, s);
	char *shape;
	int k;

	if (!e)
		return false;
	if (e->reason) {
		/*
		 * the last form tried: its reason is what blocks the site; a
		 * goto loop keeps its own (rewrite it as a loop first), and
		 * so does a loop no rewrite matches for its shape
		 */
		if (s->outcome == FO_REFUSE && !s->shape_refused &&
		    (!(s->reason && !strcmp(s->reason, "goto-loop")) ||
		     (entry_reason(e->reason) && s->note &&
		      strstr(s->note, "no semantic patch matches a goto loop:")))) {
			s->reason = e->reason;
			free(s->note);
			s->note = xstrdup(e->why);
		} else if (s->outcome == FO_REFUSE && s->reason &&
			   !strcmp(s->reason, "goto-loop") && s->note &&
			   strstr(s->note, "no semantic patch matches a goto loop:")) {
			/* the in-place form keeps goto loops: say why it
			 * did not here, not that none matches */
			const char *cut = strstr(s->note, "; no semantic patch");
			char *n = xasprintf("%.*s; the in-place form, which keeps such a loop, does not apply: %s",
					    (int)(cut - s->note), s->note, e->why);

			free(s->note);
			s->note = n;
		}
		return false;
	}
	s->form = e->excl ? "prepare_to_wait_exclusive-entry" :
			    "prepare_to_wait-entry";
	s->outcome = FO_CONVERT;
	s->reason = NULL;
	free(s->note);
	for (k = 0; k < e->nadds && e->adds[k] != s->pos.line; k++)
		;
	/* what is true of the shape the rewrite keeps: a loop, or a sleep
	 * that happens once (the add's own sleeps in no loop) */
	shape = k == e->nadds || !e->once[k] ?
		xstrdup("the loop keeps its shape") : e->nonce[k] == 1 ?
		xasprintf("the sleep on line %u after it stays in no loop: it sleeps once, as before",
			  e->once[k]) :
		xasprintf("the sleeps after it, the first on line %u, stay in no loop: each sleeps once, as before",
			  e->once[k]);
	s->note = xasprintf(
		"DEFINE_WAIT(%s), the state set with %s(), the entry removed with finish_wait(); %s",
		e->entry, e->excl ? "prepare_to_wait_exclusive" : "prepare_to_wait",
		shape);
	free(shape);
	free(s->edits);
	s->edits = xasprintf("%s", e->edits.s ? e->edits.s : "");
	free(s->eq);
	s->eq = xstrdup(e->queue);
	free(s->ew);
	s->ew = xstrdup(e->entry);
	return true;
}
