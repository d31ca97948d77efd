// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a USB network driver's stop path waits for its
 * in-flight URBs to drain.  It queues itself on a wait queue head on its
 * own stack and stores the head's address in dev->unlink_wait, a member
 * of a struct only this file defines; the completion handlers of an
 * older version woke it there, but nothing in this file reads the
 * member any more, so nothing can wake the queue: the loop polls every
 * UNLINK_TIMEOUT_MS.  The model's environment says so ("no waker in the
 * file: timeouts only"), not that a waker outside this file may run.
 */
#include <linux/module.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/skbuff.h>
#include <linux/wait.h>

#define UNLINK_TIMEOUT_MS	3

struct lnx_net {
	struct sk_buff_head rxq;
	struct sk_buff_head txq;
	wait_queue_head_t *unlink_wait;
};

static int lnx_unlink_urbs(struct lnx_net *dev, struct sk_buff_head *q)
{
	int count = 0;
	struct sk_buff *skb;

	while ((skb = skb_dequeue(q)) != NULL) {
		kfree_skb(skb);
		count++;
	}
	return count;
}

static void lnx_terminate_urbs(struct lnx_net *dev)
{
	DECLARE_WAIT_QUEUE_HEAD_ONSTACK(unlink_wakeup);
	DECLARE_WAITQUEUE(wait, current);
	int temp;

	add_wait_queue(&unlink_wakeup, &wait);	/* expect: WQ002 fix=converted */
	set_current_state(TASK_UNINTERRUPTIBLE);
	dev->unlink_wait = &unlink_wakeup;
	temp = lnx_unlink_urbs(dev, &dev->txq) + lnx_unlink_urbs(dev, &dev->rxq);

	while (!skb_queue_empty(&dev->rxq) || !skb_queue_empty(&dev->txq)) {
		schedule_timeout(msecs_to_jiffies(UNLINK_TIMEOUT_MS));
		set_current_state(TASK_UNINTERRUPTIBLE);
	}
	set_current_state(TASK_RUNNING);
	dev->unlink_wait = NULL;
	remove_wait_queue(&unlink_wakeup, &wait);
}

void lnx_stop(void *drvdata)
{
	struct lnx_net *dev = drvdata;

	lnx_terminate_urbs(dev);
}
EXPORT_SYMBOL_GPL(lnx_stop);

MODULE_LICENSE("GPL");
