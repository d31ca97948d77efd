// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the acme_fifo read path as it should be written:
 * wait_event_interruptible_lock_irq() with the ring lock, and a poll
 * method whose poll_wait() queues an entry without any loop.  None of
 * it is a hand-written wait loop.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/miscdevice.h>
#include <linux/poll.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define ACME_FIFO_DATA		0x00
#define ACME_FIFO_STAT		0x04
#define ACME_FIFO_STAT_RXAV	0x01
#define ACME_RING_SIZE		256

struct acme_fifo {
	void __iomem *regs;
	spinlock_t lock;
	wait_queue_head_t read_wait;
	unsigned int head, tail;
	u8 ring[ACME_RING_SIZE];
};

static struct acme_fifo acme_fifo_dev;

static irqreturn_t acme_fifo_irq(int irq, void *data)
{
	struct acme_fifo *af = data;

	spin_lock(&af->lock);
	while (readl(af->regs + ACME_FIFO_STAT) & ACME_FIFO_STAT_RXAV) {
		af->ring[af->head % ACME_RING_SIZE] =
			readl(af->regs + ACME_FIFO_DATA);
		af->head++;
	}
	spin_unlock(&af->lock);
	wake_up_interruptible(&af->read_wait);
	return IRQ_HANDLED;
}

static ssize_t acme_fifo_read(struct file *file, char __user *buf,
			      size_t count, loff_t *ppos)
{
	struct acme_fifo *af = &acme_fifo_dev;
	u8 tmp[64];
	size_t n = 0;
	int ret;

	spin_lock_irq(&af->lock);
	if (af->head == af->tail && (file->f_flags & O_NONBLOCK)) {
		spin_unlock_irq(&af->lock);
		return -EAGAIN;
	}
	ret = wait_event_interruptible_lock_irq(af->read_wait,
						af->head != af->tail,
						af->lock);
	if (ret) {
		spin_unlock_irq(&af->lock);
		return ret;
	}
	while (n < count && n < sizeof(tmp) && af->tail != af->head)
		tmp[n++] = af->ring[af->tail++ % ACME_RING_SIZE];
	spin_unlock_irq(&af->lock);

	if (copy_to_user(buf, tmp, n))
		return -EFAULT;
	return n;
}

static __poll_t acme_fifo_poll(struct file *file, poll_table *wait)
{
	struct acme_fifo *af = &acme_fifo_dev;
	__poll_t mask = 0;

	poll_wait(file, &af->read_wait, wait);
	spin_lock_irq(&af->lock);
	if (af->head != af->tail)
		mask |= EPOLLIN | EPOLLRDNORM;
	spin_unlock_irq(&af->lock);
	return mask;
}

static const struct file_operations acme_fifo_fops = {
	.owner	= THIS_MODULE,
	.read	= acme_fifo_read,
	.poll	= acme_fifo_poll,
};

static struct miscdevice acme_fifo_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "acme_fifo",
	.fops	= &acme_fifo_fops,
};

static int acme_fifo_setup(struct acme_fifo *af, int irq)
{
	spin_lock_init(&af->lock);
	init_waitqueue_head(&af->read_wait);
	return request_irq(irq, acme_fifo_irq, 0, "acme_fifo", af);
}
