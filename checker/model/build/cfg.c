// SPDX-License-Identifier: GPL-2.0-only
/*
 * Build a small control-flow graph per function from libclang cursors.
 *
 * Wait/sleep API uses become N_EVENT nodes whether they are function
 * calls or macro expansions: a statement or expression that lies wholly
 * inside the expansion of an API macro (set_current_state(), wait_event()
 * and the like) is replaced by one event for the macro and never
 * descended into, so the loop hidden inside wait_event() is not mistaken
 * for a hand-written one.  Branches become N_TEST nodes carrying the
 * condition's text, so rules can name the condition they talk about.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "builder.h"

static bool signal_word(const char *w)
{
	static const char *const ok[] = {
		"signal_pending", "fatal_signal_pending", "signal_pending_state",
		"current", "get_current", "likely", "unlikely", NULL
	};
	int i;

	for (i = 0; ok[i]; i++)
		if (!strcmp(w, ok[i]))
			return true;
	return !strncmp(w, "TASK_", 5);
}

/*
 * Old code delivers or dequeues the signal in the test itself:
 * `if (do_signal(&oldset, regs))` (the sigsuspend loop), a driver's
 * own xx_do_signal(), dequeue_signal(); 2.4 tested current->sigpending.
 * Only a call is taken this way, not a field like signal_strength.
 */
static bool signal_call(CXTranslationUnit tu, CXToken *t, unsigned n,
			unsigned i, const char *w)
{
	size_t l = strlen(w);

	if (!strcmp(w, "sigpending"))
		return true;
	if (i + 1 >= n || !tok_is(tu, t[i + 1], "("))
		return false;
	return (l >= 9 && !strcmp(w + l - 9, "do_signal")) ||
	       !strncmp(w, "dequeue_signal", 14) || !strcmp(w, "get_signal");
}

/* Is the condition only a signal test (not the thing waited for)? */
static bool only_signal_test(CXTranslationUnit tu, CXSourceRange r)
{
	CXToken *t;
	unsigned n, i;
	bool sig = false, other = false;

	clang_tokenize(tu, r, &t, &n);
	for (i = 0; i < n; i++) {
		CXString s;
		const char *w;

		if (clang_getTokenKind(t[i]) != CXToken_Identifier)
			continue;
		s = clang_getTokenSpelling(tu, t[i]);
		w = clang_getCString(s);
		if (signal_call(tu, t, n, i, w)) {
			/* its arguments are the signal's, not a condition */
			unsigned depth = 0;

			sig = true;
			if (i + 1 < n && tok_is(tu, t[i + 1], "("))
				for (i++; i < n; i++) {
					if (tok_is(tu, t[i], "("))
						depth++;
					else if (tok_is(tu, t[i], ")") &&
						 --depth == 0)
						break;
				}
		} else if (strstr(w, "signal_pending")) {
			sig = true;
		} else if (!signal_word(w))
			other = true;
		clang_disposeString(s);
	}
	clang_disposeTokens(tu, t, n);
	return sig && !other;
}

/* A condition clang can fold (the 0 of do { } while (0)) is no test. */
static unsigned const_flags(CXCursor cond)
{
	CXEvalResult ev = clang_Cursor_Evaluate(cond);
	unsigned f = 0;

	if (ev && clang_EvalResult_getKind(ev) == CXEval_Int)
		f = NF_NOT_WAITED | (clang_EvalResult_getAsLongLong(ev) ?
				     NF_CONST_TRUE : NF_CONST_FALSE);
	if (ev)
		clang_EvalResult_dispose(ev);
	return f;
}

static int add_test(struct builder *b, CXCursor cond, unsigned flags)
{
	CXSourceRange r = clang_getCursorExtent(cond);
	int t;

	int first = b->g->n, i;
	char *text;

	walk_expr(b, cond);
	t = append(b, N_TEST, cursor_pos(cond));
	text = cursor_text(b, cond);
	b->g->nodes[t].text = text;
	b->g->nodes[t].flags |= flags;
	if (only_signal_test(b->tu, r))
		b->g->nodes[t].flags |= NF_SIGNAL_TEST;
	/* `while (1)` waits for nothing; `if (!schedule_timeout(t))` tests a sleep */
	if (strspn(text, "0123456789") == strlen(text) || !strcmp(text, "true"))
		b->g->nodes[t].flags |= NF_NOT_WAITED;
	b->g->nodes[t].flags |= const_flags(cond);
	if (in_macro(b, cond) && !macro_is_branch_hint(b, cond))
		b->g->nodes[t].flags |= NF_IN_MACRO;
	for (i = first; i < t; i++) {
		const struct cfg_node *nd = &b->g->nodes[i];

		if (nd->kind == N_EVENT &&
		    (nd->ev.api->kind == K_SCHEDULE ||
		     nd->ev.api->kind == K_SCHEDULE_TIMEOUT ||
		     nd->ev.api->kind == K_WAIT_EVENT ||
		     nd->ev.api->kind == K_DELAY ||
		     nd->ev.api->kind == K_SLEEP_ON))
			b->g->nodes[t].flags |= NF_NOT_WAITED;
	}
	return t;
}

static int new_loop(struct builder *b, int head)
{
	struct cfg *g = b->g;

	if (g->nloops == g->caploops) {
		g->caploops = g->caploops ? g->caploops * 2 : 4;
		g->loops = xrealloc(g->loops, g->caploops * sizeof(*g->loops));
	}
	g->loops[g->nloops].parent = b->loop;
	g->loops[g->nloops].first = head;
	g->loops[g->nloops].head = head;
	g->loops[g->nloops].last = head;
	return g->nloops++;
}

static struct jump_ctx *push_ctx(struct builder *b, enum ctx_kind kind)
{
	struct jump_ctx *x;

	if (b->nctx == (int)(sizeof(b->ctx) / sizeof(b->ctx[0]))) {
		/* say so: a break past here would bind to the wrong loop */
		b->g->limit = "more than 64 nested loops and switches";
		return NULL;
	}
	x = &b->ctx[b->nctx++];
	memset(x, 0, sizeof(*x));
	x->kind = kind;
	x->sw_head = -1;
	return x;
}

/* Pop a jump context, sending its pending breaks to `after`. */
static void pop_ctx(struct builder *b, int after, int cont)
{
	struct jump_ctx *x = &b->ctx[--b->nctx];
	int i;

	for (i = 0; i < x->nbreaks; i++)
		link_nodes(b, x->breaks[i], after);
	for (i = 0; i < x->nconts; i++)
		link_nodes(b, x->conts[i], cont);
	free(x->breaks);
	free(x->conts);
}

static struct jump_ctx *find_ctx(struct builder *b, bool loop_only)
{
	int i;

	for (i = b->nctx - 1; i >= 0; i--)
		if (!loop_only || b->ctx[i].kind == CTX_LOOP)
			return &b->ctx[i];
	return NULL;
}

/*
 * Loop bodies: enter a loop whose back edges go to `head`, build the
 * parts in order, and leave it.  Callers differ only in where the test
 * sits, so the three loop kinds are spelled out in build_loop().
 */
enum loop_shape { LOOP_WHILE, LOOP_DO, LOOP_FOR };

static void build_loop(struct builder *b, enum loop_shape shape,
		       CXCursor *init, CXCursor *cond, CXCursor *inc,
		       CXCursor body, bool cond_from_macro)
{
	int outer = b->loop, head, test = -1, after, cont, lp, j;
	struct jump_ctx *x;

	if (init)
		build_stmt(b, *init);
	head = append(b, N_JOIN, cursor_pos(body));
	lp = new_loop(b, head);
	b->loop = lp;
	b->g->nodes[head].loop = lp;
	x = push_ctx(b, CTX_LOOP);
	if (shape != LOOP_DO && cond) {
		test = add_test(b, *cond, NF_LOOP_COND |
				(cond_from_macro ? NF_FOR_MACRO : 0));
		/* append() may move the nodes: no address taken before it */
		j = append(b, N_JOIN, cursor_pos(body));
		b->g->nodes[test].on_true = j;
	}
	build_stmt(b, body);
	cont = append(b, N_JOIN, cursor_pos(body));
	if (inc)
		walk_expr(b, *inc);
	if (shape == LOOP_DO && cond) {
		test = add_test(b, *cond, NF_LOOP_COND);
		b->g->nodes[test].on_true = head;
	}
	link_nodes(b, b->cur, head);
	b->g->loops[lp].last = b->g->n - 1;
	b->loop = outer;
	after = new_node(b, N_JOIN, cursor_pos(body));
	link_nodes(b, test, after);
	if (test >= 0)
		b->g->nodes[test].on_false = after;
	if (x)
		pop_ctx(b, after, cont);
	b->cur = after;
}

/*
 * `do { ... } while (0)`: the body once, no loop (the token floor,
 * model/tokscan.c, reads it so too); a break or continue in it leaves.
 */
static void build_once(struct builder *b, CXCursor body)
{
	struct jump_ctx *x = push_ctx(b, CTX_LOOP);
	int after;

	build_stmt(b, body);
	after = new_node(b, N_JOIN, cursor_pos(body));
	link_nodes(b, b->cur, after);
	if (x)
		pop_ctx(b, after, after);
	b->cur = after;
}

/*
 * The tokens of a for statement up to its body: tokenizing the whole
 * statement made nested loops quadratic (each level re-read the ones
 * inside it).  The whole extent when the body does not start after the
 * statement does in the file (macro expansions).
 */
static CXSourceRange for_header(CXCursor c, const struct kids *k)
{
	CXSourceRange all = clang_getCursorExtent(c), body;
	CXSourceLocation from = clang_getRangeStart(all), to;

	if (!k->n)
		return all;
	body = clang_getCursorExtent(k->c[k->n - 1]);
	to = clang_getRangeStart(body);
	if (loc_offset(to) <= loc_offset(from))
		return all;
	return clang_getRange(from, to);
}

/*
 * The shim's scoped_guard() (wqport-shim.h): `for (int __wqport_scope =
 * (lock, 1); __wqport_scope; __wqport_scope = 0) body` runs its body once,
 * as the kernel's does: `for (CLASS(name, scope)(args), *done = NULL;
 * !done; done = (void *)1)` in the cleanup.h of Debian's 6.1, read by
 * its two variables here, or by the name of the macro the statement
 * expands from (KAPI_GUARD_USE) when the expansion is in the file.
 */
static bool shim_scope(const struct kids *k)
{
	struct kids d;
	bool shim = false, scope = false, done = false;
	int i;

	if (k->n < 2 || clang_getCursorKind(k->c[0]) != CXCursor_DeclStmt)
		return false;
	d = children(k->c[0]);
	for (i = 0; i < d.n; i++) {
		char *name;

		if (clang_getCursorKind(d.c[i]) != CXCursor_VarDecl)
			continue;
		name = cursor_name(d.c[i]);
		shim |= !strcmp(name, "__wqport_scope");
		scope |= !strcmp(name, "scope");
		done |= !strcmp(name, "done");
		free(name);
	}
	free(d.c);
	return shim || (scope && done && d.n == 2);
}

/* Which of a for statement's children are init, cond and inc? */
static void build_for(struct builder *b, CXCursor c)
{
	struct kids k = children(c);
	CXCursor *part[3] = { NULL, NULL, NULL };
	unsigned semi[2] = { 0, 0 }, rparen = 0, n, i;
	int nsemi = 0, depth = 0, j;
	CXToken *t;
	bool from_macro = true, once = false;

	clang_tokenize(b->tu, for_header(c, &k), &t, &n);
	if (n && clang_getTokenKind(t[0]) == CXToken_Identifier) {
		/* the kernel's own scoped_guard() (real headers): kapi.def
		 * KAPI_GUARD_USE, the macro the statement expands from */
		CXString sp = clang_getTokenSpelling(b->tu, t[0]);
		const char *nm = clang_getCString(sp);

		once = kapi_guard_use(nm, strlen(nm)) == 2;
		clang_disposeString(sp);
	}
	if (k.n && (once || shim_scope(&k))) {
		clang_disposeTokens(b->tu, t, n);
		b->after_call = true;	/* the guard's lock: a call */
		build_once(b, k.c[k.n - 1]);
		free(k.c);
		return;
	}
	if (n && tok_is(b->tu, t[0], "for")) {
		from_macro = false;
		for (i = 1; i < n; i++) {
			if (tok_is(b->tu, t[i], "(")) {
				depth++;
			} else if (tok_is(b->tu, t[i], ")")) {
				if (--depth == 0) {
					rparen = loc_offset(clang_getTokenLocation(b->tu, t[i]));
					break;
				}
			} else if (depth == 1 && nsemi < 2 &&
				   tok_is(b->tu, t[i], ";")) {
				semi[nsemi++] = loc_offset(
					clang_getTokenLocation(b->tu, t[i]));
			}
		}
	}
	clang_disposeTokens(b->tu, t, n);
	if (!k.n) {
		free(k.c);
		return;
	}
	for (j = 0; j < k.n - 1; j++) {
		unsigned off = loc_offset(clang_getRangeStart(
				clang_getCursorExtent(k.c[j])));

		if (from_macro || nsemi < 2) {
			/* no header to read: a lone part is the condition */
			if (k.n == 2)
				part[1] = &k.c[j];
			else if (j < 3)
				part[j] = &k.c[j];
		} else if (off < semi[0])
			part[0] = &k.c[j];
		else if (off < semi[1])
			part[1] = &k.c[j];
		else if (off < rparen)
			part[2] = &k.c[j];
	}
	build_loop(b, LOOP_FOR, part[0], part[1], part[2], k.c[k.n - 1],
		   from_macro);
	free(k.c);
}

static void build_if(struct builder *b, struct kids *k)
{
	int t, then_end, else_end, j;

	t = add_test(b, k->c[0], 0);
	j = append(b, N_JOIN, cursor_pos(k->c[1]));
	b->g->nodes[t].on_true = j;	/* append() may move the nodes */
	build_stmt(b, k->c[1]);
	then_end = b->cur;
	b->cur = t;
	j = append(b, N_JOIN, cursor_pos(k->c[0]));
	b->g->nodes[t].on_false = j;
	if (k->n > 2)
		build_stmt(b, k->c[2]);
	else_end = b->cur;
	b->g->nodes[t].branch_end = b->g->n - 1;
	j = new_node(b, N_JOIN, cursor_pos(k->c[0]));
	link_nodes(b, then_end, j);
	link_nodes(b, else_end, j);
	b->cur = (then_end < 0 && else_end < 0) ? -1 : j;
}

static void build_switch(struct builder *b, struct kids *k)
{
	struct jump_ctx *x;
	int t, after;

	t = add_test(b, k->c[0], 0);
	x = push_ctx(b, CTX_SWITCH);
	if (x)
		x->sw_head = t;
	b->cur = -1;
	build_stmt(b, k->c[k->n - 1]);
	after = new_node(b, N_JOIN, cursor_pos(k->c[0]));
	link_nodes(b, b->cur, after);
	if (!x || !x->sw_default)
		link_nodes(b, t, after);
	if (x)
		pop_ctx(b, after, -1);
	b->cur = after;
}

static void add_label(struct label **v, int *n, char *name, int node)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[*n].name = name;
	(*v)[*n].node = node;
	(*v)[*n].last = node;
	(*n)++;
}

static void build_case(struct builder *b, CXCursor c, struct kids *k,
		       bool is_default)
{
	struct jump_ctx *x = NULL;
	int i, j;

	for (i = b->nctx - 1; i >= 0; i--) {
		if (b->ctx[i].kind == CTX_SWITCH) {
			x = &b->ctx[i];
			break;
		}
	}
	j = new_node(b, N_JOIN, cursor_pos(c));
	link_nodes(b, b->cur, j);
	if (x) {
		link_nodes(b, x->sw_head, j);
		if (is_default)
			x->sw_default = true;
	}
	b->cur = j;
	if (k->n)
		build_stmt(b, k->c[k->n - 1]);
}

static void build_compound(struct builder *b, CXCursor c, struct kids *k)
{
	CXSourceRange r = clang_getCursorExtent(c);
	unsigned lo = loc_offset(clang_getRangeStart(r)) + 1;
	unsigned hi = loc_offset(clang_getRangeEnd(r)) - 1;
	unsigned prev = lo, s, e;
	int i;

	/*
	 * Gaps are only looked for inside this compound statement and in
	 * source order: statements from macro expansions report odd
	 * offsets, and a gap must never reach into another function.
	 */
	for (i = 0; i < k->n; i++) {
		CXSourceRange cr = clang_getCursorExtent(k->c[i]);

		s = loc_offset(clang_getRangeStart(cr));
		e = loc_offset(clang_getRangeEnd(cr));
		if (s > prev && s <= hi)
			scan_gap(b, prev, s);
		build_stmt(b, k->c[i]);
		if (e > prev && e <= hi + 1)
			prev = e;
	}
	if (prev >= lo && prev < hi)
		scan_gap(b, prev, hi);
}

static void build_stmt_in(struct builder *b, CXCursor c);

void build_stmt(struct builder *b, CXCursor c)
{
	if (!depth_enter(b))
		return;
	build_stmt_in(b, c);
	b->depth--;
}

static void build_stmt_in(struct builder *b, CXCursor c)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct mexp *m = macro_of(b, c);
	struct jump_ctx *x;
	struct kids k;
	int i, r;

	if (m) {
		emit_macro(b, m);
		return;
	}
	if (kind == CXCursor_ForStmt) {
		build_for(b, c);
		return;
	}
	k = children(c);
	switch (kind) {
	case CXCursor_CompoundStmt:
		build_compound(b, c, &k);
		break;
	case CXCursor_IfStmt:
		if (k.n >= 2)
			build_if(b, &k);
		break;
	case CXCursor_WhileStmt:
		if (k.n >= 2)
			build_loop(b, LOOP_WHILE, NULL, &k.c[k.n - 2], NULL,
				   k.c[k.n - 1], false);
		break;
	case CXCursor_DoStmt:
		if (k.n >= 2 && (const_flags(k.c[1]) & NF_CONST_FALSE))
			build_once(b, k.c[0]);
		else if (k.n >= 2)
			build_loop(b, LOOP_DO, NULL, &k.c[1], NULL, k.c[0],
				   false);
		break;
	case CXCursor_SwitchStmt:
		if (k.n >= 2)
			build_switch(b, &k);
		break;
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
		build_case(b, c, &k, kind == CXCursor_DefaultStmt);
		break;
	case CXCursor_LabelStmt:
		i = append(b, N_JOIN, cursor_pos(c));
		add_label(&b->labels, &b->nlabels, cursor_name(c), i);
		if (k.n)
			build_stmt(b, k.c[k.n - 1]);
		break;
	case CXCursor_GotoStmt:
		if (k.n) {
			add_label(&b->gotos, &b->ngotos, cursor_name(k.c[0]),
				  b->cur);
			b->gotos[b->ngotos - 1].last = b->g->n - 1;
		}
		b->cur = -1;
		break;
	case CXCursor_IndirectGotoStmt:
		b->cur = -1;
		break;
	case CXCursor_ReturnStmt:
		for (i = 0; i < k.n; i++)
			walk_expr(b, k.c[i]);
		r = append(b, N_RETURN, cursor_pos(c));
		link_nodes(b, r, b->g->exit);
		b->cur = -1;
		break;
	case CXCursor_BreakStmt:
		x = find_ctx(b, false);
		if (x)
			push_int(&x->breaks, &x->nbreaks, b->cur);
		b->cur = -1;
		break;
	case CXCursor_ContinueStmt:
		x = find_ctx(b, true);
		if (x)
			push_int(&x->conts, &x->nconts, b->cur);
		b->cur = -1;
		break;
	case CXCursor_NullStmt:
		break;
	default:
		b->stmt = c;
		walk_expr(b, c);
		b->stmt = clang_getNullCursor();
		break;
	}
	free(k.c);
}

/* ---- driver ---- */

struct collect_ctx {
	CXCursor *funcs;
	int nfuncs, capfuncs;
	CXFile only;	/* a template header's functions, or NULL: main file's */
};

static bool in_checked_file(const struct collect_ctx *cc, CXCursor c)
{
	CXSourceLocation l = clang_getCursorLocation(c);
	CXFile f;

	if (!cc->only)
		return clang_Location_isFromMainFile(l);
	clang_getFileLocation(l, &f, NULL, NULL, NULL);
	return f && clang_File_isEqual(f, cc->only);
}

static enum CXChildVisitResult top_level(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct collect_ctx *cc = data;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !in_checked_file(cc, c) || !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	if (cc->nfuncs == cc->capfuncs) {
		cc->capfuncs = cc->capfuncs ? cc->capfuncs * 2 : 16;
		cc->funcs = xrealloc(cc->funcs, cc->capfuncs * sizeof(CXCursor));
	}
	cc->funcs[cc->nfuncs++] = c;
	return CXChildVisit_Continue;
}

static void cfg_free(struct cfg *g)
{
	int i, j;

	for (i = 0; i < g->n; i++) {
		for (j = 0; j < g->nodes[i].ev.nargs; j++)
			free(g->nodes[i].ev.args[j]);
		free(g->nodes[i].text);
		free(g->nodes[i].rhs);
		free(g->nodes[i].succ);
	}
	for (i = 0; i < g->nlocals; i++)
		free(g->locals[i]);
	free(g->locals);
	for (i = 0; i < g->nheads; i++)
		free(g->heads[i]);
	free(g->heads);
	for (i = 0; i < g->nvars; i++)
		free(g->vars[i]);
	free(g->vars);
	for (i = 0; i < g->nparams; i++)
		free(g->params[i]);
	free(g->params);
	free(g->nodes);
	free(g->loops);
}

static void free_labels(struct label *v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

/*
 * A backward goto makes a loop the 2.0-2.4 way:
 *
 *	repeat:
 *		set_current_state(TASK_INTERRUPTIBLE);
 *		if (!dev->ready) {
 *			schedule();
 *			goto repeat;
 *		}
 *
 * The nodes built from the label to the last goto back to it (in source
 * order, which is node order) become a loop headed by the label, nested
 * in the loop the label sits in, so the rules see the same loop as in a
 * for (;;).  Syntactic loops inside it get it as their parent.  A goto
 * that jumps out of a syntactic loop to a label before it (a retry around
 * a whole loop) makes the goto loop enclose that loop.
 */
static void goto_loop(struct builder *b, const struct label *lab)
{
	struct cfg *g = b->g;
	int i, last = -1, outer, lp, n;

	for (i = 0; i < b->ngotos; i++)
		if (b->gotos[i].node >= 0 &&
		    b->gotos[i].node >= lab->node &&
		    b->gotos[i].last > last &&
		    !strcmp(b->gotos[i].name, lab->name))
			last = b->gotos[i].last;
	if (last < 0)
		return;
	outer = g->nodes[lab->node].loop;
	lp = new_loop(b, lab->node);
	g->loops[lp].parent = outer;
	g->loops[lp].last = last;
	for (i = 0; i < lp; i++) {
		int head = g->loops[i].head;

		if (g->loops[i].parent == outer && head > lab->node &&
		    head <= last)
			g->loops[i].parent = lp;
	}
	for (n = lab->node; n <= last; n++)
		if (g->nodes[n].loop == outer)
			g->nodes[n].loop = lp;
}

static void build_function(struct builder *b, CXCursor fn)
{
	struct kids k = children(fn);
	CXCursor body;
	int i, j;

	if (!k.n || clang_getCursorKind(k.c[k.n - 1]) != CXCursor_CompoundStmt) {
		free(k.c);
		return;
	}
	body = k.c[k.n - 1];
	b->g->body_start = loc_offset(clang_getRangeStart(clang_getCursorExtent(body)));
	b->g->body_end = loc_offset(clang_getRangeEnd(clang_getCursorExtent(body)));
	for (i = 0; i < k.n - 1; i++) {
		if (clang_getCursorKind(k.c[i]) != CXCursor_ParmDecl)
			continue;
		b->g->params = xrealloc(b->g->params,
					(b->g->nparams + 1) * sizeof(char *));
		b->g->params[b->g->nparams++] = cursor_name(k.c[i]);
	}
	free(k.c);
	b->cur = -1;
	b->loop = -1;
	b->g->entry = append(b, N_ENTRY, cursor_pos(body));
	b->g->exit = new_node(b, N_EXIT, cursor_pos(body));
	build_stmt(b, body);
	if (b->cur >= 0) {
		/* falling off the end: report at the closing brace */
		struct wq_pos p = loc_pos(clang_getRangeEnd(
						clang_getCursorExtent(body)));
		int r;

		if (p.col > 1)
			p.col--;
		r = append(b, N_RETURN, p);
		b->g->nodes[r].flags |= NF_FALL_OFF;
		link_nodes(b, r, b->g->exit);
	}
	for (i = 0; i < b->ngotos; i++)
		for (j = 0; j < b->nlabels; j++)
			if (!strcmp(b->gotos[i].name, b->labels[j].name))
				link_nodes(b, b->gotos[i].node,
					   b->labels[j].node);
	for (j = 0; j < b->nlabels; j++)
		goto_loop(b, &b->labels[j]);
}

/*
 * The graph of one function defined in file (whose text is buf), for
 * the task state summaries (analysis/flow/state_summary.c); g->func is the
 * caller's.  Release it with cfg_release().
 */
void cfg_build_one(void *tu, CXCursor fn, CXFile file, const char *buf,
		   size_t len, struct macro_cache *mc,
		   const struct state_sums *sums,
		   const struct state_oracle *oracle, struct cfg *g)
{
	struct builder b = { 0 };

	b.tu = tu;
	b.build = build_stmt;
	b.max_depth = WQ_MAX_DEPTH;
	b.file = file;
	b.buf = buf;
	b.len = len;
	b.g = g;
	b.macros = mc;
	g->sums = sums;
	g->oracle = oracle;
	build_function(&b, fn);
	free_labels(b.labels, b.nlabels);
	free_labels(b.gotos, b.ngotos);
}

void cfg_release(struct cfg *g)
{
	cfg_free(g);
}

int cfg_for_each_function(void *tu, struct wq_file *f,
			   const struct wq_options *opt,
			   void (*fn)(struct cfg *g, struct wq_file *f,
				      const struct wq_options *opt))
{
	struct collect_ctx cc = { 0 };
	struct macro_cache macros = { 0 };
	CXCursor root = clang_getTranslationUnitCursor(tu);
	CXFile file = clang_getFile(tu, f->path);
	/* WQPORT_ALL_FUNCTIONS=1: no relevance filter, for comparisons */
	bool all = getenv("WQPORT_ALL_FUNCTIONS") != NULL;
	int i;

	const char *md = getenv("WQPORT_MAX_DEPTH");	/* for the tests */
	int max_depth = md && atoi(md) > 0 ? atoi(md) : WQ_MAX_DEPTH;

	if (f->includer && !(cc.only = clang_getFile(tu, f->path)))
		return 0;	/* the includer no longer includes it */
	clang_visitChildren(root, top_level, &cc);
	for (i = 0; i < cc.nfuncs; i++) {
		struct builder b = { 0 };
		struct cfg g = { 0 };
		char *name;

		if (!all && !function_relevant(cc.funcs[i], file, f->buf,
					       f->len))
			continue;
		name = cursor_name(cc.funcs[i]);
		b.tu = tu;
		b.build = build_stmt;
	b.build = build_stmt;
		b.max_depth = max_depth;
		b.file = file;
		b.buf = f->buf;
		b.len = f->len;
		b.g = &g;
		b.macros = &macros;
		g.func = name;
		g.sums = f->sums;
		g.oracle = f->oracle;
		g.entry_state = f->sums && f->oracle ?
				f->oracle->entry(f->sums, name) : FL_RUN_INIT;
		build_function(&b, cc.funcs[i]);
		if (g.n)
			fn(&g, f, opt);
		free_labels(b.labels, b.nlabels);
		free_labels(b.gotos, b.ngotos);
		cfg_free(&g);
		free(name);
	}
	macro_cache_free(&macros);
	free(cc.funcs);
	return cc.nfuncs;
}

bool cfg_in_loop(const struct cfg *g, int node, int loop)
{
	int l = g->nodes[node].loop;

	while (l >= 0) {
		if (l == loop)
			return true;
		l = g->loops[l].parent;
	}
	return false;
}
