// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the race-free open-coded wait in its classic shape:
 * DECLARE_WAITQUEUE + add_wait_queue before the loop, the state set at
 * the top of every iteration before the test, schedule(), then
 * remove_wait_queue.  Correct, but it is wait_event_interruptible()
 * written out by hand, so WQ002 reports it.
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
#define ACME_RING_SIZE		256

struct acme_fifo {
	void __iomem *regs;
	wait_queue_head_t read_wait;
	unsigned int head, tail;
	u8 ring[ACME_RING_SIZE];
};

static struct acme_fifo acme_fifo_dev;

static irqreturn_t acme_fifo_irq(int irq, void *data)
{
	struct acme_fifo *af = data;

	while (readl(af->regs + ACME_FIFO_STAT) & ACME_FIFO_STAT_RXAV) {
		af->ring[af->head % ACME_RING_SIZE] =
			readl(af->regs + ACME_FIFO_DATA);
		af->head++;
	}
	wake_up_interruptible(&af->read_wait);
	return IRQ_HANDLED;
}

static ssize_t acme_fifo_read(struct file *file, char __user *buf,
			      size_t count, loff_t *ppos)
{
	struct acme_fifo *af = &acme_fifo_dev;
	DECLARE_WAITQUEUE(wait, current);
	ssize_t ret = 0;
	u8 c;

	add_wait_queue(&af->read_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (af->head != af->tail)
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
	remove_wait_queue(&af->read_wait, &wait);

	if (ret)
		return ret;

	while (count && af->tail != af->head) {
		c = af->ring[af->tail % ACME_RING_SIZE];
		if (put_user(c, buf + ret))
			return -EFAULT;
		af->tail++;
		ret++;
		count--;
	}
	return ret;
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
