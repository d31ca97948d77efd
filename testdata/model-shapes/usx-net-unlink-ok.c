// SPDX-License-Identifier: GPL-2.0-only
/*
 * USX USB network adapter: stopping the interface unlinks the URBs in
 * flight and waits until their completions have taken them off the rx
 * list.  The caller queues itself on dev->unlink_wait and sets
 * TASK_UNINTERRUPTIBLE; its helper loops on the list, sleeping with
 * schedule_timeout() and setting the state again after each sleep.  A
 * completion that empties the list wakes dev->unlink_wait: landing
 * between the helper's test and its sleep, it sets the caller
 * TASK_RUNNING and schedule_timeout() returns at once.
 */
#include <linux/module.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/jiffies.h>

#define USX_UNLINK_TIMEOUT_MS	3

struct usx_urb {
	struct list_head list;
	int status;
};

struct usx_net {
	spinlock_t rxq_lock;
	struct list_head rxq;
	wait_queue_head_t unlink_wait;
	int unlinking;
};

static struct usx_net usx_dev;

static void usx_wait_rxq_empty(struct usx_net *dev)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->rxq_lock, flags);
	while (!list_empty(&dev->rxq)) {
		spin_unlock_irqrestore(&dev->rxq_lock, flags);
		schedule_timeout(msecs_to_jiffies(USX_UNLINK_TIMEOUT_MS));
		set_current_state(TASK_UNINTERRUPTIBLE);
		spin_lock_irqsave(&dev->rxq_lock, flags);
	}
	spin_unlock_irqrestore(&dev->rxq_lock, flags);
}

static void usx_terminate_urbs(struct usx_net *dev)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&dev->unlink_wait, &wait);
	set_current_state(TASK_UNINTERRUPTIBLE);
	dev->unlinking = 1;
	usx_wait_rxq_empty(dev);
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&dev->unlink_wait, &wait);
	dev->unlinking = 0;
}

/* The rx completion of an unlinked URB. */
static void usx_rx_complete(struct usx_net *dev, struct usx_urb *urb)
{
	unsigned long flags;
	int empty;

	spin_lock_irqsave(&dev->rxq_lock, flags);
	list_del(&urb->list);
	empty = list_empty(&dev->rxq);
	spin_unlock_irqrestore(&dev->rxq_lock, flags);
	if (empty && dev->unlinking)
		wake_up(&dev->unlink_wait);
}
