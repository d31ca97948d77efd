// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a mirror-sync kernel thread whose dequeue helper
 * sets the sleeping state.  mxq_dequeue() marks the task
 * TASK_INTERRUPTIBLE before it looks at the queue, under the queue
 * lock, and the thread only puts itself back to TASK_RUNNING when it
 * got a buffer; the producer wakes it with wake_up_process().  A wake-up
 * that comes after the helper let go of the lock makes
 * schedule_timeout() return at once, so none is lost.  The sleep runs
 * in the helper's TASK_INTERRUPTIBLE on every path: nothing here may be
 * reported, and `wqport fix` must leave the sleep alone.
 */
#include <linux/module.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#define MXQ_CHECK_PERIOD	(HZ / 10)

struct mxq_buf {
	struct list_head list;
	unsigned int len;
};

struct mxq_sync {
	spinlock_t lock;
	struct list_head queue;
	struct task_struct *thread;
	unsigned int sent;
};

static struct mxq_sync mxq_master;

/* Called with nothing held; the caller sleeps if this returns NULL. */
static struct mxq_buf *mxq_dequeue(struct mxq_sync *ms)
{
	struct mxq_buf *b = NULL;

	spin_lock_bh(&ms->lock);
	__set_current_state(TASK_INTERRUPTIBLE);
	if (!list_empty(&ms->queue)) {
		b = list_first_entry(&ms->queue, struct mxq_buf, list);
		list_del(&b->list);
	}
	spin_unlock_bh(&ms->lock);
	return b;
}

static void mxq_send(struct mxq_sync *ms, struct mxq_buf *b)
{
	ms->sent += b->len;
	kfree(b);
}

static int mxq_sync_thread(void *data)
{
	struct mxq_sync *ms = data;
	struct mxq_buf *b;

	while (!kthread_should_stop()) {
		b = mxq_dequeue(ms);
		if (!b) {
			schedule_timeout(MXQ_CHECK_PERIOD);
			continue;
		}
		__set_current_state(TASK_RUNNING);
		mxq_send(ms, b);
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static void mxq_queue(struct mxq_sync *ms, struct mxq_buf *b)
{
	spin_lock_bh(&ms->lock);
	list_add_tail(&b->list, &ms->queue);
	spin_unlock_bh(&ms->lock);
	wake_up_process(ms->thread);
}

static int mxq_start(struct mxq_sync *ms)
{
	spin_lock_init(&ms->lock);
	INIT_LIST_HEAD(&ms->queue);
	ms->thread = kthread_run(mxq_sync_thread, ms, "mxq-sync");
	return PTR_ERR_OR_ZERO(ms->thread);
}
