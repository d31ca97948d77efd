// SPDX-License-Identifier: GPL-2.0-only
/*
 * kpx_keypad.c -- KPX matrix keypad on the ISA expansion board.
 *
 * wqport fixture: two interruptible_sleep_on() loops whose signal test
 * sets the result and breaks, `{ ret = -ERESTARTSYS; break; }`: the read
 * waits for a key with the sleep before the test, the release waits for
 * the scanner to go idle with the test before the sleep.  Each becomes
 * `if (wait_event_interruptible(q, cond)) ret = -ERESTARTSYS;`.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/uaccess.h>
#include <asm/io.h>

#define KPX_DATA	0
#define KPX_STATUS	1
#define KPX_ST_SCANNING	0x02
#define KPX_BUFSZ	16

struct kpx_dev {
	unsigned long		base;
	unsigned char		keys[KPX_BUFSZ];
	unsigned int		head, tail;
	int			scanning;
	wait_queue_head_t	key_wait;
	wait_queue_head_t	idle_wait;
};

static struct kpx_dev kpx;

static irqreturn_t kpx_interrupt(int irq, void *dev_id)
{
	struct kpx_dev *kp = dev_id;
	unsigned char st = inb(kp->base + KPX_STATUS);

	if (!(st & KPX_ST_SCANNING)) {
		kp->scanning = 0;
		wake_up_interruptible(&kp->idle_wait);
	}
	kp->keys[kp->head % KPX_BUFSZ] = inb(kp->base + KPX_DATA);
	kp->head++;
	wake_up_interruptible(&kp->key_wait);
	return IRQ_HANDLED;
}

static ssize_t kpx_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct kpx_dev *kp = file->private_data;
	ssize_t ret = 0;
	unsigned char key;

	while (kp->head == kp->tail) {
		interruptible_sleep_on(&kp->key_wait);	/* expect: WQ001 fix=converted */
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
	}
	if (ret)
		return ret;
	key = kp->keys[kp->tail % KPX_BUFSZ];
	kp->tail++;
	if (put_user(key, buf))
		return -EFAULT;
	return 1;
}

static int kpx_release(struct inode *inode, struct file *file)
{
	struct kpx_dev *kp = file->private_data;
	int err = 0;

	for (;;) {
		if (!kp->scanning)
			break;
		if (signal_pending(current)) {
			err = -EINTR;	/* the scan goes on */
			break;
		}
		interruptible_sleep_on(&kp->idle_wait);	/* expect: WQ001 fix=converted */
	}
	return err;
}

static int kpx_open(struct inode *inode, struct file *file)
{
	file->private_data = &kpx;
	return 0;
}

static const struct file_operations kpx_fops = {
	.owner		= THIS_MODULE,
	.read		= kpx_read,
	.open		= kpx_open,
	.release	= kpx_release,
};

static int __init kpx_init(void)
{
	init_waitqueue_head(&kpx.key_wait);
	init_waitqueue_head(&kpx.idle_wait);
	kpx.base = 0x2a0;
	if (request_irq(5, kpx_interrupt, 0, "kpx", &kpx))
		return -EBUSY;
	return register_chrdev(0, "kpx", &kpx_fops) < 0 ? -EIO : 0;
}
module_init(kpx_init);

MODULE_LICENSE("GPL");
