// SPDX-License-Identifier: GPL-2.0-only
/*
 * xdev_wait.c -- the wait of the XDEV character driver's read path; its
 * interrupt handler, which sets x->done and wakes x->wq, is xdev_irq.c.
 *
 * wqport fixture (issue 37): what xdev-state-plain-ko.c becomes, the
 * wait written with wait_event_interruptible(); nothing to report.
 */
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct xdev {
	wait_queue_head_t wq;
	int done;
};

int xdev_wait(struct xdev *x)
{
	int ret = 0;

	ret = wait_event_interruptible(x->wq, READ_ONCE(x->done));
	return ret;
}
