// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: open-coded wait loops with early exits that are not
 * only a wait, so they keep their shape (prepare_to_wait() in place)
 * where the loops of lxm-sensor-exits-ko.c collapse into
 * wait_event_interruptible(): an exit tested after schedule() (it runs
 * once more after every wake-up, before the test), an exit on a local
 * flag (no condition anyone else changes), and an exit that does work
 * of its own before it leaves.
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
#define LXM_CTRL	0x08
#define LXM_STAT_RDY	0x01
#define LXM_CTRL_ABORT	0x80

struct lxm_sensor {
	void __iomem *regs;
	wait_queue_head_t wait;
	int ready;
	int gone;
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
	wake_up_interruptible(&ls->wait);
	return IRQ_HANDLED;
}

/* the unplug is tested after the sleep, before the loop's own test */
static int lxm_wait_sample(struct lxm_sensor *ls)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&ls->wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (ls->ready)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
		if (ls->gone) {
			ret = -ENODEV;
			break;
		}
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&ls->wait, &wait);
	return ret;
}

/* a flag of the caller's: a condition no waker changes */
static int lxm_get_sample(struct lxm_sensor *ls, int nonblock)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&ls->wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (ls->ready)
			break;
		if (nonblock) {
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
	return ret;
}

/* the unplug exit stops the converter first: work, not only a way out */
static int lxm_wait_abort(struct lxm_sensor *ls)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&ls->wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (ls->ready)
			break;
		if (ls->gone) {
			writel(LXM_CTRL_ABORT, ls->regs + LXM_CTRL);
			ret = -ENODEV;
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
	ret = lxm_get_sample(ls, file->f_flags & O_NONBLOCK);
	if (!ret && ls->gone)
		ret = lxm_wait_abort(ls);
	if (!ret)
		ret = lxm_wait_sample(ls);
	if (ret)
		return ret;
	ls->ready = 0;
	v = ls->sample;
	if (copy_to_user(buf, &v, sizeof(v)))
		return -EFAULT;
	return sizeof(v);
}

static int lxm_release(struct inode *inode, struct file *file)
{
	lxm_dev.gone = 1;
	wake_up_interruptible(&lxm_dev.wait);
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
