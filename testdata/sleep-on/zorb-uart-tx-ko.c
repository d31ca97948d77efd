// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: interruptible_sleep_on_timeout() whose remaining
 * jiffies are used, in the write path of a polled (irq-less) UART.
 * A timer polls the line status register and wakes writers when the
 * transmit FIFO drains.  Also a sleep_on_timeout() drain on close.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/timer.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define ZORB_UART_THR		0x00
#define ZORB_UART_LSR		0x14
#define ZORB_UART_TXLVL		0x18
#define ZORB_LSR_TEMT		0x40
#define ZORB_FIFO_SIZE		64
#define ZORB_TX_TIMEOUT		(2 * HZ)

struct zorb_port {
	void __iomem *membase;
	spinlock_t lock;
	struct timer_list poll_timer;
	wait_queue_head_t tx_wait;
};

static struct zorb_port zorb_port0;

static unsigned int zorb_tx_room(struct zorb_port *zp)
{
	return ZORB_FIFO_SIZE - readl(zp->membase + ZORB_UART_TXLVL);
}

static void zorb_poll(struct timer_list *t)
{
	struct zorb_port *zp = from_timer(zp, t, poll_timer);

	if (zorb_tx_room(zp) >= ZORB_FIFO_SIZE / 2)
		wake_up_interruptible(&zp->tx_wait);
	mod_timer(&zp->poll_timer, jiffies + msecs_to_jiffies(5));
}

static ssize_t zorb_uart_write(struct file *file, const char __user *buf,
			       size_t count, loff_t *ppos)
{
	struct zorb_port *zp = &zorb_port0;
	unsigned long flags;
	long left;
	size_t done = 0;
	u8 c;

	while (done < count) {
		while (zorb_tx_room(zp) == 0) {
			left = interruptible_sleep_on_timeout(	/* expect: WQ001 fix=caveat */
					&zp->tx_wait, ZORB_TX_TIMEOUT);
			if (signal_pending(current))
				return done ? done : -ERESTARTSYS;
			if (!left)
				return done ? done : -ETIMEDOUT;
		}
		if (get_user(c, buf + done))
			return -EFAULT;
		spin_lock_irqsave(&zp->lock, flags);
		writel(c, zp->membase + ZORB_UART_THR);
		spin_unlock_irqrestore(&zp->lock, flags);
		done++;
	}
	return done;
}

static int zorb_uart_release(struct inode *inode, struct file *file)
{
	struct zorb_port *zp = &zorb_port0;

	/* give the FIFO up to a second to drain before cutting the clock */
	if (!(readl(zp->membase + ZORB_UART_LSR) & ZORB_LSR_TEMT))
		sleep_on_timeout(&zp->tx_wait, HZ);	/* expect: WQ001 fix=keeprace */
	return 0;
}

static const struct file_operations zorb_uart_fops = {
	.owner		= THIS_MODULE,
	.write		= zorb_uart_write,
	.release	= zorb_uart_release,
};

static void zorb_port_setup(struct zorb_port *zp)
{
	spin_lock_init(&zp->lock);
	init_waitqueue_head(&zp->tx_wait);
	timer_setup(&zp->poll_timer, zorb_poll, 0);
	mod_timer(&zp->poll_timer, jiffies + msecs_to_jiffies(5));
}
