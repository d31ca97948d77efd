// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): a cluster lock manager's daemon thread.
 * Each pass it queues itself, sleeps if no list holds work, takes one
 * item under the list lock and handles it, then yields the CPU with a
 * schedule() in TASK_RUNNING before the next pass.  That yield is no
 * busy loop: a pass that finds no work sleeps.  The lost wake-up the
 * original and the rewrite keep is kthread_stop()'s: it can make
 * kthread_should_stop() true and wake the thread between the loop's test
 * and the state write, and the thread then sleeps until the next
 * request.  The model must run kthread_stop() as a waker of that test,
 * and must not call the yield a busy loop.
 */
#include <linux/kthread.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct glx_lock {
	struct list_head node;
	int mode;
};

struct glx_space {
	spinlock_t async_lock;
	struct list_head submit;
	struct list_head complete;
	wait_queue_head_t thread_wait;
	struct task_struct *thread;
};

void glx_do_lock(struct glx_lock *lp);

static int glx_no_work(struct glx_space *ls)
{
	int ret;

	spin_lock(&ls->async_lock);
	ret = list_empty(&ls->complete) && list_empty(&ls->submit);
	spin_unlock(&ls->async_lock);
	return ret;
}

void glx_queue_submit(struct glx_space *ls, struct glx_lock *lp)
{
	spin_lock(&ls->async_lock);
	list_add_tail(&lp->node, &ls->submit);
	spin_unlock(&ls->async_lock);
	wake_up(&ls->thread_wait);
}
EXPORT_SYMBOL_GPL(glx_queue_submit);

static int glx_thread(void *data)
{
	struct glx_space *ls = data;
	struct glx_lock *lp;
	DECLARE_WAITQUEUE(wait, current);

	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		add_wait_queue(&ls->thread_wait, &wait);	/* expect: WQ002 fix=keeprace */
		if (glx_no_work(ls))
			schedule();
		remove_wait_queue(&ls->thread_wait, &wait);
		set_current_state(TASK_RUNNING);

		lp = NULL;
		spin_lock(&ls->async_lock);
		if (!list_empty(&ls->submit)) {
			lp = list_first_entry(&ls->submit, struct glx_lock, node);
			list_del_init(&lp->node);
		}
		spin_unlock(&ls->async_lock);
		if (lp)
			glx_do_lock(lp);
		schedule();
	}
	return 0;
}

int glx_start(struct glx_space *ls)
{
	ls->thread = kthread_run(glx_thread, ls, "glx_async");
	return IS_ERR(ls->thread) ? PTR_ERR(ls->thread) : 0;
}
EXPORT_SYMBOL_GPL(glx_start);

void glx_stop(struct glx_space *ls)
{
	kthread_stop(ls->thread);
}
EXPORT_SYMBOL_GPL(glx_stop);

MODULE_LICENSE("GPL");
