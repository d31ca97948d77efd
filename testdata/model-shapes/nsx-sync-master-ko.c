// SPDX-License-Identifier: GPL-2.0-only
/*
 * NSX connection sync: the master kthread sends the sync buffers the
 * packet path queues.  Its dequeue helper sets TASK_INTERRUPTIBLE under
 * the queue lock when the queue is empty, and the thread then sleeps
 * with schedule_timeout_uninterruptible(), as a wrong conversion of its
 * schedule_timeout() has it: that sets TASK_UNINTERRUPTIBLE again.  The
 * producer queues a buffer under the lock and wakes the thread with
 * wake_up_process().  A wake-up that lands between the helper and the
 * sleep sets the thread TASK_RUNNING and is spent: the sleep sets the
 * state again and lasts the whole period with a buffer queued.
 */
#include <linux/module.h>
#include <linux/kthread.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

#define NSX_SYNC_PERIOD		(HZ / 2)

struct nsx_sync_buf {
	struct list_head list;
	unsigned int len;
};

struct nsx_sync {
	spinlock_t lock;
	struct list_head queue;
	struct task_struct *master;
	unsigned long sent_bytes;
};

static struct nsx_sync nsx_sync;

static struct nsx_sync_buf *nsx_sync_dequeue(struct nsx_sync *ns)
{
	struct nsx_sync_buf *sb;

	spin_lock_bh(&ns->lock);
	if (list_empty(&ns->queue)) {
		sb = NULL;
		__set_current_state(TASK_INTERRUPTIBLE);
	} else {
		sb = list_first_entry(&ns->queue, struct nsx_sync_buf, list);
		list_del(&sb->list);
	}
	spin_unlock_bh(&ns->lock);
	return sb;
}

static void nsx_sync_send(struct nsx_sync *ns, struct nsx_sync_buf *sb)
{
	ns->sent_bytes += sb->len;
}

static int nsx_sync_master(void *data)
{
	struct nsx_sync *ns = data;
	struct nsx_sync_buf *sb;

	while (!kthread_should_stop()) {
		sb = nsx_sync_dequeue(ns);
		if (!sb) {
			schedule_timeout_uninterruptible(NSX_SYNC_PERIOD);
			continue;
		}
		nsx_sync_send(ns, sb);
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static void nsx_sync_queue(struct nsx_sync *ns, struct nsx_sync_buf *sb)
{
	spin_lock_bh(&ns->lock);
	list_add_tail(&sb->list, &ns->queue);
	spin_unlock_bh(&ns->lock);
	wake_up_process(ns->master);
}

static int nsx_sync_start(struct nsx_sync *ns)
{
	spin_lock_init(&ns->lock);
	INIT_LIST_HEAD(&ns->queue);
	ns->master = kthread_run(nsx_sync_master, ns, "nsx_sync_master");
	return PTR_ERR_OR_ZERO(ns->master);
}
