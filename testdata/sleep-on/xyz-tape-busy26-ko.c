// SPDX-License-Identifier: GPL-2.0-only
/*
 * xyz_tape.c -- XYZ-400 QIC tape controller, character device part
 * (2.6.5 vendor tree).  The drive interrupts when it is ready for the
 * next command and when a DMA block is done.
 *
 * wqport fixture (issue 40): the sleeps are in the macros of the
 * driver's own header, xyz-tape26.h, which is checked once on its own
 * lines; the uses here are no findings of their own (wqport fix refuses
 * each: the sleep is in the macro).
 * wqport-test: shim-only (sleep_on and its family are gone in 6.1)
 * wqport-fix-test: no-kbuild (the sleep_on() family is gone since 3.15)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <asm/io.h>

#include "xyz-tape26.h"

static struct xyz_tape xyz_dev;

static irqreturn_t xyz_irq(int irq, void *dev_id)
{
	struct xyz_tape *t = dev_id;

	wake_up_interruptible(&t->ready_wait);
	wake_up(&t->dma_wait);
	return IRQ_HANDLED;
}

static int xyz_rewind(struct xyz_tape *t)
{
	XYZ_WAIT_READY(t);	/* expect-fix: WQ001 fix=refused:macro */
	outb(0x21, t->base);
	XYZ_WAIT_READY(t);	/* expect-fix: WQ001 fix=refused:macro */
	return 0;
}

static ssize_t xyz_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct xyz_tape *t = &xyz_dev;

	outb(0x08, t->base);
	XYZ_POLL_DMA(t);	/* expect-fix: WQ002 fix=refused:macro */
	t->blocks++;
	return 0;
}

static int xyz_open(struct inode *inode, struct file *file)
{
	return xyz_rewind(&xyz_dev);
}

static const struct file_operations xyz_fops = {
	.owner	= THIS_MODULE,
	.open	= xyz_open,
	.read	= xyz_read,
};

static int __init xyz_init(void)
{
	xyz_dev.base = 0x300;
	init_waitqueue_head(&xyz_dev.ready_wait);
	init_waitqueue_head(&xyz_dev.eject_wait);
	init_waitqueue_head(&xyz_dev.dma_wait);
	if (request_irq(5, xyz_irq, 0, "xyz_tape", &xyz_dev))
		return -EBUSY;
	return register_chrdev(0, "xyz_tape", &xyz_fops) < 0 ? -EIO : 0;
}
module_init(xyz_init);
MODULE_LICENSE("GPL");
