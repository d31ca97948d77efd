// SPDX-License-Identifier: GPL-2.0-only
/*
 * atmx.c -- close path of the ATMX 155 Mbit ATM adapter, as the 2.4
 * vendor tree carried it: closing a VC waits for the segmentation queue
 * to drain, yielding the CPU between looks, for at most 5 s of wall
 * time.
 *
 * wqport fixture (issue 37): `timeout = schedule_timeout(timeout)` runs
 * in TASK_RUNNING, so each pass yields and `timeout` counts the elapsed
 * jiffies down.  schedule_timeout_uninterruptible(timeout) in its place
 * would sleep the whole 5 s on the first pass (nothing wakes the task)
 * and every close would print "SCQ drain timeout".  The fix sleeps one
 * tick per pass and keeps the budget by jiffies; the validation says
 * "running -> sleeping" and refuses the whole-budget sleep.
 * Fixed for its own 2.4 tree, which has no schedule_timeout_*()
 * helpers: the state is set by hand before each one-tick sleep
 * (atmx-scq-drain-ko.c is the same driver ported to today's kernel).
 * wqport-args: --target=2.4.37
 * wqport-fix-args: --target=2.4.37
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
		timeout = schedule_timeout(timeout);	/* expect: WQ004 fix=converted */
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
