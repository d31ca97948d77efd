// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): a commit thread that tests its work list
 * under a spinlock it takes through the driver's own macros, queues
 * itself and sets its state before it drops the lock.  The waker takes
 * the same lock through the same macro around its wake-up, so none of
 * its wake-ups is lost, in the original or in the rewrite: the model
 * must read the lock behind LZX_LOCK() for the waker as well.  The loss
 * both keep is kthread_stop()'s, between the loop's test and the state
 * write, and the model says so.
 */
#include <linux/module.h>
#include <linux/kthread.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct lzx_anchor {
	spinlock_t lock;
	struct list_head work;
};

static struct lzx_anchor lzx_anchor;
static DECLARE_WAIT_QUEUE_HEAD(lzx_commit_wait);

#define LZX_LOCK(flags)		spin_lock_irqsave(&lzx_anchor.lock, flags)
#define LZX_UNLOCK(flags)	spin_unlock_irqrestore(&lzx_anchor.lock, flags)

static void lzx_do_work(struct list_head *item)
{
	list_del_init(item);
}

static int lzx_commit_thread(void *arg)
{
	unsigned long flags;

	do {
		LZX_LOCK(flags);
		while (!list_empty(&lzx_anchor.work)) {
			struct list_head *item = lzx_anchor.work.next;

			LZX_UNLOCK(flags);
			lzx_do_work(item);
			LZX_LOCK(flags);
		}
		{
			DECLARE_WAITQUEUE(wq, current);

			add_wait_queue(&lzx_commit_wait, &wq);	/* expect: WQ002 fix=keeprace */
			set_current_state(TASK_INTERRUPTIBLE);
			LZX_UNLOCK(flags);
			schedule();
			remove_wait_queue(&lzx_commit_wait, &wq);
		}
	} while (!kthread_should_stop());
	return 0;
}

void lzx_queue_work(struct list_head *item)
{
	unsigned long flags;

	LZX_LOCK(flags);
	list_add_tail(item, &lzx_anchor.work);
	wake_up(&lzx_commit_wait);
	LZX_UNLOCK(flags);
}

static struct task_struct *lzx_task;

static int __init lzx_init(void)
{
	spin_lock_init(&lzx_anchor.lock);
	INIT_LIST_HEAD(&lzx_anchor.work);
	lzx_task = kthread_run(lzx_commit_thread, NULL, "lzx_commit");
	return IS_ERR(lzx_task) ? PTR_ERR(lzx_task) : 0;
}

static void __exit lzx_exit(void)
{
	kthread_stop(lzx_task);
}

module_init(lzx_init);
module_exit(lzx_exit);
MODULE_LICENSE("GPL");
