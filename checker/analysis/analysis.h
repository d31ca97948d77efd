/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * analysis/: what the rules and the fix engine ask of a function's graph
 * (model/cfg.h): the task-state and queue dataflow, path feasibility,
 * fixed delays, test classes, state summaries across the file's
 * functions, the wakers of a queue, the target and kernel-header facts,
 * the lost-wake-up verdict.  The model below never includes this file.
 */
#ifndef WQPORT_ANALYSIS_H
#define WQPORT_ANALYSIS_H

#include "cfg.h"

const char *event_entry(const struct wq_event *ev);
const char *event_queue(const struct wq_event *ev);
bool event_sleeping_state(const struct wq_event *ev);
bool event_stop_state(const struct wq_event *ev);

/* The dataflow facts at the entry of each node (the FL_* bits: model/cfg.h). */

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

/* The task-state and queue facts of every node, refined by the paths
 * (paths.c); flow_fixpoint() is the dataflow alone (flow.c). */
void flow_compute(const struct cfg *g, struct flow *fl);
void flow_fixpoint(const struct cfg *g, struct flow *fl);
uint32_t flow_transfer(const struct cfg *g, const struct flow *fl, int n,
		       uint32_t in);
void paths_refine(const struct cfg *g, struct flow *fl);

/*
 * analysis/flow/bounds.c: one path a rule reports.  A segment ends at node
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
/* Does test t read only the task's own flags (current->flags)? */
bool condclass_own_flags(const struct cfg *g, const struct wq_file *f, int t);
/*
 * Does test text t read only the open file's flags against constants
 * (`file->f_flags & O_NONBLOCK`)?  The caller's open() set them; no
 * waker changes them.
 */
bool condclass_open_flags(const char *t);
/*
 * Does test text t read whether a signal is pending, in any kernel's
 * spelling (signal_pending(current), 2.4's current->sigpending, 2.0's
 * current->signal & ~current->blocked)?  schedule() does not sleep with
 * one pending: no wake-up for it is lost.
 */
bool condclass_signal_test(const char *t);
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
/* nothing but joins and returns after node n */
bool node_ends_function(const struct cfg *g, int n);
/* ... or the wait undone (finish_wait(), back to running), then returns */
bool node_ends_wait(const struct cfg *g, int n);
bool node_is_cond_test(const struct cfg *g, int n);
/* Does a path from node n come back to it (not only a loop by order)? */
bool node_on_cycle(const struct cfg *g, int n);
int node_pos_loop_test(const struct cfg *g, int n);
char *wait_condition(const char *test_text);
/* Drop a `&& t` operand (a timeout variable) from a guard; true if found. */
bool cond_drop_operand(char *guard, const char *t);

/* analysis/helpers.c: the static helpers of the same file, one level
 * (their bodies: model/text.c text_function_body()) */
/* Does pred hold for the body of a function of buf that code calls? */
bool text_helpers_match(const char *buf, size_t len, const char *code,
			bool (*pred)(const char *text));

/*
 * analysis/flow/state_summary.c: what each function of the file does to the
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
/* Is fn a sleep helper: it sleeps in the state its callers set (none of
 * them in the files read: this file and the headers beside it that it
 * includes; a module's other files are not read), and does nothing
 * after? */
bool state_sums_helper(const struct state_sums *s, const char *fn);
/*
 * The function of this file's own text that calls fn in TASK_RUNNING
 * (the first one found), *pos its call; NULL when none is known.
 */
const char *state_sums_run_caller(const struct state_sums *s, const char *fn,
				  struct wq_pos *pos);
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
/*
 * Every such call (up to max, nearest first), also those whose state
 * reaches n through a later call that may return in the state it was
 * entered in: their nodes in hits[], their count.
 */
int state_calls_before(const struct cfg *g, const struct flow *fl, int n,
		       uint32_t bits, int *hits, int max);

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
/* the first release a fact holds in (WQ_KVER) */
unsigned target_fact_first(enum target_fact fact);
char *target_fact_note(enum target_fact fact);
char *text_old_timeout_before(const char *buf, size_t len, unsigned off);

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
 * analysis/flow/entry_fate.c: is entry e off its queue, or the queue gone, on
 * every path to exit r, though the dataflow says it may be queued?
 */
bool entry_exit_fated(const struct cfg *g, const struct flow *fl,
		      const struct wq_file *f, int e, int r);

#endif /* WQPORT_ANALYSIS_H */
