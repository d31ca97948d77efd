// SPDX-License-Identifier: GPL-2.0-only
/*
 * mcx_ring.c -- the sample ring of the MCX acquisition card, a vendor
 * driver written without spaces around its operators: read() sleeps
 * once when the write pointer has not moved past the read pointer, and
 * the interrupt handler advances the write pointer and wakes it, except
 * on a hardware error, where it only wakes it.
 *
 * wqport fixture: a test written `wr==rd` is an operation, not a name:
 * its negation is `!(mcx_wr==mcx_rd)` (or `mcx_wr != mcx_rd`), never
 * `!mcx_wr==mcx_rd`, which C reads as `(!mcx_wr) == mcx_rd`.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/interrupt.h>
#include <linux/uaccess.h>
#include <linux/io.h>

static DECLARE_WAIT_QUEUE_HEAD(mcx_wait);
static unsigned int mcx_wr, mcx_rd;
static u32 mcx_ring[256];
static void __iomem *mcx_regs;

static irqreturn_t mcx_irq(int irq, void *id)
{
	u32 st = readl(mcx_regs);

	if (!(st & 0x80000000)) {
		mcx_ring[mcx_wr&255] = st;
		mcx_wr++;
	}
	wake_up_interruptible(&mcx_wait);
	return IRQ_HANDLED;
}

static ssize_t mcx_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	if (mcx_wr==mcx_rd)
		interruptible_sleep_on(&mcx_wait); /* expect: WQ001 fix=keeprace */
	if (mcx_wr==mcx_rd)
		return -EAGAIN;
	if (put_user(mcx_ring[mcx_rd&255], (u32 __user *)buf))
		return -EFAULT;
	mcx_rd++;
	return 4;
}

static const struct file_operations mcx_fops = {
	.owner = THIS_MODULE,
	.read = mcx_read,
};

MODULE_LICENSE("GPL");
