// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: open-coded wait loops that only wait, but for early
 * exits besides their test and the signal, in the shapes 2.6-era char
 * drivers wrote them (a read that honours O_NONBLOCK, a wait that ends
 * when the device is unplugged).  Developers collapsed such loops into
 * wait_event_interruptible(): the O_NONBLOCK test once before the wait,
 * the unplug folded into the condition and tested again after it.
 * Collapsed here; the loops that do more stay in place (the same
 * driver's lxm-sensor-work-ko.c).
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/miscdevice.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define LXM_DATA	0x00
#define LXM_STAT	0x04
#define LXM_STAT_RDY	0x01

struct lxm_sensor {
	void __iomem *regs;
	wait_queue_head_t wait;
	int ready;
	int gone;
	int calibrated;
	int busy;
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
	ls->calibrated = 1;
	ls->busy = 0;
	wake_up_interruptible(&ls->wait);
	return IRQ_HANDLED;
}

static void lxm_disconnect(struct lxm_sensor *ls)
{
	ls->gone = 1;
	wake_up_interruptible(&ls->wait);
}

/* the O_NONBLOCK exit: tested once, before the wait */
static ssize_t lxm_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct lxm_sensor *ls = &lxm_dev;
	DECLARE_WAITQUEUE(wait, current);
	ssize_t ret = 0;
	u32 v;

	if (count < sizeof(v))
		return -EINVAL;
	add_wait_queue(&ls->wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (ls->ready)
			break;
		if (file->f_flags & O_NONBLOCK) {
			ret = -EAGAIN;
			break;
		}
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&ls->wait, &wait);
	if (ret)
		return ret;
	ls->ready = 0;
	v = ls->sample;
	if (copy_to_user(buf, &v, sizeof(v)))
		return -EFAULT;
	return sizeof(v);
}

/* the unplug exit: folded into the condition, tested again after it */
static int lxm_wait_calibrated(struct lxm_sensor *ls)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&ls->wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (ls->calibrated)
			break;
		if (ls->gone) {
			ret = -ENODEV;
			break;
		}
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&ls->wait, &wait);
	return ret;
}

/* the signal only ends the loop; the caller tests it again */
static int lxm_wait_idle(struct lxm_sensor *ls)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&ls->wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!ls->busy)
			break;
		if (ls->gone) {
			ret = -ENODEV;
			break;
		}
		if (signal_pending(current))
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&ls->wait, &wait);
	if (signal_pending(current))
		return -ERESTARTSYS;
	return ret;
}

/* two tests that end the wait: one condition */
static void lxm_quiesce(struct lxm_sensor *ls)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&ls->wait, &wait);	/* expect: WQ002 fix=keeprace */
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (!ls->busy)
			break;
		if (ls->gone)
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&ls->wait, &wait);
}

/* both, in a while loop whose exits return (and leave the entry queued) */
static ssize_t lxm_read_raw(struct file *file, char __user *buf, size_t count,
			    loff_t *ppos)
{
	struct lxm_sensor *ls = &lxm_dev;
	DECLARE_WAITQUEUE(wait, current);
	u32 v;

	add_wait_queue(&ls->wait, &wait);	/* expect: WQ002 fix=converted */
	while (!ls->ready) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;	/* expect: WQ005 fix=converted WQ006 fix=converted */
		if (ls->gone)
			return -ENODEV;
		if (signal_pending(current))
			return -ERESTARTSYS;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&ls->wait, &wait);
	ls->ready = 0;
	v = ls->sample;
	if (copy_to_user(buf, &v, min(count, sizeof(v))))
		return -EFAULT;
	return min(count, sizeof(v));
}

static int lxm_release(struct inode *inode, struct file *file)
{
	lxm_quiesce(&lxm_dev);
	lxm_disconnect(&lxm_dev);
	return 0;
}

static long lxm_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int ret = lxm_wait_idle(&lxm_dev);

	return ret ? ret : lxm_wait_calibrated(&lxm_dev);
}

static const struct file_operations lxm_fops = {
	.owner		= THIS_MODULE,
	.read		= lxm_read,
	.unlocked_ioctl	= lxm_ioctl,
	.release	= lxm_release,
};

static struct miscdevice lxm_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "lxm_sensor",
	.fops	= &lxm_fops,
};

static const struct file_operations lxm_raw_fops = {
	.owner		= THIS_MODULE,
	.read		= lxm_read_raw,
	.release	= lxm_release,
};

static struct miscdevice lxm_raw_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "lxm_raw",
	.fops	= &lxm_raw_fops,
};

static int __init lxm_init(void)
{
	init_waitqueue_head(&lxm_dev.wait);
	if (request_irq(9, lxm_irq, 0, "lxm", &lxm_dev))
		return -EBUSY;
	if (misc_register(&lxm_raw_misc))
		return -EBUSY;
	return misc_register(&lxm_misc);
}
module_init(lxm_init);
MODULE_LICENSE("GPL");
