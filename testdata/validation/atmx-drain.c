// SPDX-License-Identifier: GPL-2.0-only
/*
 * atmx.c -- close path of the ATMX 155 Mbit ATM adapter, as the 2.4
 * vendor tree carried it: closing a VC waits for the segmentation queue
 * to drain, yielding the CPU between looks, for at most 5 s of wall
 * time.
 *
 * Translation validation input (issue 37): the 5 s drain loop yields in
 * TASK_RUNNING, `timeout` counting the wall time down.  The batch port
 * wrote schedule_timeout_uninterruptible(timeout), which sleeps the whole
 * budget on the first pass; the right rewrite sleeps one tick per pass.
 * validate: atmx-drain-budget.rewrite unproven: 'schedule_timeout_uninterruptible(timeout)' at line 42 sleeps the whole remaining budget 'timeout' at once
 * validate: atmx-drain-tick.rewrite validated: 1 sleep, same queue, timeout and interrupts; running -> sleeping (TASK_UNINTERRUPTIBLE)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/atomic.h>

struct atmx_scq {
	atomic_t used;
	spinlock_t lock;
};

struct atmx_vc {
	struct atmx_scq *scq;
	unsigned int index;
	unsigned long flags;
};

#define ATMX_VC_TX_OPEN	0x01

static void atmx_close_tx(struct atmx_vc *vc)
{
	unsigned long timeout;

	vc->flags &= ~ATMX_VC_TX_OPEN;
	timeout = 5 * HZ;
	while (atomic_read(&vc->scq->used) > 0) {
		timeout = schedule_timeout(timeout);
		if (!timeout)
			break;
	}
	if (!timeout)
		printk(KERN_WARNING "atmx: VC %u: SCQ drain timeout\n",
		       vc->index);
}

void atmx_close(struct atmx_vc *vc)
{
	if (vc->flags & ATMX_VC_TX_OPEN)
		atmx_close_tx(vc);
}

MODULE_LICENSE("GPL");
