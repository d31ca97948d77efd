// SPDX-License-Identifier: GPL-2.0-only
/*
 * xdev_wait.c -- the wait of the XDEV character driver's read path; its
 * interrupt handler, which sets x->done and wakes x->wq, is xdev_irq.c.
 *
 * wqport fixture (issue 37), the converted sibling of
 * xdev-state-macro-ko.c: the state is set with set_current_state(), so
 * the loop collapses into wait_event_interruptible(); the model runs it
 * against a waker outside this file, at any point.
 */
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#include "xdev.h"

int xdev_wait(struct xdev *x)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&x->wq, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
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
