/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fix engine: plan (plan.c) -> rewrite by spatch (spatch.c) ->
 * verify (verify.c) -> output (cmd.c).
 *
 * The planner reads the checker's findings and the AST around each one
 * and decides, per site, what to do: convert, convert with a caveat,
 * convert only with --unsafe, or refuse with a reason.  The semantic
 * patches do the rewriting of the planned sites only; the verifier then
 * reparses and rechecks what came back before anything is shown.
 */
#ifndef WQPORT_FIX_H
#define WQPORT_FIX_H

#include "wqport.h"

enum fix_outcome {
	FO_CONVERT,	/* meaning kept */
	FO_CAVEAT,	/* meaning kept, but a reviewer should know */
	FO_UNSAFE,	/* may change behaviour: only with --unsafe */
	FO_REFUSE,	/* left alone, with a reason */
	FO_COVERED,	/* another site's conversion rewrites this one */
	FO_KEEP,	/* converted to what the old call did, race
			 * included (ptw.c): no form keeps the meaning
			 * and closes the race */
};

struct fix_site {
	int rule;
	struct wq_pos pos;	/* the anchor: the finding's position */
	char *func;
	char *anchor;		/* API name at the anchor */
	enum fix_outcome outcome;
	const char *form;	/* primitive the rewrite uses, or NULL */
	char *cond;		/* condition for shapes that have none */
	char *lock;		/* lock of the _lock_irq forms */
	char *note;		/* caveat, or the refusal's explanation */
	const char *reason;	/* reason ID (refused or unsafe) */
	unsigned fn_first, fn_last;	/* lines of the enclosing function */
	const char *started_by;	/* queued before this call that starts
				 * what wakes the queue (add_timer(), ...):
				 * the model does not order its waker after
				 * it (ptw.c), or NULL */
	bool unparsed;		/* found by its tokens: the parse did not
				 * show its function, which no analysis read */
	bool keep_loop;		/* convert the sleep, keep the loop around it */
	char *exit_before;	/* the test of an exit made before the sleep
				 * in its loop (`if (!open) return 0;`), which
				 * the state-after-test fix does not make
				 * again, or NULL */
	char *other_waker;	/* a waker of its queue in the file that
				 * changes only what the loop's test does not
				 * read, and the loop's body reads after the
				 * sleep ("ost_queue_req() (it changes
				 * 'OST->ost_reqs')"): the test made again
				 * does not close the race for it; or NULL */
	bool stop_only;		/* its loop tests kthread_should_stop() alone
				 * and the queue has other wakers: made
				 * again, it closes the race for
				 * kthread_stop() only */
	bool shape_refused;	/* refused for the loop's shape, which no
				 * form changes: the in-place entry form
				 * keeps that reason (plan/entry.c) */
	char *edits;		/* the in-place entry form's edits (entry.c) */
	char *eq, *ew;		/* ... its queue and entry, as written */
	bool port_queues;	/* port the file's 2.0-2.2 queue and entry
				 * declarations with it (ptw.c) */
	struct wq_note *notes;	/* the finding's notes (JSON, --report) */
	int nnotes;
	bool planned;		/* handed to spatch */
	bool done;		/* the finding is gone after the rewrite */
	bool unchecked;		/* replaced in place in an #if branch the
				 * flags do not compile: nothing read the
				 * result (plan/ptw.c) */
};

struct fix_fn {
	char *name;
	unsigned start, end;	/* byte offsets in the text */
};

struct fix_plan {
	struct fix_site *s;
	int n, cap;
	struct fix_fn *fns;	/* every function defined in the file */
	int nfns;
	char **blocked;		/* functions not to rewrite (verification) */
	int nblocked;
	char **in_place;	/* functions whose WQ002 sites take the in-place
				 * entry form: the other form matched nothing */
	int nin_place;
	char **model_refused;	/* functions whose wait_event*() form the
				 * generated model check refused ... */
	char **model_why;	/* ... and why: they keep the faithful form */
	int nmodel_refused;
	bool entry_pass;	/* spatch_apply(): the in-place entry patch
				 * only, the shape patches having run */
	bool unsafe;		/* --unsafe: apply FO_UNSAFE sites too */
	bool no_keep_race;	/* --no-keep-race: refuse, not FO_KEEP */
	unsigned target;	/* --target, as KERNEL_VERSION(a, b, c) */
	/* the kernel the file is from (frontend/input/ktree.c), 0: not known,
	 * and its tree's include folder (interned), whose headers the
	 * API claims of the words read (analysis/kheaders.c) */
	unsigned kernel;
	const char *kinc;
};

#define WQ_DEFAULT_TARGET WQ_KVER(6, 1, 0)

/* The note of a WQ006/WQ005 return that the in-place form fixes. */
#define FINISH_BEFORE_RETURN \
	"finish_wait() before the return: the entry leaves the queue and the task is TASK_RUNNING on this path too"

/*
 * cc_check.c: the first compiler error of the rewritten text (f1) whose
 * message the input (f0) does not have, or NULL; the header the input
 * misses, or NULL.
 */
char *new_cc_error(const struct wq_file *f0, const struct wq_file *f1,
		   const char *buf, size_t len);
char *missing_header_of(const struct wq_file *f0);

/*
 * The line of the first 2.0-2.2 `struct wait_queue` left in buf, the
 * text of a rewrite whose plan ports the file's queues (plan/ptw.c), and
 * in *decl that declaration (allocated), or 0: a queue or entry the
 * semantic patch did not port (spatch skipped it) does not build beside
 * the converted sleeps.
 */
unsigned old_queues_left(const struct fix_plan *p, const char *buf, size_t len,
			 char **decl);

/* Is form the in-place entry form (entry.c)? */
bool form_in_place(const char *form);
/* the kapi.def row of the primitive a planned form writes, or NULL */
const struct kapi_form *form_row(const char *form);
/* is it a wait_event*() (KF_EVENT) / prepare_to_wait*() (KF_PREPARE) form */
bool form_is(const char *form, enum kform_family family);

/* tu_hook for check_buffer(): plan every finding of the file. */
void plan_file(void *tu, struct wq_file *f, void *plan);
void plan_release(struct fix_plan *p);
const char *outcome_name(enum fix_outcome o);
/*
 * Is the site applied by the fix: converted (with or without a caveat),
 * rewritten by another site's conversion (FO_COVERED), converted keeping
 * its race (FO_KEEP), or unsafe and --unsafe given?  The one definition,
 * for the planner, the verification and the outcomes.
 */
bool site_applied(const struct fix_site *s, bool unsafe);

/* Run the semantic patches of the planned sites; see spatch.c. */
struct spatch_env {
	const char *spatch;	/* program */
	const char *cocci_dir;	/* semantic-patches/ */
	const char *tmpdir;	/* private scratch directory */
	int timeout_s;		/* --spatch-timeout: per spatch run, 0: none */
};

/*
 * 0, -1 with *err set, 1: run again on a fresh plan with entry_pass, or 2:
 * a file of the rule changed the text and the later ones wait for a fresh
 * plan of it (run again)
 */
int spatch_apply(const struct spatch_env *env, const char *path,
		 const struct fix_plan *plan, int rule, char **text,
		 size_t *len, char **err);
bool spatch_has_rule(const struct spatch_env *env, int rule);

/* Break the rewrite's new lines wider than 80 columns; see layout.c. */
void layout_new_lines(const char *orig, size_t olen, char **text, size_t *len);
/* Put back the comments of replaced lines spatch dropped; layout_comments.c */
void keep_comments(const char *orig, size_t olen, char **text, size_t *len);
/* The rewrite in a pre-2.6 target's 2.4 primitives; lower.c */
bool lower_for_target(const char *orig, size_t olen, char **text,
		      size_t *len, unsigned target);
/* Columns of s[0, n) with 8-column tabs (layout.c) */
unsigned layout_width(const char *s, size_t n);

/* `wqport fix ...`: argv[0] is "fix" */
int fix_main(int argc, char **argv, const char *shim_dir, const char *cocci_dir);

#endif /* WQPORT_FIX_H */
