// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: an open-coded uninterruptible wait with a timeout.
 * The entry is set up with init_waitqueue_entry() rather than
 * DECLARE_WAITQUEUE, the loop sleeps with schedule_timeout() and keeps
 * the remaining time.  Ordering is right; WQ002 only (the conversion
 * target is wait_event_timeout()).
 */
#include <linux/module.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/types.h>
#include <linux/wait.h>

#define LUMO_I2C_CTRL		0x00
#define LUMO_I2C_STAT		0x04
#define LUMO_I2C_DATA		0x08
#define LUMO_I2C_CTRL_GO	0x01
#define LUMO_I2C_STAT_DONE	0x01
#define LUMO_I2C_STAT_NAK	0x02

struct lumo_i2c {
	void __iomem *base;
	wait_queue_head_t xfer_wait;
	bool xfer_done;
	u32 xfer_status;
};

static irqreturn_t lumo_i2c_irq(int irq, void *dev_id)
{
	struct lumo_i2c *li = dev_id;
	u32 stat = readl(li->base + LUMO_I2C_STAT);

	if (!stat)
		return IRQ_NONE;
	writel(stat, li->base + LUMO_I2C_STAT);
	li->xfer_status = stat;
	li->xfer_done = true;
	wake_up(&li->xfer_wait);
	return IRQ_HANDLED;
}

static int lumo_i2c_xfer_byte(struct lumo_i2c *li, u8 byte)
{
	wait_queue_entry_t wait;
	long timeout = msecs_to_jiffies(100);

	li->xfer_done = false;
	init_waitqueue_entry(&wait, current);
	add_wait_queue(&li->xfer_wait, &wait);	/* expect: WQ002 fix=caveat */

	writel(byte, li->base + LUMO_I2C_DATA);
	writel(LUMO_I2C_CTRL_GO, li->base + LUMO_I2C_CTRL);

	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (li->xfer_done || !timeout)
			break;
		timeout = schedule_timeout(timeout);
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&li->xfer_wait, &wait);

	if (!li->xfer_done)
		return -ETIMEDOUT;
	if (li->xfer_status & LUMO_I2C_STAT_NAK)
		return -ENXIO;
	return 0;
}

static int lumo_i2c_write(struct lumo_i2c *li, const u8 *buf, int len)
{
	int i, ret;

	for (i = 0; i < len; i++) {
		ret = lumo_i2c_xfer_byte(li, buf[i]);
		if (ret)
			return ret;
	}
	return len;
}

static int lumo_i2c_setup(struct lumo_i2c *li, int irq)
{
	init_waitqueue_head(&li->xfer_wait);
	return request_irq(irq, lumo_i2c_irq, 0, "lumo_i2c", li);
}
