// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the same I2C bus driver at another point of its
 * conversion: the DECLARE_WAITQUEUE() entry is still queued with
 * add_wait_queue() before the loop, and the loop itself was moved to
 * prepare_to_wait().  Queued first, the entry is on the queue when
 * prepare_to_wait() looks, which leaves it there: the wait works, but
 * the entry stays queued through every wake-up until finish_wait(),
 * and the finding says so (not the never-queued case).
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct pmx_i2c {
	void __iomem *base;
	wait_queue_head_t xfer_wait;
	u32 status;
};

static irqreturn_t pmx_i2c_irq(int irq, void *dev_id)
{
	struct pmx_i2c *bus = dev_id;

	bus->status = readl(bus->base + 0x08);
	wake_up(&bus->xfer_wait);
	return IRQ_HANDLED;
}

int pmx_i2c_wait_done(struct pmx_i2c *bus)
{
	DECLARE_WAITQUEUE(wait, current);	/* expect: WQ008 */
	long left = HZ / 10;

	add_wait_queue(&bus->xfer_wait, &wait);	/* expect: WQ002 */
	for (;;) {
		prepare_to_wait(&bus->xfer_wait, &wait, TASK_UNINTERRUPTIBLE);
		if (bus->status & 1)
			break;
		if (!left) {
			finish_wait(&bus->xfer_wait, &wait);
			return -ETIMEDOUT;
		}
		left = schedule_timeout(left);
	}
	finish_wait(&bus->xfer_wait, &wait);
	return 0;
}
EXPORT_SYMBOL(pmx_i2c_wait_done);

int pmx_i2c_setup(struct pmx_i2c *bus)
{
	init_waitqueue_head(&bus->xfer_wait);
	return request_irq(21, pmx_i2c_irq, 0, "pmx-i2c", bus);
}
EXPORT_SYMBOL(pmx_i2c_setup);

MODULE_LICENSE("GPL");
