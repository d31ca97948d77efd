// SPDX-License-Identifier: GPL-2.0-only
/*
 * kbx_kbd.c -- scan-code queue of the KBX-2 matrix keyboard controller.
 *
 * wqport fixture (issue 30): the read loop sets its sleeping state
 * through the driver's own macro KBX_PREP(), written once for the
 * several places that wait.  A conversion that deletes add_wait_queue()
 * and turns the entry into DEFINE_WAIT() without replacing that state
 * write leaves the reader sleeping on no queue after its first wake-up.
 * The translation validation expands the macro and refuses the site.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define KBX_QLEN		64
#define KBX_REG_DATA		0x00
#define KBX_PREP()		set_current_state(TASK_INTERRUPTIBLE)

struct kbx_dev {
	void __iomem *regs;
	wait_queue_head_t wait;
	unsigned char q[KBX_QLEN];
	unsigned int head, tail;
};

static irqreturn_t kbx_interrupt(int irq, void *dev_id)
{
	struct kbx_dev *kd = dev_id;

	kd->q[kd->head] = readb(kd->regs + KBX_REG_DATA);
	kd->head = (kd->head + 1) % KBX_QLEN;
	wake_up_interruptible(&kd->wait);
	return IRQ_HANDLED;
}

static ssize_t kbx_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct kbx_dev *kd = file->private_data;
	DECLARE_WAITQUEUE(wait, current);
	ssize_t ret = 0;
	unsigned char c;

	if (!count)
		return 0;
	add_wait_queue(&kd->wait, &wait);	/* expect: WQ002 fix=refused:unproven */
	for (;;) {
		KBX_PREP();
		if (kd->head != kd->tail)
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
	remove_wait_queue(&kd->wait, &wait);
	if (ret)
		return ret;
	c = kd->q[kd->tail];
	kd->tail = (kd->tail + 1) % KBX_QLEN;
	if (put_user(c, buf))
		return -EFAULT;
	return 1;
}

static const struct file_operations kbx_fops = {
	.owner	= THIS_MODULE,
	.read	= kbx_read,
};

MODULE_LICENSE("GPL");
