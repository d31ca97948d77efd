/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to the model layer: the state of building one function's
 * control-flow graph, shared by the graph builder (cfg.c) and the API
 * event recognition (events.c).
 */
#ifndef WQPORT_BUILDER_H
#define WQPORT_BUILDER_H

#include <clang-c/Index.h>

#include "ast.h"
#include "cfg.h"

/* One macro invocation in the main file (macro.c) */
struct mexp {
	unsigned start, end;	/* file offsets of the invocation */
	const struct kapi *api;	/* the API it names, or NULL */
	bool used;		/* its event is in the graph already */
};

/* The functions of a translation unit that only lock or unlock (lockwrap.c) */
struct lock_wrap;
struct lock_wraps {
	struct lock_wrap *v;
	int n;
	bool built;		/* read on the first question */
};

/* The invocations met so far in one file, and its lock wrappers */
struct macro_cache {
	struct mexp *v;
	int n, cap;
	struct lock_wraps wraps;
};

enum ctx_kind { CTX_LOOP, CTX_SWITCH };

struct jump_ctx {
	enum ctx_kind kind;
	int *breaks, nbreaks;
	int *conts, nconts;
	int sw_head;
	bool sw_default;
};

struct label {
	char *name;
	int node;
	int last;	/* a goto: the last node built before it */
};

struct builder {
	CXTranslationUnit tu;
	CXFile file;
	const char *buf;	/* main file contents */
	size_t len;
	struct cfg *g;
	struct macro_cache *macros;
	CXCursor stmt;		/* the statement being built */
	int cur;		/* node control reaches now, -1 if none */
	bool after_call;	/* a call that may write fields came last */
	int loop;
	struct jump_ctx ctx[64];
	int nctx;
	struct label *labels, *gotos;
	int nlabels, ngotos;
	int depth;		/* statements and expressions being walked */
	int max_depth;		/* WQ_MAX_DEPTH, or WQPORT_MAX_DEPTH to test */
	/* the statement builder (cfg.c build_stmt()), for a statement inside
	 * an expression (`({ ... })`): events.c calls down, not up */
	void (*build)(struct builder *b, CXCursor c);
};

/*
 * How deep build_stmt() and walk_expr() go before treating the rest as
 * opaque (with a warning naming the function): far beyond real code,
 * and within the stack of the thread that runs them (WQ_STACK_SIZE).
 */
#define WQ_MAX_DEPTH 20000

/* Enter one level; false (and the limit noted) when too deep. */
static inline bool depth_enter(struct builder *b)
{
	if (b->depth >= b->max_depth) {
		if (!b->g->limit)
			b->g->limit = "statements or expressions nested too deeply (WQ_MAX_DEPTH), the inner part not analysed";
		return false;
	}
	b->depth++;
	return true;
}

/* graph primitives (graph.c) */
int new_node(struct builder *b, enum node_kind kind, struct wq_pos pos);
void link_nodes(struct builder *b, int from, int to);
int append(struct builder *b, enum node_kind kind, struct wq_pos pos);
void push_int(int **v, int *n, int x);
/* a statement of the function (cfg.c) */
void build_stmt(struct builder *b, CXCursor c);

/* macro invocations (macro.c) */
struct mexp *macro_expansion(struct builder *b, CXCursor c);
bool macro_is_branch_hint(struct builder *b, CXCursor c);
void macro_cache_free(struct macro_cache *mc);
unsigned macro_call_end(const char *buf, size_t len, unsigned name_end);

/* one function's graph, for the task state summaries (cfg.c) */
void cfg_build_one(void *tu, CXCursor fn, CXFile file, const char *buf,
		   size_t len, struct macro_cache *mc,
		   const struct state_sums *sums,
		   const struct state_oracle *oracle, struct cfg *g);

/* Is name a function of the file whose calls change the task state (the
 * summaries' answer, through the graph's oracle)? */
static inline bool callee_touches_state(const struct cfg *g, const char *name,
					size_t len)
{
	return g->sums && g->oracle && g->oracle->touches(g->sums, name, len);
}
void cfg_release(struct cfg *g);
/* a call of a function of the file that changes the task state */
void emit_state_call(struct builder *b, struct wq_pos pos, const char *name,
		     size_t len);

/* could the function have an event at all? (relevant.c) */
bool function_relevant(CXCursor fn, CXFile file, const char *buf,
		       size_t len);

/* API events (events.c) */
void macro_args(CXTranslationUnit tu, CXSourceRange r, struct wq_event *ev);
struct mexp *macro_of(struct builder *b, CXCursor c);
void emit_macro(struct builder *b, struct mexp *m);
bool in_macro(struct builder *b, CXCursor c);
char *cursor_text(struct builder *b, CXCursor c);
void walk_expr(struct builder *b, CXCursor c);
/* API calls read by their tokens in [from, to): text clang dropped */
void scan_gap(struct builder *b, unsigned from, unsigned to);
/* the pseudo-API of `current->state = X;` */
const struct kapi *state_field_kapi(void);

/*
 * lockwrap.c: a function whose body is one lock or unlock call, by name
 * (the table is read from tu's definitions on the first question); the
 * unlock a call of name makes (*w: through such a function, whose event
 * lock_wrap_event() then gives the lock), or NULL.
 */
const struct lock_wrap *lock_wrap_find(struct lock_wraps *ws, void *tu,
				       const char *name, size_t len);
const struct kapi *lock_wrap_unlock(struct lock_wraps *ws, void *tu,
				    const char *name, const struct lock_wrap **w);
void lock_wrap_event(const struct lock_wrap *w, struct wq_event *ev);
void lock_wraps_free(struct lock_wraps *ws);

#endif /* WQPORT_BUILDER_H */
