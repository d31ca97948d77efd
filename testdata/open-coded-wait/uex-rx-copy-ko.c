// SPDX-License-Identifier: GPL-2.0-only
/*
 * uex_eth.c -- the character side of a UART-to-Ethernet bridge: the
 * network half queues each frame for the reader and counts it under a
 * spinlock, then wakes the reader; the reader copies the count under
 * the same lock into a local, and sleeps when the copy is zero.
 *
 * wqport fixture: the reader's test reads a local copy of what the
 * waker changes (`cnt = priv->rx_cnt;`), set before the state: a
 * wake-up between the copy and set_current_state() is lost, and the
 * model must call it a plain lost wake-up of a test that reads the
 * waker's change, not one that needs "its waker ... before the sleeper
 * is queued ... (none the sleep waits on names what the waker's
 * function writes)".  The in-place conversion keeps that race.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/spinlock.h>
#include <linux/list.h>
#include <linux/slab.h>

struct uex_frame {
	struct list_head list;
	int len;
};

struct uex_priv {
	spinlock_t lock;
	struct list_head rx;
	int rx_cnt;
	wait_queue_head_t rx_wait;
};

void uex_queue_frame(struct uex_priv *priv, struct uex_frame *fr)
{
	unsigned long flags;

	spin_lock_irqsave(&priv->lock, flags);
	list_add_tail(&fr->list, &priv->rx);
	priv->rx_cnt++;
	spin_unlock_irqrestore(&priv->lock, flags);
	wake_up_interruptible(&priv->rx_wait);
}
EXPORT_SYMBOL(uex_queue_frame);

struct uex_frame *uex_next_frame(struct uex_priv *priv)
{
	DECLARE_WAITQUEUE(wait, current);
	struct uex_frame *fr = NULL;
	unsigned long flags;
	int cnt;

	add_wait_queue(&priv->rx_wait, &wait);	/* expect: WQ002 fix=keeprace */
	do {
		spin_lock_irqsave(&priv->lock, flags);
		cnt = priv->rx_cnt;
		spin_unlock_irqrestore(&priv->lock, flags);
		if (!cnt) {
			set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=refused:one-shot */
			schedule();
			if (signal_pending(current))
				goto out;
		}
	} while (!cnt);
	spin_lock_irqsave(&priv->lock, flags);
	fr = list_first_entry(&priv->rx, struct uex_frame, list);
	list_del(&fr->list);
	priv->rx_cnt--;
	spin_unlock_irqrestore(&priv->lock, flags);
out:
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&priv->rx_wait, &wait);
	return fr;
}
EXPORT_SYMBOL(uex_next_frame);

MODULE_LICENSE("GPL");
