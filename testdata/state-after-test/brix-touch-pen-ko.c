// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: test, then set_current_state(), then schedule(), with
 * no wait queue at all: the pen-down interrupt wakes the recorded
 * reader task with wake_up_process().  A pen event arriving between
 * the while test and the state change is lost.  The signal_pending()
 * check between the state change and schedule() is not a re-test of
 * the condition.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>

#define BRIX_TS_XY		0x00
#define BRIX_TS_STAT		0x04
#define BRIX_TS_STAT_PENDOWN	0x01

struct brix_touch {
	void __iomem *base;
	struct task_struct *reader;
	int pen_event;
	u32 last_xy;
};

static struct brix_touch brix_ts;

static irqreturn_t brix_touch_irq(int irq, void *dev_id)
{
	struct brix_touch *ts = dev_id;

	if (!(readl(ts->base + BRIX_TS_STAT) & BRIX_TS_STAT_PENDOWN))
		return IRQ_NONE;

	ts->last_xy = readl(ts->base + BRIX_TS_XY);
	ts->pen_event = 1;
	if (ts->reader)
		wake_up_process(ts->reader);
	return IRQ_HANDLED;
}

static ssize_t brix_touch_read(struct file *file, char __user *buf,
			       size_t count, loff_t *ppos)
{
	struct brix_touch *ts = &brix_ts;
	u32 xy;

	if (count < sizeof(xy))
		return -EINVAL;

	ts->reader = current;
	while (!ts->pen_event) {
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=refused:no-patch */
		if (signal_pending(current)) {
			__set_current_state(TASK_RUNNING);
			ts->reader = NULL;
			return -ERESTARTSYS;
		}
		schedule();
	}
	ts->reader = NULL;
	ts->pen_event = 0;

	xy = ts->last_xy;
	if (copy_to_user(buf, &xy, sizeof(xy)))
		return -EFAULT;
	return sizeof(xy);
}

static const struct file_operations brix_touch_fops = {
	.owner	= THIS_MODULE,
	.read	= brix_touch_read,
};

static int brix_touch_setup(struct brix_touch *ts, int irq)
{
	return request_irq(irq, brix_touch_irq, 0, "brix_touch", ts);
}
