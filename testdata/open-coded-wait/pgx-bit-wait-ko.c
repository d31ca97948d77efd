// SPDX-License-Identifier: GPL-2.0-only
/*
 * pgx_lock.c -- Pegasus PGX-2 DMA page-lock helper, 6.x-era driver.
 *
 * wqport fixture: a bit wait whose sleep is in a for (;;) loop of its
 * own, after the entry is queued; a `goto repeat` inside that loop goes
 * back before the queueing when the bit was stolen, and queues the entry
 * again (pgx_lock_page()); the same with the goto after the loop
 * (pgx_lock_retry()).  The refusal must say so: the wait loop is the
 * for (;;), the goto redoes the queueing around it.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/spinlock.h>
#include <linux/bitops.h>
#include <linux/errno.h>

#define PGX_LOCKED	0

struct pgx_page {
	unsigned long		flags;
	wait_queue_head_t	wq;
};

static int pgx_lock_retry(struct pgx_page *pg)
{
	wait_queue_entry_t wait;
	int tries = 4;

	init_wait(&wait);
repeat:
	spin_lock_irq(&pg->wq.lock);
	if (!test_and_set_bit(PGX_LOCKED, &pg->flags)) {
		spin_unlock_irq(&pg->wq.lock);
		return 0;
	}
	__add_wait_queue_entry_tail(&pg->wq, &wait);	/* expect: WQ002 fix=refused:goto-loop */
	spin_unlock_irq(&pg->wq.lock);

	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!test_bit(PGX_LOCKED, &pg->flags))
			break;
		if (signal_pending(current))
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&pg->wq, &wait);
	if (signal_pending(current))
		return -EINTR;
	if (test_and_set_bit(PGX_LOCKED, &pg->flags)) {
		if (--tries > 0)
			goto repeat;
		return -EBUSY;
	}
	return 0;
}

static int pgx_lock_page(struct pgx_page *pg)
{
	wait_queue_entry_t wait;
	int ret = 0;

	init_wait(&wait);
repeat:
	spin_lock_irq(&pg->wq.lock);
	if (!test_and_set_bit(PGX_LOCKED, &pg->flags)) {
		spin_unlock_irq(&pg->wq.lock);
		return 0;
	}
	__add_wait_queue_entry_tail(&pg->wq, &wait);	/* expect: WQ002 fix=refused:goto-loop */
	spin_unlock_irq(&pg->wq.lock);

	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (test_bit(PGX_LOCKED, &pg->flags)) {
			if (signal_pending(current)) {
				ret = -EINTR;
				break;
			}
			schedule();
			continue;
		}
		/* the bit is clear: take it, or wait all over again */
		if (test_and_set_bit(PGX_LOCKED, &pg->flags)) {
			__set_current_state(TASK_RUNNING);
			remove_wait_queue(&pg->wq, &wait);
			goto repeat;
		}
		break;
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&pg->wq, &wait);
	return ret;
}

static void pgx_unlock_page(struct pgx_page *pg)
{
	clear_bit_unlock(PGX_LOCKED, &pg->flags);
	smp_mb__after_atomic();
	wake_up(&pg->wq);
}

int pgx_copy_page(struct pgx_page *pg)
{
	int err = pgx_lock_page(pg);

	if (err)
		return err;
	pgx_unlock_page(pg);
	err = pgx_lock_retry(pg);
	if (err)
		return err;
	pgx_unlock_page(pg);
	return 0;
}
EXPORT_SYMBOL(pgx_copy_page);
