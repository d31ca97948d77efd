// SPDX-License-Identifier: GPL-2.0-only
/*
 * Recognise wait/sleep API uses while a function's graph is built.
 *
 * A use of a name from the kernel API table becomes one N_EVENT node,
 * whether it is a function call, an API macro's expansion (never
 * descended into, so the loop inside wait_event() is not mistaken for a
 * hand-written one), a call clang dropped and left as a recovery
 * expression, or an old-style `current->state = X`.  Writes to variables
 * become N_ASSIGN nodes, so path analysis can forget stale test outcomes.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "builder.h"

/* ---- graph construction ---- */

/* The API macro (set_current_state(), wait_event(), ...) c is part of. */
struct mexp *macro_of(struct builder *b, CXCursor c)
{
	struct mexp *m = macro_expansion(b, c);

	return m && m->api ? m : NULL;
}

static void add_local(struct cfg *g, const char *name)
{
	g->locals = xrealloc(g->locals, (g->nlocals + 1) * sizeof(char *));
	g->locals[g->nlocals++] = xstrdup(name);
}

void emit_macro(struct builder *b, struct mexp *m)
{
	CXSourceLocation start;
	int n;

	if (m->used)
		return;
	m->used = true;
	start = clang_getLocationForOffset(b->tu, b->file, m->start);
	n = append(b, N_EVENT, loc_pos(start));
	b->g->nodes[n].ev.api = m->api;
	macro_args(b->tu, clang_getRange(start, clang_getLocationForOffset(
			b->tu, b->file, m->end)), &b->g->nodes[n].ev);
	if (m->api->kind == K_DECLARE_ENTRY && b->g->nodes[n].ev.nargs)
		add_local(b->g, b->g->nodes[n].ev.args[0]);
}

/* Does c lie wholly inside one macro invocation in the file? */
bool in_macro(struct builder *b, CXCursor c)
{
	return macro_expansion(b, c) != NULL;
}

static bool same_type(CXType a, CXType b)
{
	return clang_equalTypes(clang_getCanonicalType(a), clang_getCanonicalType(b));
}

/*
 * Rebuild a simple expression from the AST: names, member accesses,
 * address-of and dereference.  Inside a macro the written text is out of
 * reach (libclang gives the invocation), but the AST is all there and
 * the arguments of a wait call are almost always this simple.
 */
/* Is c, through parentheses and implicit casts, `&obj`?  Sets obj. */
static bool address_of(CXCursor c, CXCursor *obj)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		struct kids kids = children(c);
		bool r = false;

		if (kids.n != 1) {
			free(kids.c);
			return false;
		}
		if (k == CXCursor_UnaryOperator) {
			CXType t = clang_getCursorType(c);

			r = t.kind == CXType_Pointer &&
			    same_type(clang_getPointeeType(t),
				      clang_getCursorType(kids.c[0]));
			if (r)
				*obj = kids.c[0];
			free(kids.c);
			return r;
		}
		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr) {
			free(kids.c);
			return false;
		}
		c = kids.c[0];
		free(kids.c);
	}
}

static void expr_text(struct strbuf *sb, CXCursor c, int depth)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids kids = children(c);
	char *name;

	if (depth > 16) {
		sb_puts(sb, "...");
	} else if (k == CXCursor_DeclRefExpr) {
		name = cursor_name(c);
		sb_puts(sb, name);
		free(name);
	} else if (k == CXCursor_MemberRefExpr && kids.n == 1) {
		CXType bt = clang_getCursorType(kids.c[0]);
		CXCursor obj;

		/* (&foo)->wq, from a driver macro's &(d)->wq: foo.wq */
		if (bt.kind == CXType_Pointer && address_of(kids.c[0], &obj)) {
			expr_text(sb, obj, depth + 1);
			sb_puts(sb, ".");
		} else {
			expr_text(sb, kids.c[0], depth + 1);
			sb_puts(sb, bt.kind == CXType_Pointer ? "->" : ".");
		}
		name = cursor_name(c);
		sb_puts(sb, name);
		free(name);
	} else if (k == CXCursor_UnaryOperator && kids.n == 1) {
		CXType t = clang_getCursorType(c), ct = clang_getCursorType(kids.c[0]);

		if (t.kind == CXType_Pointer && same_type(clang_getPointeeType(t), ct))
			sb_puts(sb, "&");
		else if (ct.kind == CXType_Pointer && same_type(clang_getPointeeType(ct), t))
			sb_puts(sb, "*");
		else
			sb_puts(sb, "?");
		expr_text(sb, kids.c[0], depth + 1);
	} else if (k == CXCursor_CallExpr) {
		name = cursor_name(c);
		sb_printf(sb, "%s()", name);
		free(name);
	} else if (kids.n == 1) {
		/* parentheses, implicit casts */
		expr_text(sb, kids.c[0], depth + 1);
	} else {
		sb_puts(sb, "?");
	}
	free(kids.c);
}

static char *pretty(CXCursor c)
{
	struct strbuf sb = { 0 };

	expr_text(&sb, c, 0);
	return sb.s ? sb.s : xstrdup("?");
}

/*
 * The source text of a cursor, as the user wrote it.  An expression that
 * starts or ends inside a macro invocation (READ_ONCE(x) != y) has an
 * extent libclang cannot tokenize, so map both ends to the file first,
 * extending an end inside a macro to the close of its invocation.
 */
char *cursor_text(struct builder *b, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXSourceLocation sl = clang_getRangeStart(r), el = clang_getRangeEnd(r);
	unsigned so, eo, spell;
	CXFile sf, ef;
	int depth = 0;

	clang_getExpansionLocation(sl, &sf, NULL, NULL, &so);
	clang_getExpansionLocation(el, &ef, NULL, NULL, &eo);
	if (!b->buf || !clang_File_isEqual(sf, b->file) ||
	    !clang_File_isEqual(ef, b->file) || eo > b->len || so > eo)
		return range_text(b->tu, r);
	clang_getSpellingLocation(el, NULL, NULL, NULL, &spell);
	if (spell != eo || clang_Location_isInSystemHeader(el)) {
		/* end is a macro invocation at eo: skip `name ( ... )` */
		while (eo < b->len && (isalnum((unsigned char)b->buf[eo]) ||
				       b->buf[eo] == '_'))
			eo++;
		while (eo < b->len && isspace((unsigned char)b->buf[eo]))
			eo++;
		if (eo < b->len && b->buf[eo] == '(') {
			for (; eo < b->len; eo++) {
				if (b->buf[eo] == '(')
					depth++;
				else if (b->buf[eo] == ')' && --depth == 0) {
					eo++;
					break;
				}
			}
		}
	}
	return range_text(b->tu, clang_getRange(
		clang_getLocationForOffset(b->tu, b->file, so),
		clang_getLocationForOffset(b->tu, b->file, eo)));
}

static void emit_call(struct builder *b, CXCursor c, const struct kapi *api)
{
	int nargs = clang_Cursor_getNumArguments(c);
	struct wq_event *ev;
	int i, n;

	CXToken *t;
	unsigned nt;
	bool spelled;

	n = append(b, N_EVENT, cursor_pos(c));
	ev = &b->g->nodes[n].ev;
	ev->api = api;
	/*
	 * Quote the arguments as written (TASK_INTERRUPTIBLE, not 1) when
	 * the call is spelled out in the file; per-argument cursors are the
	 * fallback for calls that come out of a driver's own macro.
	 */
	if (in_macro(b, c)) {
		/* out of a driver's own macro: quote the expanded arguments */
		for (i = 0; i < nargs && i < WQ_MAX_ARGS; i++)
			ev->args[ev->nargs++] =
				pretty(clang_Cursor_getArgument(c, i));
		return;
	}
	clang_tokenize(b->tu, clang_getCursorExtent(c), &t, &nt);
	spelled = nt > 2 && tok_is(b->tu, t[0], api->name) &&
		  tok_is(b->tu, t[1], "(");
	clang_disposeTokens(b->tu, t, nt);
	if (spelled) {
		macro_args(b->tu, clang_getCursorExtent(c), ev);
		return;
	}
	for (i = 0; i < nargs && i < WQ_MAX_ARGS; i++)
		ev->args[ev->nargs++] = cursor_text(b,
			clang_Cursor_getArgument(c, i));
}


/*
 * A local wait entry lives on the stack: WQ006 cares about those.  So
 * does a local wait queue head: an entry queued on a head in the same
 * frame dies with it, and nothing can wake through it afterwards.
 * A static local lives elsewhere and is neither.
 */
static void note_local(struct builder *b, CXCursor c)
{
	CXString t = clang_getTypeSpelling(clang_getCursorType(c));
	const char *ty = clang_getCString(t);
	/* `struct wait_queue` is the 2.0-2.2 entry (the head was a pointer) */
	bool entry = strstr(ty, "wait_queue_entry") || strstr(ty, "wait_queue_t") ||
		     !strcmp(ty, "struct wait_queue");
	bool head = strstr(ty, "wait_queue_head") != NULL;

	if (clang_Cursor_getStorageClass(c) != CX_SC_Static &&
	    clang_Cursor_getStorageClass(c) != CX_SC_Extern) {
		struct cfg *g = b->g;

		g->vars = xrealloc(g->vars, (g->nvars + 1) * sizeof(char *));
		g->vars[g->nvars++] = cursor_name(c);
	}
	if (!strchr(ty, '*') && (entry || head) &&
	    clang_Cursor_getStorageClass(c) != CX_SC_Static &&
	    clang_Cursor_getStorageClass(c) != CX_SC_Extern) {
		CXString s = clang_getCursorSpelling(c);
		const char *name = clang_getCString(s);
		struct cfg *g = b->g;

		if (entry) {
			add_local(g, name);
		} else {
			g->heads = xrealloc(g->heads,
					    (g->nheads + 1) * sizeof(char *));
			g->heads[g->nheads++] = xstrdup(name);
		}
		clang_disposeString(s);
	}
	clang_disposeString(t);
}

static bool assign_token(const char *op)
{
	size_t l = strlen(op);

	return l && op[l - 1] == '=' && strcmp(op, "==") && strcmp(op, "!=") &&
	       strcmp(op, "<=") && strcmp(op, ">=");
}

/* Is the operator of binary c an assignment (=, +=, ...)? */
static bool is_assign_op(struct builder *b, CXCursor c, CXCursor lhs,
			 CXCursor rhs)
{
	CXSourceRange r = clang_getRange(
		clang_getRangeEnd(clang_getCursorExtent(lhs)),
		clang_getRangeStart(clang_getCursorExtent(rhs)));
	CXToken *t;
	unsigned n, i;
	bool hit = false;

	if (!in_macro(b, lhs) && !in_macro(b, rhs)) {
		clang_tokenize(b->tu, r, &t, &n);
		for (i = 0; i < n && !hit; i++) {
			CXString s = clang_getTokenSpelling(b->tu, t[i]);

			hit = assign_token(clang_getCString(s));
			clang_disposeString(s);
		}
		clang_disposeTokens(b->tu, t, n);
		/*
		 * A right side that opens with a macro (`t = HZ / 100`) has
		 * no file location to end the range at: read the operator
		 * from the whole expression, the first token after the left.
		 */
		if (!n) {
			unsigned lend = loc_offset(clang_getRangeEnd(
					clang_getCursorExtent(lhs)));

			clang_tokenize(b->tu, clang_getCursorExtent(c), &t, &n);
			for (i = 0; i < n; i++) {
				CXString s;

				if (loc_offset(clang_getTokenLocation(b->tu, t[i])) <
				    lend)
					continue;
				s = clang_getTokenSpelling(b->tu, t[i]);
				hit = assign_token(clang_getCString(s));
				clang_disposeString(s);
				break;
			}
			clang_disposeTokens(b->tu, t, n);
		}
		return hit;
	}
	/*
	 * Inside a macro the operator cannot be read back; a binary
	 * expression used as a statement is an assignment in practice.
	 */
	return clang_equalCursors(c, b->stmt);
}

/*
 * Record writes to variables, so path-sensitive rules know when a
 * condition tested earlier may have changed.  Only the written
 * expression's text is kept.
 */
static void note_assignment(struct builder *b, CXCursor c, enum CXCursorKind k,
			    int first)
{
	struct kids kids = children(c);
	CXCursor target;
	bool counts = k != CXCursor_BinaryOperator;
	int n;

	if (!kids.n || (k != CXCursor_UnaryOperator && kids.n != 2)) {
		free(kids.c);
		return;
	}
	target = kids.c[0];
	if (k == CXCursor_BinaryOperator && !is_assign_op(b, c, kids.c[0], kids.c[1])) {
		free(kids.c);
		return;
	}
	if (k == CXCursor_UnaryOperator) {
		char *text = cursor_text(b, c);
		bool incdec = strstr(text, "++") || strstr(text, "--");

		free(text);
		if (!incdec) {
			free(kids.c);
			return;
		}
	}
	/* `t = schedule_timeout(t)` counts down like `tries--` does */
	for (n = first; n < b->g->n && !counts; n++)
		if (b->g->nodes[n].kind == N_EVENT &&
		    (b->g->nodes[n].ev.api->kind == K_SCHEDULE_TIMEOUT ||
		     b->g->nodes[n].ev.api->kind == K_SLEEP_ON ||
		     b->g->nodes[n].ev.api->kind == K_WAIT_EVENT))
			counts = true;
	n = new_node(b, N_ASSIGN, cursor_pos(c));
	b->g->nodes[n].text = cursor_text(b, target);
	if (counts)
		b->g->nodes[n].flags |= NF_COUNTS;
	else if (k == CXCursor_BinaryOperator)	/* the value, for ranges */
		b->g->nodes[n].rhs = cursor_text(b, kids.c[1]);
	link_nodes(b, b->cur, n);
	b->cur = n;
	free(kids.c);
}

/*
 * A call whose arguments have errors (a struct the shim does not know)
 * survives in clang's AST only as a recovery expression: `name(args)`
 * with the callee as first child.  Recognise API calls in that form too,
 * or a lone driver file would lose most of its events.
 */
static bool recovered_call(struct builder *b, CXCursor c)
{
	const struct kapi *api = NULL;
	struct kids k = children(c);
	CXToken *t;
	unsigned n;
	int ev, i;

	if (k.n && clang_getCursorKind(k.c[0]) == CXCursor_DeclRefExpr) {
		CXString s = clang_getCursorSpelling(k.c[0]);
		const char *name = clang_getCString(s);

		api = kapi_classify(name, strlen(name));
		if (!api && callee_touches_state(b->g, name, strlen(name))) {
			/* its arguments first, then the call's effect */
			for (i = 1; i < k.n; i++)
				walk_expr(b, k.c[i]);
			emit_state_call(b, cursor_pos(c), name, strlen(name));
			clang_disposeString(s);
			free(k.c);
			return true;
		}
		clang_disposeString(s);
	}
	free(k.c);
	if (!api)
		return false;
	clang_tokenize(b->tu, clang_getCursorExtent(c), &t, &n);
	if (n < 3 || !tok_is(b->tu, t[0], api->name) || !tok_is(b->tu, t[1], "(")) {
		clang_disposeTokens(b->tu, t, n);
		return false;
	}
	clang_disposeTokens(b->tu, t, n);
	ev = append(b, N_EVENT, cursor_pos(c));
	b->g->nodes[ev].ev.api = api;
	macro_args(b->tu, clang_getCursorExtent(c), &b->g->nodes[ev].ev);
	return true;
}

/* The name at the bottom of an expression: get_current for get_current() */
static char *base_name(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		struct kids kids;

		if (k == CXCursor_CallExpr || k == CXCursor_DeclRefExpr)
			return cursor_name(c);
		kids = children(c);
		if (kids.n != 1) {
			free(kids.c);
			return NULL;
		}
		c = kids.c[0];
		free(kids.c);
	}
}

/* Is c the member access `current->state` or `current->__state`? */
static bool is_state_field(CXCursor c)
{
	struct kids k;
	char *name, *base = NULL;
	bool r = false;

	if (clang_getCursorKind(c) != CXCursor_MemberRefExpr)
		return false;
	name = cursor_name(c);
	if (!strcmp(name, "state") || !strcmp(name, "__state")) {
		k = children(c);
		base = k.n ? base_name(k.c[0]) : NULL;
		r = base && (!strcmp(base, "get_current") || !strcmp(base, "current"));
		free(k.c);
	}
	free(base);
	free(name);
	return r;
}

static enum CXChildVisitResult find_state_field(CXCursor c, CXCursor parent,
						CXClientData data)
{
	bool *hit = data;

	(void)parent;
	*hit = is_state_field(c);
	return *hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Name a task state value the way the kernel spells it. */
static char *state_name(long long v)
{
	switch (v) {
	case 0:
		return xstrdup("TASK_RUNNING");
	case 0x1:
		return xstrdup("TASK_INTERRUPTIBLE");
	case 0x2:
		return xstrdup("TASK_UNINTERRUPTIBLE");
	case 0x102:
		return xstrdup("TASK_KILLABLE");
	case 0x402:
		return xstrdup("TASK_IDLE");
	default:
		return xasprintf("TASK_STATE_%#llx", v);
	}
}

static bool state_assignment(struct builder *b, CXCursor c)
{
	struct kids k = children(c);
	bool hit = false;
	CXEvalResult ev;
	char *val = NULL;
	int n;

	if (k.n != 2) {
		free(k.c);
		return false;
	}
	hit = is_state_field(k.c[0]);
	if (!hit)
		clang_visitChildren(k.c[0], find_state_field, &hit);
	if (!hit || !is_assign_op(b, c, k.c[0], k.c[1])) {
		free(k.c);
		return false;
	}
	walk_expr(b, k.c[1]);
	val = cursor_text(b, k.c[1]);
	if (strncmp(val, "TASK_", 5)) {
		/* not spelled out here (inside a macro): use its value */
		ev = clang_Cursor_Evaluate(k.c[1]);
		if (ev && clang_EvalResult_getKind(ev) == CXEval_Int) {
			free(val);
			val = state_name(clang_EvalResult_getAsLongLong(ev));
		}
		if (ev)
			clang_EvalResult_dispose(ev);
	}
	n = append(b, N_EVENT, cursor_pos(c));
	b->g->nodes[n].ev.api = state_field_kapi();
	b->g->nodes[n].ev.args[0] = val;
	b->g->nodes[n].ev.nargs = 1;
	free(k.c);
	return true;
}

/*
 * set_current_state() of 4.x-6.x x86 headers ends in xchg() on
 * &current->__state: a statement expression holding the field's address
 * and, in a variable, the value (`__ret = (state_value)`).  Inside an API
 * macro that never matters (the macro is the event), but inside a
 * driver's own macro (`#define NAP(t) do { set_current_state(...);
 * schedule_timeout(t); } while (0)`) the graph is built from the
 * expansion, and this is the only trace of the state change.
 */
struct xchg_scan {
	bool field;		/* &current->__state seen */
	CXCursor value;		/* first integer-valued variable initialiser */
	bool have_value;
};

static enum CXChildVisitResult scan_xchg(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct xchg_scan *xs = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_UnaryOperator) {
		struct kids kids = children(c);

		if (kids.n == 1 && is_state_field(kids.c[0]))
			xs->field = true;
		free(kids.c);
	}
	if (k == CXCursor_VarDecl && !xs->have_value && xs->field) {
		/* the address variable comes first; the value after it (a
		 * variable's evaluation is its initialiser's) */
		CXEvalResult ev = clang_Cursor_Evaluate(c);

		if (ev) {
			if (clang_EvalResult_getKind(ev) == CXEval_Int) {
				xs->value = c;
				xs->have_value = true;
			}
			clang_EvalResult_dispose(ev);
		}
	}
	return CXChildVisit_Recurse;
}

static bool state_xchg(struct builder *b, CXCursor c)
{
	struct xchg_scan xs = { false };
	CXEvalResult ev;
	int n;

	clang_visitChildren(c, scan_xchg, &xs);
	if (!xs.field || !xs.have_value)
		return false;
	ev = clang_Cursor_Evaluate(xs.value);
	n = append(b, N_EVENT, cursor_pos(c));
	b->g->nodes[n].ev.api = state_field_kapi();
	b->g->nodes[n].ev.args[0] = state_name(clang_EvalResult_getAsLongLong(ev));
	b->g->nodes[n].ev.nargs = 1;
	clang_EvalResult_dispose(ev);
	return true;
}

/* A variable on this function's stack (not a global or a static). */
static bool local_var(CXCursor v)
{
	enum CXCursorKind k = clang_getCursorKind(v);
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(v);

	if (k == CXCursor_ParmDecl)
		return true;
	return k == CXCursor_VarDecl && sc != CX_SC_Static &&
	       sc != CX_SC_Extern &&
	       clang_getCursorKind(clang_getCursorSemanticParent(v)) !=
	       CXCursor_TranslationUnit;
}

/*
 * A call the kernel API tables do not know may write any field through a
 * pointer, and a local whose address it is given: the path refinement
 * forgets what it knew about those (NF_AFTER_CALL on the next node, and
 * a write of each `&local` argument).
 */
static void note_call(struct builder *b, CXCursor c)
{
	int nargs = clang_Cursor_getNumArguments(c), i, n;

	for (i = 0; i < nargs; i++) {
		CXCursor a = clang_Cursor_getArgument(c, i);
		struct kids k;

		while (clang_getCursorKind(a) == CXCursor_UnexposedExpr ||
		       clang_getCursorKind(a) == CXCursor_ParenExpr) {
			k = children(a);
			if (k.n != 1) {
				free(k.c);
				break;
			}
			a = k.c[0];
			free(k.c);
		}
		if (clang_getCursorKind(a) != CXCursor_UnaryOperator)
			continue;
		k = children(a);
		if (k.n == 1 && clang_getCursorKind(k.c[0]) == CXCursor_DeclRefExpr &&
		    clang_getCursorType(a).kind == CXType_Pointer &&
		    local_var(clang_getCursorReferenced(k.c[0]))) {
			n = new_node(b, N_ASSIGN, cursor_pos(a));
			b->g->nodes[n].text = cursor_name(k.c[0]);
			link_nodes(b, b->cur, n);
			b->cur = n;
		}
		free(k.c);
	}
	b->after_call = true;
}

/*
 * `ops->sleep_on(q)`, `dev->o.interruptible_sleep_on_timeout(q, t)`: a
 * member named like the sleep_on() family is the driver's method, no
 * call of the family (the token floor, tokscan.c, skips it alike).
 */
static bool method_call(CXCursor call)
{
	struct kids k = children(call);
	CXCursor c = k.n ? k.c[0] : clang_getNullCursor();
	struct kids in;

	free(k.c);
	while (clang_getCursorKind(c) == CXCursor_UnexposedExpr ||
	       clang_getCursorKind(c) == CXCursor_ParenExpr) {
		in = children(c);
		c = in.n == 1 ? in.c[0] : clang_getNullCursor();
		free(in.c);
	}
	return clang_getCursorKind(c) == CXCursor_MemberRefExpr;
}

static void walk_expr_in(struct builder *b, CXCursor c);

void walk_expr(struct builder *b, CXCursor c)
{
	if (!depth_enter(b))
		return;
	walk_expr_in(b, c);
	b->depth--;
}

static void walk_expr_in(struct builder *b, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct mexp *m = macro_of(b, c);
	struct kids kids;
	int i, first;

	if (m) {
		emit_macro(b, m);
		return;
	}
	if (k == CXCursor_CompoundStmt) {
		b->build(b, c);
		return;
	}
	if (k == CXCursor_BinaryOperator && state_assignment(b, c))
		return;
	if (k == CXCursor_StmtExpr && state_xchg(b, c))
		return;

	if (k == CXCursor_UnexposedExpr && recovered_call(b, c))
		return;
	if (k == CXCursor_VarDecl)
		note_local(b, c);
	kids = children(c);
	if (k == CXCursor_UnexposedExpr && !kids.n) {
		/*
		 * A recovery expression with nothing kept under it: clang
		 * 14 leaves `if (sleep_on_timeout(&d->q, T))` so when a
		 * name in it is undeclared (a private header is missing).
		 * Read the calls in it by their tokens, or the sleep is
		 * not seen at all.
		 */
		CXSourceRange r = clang_getCursorExtent(c);

		scan_gap(b, loc_offset(clang_getRangeStart(r)),
			 loc_offset(clang_getRangeEnd(r)));
		free(kids.c);
		return;
	}
	first = b->g->n;
	/* a call's first child is its callee: not an expression to walk */
	for (i = k == CXCursor_CallExpr ? 1 : 0; i < kids.n; i++)
		walk_expr(b, kids.c[i]);
	free(kids.c);
	/* the write happens after its operands are evaluated */
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator ||
	    k == CXCursor_UnaryOperator)
		note_assignment(b, c, k, first);
	if (k == CXCursor_CallExpr) {
		CXString s = clang_getCursorSpelling(c);
		const char *name = clang_getCString(s);
		const struct kapi *api = kapi_classify(name, strlen(name));
		bool pure;

		if (api && api->kind == K_SLEEP_ON && method_call(c))
			api = NULL;
		pure = api || kapi_pure(name);

		bool state_call = !api &&
				  callee_touches_state(b->g, name, strlen(name));

		const struct lock_wrap *w = NULL;

		/* pqx_bus_put(): the mutex_unlock() in its body; foo_unlock() */
		if (!api && !state_call && b->macros) {
			api = lock_wrap_unlock(&b->macros->wraps, b->tu, name, &w);
			pure = pure || w;
		}
		if (state_call)
			emit_state_call(b, cursor_pos(c), name, strlen(name));
		clang_disposeString(s);
		if (api)
			emit_call(b, c, api);
		if (w)
			lock_wrap_event(w, &b->g->nodes[b->g->n - 1].ev);
		if (!pure)
			note_call(b, c);
	}
}
