// SPDX-License-Identifier: GPL-2.0-only
/*
 * hlx: the receive queue of an invented SPI keyboard controller.  The
 * interrupt handler puts each byte with a helper that moves the queue's
 * head, and the read waits, in a `goto repeat` loop, while another
 * helper finds the queue empty.
 * The test names what the waker writes through those helpers: the
 * model's words must not say that no test the sleep waits on does.
 */
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct hlx_rxq {
	unsigned int head, tail;
	unsigned char buf[64];
};

static struct hlx_rxq hlx_rxq;
static DECLARE_WAIT_QUEUE_HEAD(hlx_rx_wait);

unsigned char hlx_read_data(void);

static inline int hlx_rxq_empty(void)
{
	return hlx_rxq.head == hlx_rxq.tail;
}

static inline void hlx_rxq_put(unsigned char c)
{
	hlx_rxq.buf[hlx_rxq.head] = c;
	hlx_rxq.head = (hlx_rxq.head + 1) % 64;
}

irqreturn_t hlx_irq(int irq, void *dev_id)
{
	hlx_rxq_put(hlx_read_data());
	wake_up_interruptible(&hlx_rx_wait);
	return IRQ_HANDLED;
}

ssize_t hlx_read(struct file *file, char __user *buf, size_t count,
		 loff_t *ppos)
{
repeat:
	if (hlx_rxq_empty()) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		interruptible_sleep_on(&hlx_rx_wait);	/* expect: WQ001 fix=keeprace */
		if (signal_pending(current))
			return -ERESTARTSYS;
		goto repeat;
	}
	return 0;
}
