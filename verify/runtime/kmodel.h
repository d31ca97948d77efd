/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to the kernel half of the model: the per-task record that
 * kmodel.c keeps and klocks.c reads.
 */
#ifndef WQV_KMODEL_H
#define WQV_KMODEL_H

struct ktask {
	struct task_struct ts;
	unsigned int seen_state;	/* the state at the last model call */
	int intent;			/* a sleeping state was set since the last sleep */
	int running_scheds;		/* schedule() calls in TASK_RUNNING, in a row */
	int sleeping;			/* blocked in schedule() */
	int timer_active;
	unsigned long timer_expires;
	int spin_held;
	int skipped_by;			/* passed over by an exclusive wake-up of this task + 1 */
	/*
	 * A wake-up aimed at this task (wake_up_process(), wake_up_state(),
	 * its entry's wake function) that came while its condition held and
	 * woke no sleep: it found the task between setting a sleeping state
	 * and schedule(), or in a state it does not wake.  Cleared when a
	 * schedule() returns at once on it, when the task sets TASK_RUNNING
	 * itself or is woken from a sleep by a wake-up aimed at it, and when
	 * its condition is false again.
	 */
	int spent_by;			/* the waker + 1, 0: none */
	const char *spent_call;
	const char *spent_file;
	int spent_line;
	unsigned int spent_state;	/* the task's state the wake-up found */
	int spent_ran;			/* ... and set TASK_RUNNING (else: a state it does not wake) */
};

/* try_to_wake_up() for the wake-ups aimed at no task in particular (a signal). */
int wqv_k_wake(struct task_struct *p, unsigned int state);

int task_idx(struct task_struct *p);
struct ktask *kcur(void);

#endif /* WQV_KMODEL_H */
