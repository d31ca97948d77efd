/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The facts about one finding's surroundings that the fix planner needs:
 * the statement holding the sleep, the loop or if around it, what else
 * the loop body does, locks and interrupts, the receiver of a timeout's
 * result, and where a condition could come from.  site.c computes them
 * from the libclang AST and the file's text.
 */
#ifndef WQPORT_SITE_H
#define WQPORT_SITE_H

#include <clang-c/Index.h>

#include "wqport.h"

enum site_shape { SH_NONE, SH_WHILE, SH_FOR, SH_DO, SH_IF, SH_OTHER };
enum task_st { ST_NONE, ST_INTR, ST_UNINTR, ST_KILL };

#define SITE_MAX_DEPTH 64

struct site_ctx {
	bool found;
	bool in_macro;
	char *macro;		/* the macro the anchor is inside */
	const char *anchor;	/* API name at the anchor */
	unsigned fn_first, fn_last;
	const char *irqs_off;	/* what turned interrupts off, or NULL */
	char *held_lock;	/* a spinlock held at the anchor, or NULL */
	char *skipped_if;	/* the #if of an inactive branch holding it */
	bool queue_woken;	/* a wake_up*() in the file names the queue */
	char *queue;		/* the anchor's queue argument, without & */
	enum task_st state_before;	/* last state set before the anchor */
	const char *queued_before;	/* prepare_to_wait*()/add_wait_queue*()
					 * still in force at the anchor */
	const struct fix_plan *plan;	/* the file's plan: its kernel and
					 * target, for the API claims */

	CXTranslationUnit tu;
	const struct wq_file *f;	/* the file, for the analyses' wakers */
	const char *buf;
	size_t len;
	unsigned fn_start, fn_end;	/* offsets of the function */
	unsigned anchor_off;
	CXCursor path[SITE_MAX_DEPTH];	/* function .. innermost */
	int depth;
};

struct loop_shape {
	enum site_shape kind;
	char *cond;		/* the condition waited for, positive */
	char *lock;		/* spin_lock_irq lock dropped around the sleep */
	char *other;		/* first statement that is not part of the wait */
	char *receiver;		/* x in `x = sleep(...)` */
	char *stmt_text;	/* the statement holding the sleep */
	char *block_guard;	/* `if (g) { ...; sleep; ... }`: !g, positive */
	char *if_test;		/* SH_IF: the if's test as written (g) */
	bool receiver_unsigned;
	bool result_used;	/* used other than by a plain assignment */
	bool result_zero_test;	/* ... only as `if (!sleep(...))` or
				 * `if (sleep(...) == 0)`: timed out or not */
	bool timeout_loop;	/* the loop also ends when the time is up */
	bool signal_exit;	/* the loop leaves on signal_pending() */
	bool sig_head;		/* `while (!c && !signal_pending(current))` */
	bool irqrestore;	/* an irqsave lock is dropped around the sleep */
	bool irq_toggle;	/* interrupts turned on and off around it */
	bool has_goto;
	enum task_st state;	/* state set in the loop */
	bool running_after;	/* TASK_RUNNING is set again right after it */
	bool finish_in_loop;	/* finish_wait() after the sleep in the loop's
				 * body, no exit between: each pass ends
				 * running (a prepare_to_wait() loop) */
	int exit_ifs;		/* `if (x) return ...;` before the sleep */
#define SHAPE_MAX_EXITS 4
	char *exit_test[SHAPE_MAX_EXITS];	/* their tests (x), in order */
	bool exit_after_sleep;	/* WQ002: one of them follows schedule() */
	int cond_breaks;	/* WQ002: more `if (c2) break;` in cond */
	bool const_guard;	/* `while (1)` with no test that ends it */
	bool do_forever;	/* `do { } while (1)`: a for (;;) in all but
				 * the syntax no semantic patch matches */
	/* WQ002/WQ003 shape facts */
	bool state_top;		/* a sleeping state is set at the loop's top
				 * level before its first sleep */
	bool sleep_nested;	/* the loop sleeps only inside a branch */
	bool sleep_inner_loop;	/* ... or only inside a loop of its own */
	bool per_pass;		/* the entry is added inside the loop */
	bool add_first;		/* ... as the loop body's first statement */
	bool sleep_first;	/* `for (;;)`: the loop sleeps before its
				 * first test (TIOCMIWAIT style) */
	bool label_in_loop;	/* the statement is under a label at a
				 * loop body's top level (`end_loop:`) */
	bool io_sleep;		/* it sleeps in io_schedule*(): the time is
				 * I/O wait, which wait_event*() would not
				 * account */
};

void site_find(CXTranslationUnit tu, const struct wq_file *f,
	       const struct wq_finding *fd, struct site_ctx *sc);
void site_release(struct site_ctx *sc);

/* the loop, if or bare statement around the anchor */
void shape_of(const struct site_ctx *sc, struct loop_shape *ls);
/* Free the strings shape_of() or loop_of_entry() filled in. */
void shape_release(struct loop_shape *ls);
/* WQ002: the loop an add_wait_queue()d entry sleeps in */
void loop_of_entry(const struct site_ctx *sc, struct loop_shape *ls);
/* WQ002: a reason ID when the entry is used in a way no rewrite keeps */
const char *entry_misuse(const struct site_ctx *sc);
bool entry_indexed(const struct site_ctx *sc);
bool loop_text_after(const struct site_ctx *sc);
bool queue_by_address(const struct site_ctx *sc);
char *entry_misuse_text(const struct site_ctx *sc, const char *why);

const char *cond_side_effect(const char *cond);
bool cond_constant(const char *cond);
bool cond_only_locals(const struct site_ctx *sc, const char *cond);
/* a local of cond copied from shared state in the function, or NULL */
char *cond_stale_copy(const struct site_ctx *sc, const char *cond);
/* a flag set before the sleep and tested after it, or NULL */
char *flag_condition(const struct site_ctx *sc);

/* fix/prove/proof.c: a wait condition proven against every waker in the file */
enum proof_step {
	PS_OK, PS_NO_CANDIDATE, PS_TASK_STATE, PS_SIDE_EFFECT, PS_STALE_LOCAL,
	PS_TRUE_AT_SLEEP, PS_NO_WAKER, PS_REBASE, PS_WAKER,
};
struct cond_proof {
	enum proof_step step;
	char *cond;	/* proven (PS_OK), or the candidate that failed */
	char *why;	/* why it failed, naming the waker or the statement */
	char *wakers;	/* PS_OK: "the interrupt handler x() and the timer y()" */
};
/* guard: the negated guard or loop test of the sleep, or NULL */
void cond_prove(const struct site_ctx *sc, const char *guard,
		const char *func, struct cond_proof *pr);
void cond_proof_free(struct cond_proof *pr);
const char *proof_step_name(enum proof_step s);

/*
 * fix/plan/wevariant.c: the function whose kernel caller holds a spinlock
 * with interrupts off (kapi.def K_ATOMIC_START: a block request
 * function) that func is or is called from, one level; *via the call
 * that hands it over.  Allocated, or NULL.
 */
char *atomic_caller(const struct site_ctx *sc, const char *func,
		    const char **via);
/* fix/plan/wevariant.c: may the wait_event*() form be used, and which one */
struct fix_site;
struct fix_plan;
bool wait_event_gate(const struct site_ctx *sc, struct fix_site *s,
		     const struct cond_proof *pr, const struct fix_plan *p);
const char *tty_locked_callback(const struct site_ctx *sc, const char *func,
				char **via);

#endif /* WQPORT_SITE_H */
