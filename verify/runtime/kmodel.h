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
};

int task_idx(struct task_struct *p);
struct ktask *kcur(void);

#endif /* WQV_KMODEL_H */
