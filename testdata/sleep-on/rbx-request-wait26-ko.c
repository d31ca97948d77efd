// SPDX-License-Identifier: GPL-2.0-only
/*
 * rbx_blk.c -- the RBX ramcard block device, a 2.6 block driver with a
 * request function: the card must be ready before a transfer, and the
 * request function waits for it in a helper; the ioctl that reloads
 * the card waits the same way from process context.
 *
 * wqport fixture (issue 39, the callers' context): rbx_wait_ready() is
 * called from rbx_request(), which blk_init_queue() hands to the block
 * layer: it runs with the queue lock held and interrupts off (kapi.def
 * K_ATOMIC_START).  The old sleep slept while atomic, and no rewrite
 * keeps that context (wait_event() and schedule() both come back with
 * interrupts on), so the site is refused with that reason (held-lock),
 * though the interrupt handler makes `dev->ready` true before its
 * wake-up.  rbx_reload() sleeps the same way from the ioctl, in process
 * context: wait_event(dev->reload_wait, dev->loaded).
 *
 * wqport-fix-test: no-compile (blk_init_queue and elv_next_request are gone from 6.1)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/blkdev.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct rbx_dev {
	unsigned long base;
	int ready;
	int loaded;
	wait_queue_head_t ready_wait;
	wait_queue_head_t reload_wait;
	struct request_queue *queue;
	spinlock_t lock;
};

static struct rbx_dev rbx;

static irqreturn_t rbx_interrupt(int irq, void *dev_id)
{
	struct rbx_dev *dev = dev_id;
	int st = inb(dev->base);

	if (st & 1) {
		dev->ready = 1;
		wake_up(&dev->ready_wait);
	}
	if (st & 2) {
		dev->loaded = 1;
		wake_up(&dev->reload_wait);
	}
	return IRQ_HANDLED;
}

static void rbx_wait_ready(struct rbx_dev *dev)
{
	if (!dev->ready) {
		outb(1, dev->base);
		sleep_on(&dev->ready_wait); /* expect: WQ001 fix=refused:held-lock */
	}
}

static void rbx_request(struct request_queue *q)
{
	struct request *req;

	while ((req = elv_next_request(q)) != NULL) {
		rbx_wait_ready(&rbx);
		end_request(req, 1);
	}
}

static int rbx_reload(struct rbx_dev *dev)
{
	dev->loaded = 0;
	outb(2, dev->base);
	sleep_on(&dev->reload_wait); /* expect: WQ001 fix=caveat */
	return dev->loaded ? 0 : -EIO;
}

static int rbx_ioctl(struct block_device *bdev, fmode_t mode,
		     unsigned int cmd, unsigned long arg)
{
	return cmd == 1 ? rbx_reload(&rbx) : -ENOTTY;
}

static const struct block_device_operations rbx_fops = {
	.owner	= THIS_MODULE,
	.ioctl	= rbx_ioctl,
};

static int __init rbx_init(void)
{
	spin_lock_init(&rbx.lock);
	init_waitqueue_head(&rbx.ready_wait);
	init_waitqueue_head(&rbx.reload_wait);
	rbx.queue = blk_init_queue(rbx_request, &rbx.lock);
	if (!rbx.queue)
		return -ENOMEM;
	return request_irq(9, rbx_interrupt, 0, "rbx", &rbx);
}
module_init(rbx_init);
MODULE_LICENSE("GPL");
