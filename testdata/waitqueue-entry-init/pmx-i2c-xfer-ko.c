// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a 2.6.2x-era I2C bus driver, half converted to
 * prepare_to_wait(): the loop was rewritten, the entry was not.  The
 * DECLARE_WAITQUEUE() entry's list is { NULL, NULL }, which
 * prepare_to_wait() takes for one already queued: the task is never
 * queued, the completion interrupt never wakes it (each sleep lasts its
 * timeout), and finish_wait() unlinks the entry through NULL pointers.
 * The words must say that, not "'wait' is queued here" (g12 14:439).
 */
#include <linux/module.h>
#include <linux/i2c.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define PMX_I2C_STAT	0x08
#define PMX_STAT_DONE	0x01
#define PMX_STAT_NAK	0x02

struct pmx_i2c {
	void __iomem *base;
	wait_queue_head_t xfer_wait;
	u32 status;
};

static irqreturn_t pmx_i2c_irq(int irq, void *dev_id)
{
	struct pmx_i2c *bus = dev_id;

	bus->status = readl(bus->base + PMX_I2C_STAT);
	wake_up(&bus->xfer_wait);
	return IRQ_HANDLED;
}

static int pmx_i2c_wait_done(struct pmx_i2c *bus)
{
	DECLARE_WAITQUEUE(wait, current);	/* expect: WQ008 */
	long left = HZ / 10;

	for (;;) {
		prepare_to_wait(&bus->xfer_wait, &wait, TASK_UNINTERRUPTIBLE);
		if (bus->status & (PMX_STAT_DONE | PMX_STAT_NAK))
			break;
		if (!left)
			break;
		left = schedule_timeout(left);
	}
	finish_wait(&bus->xfer_wait, &wait);
	if (!left)
		return -ETIMEDOUT;
	return bus->status & PMX_STAT_NAK ? -EREMOTEIO : 0;
}
