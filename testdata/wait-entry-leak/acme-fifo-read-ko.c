// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: early returns from inside an open-coded wait loop.
 * On a signal and on surprise removal the reader returns straight out
 * of the loop, leaving its on-stack DECLARE_WAITQUEUE entry on the
 * device queue; the next wake_up() walks into a dead stack frame.
 * The loop itself is also WQ002.
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

#define ACME_FIFO_DATA		0x00
#define ACME_FIFO_STAT		0x04
#define ACME_FIFO_STAT_RXAV	0x01
#define ACME_FIFO_STAT_GONE	0xffffffff
#define ACME_RING_SIZE		256

struct acme_fifo {
	void __iomem *regs;
	wait_queue_head_t read_wait;
	bool removed;
	unsigned int head, tail;
	u8 ring[ACME_RING_SIZE];
};

static struct acme_fifo acme_fifo_dev;

static irqreturn_t acme_fifo_irq(int irq, void *data)
{
	struct acme_fifo *af = data;
	u32 stat = readl(af->regs + ACME_FIFO_STAT);

	if (stat == ACME_FIFO_STAT_GONE) {
		af->removed = true;
		wake_up_interruptible_all(&af->read_wait);
		return IRQ_HANDLED;
	}
	while (stat & ACME_FIFO_STAT_RXAV) {
		af->ring[af->head++ % ACME_RING_SIZE] =
			readl(af->regs + ACME_FIFO_DATA);
		stat = readl(af->regs + ACME_FIFO_STAT);
	}
	wake_up_interruptible(&af->read_wait);
	return IRQ_HANDLED;
}

static ssize_t acme_fifo_read(struct file *file, char __user *buf,
			      size_t count, loff_t *ppos)
{
	struct acme_fifo *af = &acme_fifo_dev;
	DECLARE_WAITQUEUE(wait, current);
	ssize_t n = 0;

	add_wait_queue(&af->read_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (af->head != af->tail)
			break;
		if (af->removed) {
			__set_current_state(TASK_RUNNING);
			return -EIO;	/* expect: WQ006 fix=converted */
		}
		if (signal_pending(current)) {
			__set_current_state(TASK_RUNNING);
			return -ERESTARTSYS;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&af->read_wait, &wait);

	while (n < count && af->tail != af->head) {
		if (put_user(af->ring[af->tail % ACME_RING_SIZE], buf + n))
			return -EFAULT;
		af->tail++;
		n++;
	}
	return n;
}

static const struct file_operations acme_fifo_fops = {
	.owner	= THIS_MODULE,
	.read	= acme_fifo_read,
};

static struct miscdevice acme_fifo_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "acme_fifo",
	.fops	= &acme_fifo_fops,
};
