// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: open-coded wait loops bounded by a timeout, each exit
 * (condition, signal, time up) with its own error code, as 2.6-era
 * drivers waited for a conversion or a command's completion.
 * Developers collapsed them into wait_event_interruptible_timeout() /
 * wait_event_timeout(), whose result tells the exits apart (0: time up,
 * < 0: a signal).  An unsigned timeout variable cannot hold the
 * -ERESTARTSYS: that loop keeps its shape.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/miscdevice.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define LXM_DATA	0x00
#define LXM_STAT	0x04
#define LXM_CTRL	0x08
#define LXM_STAT_RDY	0x01
#define LXM_CTRL_START	0x01
#define LXM_CTRL_CAL	0x02

struct lxm_sensor {
	void __iomem *regs;
	wait_queue_head_t wait;
	int ready;
	int cmd_done;
	int gone;
	int error;
	u32 sample;
};

static struct lxm_sensor lxm_dev;

static irqreturn_t lxm_irq(int irq, void *data)
{
	struct lxm_sensor *ls = data;

	if (!(readl(ls->regs + LXM_STAT) & LXM_STAT_RDY))
		return IRQ_NONE;
	ls->sample = readl(ls->regs + LXM_DATA);
	ls->ready = 1;
	ls->cmd_done = 1;
	wake_up(&ls->wait);
	return IRQ_HANDLED;
}

/* every exit its own code: the time up, a signal */
static int lxm_convert(struct lxm_sensor *ls)
{
	DECLARE_WAITQUEUE(wait, current);
	long timeout = HZ / 2;
	int ret = 0;

	ls->ready = 0;
	writel(LXM_CTRL_START, ls->regs + LXM_CTRL);
	add_wait_queue(&ls->wait, &wait);	/* expect: WQ002 fix=caveat */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (ls->ready)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		timeout = schedule_timeout(timeout);
		if (!timeout) {
			ret = -ETIMEDOUT;
			break;
		}
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&ls->wait, &wait);
	return ret;
}

/* uninterruptible: only the time up ends it early */
static int lxm_reset(struct lxm_sensor *ls)
{
	DECLARE_WAITQUEUE(wait, current);
	long timeout = 2 * HZ;
	int ret = 0;

	ls->cmd_done = 0;
	writel(0, ls->regs + LXM_CTRL);
	add_wait_queue(&ls->wait, &wait);	/* expect: WQ002 fix=caveat */
	while (!ls->cmd_done) {
		set_current_state(TASK_UNINTERRUPTIBLE);	/* expect: WQ003 fix=converted */
		timeout = schedule_timeout(timeout);
		if (timeout == 0) {
			ret = -EIO;
			break;
		}
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&ls->wait, &wait);
	return ret;
}

/* the time left tested before the sleep, the signal after it */
static int lxm_calibrate(struct lxm_sensor *ls)
{
	DECLARE_WAITQUEUE(wait, current);
	long timeout = HZ;
	int ret = 0;

	ls->ready = 0;
	writel(LXM_CTRL_START | LXM_CTRL_CAL, ls->regs + LXM_CTRL);
	add_wait_queue(&ls->wait, &wait);	/* expect: WQ002 fix=caveat */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (ls->ready)
			break;
		if (!timeout) {
			ret = -EIO;
			break;
		}
		timeout = schedule_timeout(timeout);
		if (signal_pending(current)) {
			ret = -EINTR;
			break;
		}
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&ls->wait, &wait);
	return ret;
}

/* the time left first, then the unplug, the condition, the signal */
static int lxm_attach(struct lxm_sensor *ls)
{
	DECLARE_WAITQUEUE(wait, current);
	long timeo = 3 * HZ;
	int err = 0;

	add_wait_queue(&ls->wait, &wait);	/* expect: WQ002 fix=caveat */
	while (1) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!timeo) {
			err = -EAGAIN;
			break;
		}
		if (ls->gone) {
			err = -ls->error;
			break;
		}
		if (ls->cmd_done)
			break;
		if (signal_pending(current)) {
			err = -EINTR;
			break;
		}
		timeo = schedule_timeout(timeo);
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&ls->wait, &wait);
	return err;
}

/* an unsigned timeout: the loop keeps its shape */
static int lxm_convert_slow(struct lxm_sensor *ls)
{
	DECLARE_WAITQUEUE(wait, current);
	unsigned long timeout = 5 * HZ;
	int ret = 0;

	ls->ready = 0;
	writel(LXM_CTRL_START, ls->regs + LXM_CTRL);
	add_wait_queue(&ls->wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (ls->ready)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		timeout = schedule_timeout(timeout);
		if (!timeout) {
			ret = -ETIMEDOUT;
			break;
		}
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&ls->wait, &wait);
	return ret;
}

static ssize_t lxm_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct lxm_sensor *ls = &lxm_dev;
	int ret;
	u32 v;

	if (count < sizeof(v))
		return -EINVAL;
	ret = lxm_attach(ls);
	if (!ret)
		ret = lxm_calibrate(ls);
	if (!ret)
		ret = lxm_convert(ls);
	if (ret == -ETIMEDOUT)
		ret = lxm_convert_slow(ls);
	if (ret == -ETIMEDOUT)
		ret = lxm_reset(ls);
	if (ret)
		return ret;
	v = ls->sample;
	if (copy_to_user(buf, &v, sizeof(v)))
		return -EFAULT;
	return sizeof(v);
}

static int lxm_release(struct inode *inode, struct file *file)
{
	lxm_dev.error = ENODEV;
	lxm_dev.gone = 1;
	wake_up(&lxm_dev.wait);
	return 0;
}

static const struct file_operations lxm_fops = {
	.owner		= THIS_MODULE,
	.read		= lxm_read,
	.release	= lxm_release,
};

static struct miscdevice lxm_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "lxm_sensor",
	.fops	= &lxm_fops,
};

static int __init lxm_init(void)
{
	init_waitqueue_head(&lxm_dev.wait);
	if (request_irq(9, lxm_irq, 0, "lxm", &lxm_dev))
		return -EBUSY;
	return misc_register(&lxm_misc);
}
module_init(lxm_init);
MODULE_LICENSE("GPL");
