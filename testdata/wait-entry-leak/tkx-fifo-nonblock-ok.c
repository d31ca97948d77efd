// SPDX-License-Identifier: GPL-2.0-only
/*
 * tkx_uart.c -- receive side of the TKX-2 telemetry UART (2.6.16 board
 * support tree).
 *
 * wqport fixture: no entry leaks, because the paths that would leak
 * one do not exist.
 *
 * - tkx_read() queues its entry only for a blocking open file, and the
 *   early -EAGAIN return is taken only for a non-blocking one.  Between
 *   the two tests of file->f_flags the driver calls its own FIFO
 *   helper, which may write the port but not the open file's mode: the
 *   second test has the first one's outcome.
 * - tkx_command() sleeps on a head inside a request that lives in its
 *   own stack frame: on the timeout return the entry is still on that
 *   head, but the head goes away with it, and the interrupt no longer
 *   sees the request (it is taken off the list under the lock).
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define TKX_DATA	0x00
#define TKX_LEVEL	0x04
#define TKX_CMD		0x08

struct tkx_req {
	struct list_head node;
	wait_queue_head_t done_wait;
	int done;
	u8 cmd;
};

struct tkx_port {
	void __iomem *regs;
	spinlock_t lock;
	wait_queue_head_t rx_wait;
	struct list_head cmds;
};

static unsigned int tkx_fifo_level(struct tkx_port *tp)
{
	return readl(tp->regs + TKX_LEVEL) & 0xff;
}

static irqreturn_t tkx_irq(int irq, void *dev_id)
{
	struct tkx_port *tp = dev_id;
	struct tkx_req *req;

	spin_lock(&tp->lock);
	if (!list_empty(&tp->cmds)) {
		req = list_first_entry(&tp->cmds, struct tkx_req, node);
		list_del_init(&req->node);
		req->done = 1;
		wake_up(&req->done_wait);
	}
	spin_unlock(&tp->lock);
	wake_up_interruptible(&tp->rx_wait);
	return IRQ_HANDLED;
}

static ssize_t tkx_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct tkx_port *tp = file->private_data;
	DECLARE_WAITQUEUE(wait, current);
	unsigned int n, i;
	u8 c;

	if (!(file->f_flags & O_NONBLOCK)) {
		add_wait_queue(&tp->rx_wait, &wait);
		set_current_state(TASK_INTERRUPTIBLE);
	}
	n = tkx_fifo_level(tp);
	if (!n) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		schedule();
		n = tkx_fifo_level(tp);
	}
	if (!(file->f_flags & O_NONBLOCK)) {
		__set_current_state(TASK_RUNNING);
		remove_wait_queue(&tp->rx_wait, &wait);
	}
	if (!n)
		return -ERESTARTSYS;
	if (n > count)
		n = count;
	for (i = 0; i < n; i++) {
		c = readl(tp->regs + TKX_DATA);
		if (put_user(c, buf + i))
			return -EFAULT;
	}
	return n;
}

static int tkx_command(struct tkx_port *tp, u8 cmd)
{
	struct tkx_req req;
	DECLARE_WAITQUEUE(wait, current);

	init_waitqueue_head(&req.done_wait);
	req.done = 0;
	req.cmd = cmd;
	add_wait_queue(&req.done_wait, &wait);
	spin_lock_irq(&tp->lock);
	list_add_tail(&req.node, &tp->cmds);
	set_current_state(TASK_UNINTERRUPTIBLE);
	spin_unlock_irq(&tp->lock);
	writel(cmd, tp->regs + TKX_CMD);
	schedule_timeout(HZ);
	spin_lock_irq(&tp->lock);
	if (!req.done) {
		list_del(&req.node);
		spin_unlock_irq(&tp->lock);
		return -ETIMEDOUT;
	}
	spin_unlock_irq(&tp->lock);
	remove_wait_queue(&req.done_wait, &wait);
	return 0;
}

int tkx_open_port(struct tkx_port *tp)
{
	spin_lock_init(&tp->lock);
	init_waitqueue_head(&tp->rx_wait);
	INIT_LIST_HEAD(&tp->cmds);
	return tkx_command(tp, 0x01);
}
