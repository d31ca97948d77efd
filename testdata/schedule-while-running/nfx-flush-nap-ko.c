// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): a flush that polls a counter with a
 * one-jiffy nap in TASK_RUNNING (so each pass returns at once), then
 * waits on a queue for the engine to go idle.  The nap is on no queue:
 * the queue's waker never wakes it, so the fixed nap
 * (schedule_timeout_uninterruptible(1)) loses no wake-up; it polls.
 */
#include <linux/module.h>
#include <linux/atomic.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct nfx_dev {
	atomic_t pending;
	int busy;
	wait_queue_head_t idle_wq;
};

static irqreturn_t nfx_irq(int irq, void *data)
{
	struct nfx_dev *dev = data;

	atomic_dec(&dev->pending);
	dev->busy = 0;
	wake_up(&dev->idle_wq);
	return IRQ_HANDLED;
}

static int nfx_flush(struct nfx_dev *dev)
{
	while (atomic_read(&dev->pending))
		schedule_timeout(1);	/* expect: WQ004 fix=converted */
	return wait_event_interruptible(dev->idle_wq, !dev->busy);
}

static struct nfx_dev nfx;

static int __init nfx_init(void)
{
	atomic_set(&nfx.pending, 0);
	init_waitqueue_head(&nfx.idle_wq);
	if (request_irq(9, nfx_irq, 0, "nfx", &nfx))
		return -EBUSY;
	return nfx_flush(&nfx);
}

static void __exit nfx_exit(void)
{
	free_irq(9, &nfx);
}

module_init(nfx_init);
module_exit(nfx_exit);
MODULE_LICENSE("GPL");
