// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: waits woken by wake_up_process() with the state set
 * before the test.  The reader has a lock-free fast path that tests the
 * flag before any state change (a near miss: nothing sleeps on that
 * path); the loop sets TASK_INTERRUPTIBLE first, then tests.  The
 * filter thread tests kthread_should_stop() in its loop head, sets the
 * state, and re-tests both conditions before schedule().
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>

#define BRIX_TS_XY		0x00
#define BRIX_TS_STAT		0x04
#define BRIX_TS_STAT_PENDOWN	0x01

struct brix_touch {
	void __iomem *base;
	struct task_struct *reader;
	struct task_struct *filter;
	int pen_event;
	int raw_pending;
	u32 raw_xy;
	u32 last_xy;
};

static struct brix_touch brix_ts;

static irqreturn_t brix_touch_irq(int irq, void *dev_id)
{
	struct brix_touch *ts = dev_id;

	if (!(readl(ts->base + BRIX_TS_STAT) & BRIX_TS_STAT_PENDOWN))
		return IRQ_NONE;

	WRITE_ONCE(ts->raw_xy, readl(ts->base + BRIX_TS_XY));
	WRITE_ONCE(ts->raw_pending, 1);
	wake_up_process(ts->filter);
	return IRQ_HANDLED;
}

static int brix_touch_filter(void *data)
{
	struct brix_touch *ts = data;

	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!READ_ONCE(ts->raw_pending) && !kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);

		if (!READ_ONCE(ts->raw_pending))
			continue;
		WRITE_ONCE(ts->raw_pending, 0);
		ts->last_xy = READ_ONCE(ts->raw_xy) & 0x0fff0fff;
		WRITE_ONCE(ts->pen_event, 1);
		if (ts->reader)
			wake_up_process(ts->reader);
	}
	return 0;
}

static ssize_t brix_touch_read(struct file *file, char __user *buf,
			       size_t count, loff_t *ppos)
{
	struct brix_touch *ts = &brix_ts;
	int ret = 0;
	u32 xy;

	if (count < sizeof(xy))
		return -EINVAL;

	if (READ_ONCE(ts->pen_event))
		goto have_event;
	if (file->f_flags & O_NONBLOCK)
		return -EAGAIN;

	ts->reader = current;
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (READ_ONCE(ts->pen_event))
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	ts->reader = NULL;
	if (ret)
		return ret;

have_event:
	WRITE_ONCE(ts->pen_event, 0);
	xy = ts->last_xy;
	if (copy_to_user(buf, &xy, sizeof(xy)))
		return -EFAULT;
	return sizeof(xy);
}

static int brix_touch_setup(struct brix_touch *ts, int irq)
{
	int ret;

	ts->filter = kthread_run(brix_touch_filter, ts, "brix_ts");
	if (IS_ERR(ts->filter))
		return PTR_ERR(ts->filter);

	ret = request_irq(irq, brix_touch_irq, 0, "brix_touch", ts);
	if (ret)
		kthread_stop(ts->filter);
	return ret;
}
