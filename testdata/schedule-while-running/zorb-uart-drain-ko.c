// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: prepare_to_wait() hoisted out of the loop.  The state
 * is set (and the autoremove entry queued) once; after the first
 * wake-up the entry is gone and the task is TASK_RUNNING, so each
 * further schedule_timeout() returns at once with the timeout
 * untouched and the drain becomes a busy loop.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define ZORB_UART_LSR		0x14
#define ZORB_UART_IER		0x04
#define ZORB_LSR_TEMT		0x40
#define ZORB_IER_TEMT		0x08

struct zorb_port {
	void __iomem *membase;
	wait_queue_head_t drain_wait;
};

static struct zorb_port zorb_port0;

static bool zorb_tx_empty(struct zorb_port *zp)
{
	return readl(zp->membase + ZORB_UART_LSR) & ZORB_LSR_TEMT;
}

static irqreturn_t zorb_uart_irq(int irq, void *dev_id)
{
	struct zorb_port *zp = dev_id;

	if (!zorb_tx_empty(zp))
		return IRQ_NONE;
	writel(0, zp->membase + ZORB_UART_IER);
	wake_up(&zp->drain_wait);
	return IRQ_HANDLED;
}

static int zorb_uart_flush(struct file *file, fl_owner_t id)
{
	struct zorb_port *zp = &zorb_port0;
	DEFINE_WAIT(wait);
	long timeout = 2 * HZ;

	writel(ZORB_IER_TEMT, zp->membase + ZORB_UART_IER);
	prepare_to_wait(&zp->drain_wait, &wait, TASK_UNINTERRUPTIBLE);
	while (!zorb_tx_empty(zp)) {
		timeout = schedule_timeout(timeout);	/* expect: WQ004 fix=refused:no-patch */
		if (!timeout)
			break;
	}
	finish_wait(&zp->drain_wait, &wait);

	return timeout ? 0 : -ETIMEDOUT;
}

static const struct file_operations zorb_uart_fops = {
	.owner	= THIS_MODULE,
	.flush	= zorb_uart_flush,
};

static int zorb_port_setup(struct zorb_port *zp, int irq)
{
	init_waitqueue_head(&zp->drain_wait);
	return request_irq(irq, zorb_uart_irq, IRQF_SHARED, "zorb_uart", zp);
}
