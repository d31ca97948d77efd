// SPDX-License-Identifier: GPL-2.0-only
/*
 * tkx_uart.c -- receive side of the TKX-2 telemetry UART, the 2.6.12
 * drop of the board support tree of tkx-fifo-nonblock-ok.c.
 *
 * wqport fixture: the two functions of the -ok file where the entry
 * does leak.
 *
 * - tkx_read() copies the mode into a local and turns a blocking read
 *   into a non-blocking one when the line is idle: the second test is
 *   of a value written after the entry was queued, so the -EAGAIN
 *   return leaves it on tp->rx_wait.
 * - tkx_command() keeps its one request in the port, not on its stack:
 *   the timeout return leaves the entry on a head that outlives the
 *   frame, and the next interrupt wakes a dead entry.
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
	struct tkx_req req;
	int idle;
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
	int nonblock = file->f_flags & O_NONBLOCK;
	unsigned int n, i;
	u8 c;

	if (!nonblock) {
		add_wait_queue(&tp->rx_wait, &wait);
		set_current_state(TASK_INTERRUPTIBLE);
	}
	n = tkx_fifo_level(tp);
	if (!n && tp->idle)
		nonblock = 1;
	if (!n) {
		if (nonblock)
			return -EAGAIN;	/* expect: WQ006 */
		schedule();
		n = tkx_fifo_level(tp);
	}
	if (!nonblock) {
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
	struct tkx_req *req = &tp->req;
	DECLARE_WAITQUEUE(wait, current);

	req->done = 0;
	req->cmd = cmd;
	add_wait_queue(&req->done_wait, &wait);
	spin_lock_irq(&tp->lock);
	list_add_tail(&req->node, &tp->cmds);
	set_current_state(TASK_UNINTERRUPTIBLE);
	spin_unlock_irq(&tp->lock);
	writel(cmd, tp->regs + TKX_CMD);
	schedule_timeout(HZ);
	spin_lock_irq(&tp->lock);
	if (!req->done) {
		list_del(&req->node);
		spin_unlock_irq(&tp->lock);
		return -ETIMEDOUT;	/* expect: WQ006 */
	}
	spin_unlock_irq(&tp->lock);
	remove_wait_queue(&req->done_wait, &wait);
	return 0;
}

int tkx_open_port(struct tkx_port *tp)
{
	spin_lock_init(&tp->lock);
	init_waitqueue_head(&tp->rx_wait);
	INIT_LIST_HEAD(&tp->cmds);
	init_waitqueue_head(&tp->req.done_wait);
	return tkx_command(tp, 0x01);
}
