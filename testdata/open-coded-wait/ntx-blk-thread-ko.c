// SPDX-License-Identifier: GPL-2.0-only
/*
 * ntx_blk.c -- the request thread of an invented NAND block layer.  The
 * thread waits for requests or for the quit flag; ntx_unregister() takes
 * the registration semaphore with down(), sets the flag, wakes the
 * thread and releases the semaphore with up().  The model's words may
 * not say the waker's callers hold that semaphore: it takes it itself.
 */
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/semaphore.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct ntx_ops {
	wait_queue_head_t thread_wq;
	spinlock_t lock;
	int quit;
	int pending;
};

static struct semaphore ntx_sem;

extern void ntx_do_request(struct ntx_ops *ops);

int ntx_thread(void *arg)
{
	struct ntx_ops *ops = arg;

	spin_lock_irq(&ops->lock);
	while (!ops->quit) {
		DECLARE_WAITQUEUE(wait, current);

		if (!ops->pending) {
			add_wait_queue(&ops->thread_wq, &wait);	/* expect: WQ002 fix=converted */
			set_current_state(TASK_UNINTERRUPTIBLE);
			spin_unlock_irq(&ops->lock);
			schedule();
			spin_lock_irq(&ops->lock);
			remove_wait_queue(&ops->thread_wq, &wait);
			continue;
		}
		ops->pending--;
		spin_unlock_irq(&ops->lock);
		ntx_do_request(ops);
		spin_lock_irq(&ops->lock);
	}
	spin_unlock_irq(&ops->lock);
	return 0;
}

void ntx_unregister(struct ntx_ops *ops)
{
	down(&ntx_sem);
	ops->quit = 1;
	wake_up(&ops->thread_wq);
	up(&ntx_sem);
}

void ntx_init(void)
{
	sema_init(&ntx_sem, 1);
}
