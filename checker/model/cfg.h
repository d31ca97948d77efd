/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The per-function control-flow graph the rules run on.
 *
 * cfg.c builds it from libclang cursors.  Only what the rules need is
 * kept: wait/sleep API events (from calls or macro expansions alike),
 * condition tests, returns, and the edges between them.  Everything
 * else in a function is an anonymous join node or nothing at all.
 */
#ifndef WQPORT_CFG_H
#define WQPORT_CFG_H

#include "wqport.h"
#include "text.h"

enum node_kind {
	N_ENTRY,
	N_EXIT,
	N_JOIN,
	N_EVENT,	/* a wait/sleep API use */
	N_TEST,		/* a branch on a condition */
	N_RETURN,	/* return statement, or falling off the end */
	N_ASSIGN,	/* a write to a variable (text: what is written) */
	N_CALL,		/* a call of a function of the file that changes the
			 * task state (text: its name; state_summary.c) */
};

#define WQ_MAX_ARGS 4

struct wq_event {
	const struct kapi *api;
	char *args[WQ_MAX_ARGS];	/* argument texts, tokens joined */
	int nargs;
};

/* node flags */
#define NF_SIGNAL_TEST	0x1	/* test only of signal_pending() & co */
#define NF_LOOP_COND	0x2	/* the test is a loop's own condition */
#define NF_FOR_MACRO	0x4	/* loop header came from a macro */
#define NF_NOT_WAITED	0x8	/* constant, or the result of a sleep */
#define NF_IN_MACRO	0x10	/* inside a macro: text is the invocation's */
#define NF_CONST_TRUE	0x20	/* evaluates to a non-zero constant */
#define NF_CONST_FALSE	0x40	/* evaluates to zero (do { } while (0)) */
#define NF_FALL_OFF	0x80	/* N_RETURN: the end of a void function */
#define NF_AFTER_CALL	0x4000	/* a call that may write fields comes first */
#define NF_COUNTS	0x8000	/* N_ASSIGN: ++, --, op=, or a sleep's result */
#define NF_GAP_TESTED	0x10000	/* N_EVENT read from a dropped statement's
				 * tokens inside an arm of its `if`: a test
				 * the graph does not hold comes first */

struct cfg_node {
	enum node_kind kind;
	unsigned flags;
	struct wq_pos pos;
	struct wq_event ev;	/* N_EVENT */
	char *text;		/* N_TEST: condition text */
	char *rhs;		/* N_ASSIGN by a plain '=': the value's text */
	int loop;		/* innermost enclosing loop, or -1 */
	int branch_end;		/* N_TEST of an if: last node of its branches */
	int on_true, on_false;	/* N_TEST of an if or loop: branch entries */
	int *succ;
	int nsucc, capsucc;
};

struct cfg_loop {
	int parent;		/* enclosing loop, or -1 */
	int first, last;	/* node index range of the loop */
	int head;		/* node the back edges go to */
};

struct cfg {
	const char *func;
	struct cfg_node *nodes;
	int n, cap;
	struct cfg_loop *loops;
	int nloops, caploops;
	int entry, exit;
	char **locals;		/* names of on-stack wait entries */
	int nlocals;
	char **heads;		/* names of on-stack wait queue heads */
	int nheads;
	char **vars;		/* names of all local variables */
	int nvars;
	char **params;		/* parameter names */
	int nparams;
	const char *limit;	/* a limit of the model was hit, or NULL */
	unsigned body_start, body_end;	/* file offsets of the body's braces */
	/* the task state summaries of the file's functions, or NULL, and
	 * what the builder may ask them (struct state_oracle) */
	const struct state_sums *sums;
	const struct state_oracle *oracle;
	uint32_t entry_state;	/* FL_* state bits at entry; 0: FL_RUN_INIT */
};

struct cfg_ctx;

/*
 * Build the CFG of every function defined in the main file and call fn;
 * returns how many function definitions there were.
 */
int cfg_for_each_function(void *tu, struct wq_file *f,
			   const struct wq_options *opt,
			   void (*fn)(struct cfg *g, struct wq_file *f,
				      const struct wq_options *opt));

bool cfg_in_loop(const struct cfg *g, int node, int loop);
/*
 * The task-state bits the dataflow of analysis/ computes, and the
 * builder asks the state summaries for at a function's entry.
 */
#define FL_RUN_INIT	0x1u	/* running: never set to sleep, or set back */
#define FL_RUN_WOKE	0x2u	/* running because a schedule() returned */
#define FL_SLEEP	0x4u	/* a sleeping state is set */
/*
 * Set by another function of the file (analysis/flow/state_summary.c): a
 * sleeping state a function it calls left; a sleeping state its callers
 * set before calling it; the state its caller left, not known.
 */
#define FL_SLEEP_CALLEE	0x8u
#define FL_SLEEP_CALLER	0x10u
#define FL_UNKNOWN	0x20u
#define FL_ELSEWHERE	(FL_SLEEP_CALLEE | FL_SLEEP_CALLER | FL_UNKNOWN)
#define FL_RUN_CALLEE	0x40u	/* running: a function it calls left it so */
#define FL_STATE_BITS	0x7fu
#define FL_MAX_ENTRIES	24
#define FL_QUEUED(i)	(1u << (8 + (i)))

#endif /* WQPORT_CFG_H */
