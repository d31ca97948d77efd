// SPDX-License-Identifier: GPL-2.0-only
/*
 * atmx.c -- close path of the ATMX 155 Mbit ATM adapter, as the 2.4
 * vendor tree carried it: closing a VC waits for the segmentation queue
 * to drain, yielding the CPU between looks, for at most 5 s of wall
 * time.
 *
 * wqport fixture (issue 37): atmx-scq-drain-ko.c as the fix leaves it,
 * one tick per pass with the 5 s budget kept by jiffies: nothing to
 * report.
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
		{
			unsigned long deadline = jiffies + timeout;

			schedule_timeout_uninterruptible(1);
			if (time_before(jiffies, deadline))
				timeout = deadline - jiffies;
			else
				timeout = 0;
		}
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
