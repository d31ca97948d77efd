/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The record of one site of `wqport fix` (record.c fills it): what
 * happened to it, with what form, the sentences said of it, and the
 * facts those sentences rest on: the model check's environment and
 * result, the kernel the code is from and the one the rewrite needs.
 * Every per-site word the report writes (the text line, JSON, SARIF, the
 * HTML report, the patch subject and body) is formatted from a record;
 * the report composes no sentence from anything else and decides
 * nothing.  tools/record-test.py checks each sentence against the facts
 * of its record (`WQPORT_RECORD=1 wqport fix --format=json`).
 */
#ifndef WQPORT_RECORD_H
#define WQPORT_RECORD_H

#include "analysis.h"	/* enum kh_have */
#include "fix.h"

#define KW_MAX 16

/*
 * Which kernel, for a file (the records of its sites point at it): the
 * kernel the code is from (frontend/input/ktree.c, whatever --target says),
 * the one the rewrite is written for, the wait primitives the rewrite
 * writes that the original does not call, whether the code's kernel
 * has each (its tree's headers, else checker/target.def, else not
 * known: analysis/kheaders.c), and against which headers the result
 * was compiled (fix/validate/cc_check.c).
 */
struct kernel_facts {
	unsigned from;			/* the code's kernel, 0: not known */
	const char *from_file;		/* what said so, or NULL */
	unsigned target;		/* the rewrite's: --target or default */
	bool target_given;
	char *written[KW_MAX];		/* wait calls the rewrite adds */
	enum kh_have have[KW_MAX];	/* ... does the code's kernel have it */
	int nwritten;
	char *where;			/* whose answer: headers or table */
	/* the compile check: flags given after --, else wqport's shim */
	bool cc_flags;
	bool tree_known;		/* the file's tree has include/ */
	const char *cc_missing;		/* the header the input misses */
	/* the changed functions the check read again, and those replaced
	 * in place in an #if branch the flags do not compile, which
	 * neither the check nor clang read: "f(), g()" or NULL */
	bool checked;
	char *unchecked;
};

/* The properties the model check finds (model_facts' props, vmodel.c) */
enum mprop {
	P_LOST = 1,	/* asleep for ever, the condition true, waker done */
	P_TLOST = 2,	/* asleep until the timeout, the condition true */
	P_HANG = 4,	/* asleep for ever, the condition false */
	P_DEADLOCK = 8,	/* asleep holding the lock the waker takes */
	P_SPIN = 16,	/* schedule() in TASK_RUNNING again and again */
	P_LEAK = 32,	/* returns with its entry queued */
	P_STATE = 64,	/* returns in a sleeping state */
};

/*
 * What the model check generated from the file ran the site's function
 * against, and what it found (fix/modelcheck/vmodel.c fills it where it
 * words its verdict).  The environment's scope: the wakers of this file
 * it ran, a queue or task nothing may wake (timeouts only), a waker
 * outside this file that may run at any point.  The properties are
 * vmodel.c's (bit 0 a lost wake-up, 1 one lost until the timeout, 2 a
 * hang, 3 a sleep holding the waker's lock, 4 a busy loop, 5 an entry
 * left queued, 6 a sleeping state left), of each side.
 */
struct model_facts {
	bool ran;		/* the model ran the function to a verdict */
	bool no_waker;		/* nothing may wake one of its sleeps */
	bool outside;		/* a waker outside this file and its module */
	uint32_t outside_at;	/* ... of the sleeps (by ordinal) on its
				 * queue, when each sleep's queue is known
				 * (outside_known) */
	bool outside_known;
	bool kstop;		/* it tests kthread_should_stop(): a
				 * kthread_stop(), from any file, wakes it */
	bool complete;		/* every waker there can be was run */
	bool dropped;		/* a queue had more wakers than the model
				 * runs (MAXWAKERS): the rest were not */
	char files[160];	/* the module's other files with a waker */
	char unordered[200];	/* a waker that tests waitqueue_active()
				 * before its wake-up with no lock held and
				 * no full barrier ("wake_up(&q) in foo()"):
				 * on SMP it can miss a sleeper being queued,
				 * which the model, one order of memory,
				 * does not see; or "" */
	char entered[300];	/* "f() is entered holding L, as every call
				 * of it in this file is made (...)": the
				 * runs had f hold L from its entry; or "" */
	int nwakers;		/* the wakers it ran (those two included) */
	unsigned long long schedules;	/* interleavings of the rewrite */
	bool capped;		/* ... more than that */
	unsigned orig_props, new_props;
	bool configs;		/* in each #if configuration read as C */
	bool file;		/* a waker of this file was run */
	bool lost_plain;	/* the rewrite's lost wake-up: nothing the
				 * model left out would close it */
	char lost_if[1024];	/* else what would ("the waker ... takes X"),
				 * for each waker whose loss it would close,
				 * joined by " and " */
	bool orig_lost_plain;	/* the same of the original's lost wake-up */
	char orig_lost_if[1024];
	/*
	 * The wakers whose runs found a lost wake-up, named when another
	 * waker's run found none (else "a lost wake-up" is every waker's):
	 * what each is, the sleeps (by ordinal) its runs found the loss
	 * in, and whether it is plain (no exclusion the model left out
	 * closes it).
	 */
	int nlost_by;
	char lost_by[2][200];
	uint32_t lost_by_at[2];
	bool lost_by_plain[2];	/* ... and whether no exclusion closes it */
	/*
	 * Per sleep, by its ordinal in the function (the original's line;
	 * nsleeps 0 when the two sides do not have as many sleeps): where
	 * each property was found on each side, and the rewrite's sleeps
	 * a run had the waiter asleep in.  A site's words speak of its own
	 * sleeps (fix/outcome.c).
	 */
	int nsleeps;
	unsigned sleep_line[32];
	uint32_t orig_at[8], new_at[8];
	uint32_t reached;
	/*
	 * Per side, of a lost wake-up (0) and one lost until the timeout
	 * (1): the sleeps where a run found it on the waiting arm of a test
	 * that names what its waker writes (or whose waker's writes were
	 * not read).  Found only elsewhere, it needs the waker to run
	 * before the sleeper is queued with its state set, and the words
	 * say so.
	 */
	uint32_t orig_seen[2], new_seen[2];
	unsigned asleep_in;	/* the states the rewrite slept in: 1
				 * uninterruptible, 2 interruptible, 4
				 * killable; 8: a sleep of them was timed
				 * (vmodel.h M_*) */
	/*
	 * The rewrite's wait-loop exits tested before the loop's state
	 * write where a later test hides them from the model (its
	 * condition is one flag): their lines, the sleeps of those loops,
	 * and whether the original tests such an exit too.
	 */
	int nearly;
	unsigned early_line[4];
	unsigned early_skip;	/* bit i: early_line[i]'s arm skips the
				 * pass's sleep (`continue`), not an exit */
	uint32_t early_at;
	bool early_orig;
	unsigned early_unlock;	/* the line of a lock such a loop drops
				 * between its state write and its sleep
				 * (not every waker takes it), or 0 */
};

/* The record of one site. */
struct site_outcome {
	int rule;
	struct wq_pos pos;
	enum fix_outcome outcome;	/* FO_CONVERT, FO_CAVEAT or FO_REFUSE */
	const char *outcome_word;	/* its name: "converted", ... */
	const char *reason;		/* FO_REFUSE: reason ID */
	const char *anchor, *form;
	const char *func;		/* the function it is in */
	unsigned fn_first, fn_last;	/* lines of its function */
	unsigned with_line;		/* FO_REFUSE: the line of the planned
					 * site whose change rewrote this
					 * site's line too, or 0 */
	char *text;
	const struct wq_note *notes;	/* the finding's, in the plan */
	int nnotes;
	const char *proof;		/* converted: the validation's result */
	const char *model;		/* converted: the model check's verdict */
	char *model_site;		/* ... worded for this site's sleeps
					 * (model points at it), or NULL */
	uint32_t sleeps;		/* those sleeps, by ordinal (mf's);
					 * ~0u: the whole function's */
	struct model_facts mf;		/* ... and what it rests on */
	const struct kernel_facts *kernel;	/* its file's */
};

#endif /* WQPORT_RECORD_H */
