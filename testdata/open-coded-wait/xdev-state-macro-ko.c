// SPDX-License-Identifier: GPL-2.0-only
/*
 * xdev_wait.c -- the wait of the XDEV character driver's read path; its
 * interrupt handler, which sets x->done and wakes x->wq, is xdev_irq.c.
 *
 * wqport fixture (issue 37), the smallest form: the state is written
 * through a macro of the file, so the in-place conversion deleted
 * add_wait_queue() and wrote no prepare_to_wait(): nothing queued the
 * task, and the proof said "as in the original: a hang, no waker in the
 * file".  Refused: the waker is outside this file.
 */
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define xdev_set_state(s)	set_current_state(s)

struct xdev {
	wait_queue_head_t wq;
	int done;
};

int xdev_wait(struct xdev *x)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&x->wq, &wait);	/* expect: WQ002 fix=refused:unproven */
	for (;;) {
		xdev_set_state(TASK_INTERRUPTIBLE);
		if (READ_ONCE(x->done))
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&x->wq, &wait);
	return ret;
}
