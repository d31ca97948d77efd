// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: an exclusive, lock-dropping open-coded wait.  Writers
 * queue with add_wait_queue_exclusive() so the tx-empty interrupt wakes
 * one of them; the loop drops the port spinlock around schedule().  The
 * ordering is right (state set under the lock before the test), so only
 * WQ002 applies; the conversion keeps exclusivity and the _lock_irq form.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define ZORB_UART_THR		0x00
#define ZORB_UART_IIR		0x08
#define ZORB_IIR_THRE		0x02
#define ZORB_XMIT_SIZE		512

struct zorb_port {
	void __iomem *membase;
	spinlock_t lock;
	wait_queue_head_t write_wait;
	unsigned int xmit_count;
	unsigned int xmit_head;
	u8 xmit_buf[ZORB_XMIT_SIZE];
};

static struct zorb_port zorb_port0;

static irqreturn_t zorb_uart_irq(int irq, void *dev_id)
{
	struct zorb_port *zp = dev_id;
	unsigned int tail;

	if (!(readl(zp->membase + ZORB_UART_IIR) & ZORB_IIR_THRE))
		return IRQ_NONE;

	spin_lock(&zp->lock);
	while (zp->xmit_count) {
		tail = (zp->xmit_head - zp->xmit_count) % ZORB_XMIT_SIZE;
		writel(zp->xmit_buf[tail], zp->membase + ZORB_UART_THR);
		zp->xmit_count--;
	}
	spin_unlock(&zp->lock);
	wake_up(&zp->write_wait);
	return IRQ_HANDLED;
}

static ssize_t zorb_uart_write(struct file *file, const char __user *buf,
			       size_t count, loff_t *ppos)
{
	struct zorb_port *zp = &zorb_port0;
	DECLARE_WAITQUEUE(wait, current);
	u8 c;

	if (!count)
		return 0;
	if (get_user(c, buf))
		return -EFAULT;

	spin_lock_irq(&zp->lock);
	add_wait_queue_exclusive(&zp->write_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (zp->xmit_count < ZORB_XMIT_SIZE)
			break;
		if (signal_pending(current))
			break;
		spin_unlock_irq(&zp->lock);
		schedule();
		spin_lock_irq(&zp->lock);
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&zp->write_wait, &wait);

	if (zp->xmit_count >= ZORB_XMIT_SIZE) {
		spin_unlock_irq(&zp->lock);
		return -ERESTARTSYS;
	}
	zp->xmit_buf[zp->xmit_head++ % ZORB_XMIT_SIZE] = c;
	zp->xmit_count++;
	spin_unlock_irq(&zp->lock);
	return 1;
}

static const struct file_operations zorb_uart_fops = {
	.owner	= THIS_MODULE,
	.write	= zorb_uart_write,
};

static int zorb_port_setup(struct zorb_port *zp, int irq)
{
	spin_lock_init(&zp->lock);
	init_waitqueue_head(&zp->write_wait);
	return request_irq(irq, zorb_uart_irq, IRQF_SHARED, "zorb_uart", zp);
}
