// SPDX-License-Identifier: GPL-2.0-only
/*
 * usx_net.c -- the stop path of an invented USB network adapter, in the
 * 2.4 style: stop puts a queue head on its stack, hands its address to
 * the completion side through dev->wait, unlinks the URBs and waits for
 * their completions in a timed loop.  The bottom half wakes the queue
 * through that pointer, wake_up(dev->wait): a waker of this file.  The
 * model must run it, not call the queue's waker one outside this file.
 */
#include <linux/sched.h>
#include <linux/skbuff.h>
#include <linux/wait.h>

#define USX_UNLINK_JIFFIES	(HZ / 10)

struct usx_dev {
	wait_queue_head_t *wait;
	struct sk_buff_head rxq, txq, done;
};

static int usx_unlink_urbs(struct sk_buff_head *q)
{
	return skb_queue_len(q);
}

void usx_bh(struct usx_dev *dev)
{
	struct sk_buff *skb;

	while ((skb = skb_dequeue(&dev->done)))
		kfree_skb(skb);
	if (dev->wait) {
		if (!skb_queue_len(&dev->rxq) && !skb_queue_len(&dev->txq))
			wake_up(dev->wait);
	}
}

int usx_stop(struct usx_dev *dev)
{
	DECLARE_WAIT_QUEUE_HEAD(unlink_wakeup);
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&unlink_wakeup, &wait);	/* expect: WQ002 fix=converted */
	dev->wait = &unlink_wakeup;
	usx_unlink_urbs(&dev->txq);
	usx_unlink_urbs(&dev->rxq);
	while (skb_queue_len(&dev->rxq) && skb_queue_len(&dev->txq)) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		schedule_timeout(USX_UNLINK_JIFFIES);
	}
	dev->wait = NULL;
	remove_wait_queue(&unlink_wakeup, &wait);
	return 0;
}
