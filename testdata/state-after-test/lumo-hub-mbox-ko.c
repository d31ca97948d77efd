// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: an exclusive, uninterruptible wait with a timeout in
 * the wrong order.  Callers queue for the sensor hub's single mailbox
 * with prepare_to_wait_exclusive(), but the mailbox is tested in the
 * while head before it and not again before schedule_timeout(): a
 * release in that window costs the caller its whole timeout.
 */
#include <linux/module.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/types.h>
#include <linux/wait.h>

#define LUMO_HUB_MBOX_CMD	0x00
#define LUMO_HUB_MBOX_ARG	0x04
#define LUMO_HUB_MBOX_STAT	0x08
#define LUMO_HUB_MBOX_BUSY	0x01

struct lumo_hub {
	void __iomem *base;
	wait_queue_head_t mbox_wait;
	bool mbox_free;
};

static irqreturn_t lumo_hub_irq(int irq, void *dev_id)
{
	struct lumo_hub *lh = dev_id;

	if (readl(lh->base + LUMO_HUB_MBOX_STAT) & LUMO_HUB_MBOX_BUSY)
		return IRQ_NONE;
	lh->mbox_free = true;
	wake_up(&lh->mbox_wait);
	return IRQ_HANDLED;
}

static int lumo_hub_send(struct lumo_hub *lh, u32 cmd, u32 arg)
{
	DEFINE_WAIT(wait);
	long timeout = msecs_to_jiffies(500);

	while (!lh->mbox_free && timeout) {
		prepare_to_wait_exclusive(&lh->mbox_wait, &wait,	/* expect: WQ003 fix=converted */
					  TASK_UNINTERRUPTIBLE);
		timeout = schedule_timeout(timeout);
	}
	finish_wait(&lh->mbox_wait, &wait);

	if (!lh->mbox_free)
		return -ETIMEDOUT;

	lh->mbox_free = false;
	writel(arg, lh->base + LUMO_HUB_MBOX_ARG);
	writel(cmd, lh->base + LUMO_HUB_MBOX_CMD);
	return 0;
}

static int lumo_hub_set_rate(struct lumo_hub *lh, unsigned int sensor,
			     unsigned int hz)
{
	return lumo_hub_send(lh, 0x10 | sensor, hz);
}

static int lumo_hub_setup(struct lumo_hub *lh, int irq)
{
	lh->mbox_free = true;
	init_waitqueue_head(&lh->mbox_wait);
	return request_irq(irq, lumo_hub_irq, 0, "lumo_hub", lh);
}
