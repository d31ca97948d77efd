// SPDX-License-Identifier: GPL-2.0-only
/*
 * Task state summaries: what each function of the file does to the task
 * state, and the state it is entered in.
 *
 *	static struct buf *drv_dequeue(struct drv *d)
 *	{
 *		spin_lock_bh(&d->lock);
 *		if (list_empty(&d->queue))
 *			__set_current_state(TASK_INTERRUPTIBLE);  <- here
 *		...
 *	}
 *	...
 *		b = drv_dequeue(d);
 *		if (!b)
 *			schedule_timeout(HZ);	<- sleeps in that state
 *
 * A rule that looks at one function at a time sees schedule_timeout()
 * in TASK_RUNNING.  So, per file, before the rules run:
 *
 * - each function's *exit*: on its returns, does it leave the state as
 *   it found it, a sleeping state it (or a function it calls) set, or
 *   TASK_RUNNING (set, or a sleep returned)?  Computed on its graph
 *   (entered in "as found", FL_UNKNOWN) when it names the wait API,
 *   else from its text, the calls in order, each one maybe taken.  A
 *   call of such a function is an N_CALL node; flow_transfer() applies
 *   the exit.  Iterated to a fixpoint over the file's call graph.
 * - each function's *entry*: the join of the states at its calls in the
 *   file.  A function whose address is taken (a callback: the caller is
 *   not known), that is not static (callers in other files), or that
 *   takes a task state as a parameter (the `mode` of an action function
 *   run by __wait_on_bit()) starts in an unknown state (FL_UNKNOWN)
 *   unless every caller in the file is known and agrees; a thread or
 *   work function is started by the kernel in TASK_RUNNING.  Other
 *   functions not static (not called in the file, not stored as a
 *   callback) start in TASK_RUNNING, as a kernel entry point does,
 *   unless they are sleep helpers (sleep_helper()): unknown.
 *
 * Functions defined in headers the file includes with quotes, next to
 * it, count as the file's.  Only the functions that change the task
 * state, or call one that does, are summarised.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "builder.h"

#include "state_sums.h"

static void make_hash(struct state_sums *s)
{
	int i;

	for (s->hsize = 1u << HASH_BITS; s->hsize < 2u * s->n; s->hsize *= 2)
		;
	s->hash = xrealloc(NULL, s->hsize * sizeof(int));
	memset(s->hash, 0, s->hsize * sizeof(int));
	for (i = 0; i < s->n; i++) {
		unsigned h = sums_name_hash(s->fn[i].name, strlen(s->fn[i].name)) &
			     (s->hsize - 1);

		if (sums_find_fn(s, s->fn[i].name, strlen(s->fn[i].name)) >= 0)
			continue;	/* the first definition counts */
		while (s->hash[h])
			h = (h + 1) & (s->hsize - 1);
		s->hash[h] = i + 1;
	}
}

/* ---- the file's functions ---- */

struct collect {
	struct state_sums *s;
	CXTranslationUnit tu;
	struct wq_file *f;
	CXFile checked;		/* f->path in this parse */
	CXFile main;
	char **quoted;		/* base names the main file includes with "" */
	int nquoted;
};

/* The text of file fl, if its functions count as the file's; or -1. */
static int text_of(struct collect *c, CXFile fl, bool main)
{
	struct state_sums *s = c->s;
	struct sum_text *t;
	CXString name;
	const char *path, *base;
	int i;
	bool quoted = main;

	for (i = 0; i < s->ntexts; i++)
		if (clang_File_isEqual(s->texts[i].file, fl))
			return s->texts[i].buf ? i : -1;
	name = clang_getFileName(fl);
	path = clang_getCString(name);
	base = path ? strrchr(path, '/') : NULL;
	base = base ? base + 1 : path;
	for (i = 0; !quoted && base && i < c->nquoted; i++)
		quoted = !strcmp(base, c->quoted[i]);
	s->texts = xrealloc(s->texts, (s->ntexts + 1) * sizeof(*s->texts));
	t = &s->texts[s->ntexts];
	memset(t, 0, sizeof(*t));
	t->file = fl;
	if (quoted && c->checked && clang_File_isEqual(fl, c->checked)) {
		t->buf = c->f->buf;
		t->len = c->f->len;
	} else if (quoted && path) {
		t->buf = read_regular_file(path, 64u << 20, &t->len);
		t->own = t->buf != NULL;
	}
	clang_disposeString(name);
	return s->ntexts++, t->buf ? s->ntexts - 1 : -1;
}

static enum CXChildVisitResult top_fn(CXCursor cur, CXCursor parent,
				      CXClientData data)
{
	struct collect *c = data;
	struct state_sums *s = c->s;
	CXSourceLocation l = clang_getCursorLocation(cur);
	struct sum_fn *fn;
	struct kids k;
	CXFile fl;
	unsigned from, to;
	int t;

	(void)parent;
	if (clang_getCursorKind(cur) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(cur) ||
	    clang_Location_isInSystemHeader(l))
		return CXChildVisit_Continue;
	clang_getFileLocation(l, &fl, NULL, NULL, NULL);
	if (!fl || (t = text_of(c, fl, clang_Location_isFromMainFile(l))) < 0)
		return CXChildVisit_Continue;
	k = children(cur);
	if (!k.n || clang_getCursorKind(k.c[k.n - 1]) != CXCursor_CompoundStmt) {
		free(k.c);
		return CXChildVisit_Continue;
	}
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(
			k.c[k.n - 1])), NULL, NULL, NULL, &from);
	clang_getFileLocation(clang_getRangeEnd(clang_getCursorExtent(
			k.c[k.n - 1])), NULL, NULL, NULL, &to);
	free(k.c);
	if (from >= to || to > s->texts[t].len)
		return CXChildVisit_Continue;
	s->fn = xrealloc(s->fn, (s->n + 1) * sizeof(*s->fn));
	fn = &s->fn[s->n++];
	memset(fn, 0, sizeof(*fn));
	fn->name = cursor_name(cur);
	fn->cur = cur;
	fn->text = t;
	fn->from = from;
	fn->to = to;
	fn->is_static = clang_Cursor_getStorageClass(cur) == CX_SC_Static;
	return CXChildVisit_Continue;
}

/* ---- what the text says ---- */

static bool state_word(const char *w, size_t n)
{
	const struct kapi *api = kapi_classify(w, n);

	if (!api)
		return false;
	switch (api->kind) {
	case K_SET_STATE:
	case K_PREPARE:
	case K_FINISH:
	case K_SCHEDULE:
	case K_SCHEDULE_TIMEOUT:
	case K_SLEEP_ON:
	case K_WAIT_EVENT:
	case K_DELAY:
		return true;
	default:
		return false;
	}
}

static unsigned skip_blank(const char *b, size_t len, unsigned i)
{
	while (i < len && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' ||
			   b[i] == '\r'))
		i++;
	return i;
}

static bool member_before(const char *b, unsigned at)
{
	while (at > 0 && (b[at - 1] == ' ' || b[at - 1] == '\t'))
		at--;
	return (at > 0 && b[at - 1] == '.') ||
	       (at > 1 && b[at - 2] == '-' && b[at - 1] == '>');
}

/* The state words and the calls of the file's functions in fn's body. */
static void scan_body(struct state_sums *s, int i)
{
	struct sum_fn *fn = &s->fn[i];
	const struct sum_text *t = &s->texts[fn->text];
	unsigned at = fn->from, end;
	long w;

	while ((w = text_next_ident(t->buf, at, fn->to, &end)) >= 0) {
		unsigned p = skip_blank(t->buf, t->len, end);
		size_t n = end - w;
		int c;

		at = end;
		if ((n == 5 && !memcmp(t->buf + w, "state", 5)) ||
		    (n == 7 && !memcmp(t->buf + w, "__state", 7))) {
			/* `current->state = X;` */
			if (w >= fn->from + 9 &&
			    !memcmp(t->buf + w - 9, "current->", 9) &&
			    p < t->len && t->buf[p] == '=' &&
			    t->buf[p + 1] != '=')
				fn->direct = true;
			continue;
		}
		if (p >= t->len || t->buf[p] != '(' || member_before(t->buf, w))
			continue;
		if (state_word(t->buf + w, n)) {
			fn->direct = true;
		} else if ((c = sums_find_fn(s, t->buf + w, n)) >= 0) {
			fn->calls = xrealloc(fn->calls,
					     (fn->ncalls + 1) * sizeof(int));
			fn->call_at = xrealloc(fn->call_at,
					       (fn->ncalls + 1) * sizeof(unsigned));
			fn->call_at[fn->ncalls] = (unsigned)w;
			fn->calls[fn->ncalls++] = c;
			if (c != i)
				s->fn[c].called = true;
		}
	}
}

/* The call whose argument list holds offset at, or NULL. */
static bool call_name_at(const char *b, unsigned from, unsigned at,
			 const char **name, size_t *n)
{
	int depth = 0;
	unsigned i = at, e;

	while (i > from) {
		char c = b[--i];

		if (c == ')')
			depth++;
		else if (c == '(' && depth)
			depth--;
		else if (c == '(')
			break;
		else if (c == ';' || c == '{' || c == '}')
			return false;
	}
	if (i <= from || b[i] != '(')
		return false;
	while (i > from && (b[i - 1] == ' ' || b[i - 1] == '\t'))
		i--;
	for (e = i; i > from && wq_ident_char(b[i - 1]); i--)
		;
	*name = b + i;
	*n = e - i;
	return e > i;
}

/*
 * Does the body use parameter p as a task state: as the state argument
 * of the wait API or signal_pending_state(), or next to a TASK_ name?
 */
static bool state_use(const struct sum_text *t, const struct sum_fn *fn,
		      const char *p)
{
	unsigned at = fn->from, end;
	size_t pl = strlen(p);
	long w;

	while ((w = text_next_ident(t->buf, at, fn->to, &end)) >= 0) {
		const struct kapi *api;
		const char *name;
		size_t n;
		unsigned a, b;

		at = end;
		if ((size_t)(end - w) != pl || memcmp(t->buf + w, p, pl) ||
		    member_before(t->buf, w))
			continue;
		if (call_name_at(t->buf, fn->from, w, &name, &n)) {
			api = kapi_classify(name, n);
			if ((api && api->state_arg >= 0) ||
			    (n == 20 && !memcmp(name, "signal_pending_state", 20)))
				return true;
		}
		a = w > fn->from + 24 ? w - 24 : fn->from;
		b = end + 24 < fn->to ? end + 24 : fn->to;
		for (; a + 5 <= b; a++)
			if (!memcmp(t->buf + a, "TASK_", 5))
				return true;
	}
	return false;
}

static bool integer_type(CXType ty)
{
	ty = clang_getCanonicalType(ty);
	return ty.kind >= CXType_Bool && ty.kind <= CXType_Int128 &&
	       ty.kind != CXType_Char_S && ty.kind != CXType_Char_U;
}

static void find_state_param(struct state_sums *s, int i)
{
	struct sum_fn *fn = &s->fn[i];
	int k, n = clang_Cursor_getNumArguments(fn->cur);

	for (k = 0; k < n && !fn->state_param; k++) {
		CXCursor a = clang_Cursor_getArgument(fn->cur, k);
		char *name = cursor_name(a);

		if (*name && integer_type(clang_getCursorType(a)) &&
		    state_use(&s->texts[fn->text], fn, name))
			fn->state_param = name;
		else
			free(name);
	}
}

/*
 * The kernel runs these functions' function argument in TASK_RUNNING:
 * module and initcall entry points (thread and work starters are
 * text_is_thread_function()'s).  EXPORT_SYMBOL() takes no address.
 */
static bool starter(const char *name, size_t n)
{
	static const char *const v[] = {
		"module_init", "module_exit", "late_initcall",
		"subsys_initcall", "device_initcall", "fs_initcall",
		"arch_initcall", "core_initcall", "postcore_initcall",
		"__initcall", "__exitcall", "EXPORT_SYMBOL", "EXPORT_SYMBOL_GPL",
		"EXPORT_SYMBOL_NS", "EXPORT_SYMBOL_NS_GPL",
	};
	size_t i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		if (strlen(v[i]) == n && !memcmp(v[i], name, n))
			return true;
	return false;
}

/*
 * A touching function's name handed to a call but not called
 * (`__wait_on_bit(wq, &e, drv_action, mode)`): a function the file
 * does not see may run it, in whatever state it set.  A callback
 * stored in an operations table or a variable (`.write = fn`) is run by
 * a kernel framework (it is `stored`: an entry point); thread and work
 * functions and module entry points are started by the kernel; neither
 * counts.
 */
static void find_addresses(struct state_sums *s, const char *path)
{
	int t, i;

	for (t = 0; t < s->ntexts; t++) {
		const struct sum_text *tx = &s->texts[t];
		unsigned at = 0, end;
		long w;

		if (!tx->buf)
			continue;
		while ((w = text_next_ident(tx->buf, at, tx->len, &end)) >= 0) {
			unsigned p = skip_blank(tx->buf, tx->len, end);

			const char *call;
			size_t n;

			at = end;
			i = sums_find_fn(s, tx->buf + w, end - w);
			if (i < 0 || !s->fn[i].touches ||
			    (p < tx->len && tx->buf[p] == '(') ||
			    member_before(tx->buf, w))
				continue;
			if (!call_name_at(tx->buf, 0, w, &call, &n))
				s->fn[i].stored = true;
			else if (fn_name_is_data(s, path, tx->buf, call, n, w))
				continue;	/* a trace record's number */
			else if (!starter(call, n))
				s->fn[i].addr_taken = true;
			else if (n < 13 || memcmp(call, "EXPORT_SYMBOL", 13))
				s->fn[i].stored = true;	/* module_init(fn) */
		}
	}
}

/* ---- exits ---- */

static unsigned exit_of(uint32_t st)
{
	return (st & FL_UNKNOWN ? SX_FOUND : 0) |
	       (st & (FL_SLEEP | FL_SLEEP_CALLEE | FL_SLEEP_CALLER) ?
		SX_SLEEP : 0) |
	       (st & (FL_RUN_INIT | FL_RUN_WOKE | FL_RUN_CALLEE) ? SX_RUN : 0);
}

static uint32_t apply(const struct sum_fn *fn, uint32_t st)
{
	uint32_t state = st & FL_STATE_BITS;

	if (!state)
		return 0;
	return (fn->exit & SX_FOUND ? state : 0) |
	       (fn->exit & SX_SLEEP ? FL_SLEEP_CALLEE : 0) |
	       (fn->exit & SX_RUN ? FL_RUN_CALLEE : 0);
}

uint32_t state_sums_apply(const struct state_sums *s, const char *callee,
			  uint32_t state)
{
	int i = callee ? sums_find_fn(s, callee, strlen(callee)) : -1;

	if (i < 0 || !s->fn[i].touches)
		return state;
	return apply(&s->fn[i], state) | (state & ~FL_STATE_BITS);
}

bool state_sums_always_sets(const struct state_sums *s, const char *callee)
{
	int i = callee ? sums_find_fn(s, callee, strlen(callee)) : -1;

	return i >= 0 && s->fn[i].touches && s->fn[i].exit &&
	       !(s->fn[i].exit & SX_FOUND);
}

/*
 * The calls whose callee left the state of kind bits reaching node n,
 * nearest first, at most max of them in hits[]; with more than one
 * wanted, the search goes on past a call that may also return in the
 * state it was entered in (io_uring's io_run_task_work(): TASK_RUNNING
 * an earlier call left may pass through it).
 */
static int calls_before(const struct cfg *g, const struct flow *fl, int n,
			uint32_t bits, int *hits, int max)
{
	char *seen = xrealloc(NULL, g->n);
	int *stack = xrealloc(NULL, g->n * sizeof(int));
	int sp = 0, nhit = 0, i;

	memset(seen, 0, g->n);
	stack[sp++] = n;
	seen[n] = 1;
	while (sp && nhit < max) {
		int m = stack[--sp];

		for (i = 0; i < fl->npred[m] && nhit < max; i++) {
			int p = fl->pred[m][i];
			const struct cfg_node *pn = &g->nodes[p];
			int c;

			if (seen[p])
				continue;
			seen[p] = 1;
			if (pn->kind == N_CALL && g->sums &&
			    (c = sums_find_fn(g->sums, pn->text,
					 strlen(pn->text))) >= 0 &&
			    (apply(&g->sums->fn[c], fl->in[p]) & bits)) {
				hits[nhit++] = p;
				if (max > 1 && (g->sums->fn[c].exit & SX_FOUND))
					stack[sp++] = p;
				continue;
			}
			/* an own state change or sleep ends the search */
			if (pn->kind == N_EVENT &&
			    (flow_transfer(g, fl, p, FL_UNKNOWN) &
			     FL_STATE_BITS) != FL_UNKNOWN)
				continue;
			stack[sp++] = p;
		}
	}
	free(seen);
	free(stack);
	return nhit;
}

static const char *setter_of(const struct cfg *g, int p, uint32_t bits)
{
	const struct sum_fn *f = &g->sums->fn[sums_find_fn(g->sums, g->nodes[p].text,
						      strlen(g->nodes[p].text))];

	return f->exit_setter && !(bits & FL_RUN_CALLEE) ? f->exit_setter :
	       f->name;
}

int state_call_before(const struct cfg *g, const struct flow *fl, int n,
		      uint32_t bits, const char **setter)
{
	int hit;

	if (calls_before(g, fl, n, bits, &hit, 1) < 1)
		return -1;
	*setter = setter_of(g, hit, bits);
	return hit;
}

int state_calls_before(const struct cfg *g, const struct flow *fl, int n,
		       uint32_t bits, int *hits, int max)
{
	return calls_before(g, fl, n, bits, hits, max);
}

static uint32_t returns_state(const struct cfg *g, const struct flow *fl)
{
	uint32_t st = 0;
	int n;

	for (n = 0; n < g->n; n++)
		if (g->nodes[n].kind == N_RETURN)
			st |= fl->in[n];
	return st & FL_STATE_BITS;
}

/* One round over fn; true when its exit grew. */
static bool summarise(struct state_sums *s, int i, void *tu)
{
	struct sum_fn *fn = &s->fn[i];
	unsigned old = fn->exit;
	uint32_t st;
	int k;

	if (fn->graph) {
		struct flow fl;
		int n;

		if (!fn->built) {
			struct sum_text *t = &s->texts[fn->text];

			fn->g.func = fn->name;
			cfg_build_one(tu, fn->cur, t->file, t->buf, t->len,
				      &t->mc, s, &state_sums_oracle, &fn->g);
			fn->g.entry_state = FL_UNKNOWN;
			fn->built = true;
		}
		if (!fn->g.n) {
			fn->exit |= SX_FOUND;
			return fn->exit != old;
		}
		flow_compute(&fn->g, &fl);
		st = returns_state(&fn->g, &fl);
		fn->exit |= exit_of(st);
		if ((fn->exit & SX_SLEEP) && !fn->exit_setter) {
			if (st & FL_SLEEP)
				fn->exit_setter = fn->name;
			for (n = 0; n < fn->g.n && !fn->exit_setter; n++)
				if (fn->g.nodes[n].kind == N_RETURN &&
				    (fl.in[n] & FL_SLEEP_CALLEE))
					state_call_before(&fn->g, &fl, n,
							  FL_SLEEP_CALLEE,
							  &fn->exit_setter);
		}
		flow_free(&fn->g, &fl);
		return fn->exit != old;
	}
	/* from the text: each call in order, each maybe taken */
	st = FL_UNKNOWN;
	if (fn->direct) {
		/* the wait API in a body the graph does not see: anything */
		st |= FL_SLEEP | FL_RUN_CALLEE;
		fn->exit_setter = fn->name;
	}
	for (k = 0; k < fn->ncalls; k++) {
		const struct sum_fn *c = &s->fn[fn->calls[k]];

		if ((c->exit & SX_SLEEP) && !fn->exit_setter)
			fn->exit_setter = c->exit_setter;
		st |= apply(c, st);
	}
	fn->exit |= exit_of(st);
	return fn->exit != old;
}

static void add_site(struct state_sums *s, int caller, int callee,
		     uint32_t state, struct wq_pos pos)
{
	s->sites = xrealloc(s->sites, (s->nsites + 1) * sizeof(*s->sites));
	s->sites[s->nsites].caller = caller;
	s->sites[s->nsites].callee = callee;
	s->sites[s->nsites].state = state & FL_STATE_BITS;
	s->sites[s->nsites].pos = pos;
	s->nsites++;
}

/* The state at each call, the caller entered in "as found". */
static void collect_sites(struct state_sums *s)
{
	int i, k, n;

	for (i = 0; i < s->n; i++) {
		struct sum_fn *fn = &s->fn[i];
		uint32_t st = FL_UNKNOWN;

		if (!fn->linked)
			continue;
		if (fn->graph && fn->g.n) {
			struct flow fl;

			flow_compute(&fn->g, &fl);
			for (n = 0; n < fn->g.n; n++) {
				const struct cfg_node *nd = &fn->g.nodes[n];

				if (nd->kind == N_CALL &&
				    (k = sums_find_fn(s, nd->text,
						 strlen(nd->text))) >= 0)
					add_site(s, i, k, fl.in[n], nd->pos);
			}
			flow_free(&fn->g, &fl);
			continue;
		}
		if (fn->graph)
			continue;
		for (k = 0; k < fn->ncalls; k++) {
			add_site(s, i, fn->calls[k], st,
				 text_pos(s->texts[fn->text].buf,
					  s->texts[fn->text].len,
					  fn->call_at[k]));
			st |= apply(&s->fn[fn->calls[k]], st);
		}
	}
}

/* ---- entries ---- */

/*
 * A sleep helper: every sleep of fn is reached with the task state as
 * fn was entered in, on every path from its entry (no state write, no
 * sleep that returned, no call that changes it), and is the last thing
 * fn does (node_ends_function()).
 *
 *	void drv_io_wait(void)
 *	{
 *		unsigned long t = drv_hang_secs * HZ / 2;
 *
 *		if (t)
 *			io_schedule_timeout(t);
 *		else
 *			io_schedule();
 *	}
 *
 * Its callers set the state (TASK_UNINTERRUPTIBLE after their own
 * test); setting it here would come after that test.  A sleep in a loop
 * of fn's own is reached again after it returned (TASK_RUNNING): not a
 * helper, a poll loop.  Only a function no caller in the file calls is
 * asked (the join of its callers' states is its entry otherwise).
 * A helper that queues itself may undo its wait after the sleep and
 * return what it finds (2.6-5.x fscache's sleep-till-congested: "the
 * caller must have set the appropriate sleep mode"):
 *
 *	add_wait_queue_exclusive(wq, &wait);
 *	if (!congested())
 *		*timeoutp = schedule_timeout(*timeoutp);
 *	finish_wait(wq, &wait);
 *	return congested();
 */
static bool sleep_helper(struct state_sums *s, int i, void *tu)
{
	struct sum_fn *fn = &s->fn[i];
	struct sum_text *t = &s->texts[fn->text];
	bool sleeps = false, found = true, queues = false;
	struct flow fl;
	int n;

	if (!fn->built) {
		if (!function_relevant(fn->cur, t->file, t->buf, t->len))
			return false;
		fn->g.func = fn->name;
		cfg_build_one(tu, fn->cur, t->file, t->buf, t->len, &t->mc, s,
			      &state_sums_oracle, &fn->g);
		fn->g.entry_state = FL_UNKNOWN;
		fn->built = true;
	}
	if (!fn->g.n)
		return false;
	flow_compute(&fn->g, &fl);
	for (n = 0; n < fn->g.n; n++)
		queues |= node_is(&fn->g, n, K_ADD_WAIT);
	for (n = 0; n < fn->g.n && found; n++)
		if (node_is_sleep(&fn->g, n)) {
			sleeps = true;
			found = (fl.in[n] & FL_STATE_BITS) == FL_UNKNOWN &&
				(node_ends_function(&fn->g, n) ||
				 (queues && node_ends_wait(&fn->g, n)));
		}
	flow_free(&fn->g, &fl);
	return sleeps && found;
}

/*
 * Does the state fn is entered in come from callers the file does not
 * show?  A function of other files' callers (not static) is taken to be
 * entered in TASK_RUNNING, as a kernel entry point is: code that may
 * sleep is not called with a sleeping state set, unless it is handed
 * the state (a `mode` parameter), run by a waiting function through
 * a pointer, or is a sleep helper no caller in the file calls, which
 * these three cover.
 */
static bool open_fn(const struct sum_fn *fn)
{
	return (fn->addr_taken && !fn->thread) || fn->state_param ||
	       fn->helper;
}

/* fn is called in TASK_RUNNING at c: its caller, and where */
static void run_caller(struct state_sums *s, struct sum_fn *fn,
		       const struct sum_call *c)
{
	const struct sum_fn *cr = &s->fn[c->caller];

	fn->run_caller = cr->name;
	fn->run_pos = c->pos;
	fn->run_main = cr->text >= 0 && cr->text < s->ntexts &&
		       !s->texts[cr->text].own;
}

static void compute_entries(struct state_sums *s)
{
	bool changed = true;
	int round, i, k;

	for (round = 0; changed && round < 4 * MAX_ROUNDS; round++) {
		changed = false;
		for (i = 0; i < s->n; i++) {
			struct sum_fn *fn = &s->fn[i];
			uint32_t j = fn->thread ? FL_RUN_INIT : 0, e;
			/* a thread's caller is known: kthread(), a worker */
			int nsites = fn->thread;

			if (!fn->touches)
				continue;
			for (k = 0; k < s->nsites; k++) {
				const struct sum_call *c = &s->sites[k];
				const struct sum_fn *cr = &s->fn[c->caller];

				if (c->callee != i || !c->state)
					continue;
				nsites++;
				if (c->state & (FL_RUN_INIT | FL_RUN_WOKE |
						FL_RUN_CALLEE)) {
					j |= FL_RUN_INIT;
					if (!fn->run_caller)
						run_caller(s, fn, c);
				}
				if (c->state & (FL_SLEEP | FL_SLEEP_CALLEE |
						FL_SLEEP_CALLER)) {
					j |= FL_SLEEP_CALLER;
					if (!fn->sleep_caller)
						fn->sleep_caller = cr->name;
				}
				if (c->state & FL_UNKNOWN) {
					j |= cr->entry;
					if ((cr->entry & FL_SLEEP_CALLER) &&
					    !fn->sleep_caller)
						fn->sleep_caller = cr->name;
					if ((cr->entry & FL_RUN_INIT) &&
					    !fn->run_caller)
						run_caller(s, fn, c);
				}
			}
			if ((fn->addr_taken && !fn->thread) ||
			    (open_fn(fn) && !nsites))
				e = FL_UNKNOWN;
			else if (open_fn(fn) && j != FL_RUN_INIT &&
				 j != FL_SLEEP_CALLER)
				e = j | FL_UNKNOWN;	/* they do not agree */
			else if (!nsites && !fn->thread)
				e = FL_RUN_INIT;
			else
				e = j;
			e |= fn->entry;		/* only grows: a fixpoint */
			if (e != fn->entry) {
				fn->entry = e;
				changed = true;
			}
		}
	}
	for (i = 0; i < s->n; i++) {
		if (!s->fn[i].entry)	/* reached from no entry point */
			s->fn[i].entry = FL_RUN_INIT;
		if (s->fn[i].entry & FL_SLEEP_CALLER)
			s->fn[i].entry_setter = s->fn[i].sleep_caller;
	}
}

const struct state_oracle state_sums_oracle = {
	state_sums_touches, state_sums_entry, state_sums_apply
};

/* ---- building and freeing ---- */

static void quoted_includes(struct collect *c, const char *buf, size_t len)
{
	size_t pos = 0, n;
	const char *name;

	while ((name = next_quoted_include(buf, len, &pos, &n))) {
		const char *base = memrchr(name, '/', n);

		if (base) {
			n -= base + 1 - name;
			name = base + 1;
		}
		c->quoted = xrealloc(c->quoted,
				     (c->nquoted + 1) * sizeof(char *));
		c->quoted[c->nquoted++] = xasprintf("%.*s", (int)n, name);
	}
}

struct state_sums *state_sums_build(void *tu, struct wq_file *f)
{
	struct state_sums *s = xrealloc(NULL, sizeof(*s));
	struct collect c = { 0 };
	bool changed = true;
	int i, k, round;

	memset(s, 0, sizeof(*s));
	c.s = s;
	c.tu = tu;
	c.f = f;
	c.checked = clang_getFile(tu, f->path);
	/* the main file's text: the file itself, or a template's includer */
	c.main = clang_getFile(tu, f->includer ? f->includer : f->path);
	if (c.main)
		text_of(&c, c.main, true);
	if (s->ntexts && s->texts[0].buf)
		quoted_includes(&c, s->texts[0].buf, s->texts[0].len);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), top_fn, &c);
	make_hash(s);
	for (i = 0; i < c.nquoted; i++)
		free(c.quoted[i]);
	free(c.quoted);
	for (i = 0; i < s->n; i++)
		scan_body(s, i);
	for (i = 0; i < s->n; i++)
		s->fn[i].touches = s->fn[i].direct;
	while (changed) {
		changed = false;
		for (i = 0; i < s->n; i++)
			for (k = 0; k < s->fn[i].ncalls && !s->fn[i].touches; k++)
				if (s->fn[s->fn[i].calls[k]].touches)
					changed = s->fn[i].touches = true;
	}
	find_addresses(s, f->includer ? f->includer : f->path);
	for (i = 0; i < s->n; i++) {
		struct sum_fn *fn = &s->fn[i];
		const struct sum_text *t = &s->texts[fn->text];

		if (!fn->touches)
			continue;
		find_state_param(s, i);
		/* a thread or work function is handed to its starter */
		fn->thread = fn->addr_taken &&
			     text_is_thread_function(s->texts[0].buf,
						     s->texts[0].len, fn->name);
		/* its exit or its calls matter only in the call graph */
		fn->linked = fn->called || fn->ncalls;
		fn->graph = fn->linked && fn->direct &&
			    function_relevant(fn->cur, t->file, t->buf, t->len);
	}
	for (round = 0, changed = true; changed && round < MAX_ROUNDS; round++) {
		changed = false;
		for (i = 0; i < s->n; i++)
			if (s->fn[i].linked && summarise(s, i, tu))
				changed = true;
	}
	for (i = 0; i < s->n; i++) {
		struct sum_fn *fn = &s->fn[i];

		/*
		 * Callers in other files only, none a framework's (`.write =
		 * fn`).  A static function's callers are the file's: its
		 * entry is already theirs (none seen: TASK_RUNNING).
		 */
		if (fn->touches && fn->direct && !fn->is_static &&
		    !fn->called && !fn->stored && !fn->thread &&
		    !fn->addr_taken && !fn->state_param)
			fn->helper = sleep_helper(s, i, tu);
	}
	collect_sites(s);
	compute_entries(s);
	if (getenv("WQPORT_DUMP_CFG"))	/* with the graphs, for debugging */
		for (i = 0; i < s->n; i++)
			if (s->fn[i].touches)
				fprintf(stderr, "summary %s: exit %#x entry %#x%s%s%s%s%s\n",
					s->fn[i].name, s->fn[i].exit,
					s->fn[i].entry,
					s->fn[i].graph ? " graph" : "",
					s->fn[i].is_static ? "" : " extern",
					s->fn[i].addr_taken ? " passed" : "",
					s->fn[i].thread ? " thread" : "",
					s->fn[i].helper ? " helper" : "");
	for (i = 0; i < s->n; i++)
		if (s->fn[i].built) {
			cfg_release(&s->fn[i].g);
			s->fn[i].built = false;
		}
	return s;
}

void state_sums_free(struct state_sums *s)
{
	int i;

	if (!s)
		return;
	for (i = 0; i < s->n; i++) {
		free(s->fn[i].name);
		free(s->fn[i].state_param);
		free(s->fn[i].calls);
		free(s->fn[i].call_at);
	}
	for (i = 0; i < s->ntexts; i++) {
		if (s->texts[i].own)
			free(s->texts[i].buf);
		macro_cache_free(&s->texts[i].mc);
	}
	free(s->fn);
	free(s->hash);
	free(s->texts);
	free(s->sites);
	free(s);
}
