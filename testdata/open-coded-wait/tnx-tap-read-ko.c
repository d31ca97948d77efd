// SPDX-License-Identifier: GPL-2.0-only
/*
 * tnx_tap.c -- frame reader of the TNX virtual tap device.
 *
 * wqport fixture: a read loop queued and put to sleep only when the
 * caller may block, every test of that spelled `unlikely(!noblock)`: the
 * task state is set whenever schedule() is reached and put back whenever
 * it was set, so there is no schedule() in TASK_RUNNING (WQ004) and no
 * return in TASK_INTERRUPTIBLE (WQ005).  The branch hint is the file's own
 * test, as plain as `if (!noblock)` (old drivers/net/tun.c tun_do_read()).
 * The open-coded wait itself is reported (WQ002).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/skbuff.h>
#include <linux/wait.h>

struct tnx_dev {
	struct sk_buff_head rxq;
	wait_queue_head_t read_wait;
	int registered;
};

/* the transmit side queues a frame and wakes a blocked reader */
void tnx_rx(struct tnx_dev *tn, struct sk_buff *skb)
{
	skb_queue_tail(&tn->rxq, skb);
	wake_up_interruptible(&tn->read_wait);
}
EXPORT_SYMBOL_GPL(tnx_rx);

ssize_t tnx_read(struct tnx_dev *tn, size_t len, int noblock)
{
	DECLARE_WAITQUEUE(wait, current);
	struct sk_buff *skb;
	ssize_t ret = 0;

	if (unlikely(!noblock))
		add_wait_queue(&tn->read_wait, &wait);	/* expect: WQ002 fix=refused:conditional-add */
	while (len) {
		if (unlikely(!noblock))
			set_current_state(TASK_INTERRUPTIBLE);

		skb = skb_dequeue(&tn->rxq);
		if (!skb) {
			if (noblock) {
				ret = -EAGAIN;
				break;
			}
			if (signal_pending(current)) {
				ret = -ERESTARTSYS;
				break;
			}
			if (!tn->registered) {
				ret = -EIO;
				break;
			}
			schedule();
			continue;
		}
		ret = min_t(size_t, len, skb->len);
		kfree_skb(skb);
		break;
	}
	if (unlikely(!noblock)) {
		__set_current_state(TASK_RUNNING);
		remove_wait_queue(&tn->read_wait, &wait);
	}
	return ret;
}
EXPORT_SYMBOL_GPL(tnx_read);

MODULE_LICENSE("GPL");
