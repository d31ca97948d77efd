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
const char *event_entry(const struct wq_event *ev);
const char *event_queue(const struct wq_event *ev);
bool event_sleeping_state(const struct wq_event *ev);
bool event_stop_state(const struct wq_event *ev);

/*
 * Dataflow facts at the entry of each node, computed once per function
 * and shared by the rules: the possible task states, and which wait
 * entries may be on a queue.
 */
#define FL_RUN_INIT	0x1u	/* running: never set to sleep, or set back */
#define FL_RUN_WOKE	0x2u	/* running because a schedule() returned */
#define FL_SLEEP	0x4u	/* a sleeping state is set */
/*
 * Set by another function of the file (analysis/state_summary.c): a
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

struct flow {
	uint32_t *in;
	int **pred;		/* predecessor lists */
	int *npred;
	int nentries;
	char *entries[FL_MAX_ENTRIES];
	int enqueued_at[FL_MAX_ENTRIES];	/* first enqueue node */
	uint32_t autoremove;	/* FL_QUEUED bits of DEFINE_WAIT entries */
	uint32_t internal;	/* FL_QUEUED bits of wait_event*()'s own */
	uint32_t entry_state;	/* the state bits at the function's entry */
	const char *limit;	/* a limit of the analysis was hit, or NULL */
};

void flow_compute(const struct cfg *g, struct flow *fl);
uint32_t flow_transfer(const struct cfg *g, const struct flow *fl, int n,
		       uint32_t in);
void paths_refine(const struct cfg *g, struct flow *fl);

/*
 * analysis/bounds.c: one path a rule reports.  A segment ends at node
 * `node` (or, with node -1, where target() holds) and is cut at a node
 * where stop() holds.  paths_feasible() returns the node that ends the
 * last segment on a path whose repeated tests agree with the earlier
 * ones, -1 if there is none, -2 if the walk ran out of budget.
 */
struct pseg {
	int node;
	bool (*target)(const struct cfg *g, int n, const void *ctx);
	bool (*stop)(const struct cfg *g, int n, const void *ctx);
	const void *ctx;
};
int paths_feasible(const struct cfg *g, const struct flow *fl, int from,
		   const struct pseg *seg, int nseg);
/* A fixed delay (HZ / 10, msecs_to_jiffies(20)), not MAX_SCHEDULE_TIMEOUT. */
/* The rhs of a plain `name = rhs` (name of length l) at offset off of buf,
 * as [*from, *to), or false: another operator, or not that shape. */
bool bounds_store_rhs(const char *buf, size_t len, unsigned off,
		      const char *name, size_t l, unsigned *from, unsigned *to);
bool bounds_fixed_text(const char *t, size_t n);
/* Does the timed sleep s have a fixed delay on every path from e? */
bool bounds_timeout_fixed(const struct cfg *g, const struct flow *fl,
			  const struct wq_file *f, int e, int s);
/*
 * analysis/condclass.c: tests and sleeps that are no lost wake-up (WQ003).
 * A mode test reads only locals that hold constants (`!ignore`, a
 * parameter never written); the sleep waits for a signal only, or for
 * good; or the function starts its waker after setting the state.
 */
bool condclass_mode_test(const struct cfg *g, const struct wq_file *f,
			 int t);
/* WQ004: TASK_RUNNING reaches sleep s only by a deliberate skip */
bool condclass_deliberate_skip(const struct cfg *g, const struct flow *fl,
			       int s);
/* Does test text t read plain names only (no field, element, call)? */
bool condclass_plain_test(const char *t, size_t n);
const char *condclass_not_lost(const struct cfg *g, const struct wq_file *f,
			       int e, int s);
void flow_free(const struct cfg *g, struct flow *fl);
int flow_entry(const struct flow *fl, const char *name);
bool cfg_is_local(const struct cfg *g, const char *name);
bool cfg_is_local_head(const struct cfg *g, const char *name);
/* a local variable or parameter: only this function writes it */
bool cfg_is_var(const struct cfg *g, const char *name, size_t len);
bool cfg_is_autoremove(const struct cfg *g, const char *name);
bool node_is(const struct cfg *g, int n, enum kapi_kind kind);
bool node_is_sleep(const struct cfg *g, int n);
bool node_is_cond_test(const struct cfg *g, int n);
int node_pos_loop_test(const struct cfg *g, int n);
char *wait_condition(const char *test_text);
/* Drop a `&& t` operand (a timeout variable) from a guard; true if found. */
bool cond_drop_operand(char *guard, const char *t);

/*
 * Source text of the main file (text.c), for what the graph does not
 * keep: calls of no interest to the events, the functions a file hands
 * to kernel threads.  Comments, strings and character literals are
 * skipped; a word is a whole identifier.
 */
bool text_has_word(const char *buf, unsigned from, unsigned to,
		   const char *word);
long text_find_word(const char *buf, unsigned from, unsigned to,
		    const char *word);
long text_find_word_if(const char *buf, unsigned from, unsigned to,
		       bool (*pred)(const void *ctx, const char *w, size_t n),
		       const void *ctx);
bool text_any_plain_name(const char *t, size_t len,
			 bool (*pred)(const void *ctx, const char *w, size_t n),
			 const void *ctx);
long text_next_ident(const char *buf, unsigned from, unsigned to,
		     unsigned *end);
unsigned text_offset(const char *buf, size_t len, struct wq_pos pos);
struct wq_pos text_pos(const char *buf, size_t len, unsigned off);
bool text_is_thread_function(const char *buf, size_t len, const char *fn);
/* The function around offset at: its body [*from, *to) and name */
bool text_enclosing_function(const char *buf, size_t len, unsigned at,
			     unsigned *from, unsigned *to, const char **name,
			     size_t *n);
/* analysis/helpers.c: the static helpers of the same file, one level */
bool text_function_body(const char *buf, size_t len, const char *name,
			unsigned *from, unsigned *to);
/* Does pred hold for the body of a function of buf that code calls? */
bool text_helpers_match(const char *buf, size_t len, const char *code,
			bool (*pred)(const char *text));
bool text_is_thread(const char *buf, size_t len, unsigned from, unsigned to,
		    const char *fn);
bool text_callers_follow_with(const char *buf, size_t len, const char *fn,
			      unsigned from, unsigned to,
			      const char *const *after);

/*
 * analysis/state_summary.c: what each function of the file does to the
 * task state, so that a call applies it and a function knows the state
 * its callers leave it in.
 */
struct state_sums;
struct state_sums *state_sums_build(void *tu, struct wq_file *f);
/* The answers the graph builder asks of the summaries (model/). */
extern const struct state_oracle state_sums_oracle;
void state_sums_free(struct state_sums *s);
/* Is name a function of the file whose calls change the task state? */
bool state_sums_touches(const struct state_sums *s, const char *name,
			size_t len);
/* The state bits after a call of callee, given those before it. */
uint32_t state_sums_apply(const struct state_sums *s, const char *callee,
			  uint32_t state);
/* The state bits at the entry of fn (FL_RUN_INIT when not known). */
uint32_t state_sums_entry(const struct state_sums *s, const char *fn);
/* The caller that set the sleeping state fn is entered in, or NULL. */
const char *state_sums_entry_setter(const struct state_sums *s,
				    const char *fn);
/* Why the state fn is entered in is not known (for a message). */
char *state_sums_unknown_why(const struct state_sums *s, const char *fn);
/* Does a call of callee always set the state (a sleep, or a state)? */
bool state_sums_always_sets(const struct state_sums *s, const char *callee);
/*
 * The call (an N_CALL node) whose callee left the state of kind bits
 * (FL_SLEEP_CALLEE, or FL_RUN_CALLEE) that reaches node n,
 * or -1; *setter is the function that set it (the callee or one it
 * calls).
 */
int state_call_before(const struct cfg *g, const struct flow *fl, int n,
		      uint32_t bits, const char **setter);

/* analysis/target.c: suggestions worded for old kernels (--target) */
unsigned target_api_since(const char *name);
unsigned target_api_until(const char *name);
bool target_has_api(unsigned target, const char *name);
const char *target_api_at(size_t i, unsigned *since);
bool target_lacks(unsigned target, const char *name);
unsigned target_api_seen(const char *name);
char *target_api_refusal(unsigned target, const char *prim);
/*
 * analysis/kheaders.c: the primitives a kernel has, from its own
 * headers (linux/wait.h, sched.h, tty.h of the include folder
 * kernel_include_dir() finds from kernel_detect()'s *from), else from
 * target.def for its version.  *where (allocated, or NULL) says which:
 * the headers read (kheader_list()), or "table:X.Y".
 */
enum kh_have { KH_UNKNOWN, KH_YES, KH_NO };
char *kernel_include_dir(const char *from);
enum kh_have kheader_has(const char *incdir, const char *name);
/*
 * Does the kernel a claim is about have name: the code's own (kernel,
 * its tree's include folder kinc) when known, else the target (0: the
 * default, 6.1) by target.def?  *whose (allocated) names it for words.
 */
enum kh_have api_claim(unsigned kernel, const char *kinc, unsigned target,
		       const char *name, char **whose);
/* "include/linux/wait.h and include/linux/sched.h": those it read */
char *kheader_list(const char *incdir);
enum kh_have kernel_has_api(const char *incdir, unsigned version,
			    const char *name, char **where);
char *target_open_coded(unsigned target, bool interruptible,
			const char *timeout);
char *target_note(unsigned target, const char *name, bool interruptible,
		  const char *timeout);
enum target_fact {
#define TARGET_FACT(id, a, b, c, what) id,
#include "target-facts.def"
#undef TARGET_FACT
};
/*
 * Does the file's kernel (wq_file.kernel) have the fact?  False when it
 * is not known (WQ_KERNEL_UNKNOWN): then the finding stays, with the
 * note target_fact_note() words.
 */
bool target_has_fact(unsigned kernel, enum target_fact fact);
const char *target_fact_text(enum target_fact fact);
char *target_fact_note(enum target_fact fact);
char *text_old_timeout_before(const char *buf, size_t len, unsigned off);
unsigned text_offset_of(const char *buf, size_t len, struct wq_pos pos);

/* analysis/wakers.c: who wakes a queue or a task, and what they change */
struct waker {
	struct wq_pos pos;	/* the wake-up call */
	char *func;		/* the function it is in */
	char *call;		/* wake_up(), wake_up_process(), ... */
	/* the writes before it, nearest first, and what each changes */
#define WAKER_MAX_CHANGES 4
	char *changes[WAKER_MAX_CHANGES];
	char *changed[WAKER_MAX_CHANGES];
	int nchanges;
};
/* The wakers of queue (NULL: of the task running self_fn). */
int wakers_find(const struct wq_file *f, const char *queue,
		const char *self_fn, struct waker **out);
void waker_free_one(struct waker *w);
void wakers_free(struct waker *w, int n);
bool waker_tested_by(struct waker *w, const char *test);
bool waker_read_in(struct waker *w, const char *buf, unsigned from,
		   unsigned to);
char *waker_key(const char *t);
/* What runs fn: "interrupt handler", "timer", "work item", "callback"
 * (*member: the member it is stored in, allocated), "function". */
const char *waker_kind(const char *buf, size_t len, const char *fn,
		       char **member);

/* analysis/lost_wakeup.c: what WQ003 says about a lost wake-up */
struct lost_wakeup {
	bool safe;		/* nothing can be lost: no finding */
	char *message;		/* the finding's message */
	struct waker *wakers;	/* the wakers found */
	int nwakers;
	int named;		/* the waker the message names, or -1 */
	/* no bug from a kernel on, and the file's kernel is not known: a
	 * note saying so, or NULL */
	char *fact_note;
};
void lost_wakeup_judge(const struct cfg *g, const struct flow *fl,
		       const struct wq_file *f, int e, int s,
		       int t, const char *setter, const char *tested,
		       bool other_tests, struct lost_wakeup *lw);
void lost_wakeup_free(struct lost_wakeup *lw);

/*
 * analysis/entry_fate.c: is entry e off its queue, or the queue gone, on
 * every path to exit r, though the dataflow says it may be queued?
 */
bool entry_exit_fated(const struct cfg *g, const struct flow *fl,
		      const struct wq_file *f, int e, int r);

#endif /* WQPORT_CFG_H */
