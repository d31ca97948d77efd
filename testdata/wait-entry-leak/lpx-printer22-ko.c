// SPDX-License-Identifier: GPL-2.0-only
/*
 * lpx.c -- LPX-9 line printer port, a 2.2 character driver.
 *
 * wqport fixture: the 2.2 wait entry, a `struct wait_queue` a task and a
 * link initialised by hand, on a queue that is a `struct wait_queue *`.
 * The checker must take it as an on-stack wait entry: the write loop
 * returns on a signal with the entry still queued (WQ006), and both
 * loops are open-coded waits (WQ002).  No site converts: the queue is
 * not a wait_queue_head_t, so no wait_event*() applies before a port.
 * wqport-args: --target=2.4.37
 * wqport-test: shim-only (linux/config.h is gone since 2.6.19, struct wait_queue since 2.3)
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/uaccess.h>

static struct wait_queue *lpx_wait = NULL;
static volatile int lpx_busy;
static volatile int lpx_ack;

static int lpx_wait_ready(void)
{
	struct wait_queue wait = { current, NULL };

	add_wait_queue(&lpx_wait, &wait);	/* expect: WQ002 fix=refused:old-wait-api */
	for (;;) {
		current->state = TASK_INTERRUPTIBLE;
		if (!lpx_busy)
			break;
		if (signal_pending(current))
			return -EINTR;	/* expect: WQ005 fix=refused:old-wait-api WQ006 fix=refused:old-wait-api */
		schedule();
	}
	current->state = TASK_RUNNING;
	remove_wait_queue(&lpx_wait, &wait);
	return 0;
}

static int lpx_wait_ack(void)
{
	struct wait_queue wait = { current, NULL };
	int ret = 0;

	add_wait_queue(&lpx_wait, &wait);	/* expect: WQ002 fix=refused:old-wait-api */
	for (;;) {
		current->state = TASK_INTERRUPTIBLE;
		if (lpx_ack)
			break;
		if (signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		schedule();
	}
	current->state = TASK_RUNNING;
	remove_wait_queue(&lpx_wait, &wait);
	return ret;
}

static void lpx_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	lpx_busy = 0;
	lpx_ack = 1;
	wake_up_interruptible(&lpx_wait);
}
