// SPDX-License-Identifier: GPL-2.0-only
/*
 * hxc_ring.c -- receive side of the HXC-8 serial concentrator.
 *
 * wqport fixture: an open-coded wait loop that does more than wait.  It
 * copies whatever the ring holds to user space inside the loop, returns
 * a short read as soon as something was copied, and has an O_NONBLOCK
 * exit.  No wait_event*() says that; the conversion keeps the loop and
 * turns the entry handling into DEFINE_WAIT/prepare_to_wait/finish_wait.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define HXC_RING_SIZE		1024
#define HXC_CHUNK		64
#define HXC_REG_RXDATA		0x10
#define HXC_REG_RXCOUNT		0x14

struct hxc_port {
	void __iomem *regs;
	spinlock_t lock;
	wait_queue_head_t rx_wait;
	unsigned int head, tail;
	unsigned long overruns;
	u8 ring[HXC_RING_SIZE];
};

static struct hxc_port hxc_port0;

static irqreturn_t hxc_rx_interrupt(int irq, void *dev_id)
{
	struct hxc_port *hp = dev_id;
	unsigned int n = readl(hp->regs + HXC_REG_RXCOUNT);

	spin_lock(&hp->lock);
	while (n--) {
		if (hp->head - hp->tail == HXC_RING_SIZE) {
			hp->overruns++;
			readl(hp->regs + HXC_REG_RXDATA);
			continue;
		}
		hp->ring[hp->head++ % HXC_RING_SIZE] =
			readl(hp->regs + HXC_REG_RXDATA);
	}
	spin_unlock(&hp->lock);
	wake_up_interruptible(&hp->rx_wait);
	return IRQ_HANDLED;
}

/* take up to len bytes out of the ring */
static unsigned int hxc_ring_get(struct hxc_port *hp, u8 *dst,
				 unsigned int len)
{
	unsigned long flags;
	unsigned int n = 0;

	spin_lock_irqsave(&hp->lock, flags);
	while (n < len && hp->tail != hp->head)
		dst[n++] = hp->ring[hp->tail++ % HXC_RING_SIZE];
	spin_unlock_irqrestore(&hp->lock, flags);
	return n;
}

static ssize_t hxc_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct hxc_port *hp = &hxc_port0;
	DECLARE_WAITQUEUE(wait, current);
	u8 chunk[HXC_CHUNK];
	ssize_t done = 0;
	unsigned int n;

	add_wait_queue(&hp->rx_wait, &wait);	/* expect: WQ002 fix=converted */
	while (done < count) {
		set_current_state(TASK_INTERRUPTIBLE);
		n = hxc_ring_get(hp, chunk, min_t(size_t, count - done, HXC_CHUNK));
		if (n) {
			/* copy_to_user() may fault and sleep */
			__set_current_state(TASK_RUNNING);
			if (copy_to_user(buf + done, chunk, n)) {
				if (!done)
					done = -EFAULT;
				break;
			}
			done += n;
			continue;
		}
		/* a short read is fine once we have something */
		if (done)
			break;
		if (file->f_flags & O_NONBLOCK) {
			done = -EAGAIN;
			break;
		}
		if (signal_pending(current)) {
			done = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&hp->rx_wait, &wait);
	return done;
}

static const struct file_operations hxc_fops = {
	.owner	= THIS_MODULE,
	.read	= hxc_read,
};

static int hxc_setup(struct hxc_port *hp, int irq)
{
	spin_lock_init(&hp->lock);
	init_waitqueue_head(&hp->rx_wait);
	return request_irq(irq, hxc_rx_interrupt, IRQF_SHARED, "hxc8", hp);
}
