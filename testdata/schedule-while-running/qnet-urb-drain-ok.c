// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a USB network driver that waits for its in-flight
 * URBs at stop.  qnet_terminate_urbs() queues itself on dev->wait and
 * sets TASK_UNINTERRUPTIBLE, unlinks the URBs, and calls
 * qnet_wait_queue_empty() for each queue: the helper's first
 * schedule_timeout() sleeps in the caller's state, so the completion
 * that empties the queue and wakes dev->wait in between makes it return
 * at once, and later passes set the state again themselves.  No sleep
 * here runs in TASK_RUNNING: nothing may be reported, and `wqport fix`
 * must leave the helper alone (a schedule_timeout_uninterruptible()
 * there would re-set the state and sleep through that wake-up).
 */
#include <linux/module.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#define QNET_UNLINK_TIMEOUT_MS	20
#define QNET_UNLINK_TRIES	5

struct qnet_queue {
	spinlock_t lock;
	unsigned int qlen;
};

struct qnet_dev {
	struct qnet_queue rxq, txq;
	wait_queue_head_t wait;
	unsigned long flags;
};

static unsigned int qnet_unlink_urbs(struct qnet_queue *q)
{
	unsigned long flags;
	unsigned int n;

	spin_lock_irqsave(&q->lock, flags);
	n = q->qlen;
	spin_unlock_irqrestore(&q->lock, flags);
	return n;
}

static void qnet_wait_queue_empty(struct qnet_queue *q)
{
	unsigned long flags;
	int tries = 0;

	spin_lock_irqsave(&q->lock, flags);
	while (q->qlen && tries++ < QNET_UNLINK_TRIES) {
		spin_unlock_irqrestore(&q->lock, flags);
		schedule_timeout(msecs_to_jiffies(QNET_UNLINK_TIMEOUT_MS));
		set_current_state(TASK_UNINTERRUPTIBLE);
		spin_lock_irqsave(&q->lock, flags);
	}
	spin_unlock_irqrestore(&q->lock, flags);
}

static void qnet_terminate_urbs(struct qnet_dev *dev)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&dev->wait, &wait);
	set_current_state(TASK_UNINTERRUPTIBLE);
	qnet_unlink_urbs(&dev->txq);
	qnet_unlink_urbs(&dev->rxq);
	qnet_wait_queue_empty(&dev->rxq);
	qnet_wait_queue_empty(&dev->txq);
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&dev->wait, &wait);
}

/* URB completion: the last one out wakes the stopper. */
static void qnet_urb_done(struct qnet_dev *dev, struct qnet_queue *q)
{
	unsigned long flags;

	spin_lock_irqsave(&q->lock, flags);
	q->qlen--;
	spin_unlock_irqrestore(&q->lock, flags);
	wake_up(&dev->wait);
}

int qnet_stop(struct qnet_dev *dev)
{
	qnet_terminate_urbs(dev);
	dev->flags = 0;
	return 0;
}
