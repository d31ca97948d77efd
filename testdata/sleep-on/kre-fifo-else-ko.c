// SPDX-License-Identifier: GPL-2.0-only
/*
 * kre_fifo.c -- the receive FIFO of the KRE serial sampler, a 2.4-era
 * board driver written with its function braces on the head's line.
 * read() returns what the FIFO holds; when it holds nothing, it sleeps
 * in the else branch until the interrupt handler has filled it.
 *
 * wqport fixture: the text search finds a function whose `{` is on the
 * head's line, and the else of `if (kd->avail)` says kd->avail is 0 at
 * the sleep: the condition kd->avail == 64 that the handler sets before
 * its wake-up is proven, and the sleep becomes
 * wait_event_interruptible() (with a caveat: it now waits for it).
 * The handler also wakes the queue written `&(kd->rx_wait)`: the model
 * reads it as this file's waker.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/interrupt.h>
#include <linux/uaccess.h>
#include <linux/io.h>

struct kre_dev {
	wait_queue_head_t rx_wait;
	int avail;
	u8 fifo[64];
	void __iomem *regs;
};

static struct kre_dev kre_card;

static irqreturn_t kre_interrupt(int irq, void *id) {
	struct kre_dev *kd = id;
	int i;

	for (i = 0; i < 64; i++)
		kd->fifo[i] = readb(kd->regs + i);
	kd->avail = 64;
	wake_up_interruptible(&(kd->rx_wait));
	return IRQ_HANDLED;
}

static ssize_t kre_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos) {
	struct kre_dev *kd = &kre_card;
	int n;

	if (kd->avail) {
		n = min_t(int, count, kd->avail);
	} else {
		interruptible_sleep_on(&kd->rx_wait); /* expect: WQ001 fix=caveat */
		if (signal_pending(current))
			return -ERESTARTSYS;
		n = min_t(int, count, kd->avail);
	}
	if (copy_to_user(buf, kd->fifo, n))
		return -EFAULT;
	kd->avail = 0;
	return n;
}

static const struct file_operations kre_fops = {
	.owner = THIS_MODULE,
	.read = kre_read,
};

static int __init kre_init(void) {
	init_waitqueue_head(&kre_card.rx_wait);
	return request_irq(9, kre_interrupt, 0, "kre", &kre_card);
}

module_init(kre_init);
MODULE_LICENSE("GPL");
