// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the zorb_uart drain with prepare_to_wait() inside the
 * loop, so every schedule_timeout() is entered in
 * TASK_UNINTERRUPTIBLE, and the tx-ready wait as
 * wait_event_interruptible_timeout().
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define ZORB_UART_THR		0x00
#define ZORB_UART_IER		0x04
#define ZORB_UART_LSR		0x14
#define ZORB_LSR_THRE		0x20
#define ZORB_LSR_TEMT		0x40
#define ZORB_IER_THRE		0x02
#define ZORB_IER_TEMT		0x08

struct zorb_port {
	void __iomem *membase;
	wait_queue_head_t drain_wait;
};

static struct zorb_port zorb_port0;

static bool zorb_lsr(struct zorb_port *zp, u32 bit)
{
	return readl(zp->membase + ZORB_UART_LSR) & bit;
}

static irqreturn_t zorb_uart_irq(int irq, void *dev_id)
{
	struct zorb_port *zp = dev_id;

	if (!zorb_lsr(zp, ZORB_LSR_THRE))
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
	for (;;) {
		prepare_to_wait(&zp->drain_wait, &wait, TASK_UNINTERRUPTIBLE);
		if (zorb_lsr(zp, ZORB_LSR_TEMT) || !timeout)
			break;
		timeout = schedule_timeout(timeout);
	}
	finish_wait(&zp->drain_wait, &wait);

	return zorb_lsr(zp, ZORB_LSR_TEMT) ? 0 : -ETIMEDOUT;
}

static int zorb_uart_put_char(struct zorb_port *zp, u8 c)
{
	long ret;

	writel(ZORB_IER_THRE, zp->membase + ZORB_UART_IER);
	ret = wait_event_interruptible_timeout(zp->drain_wait,
					       zorb_lsr(zp, ZORB_LSR_THRE),
					       HZ / 2);
	if (ret < 0)
		return ret;
	if (ret == 0)
		return -ETIMEDOUT;
	writel(c, zp->membase + ZORB_UART_THR);
	return 0;
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
