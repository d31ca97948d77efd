// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a mirror-sync kernel thread whose dequeue helper sets
 * the sleeping state only when the queue is empty, under the queue lock
 * (the producer wakes the thread with wake_up_process()).  The
 * schedule_timeout() after it runs in that TASK_INTERRUPTIBLE, not in
 * TASK_RUNNING: it is no WQ004, and rewriting it as
 * schedule_timeout_uninterruptible() would re-set the state after the
 * lock is dropped and sleep through a wake-up that came in between.
 * The checker cannot tell which state reaches the sleep (the helper
 * sets it on one path only), so it says nothing and `wqport fix`
 * refuses the site (state-from-helper).
 *
 * The link reset, by contrast, sets TASK_UNINTERRUPTIBLE and then calls
 * a helper that msleep()s, which leaves the task in TASK_RUNNING: the
 * settle delay after it returns at once.
 */
#include <linux/module.h>
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#define MXQ_CHECK_PERIOD	(HZ / 10)
#define MXQ_LINK_CTRL		0x10
#define MXQ_LINK_RESET		0x01

struct mxq_buf {
	struct list_head list;
	unsigned int len;
};

struct mxq_sync {
	void __iomem *regs;
	spinlock_t lock;
	struct list_head queue;
	struct task_struct *thread;
	unsigned int sent;
};

static struct mxq_sync mxq_master;

/* Returns NULL, with the task marked sleeping, when there is no work. */
static struct mxq_buf *mxq_dequeue(struct mxq_sync *ms)
{
	struct mxq_buf *b;

	spin_lock_bh(&ms->lock);
	if (list_empty(&ms->queue)) {
		b = NULL;
		__set_current_state(TASK_INTERRUPTIBLE);
	} else {
		b = list_first_entry(&ms->queue, struct mxq_buf, list);
		list_del(&b->list);
	}
	spin_unlock_bh(&ms->lock);
	return b;
}

static struct mxq_buf *mxq_next_buf(struct mxq_sync *ms)
{
	return mxq_dequeue(ms);
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
		b = mxq_next_buf(ms);
		if (!b) {
			schedule_timeout(MXQ_CHECK_PERIOD);	/* expect-fix: WQ004 fix=refused:state-from-helper */
			continue;
		}
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

/* Pulse the link reset line: the PHY wants it low for 2 ms. */
static void mxq_pulse_reset(struct mxq_sync *ms)
{
	writel(MXQ_LINK_RESET, ms->regs + MXQ_LINK_CTRL);
	msleep(2);
	writel(0, ms->regs + MXQ_LINK_CTRL);
}

static void mxq_link_reset(struct mxq_sync *ms)
{
	set_current_state(TASK_UNINTERRUPTIBLE);
	mxq_pulse_reset(ms);
	/* then 100 ms for the link to come back */
	schedule_timeout(HZ / 10);	/* expect: WQ004 fix=refused:no-patch */
}

static int mxq_start(struct mxq_sync *ms)
{
	spin_lock_init(&ms->lock);
	INIT_LIST_HEAD(&ms->queue);
	mxq_link_reset(ms);
	ms->thread = kthread_run(mxq_sync_thread, ms, "mxq-sync");
	return PTR_ERR_OR_ZERO(ms->thread);
}
