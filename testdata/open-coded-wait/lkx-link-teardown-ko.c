// SPDX-License-Identifier: GPL-2.0-only
/*
 * lkx_link.c -- LKX serial link: teardown of a link in use.
 *
 * wqport fixture: the closer waits for the last user of the link to
 * drop it, in TASK_UNINTERRUPTIBLE, holding the wait queue's own lock
 * around its test (__add_wait_queue(), and the lock dropped only around
 * schedule()).  prepare_to_wait() and every wait_event*() form take that
 * lock themselves, and no *_locked*() form sleeps uninterruptibly: the
 * check names none of them.
 * wqport-cocci: beyond-standalone (the entry is added with
 * __add_wait_queue() under the queue's own lock, a form the semantic
 * patch does not match; the fix refuses the site as queue-lock)
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct lkx_link {
	wait_queue_head_t	users_wait;
	int			users;
	bool			dead;
};

void lkx_link_put(struct lkx_link *lk)
{
	spin_lock_irq(&lk->users_wait.lock);
	if (!--lk->users)
		wake_up_locked(&lk->users_wait);
	spin_unlock_irq(&lk->users_wait.lock);
}

void lkx_link_teardown(struct lkx_link *lk)
{
	DECLARE_WAITQUEUE(wait, current);

	spin_lock_irq(&lk->users_wait.lock);
	lk->dead = true;
	__add_wait_queue(&lk->users_wait, &wait);	/* expect: WQ002 fix=refused:queue-lock */
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (!lk->users)
			break;
		spin_unlock_irq(&lk->users_wait.lock);
		schedule();
		spin_lock_irq(&lk->users_wait.lock);
	}
	__remove_wait_queue(&lk->users_wait, &wait);
	__set_current_state(TASK_RUNNING);
	spin_unlock_irq(&lk->users_wait.lock);
}

MODULE_LICENSE("GPL");
