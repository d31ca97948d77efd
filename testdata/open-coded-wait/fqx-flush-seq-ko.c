// SPDX-License-Identifier: GPL-2.0-only
/*
 * fqx_work.c -- the deferred-work queue of the FQX offload engine, a
 * vendor backport of an old kernel's workqueue for the kernels it still
 * supports.  flush waits for the work items queued before it: it queues
 * itself on the "work done" queue and calls schedule() until the done
 * sequence catches up, dropping the queue's lock around each call.
 *
 * wqport fixture: the loop never sets a task state, nor does anything
 * else in the function: schedule() sleeps only in a state a caller set,
 * and else returns at once, so the loop spins while it waits.  The
 * finding's note says so, not that schedule() "sleeps here".
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/spinlock.h>

struct fqx_wq {
	spinlock_t lock;
	long insert_seq;
	long remove_seq;
	wait_queue_head_t work_done;
};

void fqx_flush(struct fqx_wq *wq)
{
	DECLARE_WAITQUEUE(wait, current);
	unsigned long flags;
	long seq;

	spin_lock_irqsave(&wq->lock, flags);
	seq = wq->insert_seq;
	add_wait_queue(&wq->work_done, &wait);	/* expect: WQ002 fix=refused:state-outside-loop */
	while (seq - wq->remove_seq > 0) {
		spin_unlock_irqrestore(&wq->lock, flags);
		schedule();
		spin_lock_irqsave(&wq->lock, flags);
	}
	remove_wait_queue(&wq->work_done, &wait);
	spin_unlock_irqrestore(&wq->lock, flags);
}

void fqx_work_done(struct fqx_wq *wq)
{
	unsigned long flags;

	spin_lock_irqsave(&wq->lock, flags);
	wq->remove_seq++;
	spin_unlock_irqrestore(&wq->lock, flags);
	wake_up(&wq->work_done);
}

MODULE_LICENSE("GPL");
