// SPDX-License-Identifier: GPL-2.0-only
/*
 * zorb_serial: sample out-of-tree driver for the (fictional) Zorb
 * ZS-1 single-port serial card, exposed as a plain character device.
 *
 * wqport sample: two hand-written add_wait_queue() loops.  The read
 * loop tests its condition in the while head and only then sets the
 * task state, so a byte arriving in between is lost until the next one
 * (WQ002 and WQ003).  The write loop is the race-free classic form --
 * state set at the top of every iteration, then the test -- and is
 * reported only as open-coded (WQ002).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/miscdevice.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define ZORB_DRV_NAME		"zorb_serial"
#define ZORB_RX_SIZE		1024
#define ZORB_TX_SIZE		1024
#define ZORB_HW_FIFO		16

#define ZORB_REG_DATA		0x00
#define ZORB_REG_IER		0x04
#define ZORB_REG_IIR		0x08
#define ZORB_REG_LSR		0x14

#define ZORB_IER_RDI		0x01
#define ZORB_IER_THRI		0x02
#define ZORB_LSR_DR		0x01
#define ZORB_LSR_THRE		0x20

static unsigned long iobase = 0xfe200000;
module_param(iobase, ulong, 0444);
static int irq = 4;
module_param(irq, int, 0444);

struct zorb_ring {
	unsigned int head, tail;
	u8 *buf;
	unsigned int size;
};

struct zorb_serial {
	void __iomem *regs;
	spinlock_t lock;
	struct zorb_ring rx, tx;
	wait_queue_head_t rx_wait;
	wait_queue_head_t tx_wait;
	unsigned long rx_dropped;
};

static u8 zorb_rx_buf[ZORB_RX_SIZE];
static u8 zorb_tx_buf[ZORB_TX_SIZE];
static struct zorb_serial zorb;

static unsigned int ring_used(const struct zorb_ring *r)
{
	return r->head - r->tail;
}

static unsigned int ring_free(const struct zorb_ring *r)
{
	return r->size - ring_used(r);
}

static void zorb_rx_chars(struct zorb_serial *zs)
{
	while (readl(zs->regs + ZORB_REG_LSR) & ZORB_LSR_DR) {
		u8 c = readl(zs->regs + ZORB_REG_DATA);

		if (ring_free(&zs->rx) == 0) {
			zs->rx_dropped++;
			continue;
		}
		zs->rx.buf[zs->rx.head++ % zs->rx.size] = c;
	}
}

static void zorb_tx_chars(struct zorb_serial *zs)
{
	int n = ZORB_HW_FIFO;

	while (n-- && ring_used(&zs->tx))
		writel(zs->tx.buf[zs->tx.tail++ % zs->tx.size],
		       zs->regs + ZORB_REG_DATA);
	if (!ring_used(&zs->tx))
		writel(ZORB_IER_RDI, zs->regs + ZORB_REG_IER);
}

static irqreturn_t zorb_interrupt(int irq, void *dev_id)
{
	struct zorb_serial *zs = dev_id;
	u32 lsr;

	spin_lock(&zs->lock);
	lsr = readl(zs->regs + ZORB_REG_LSR);
	if (lsr & ZORB_LSR_DR)
		zorb_rx_chars(zs);
	if (lsr & ZORB_LSR_THRE)
		zorb_tx_chars(zs);
	spin_unlock(&zs->lock);

	if (lsr & ZORB_LSR_DR)
		wake_up_interruptible(&zs->rx_wait);
	if (lsr & ZORB_LSR_THRE)
		wake_up_interruptible(&zs->tx_wait);
	return IRQ_HANDLED;
}

static ssize_t zorb_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	struct zorb_serial *zs = &zorb;
	DECLARE_WAITQUEUE(wait, current);
	size_t n = 0;
	u8 c;

	if (!count)
		return 0;

	add_wait_queue(&zs->rx_wait, &wait);	/* expect: WQ002 fix=converted */
	while (!ring_used(&zs->rx)) {
		if (file->f_flags & O_NONBLOCK)
			break;
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=converted */
		schedule();
		if (signal_pending(current))
			break;
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&zs->rx_wait, &wait);

	if (!ring_used(&zs->rx))
		return (file->f_flags & O_NONBLOCK) ? -EAGAIN : -ERESTARTSYS;

	while (n < count) {
		spin_lock_irq(&zs->lock);
		if (!ring_used(&zs->rx)) {
			spin_unlock_irq(&zs->lock);
			break;
		}
		c = zs->rx.buf[zs->rx.tail++ % zs->rx.size];
		spin_unlock_irq(&zs->lock);
		if (put_user(c, buf + n))
			return n ? n : -EFAULT;
		n++;
	}
	return n;
}

static ssize_t zorb_write(struct file *file, const char __user *buf,
			  size_t count, loff_t *ppos)
{
	struct zorb_serial *zs = &zorb;
	DECLARE_WAITQUEUE(wait, current);
	ssize_t ret = 0;
	size_t n = 0;
	u8 c;

	add_wait_queue(&zs->tx_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (ring_free(&zs->tx))
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
	remove_wait_queue(&zs->tx_wait, &wait);

	if (ret)
		return ret;

	while (n < count) {
		if (get_user(c, buf + n))
			return n ? n : -EFAULT;
		spin_lock_irq(&zs->lock);
		if (!ring_free(&zs->tx)) {
			spin_unlock_irq(&zs->lock);
			break;
		}
		zs->tx.buf[zs->tx.head++ % zs->tx.size] = c;
		spin_unlock_irq(&zs->lock);
		n++;
	}

	spin_lock_irq(&zs->lock);
	writel(ZORB_IER_RDI | ZORB_IER_THRI, zs->regs + ZORB_REG_IER);
	spin_unlock_irq(&zs->lock);
	return n;
}

static __poll_t zorb_poll(struct file *file, poll_table *wait)
{
	struct zorb_serial *zs = &zorb;
	__poll_t mask = 0;

	poll_wait(file, &zs->rx_wait, wait);
	poll_wait(file, &zs->tx_wait, wait);
	spin_lock_irq(&zs->lock);
	if (ring_used(&zs->rx))
		mask |= EPOLLIN | EPOLLRDNORM;
	if (ring_free(&zs->tx))
		mask |= EPOLLOUT | EPOLLWRNORM;
	spin_unlock_irq(&zs->lock);
	return mask;
}

static const struct file_operations zorb_fops = {
	.owner	= THIS_MODULE,
	.read	= zorb_read,
	.write	= zorb_write,
	.poll	= zorb_poll,
};

static struct miscdevice zorb_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= ZORB_DRV_NAME,
	.fops	= &zorb_fops,
};

static int __init zorb_init(void)
{
	struct zorb_serial *zs = &zorb;
	int ret;

	spin_lock_init(&zs->lock);
	init_waitqueue_head(&zs->rx_wait);
	init_waitqueue_head(&zs->tx_wait);
	zs->rx.buf = zorb_rx_buf;
	zs->rx.size = ZORB_RX_SIZE;
	zs->tx.buf = zorb_tx_buf;
	zs->tx.size = ZORB_TX_SIZE;

	zs->regs = ioremap(iobase, 0x20);
	if (!zs->regs)
		return -ENOMEM;

	ret = request_irq(irq, zorb_interrupt, 0, ZORB_DRV_NAME, zs);
	if (ret)
		goto err_unmap;
	writel(ZORB_IER_RDI, zs->regs + ZORB_REG_IER);

	ret = misc_register(&zorb_misc);
	if (ret)
		goto err_irq;
	return 0;

err_irq:
	writel(0, zs->regs + ZORB_REG_IER);
	free_irq(irq, zs);
err_unmap:
	iounmap(zs->regs);
	return ret;
}

static void __exit zorb_exit(void)
{
	struct zorb_serial *zs = &zorb;

	misc_deregister(&zorb_misc);
	writel(0, zs->regs + ZORB_REG_IER);
	free_irq(irq, zs);
	iounmap(zs->regs);
}

module_init(zorb_init);
module_exit(zorb_exit);

MODULE_DESCRIPTION("Zorb ZS-1 serial card");
MODULE_LICENSE("GPL");
