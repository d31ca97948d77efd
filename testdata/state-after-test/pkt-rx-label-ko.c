// SPDX-License-Identifier: GPL-2.0-only
/*
 * pkt_rx.c -- the receive queue of the PKT capture card: read() waits,
 * with the queue's spinlock dropped, for the bottom half to post a
 * buffer.  The loop tests the count under the lock, drops it, then sets
 * its state: a buffer posted between the test and the state write is
 * not seen until the next one.  A signal leaves through `goto out`; the
 * normal exit drops the lock and falls into the same label, where the
 * entry is removed and the task set back to TASK_RUNNING.
 *
 * wqport fixture: every way out of the loop reaches that
 * set_current_state(TASK_RUNNING) (through an unlock and a label the
 * loop's goto names), so the state-after-test fix is planned: the test
 * made again after prepare_to_wait(), right before the sleep.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/spinlock.h>

struct pkt_rxq {
	spinlock_t lock;
	wait_queue_head_t wait;
	int posted;
};

static struct pkt_rxq pkt_rx;

void pkt_rx_post(struct pkt_rxq *q)
{
	spin_lock_bh(&q->lock);
	q->posted++;
	spin_unlock_bh(&q->lock);
	wake_up_interruptible(&q->wait);
}

static ssize_t pkt_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	DECLARE_WAITQUEUE(wait, current);
	ssize_t ret = 0;

	spin_lock_bh(&pkt_rx.lock);
	add_wait_queue(&pkt_rx.wait, &wait);	/* expect: WQ002 fix=converted */
	while (pkt_rx.posted == 0) {
		spin_unlock_bh(&pkt_rx.lock);
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=converted */
		schedule();
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			goto out;
		}
		spin_lock_bh(&pkt_rx.lock);
	}
	pkt_rx.posted--;
	spin_unlock_bh(&pkt_rx.lock);
out:
	remove_wait_queue(&pkt_rx.wait, &wait);
	set_current_state(TASK_RUNNING);
	return ret;
}

static const struct file_operations pkt_fops = {
	.owner = THIS_MODULE,
	.read = pkt_read,
};

MODULE_LICENSE("GPL");
