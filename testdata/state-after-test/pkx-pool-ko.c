// SPDX-License-Identifier: GPL-2.0-only
/*
 * pkx_pool.c -- slot pool of the PKX-2 frame grabber (2.6.9 vendor tree).
 *
 * wqport fixture: the same pool as pkx-pool-ok.c, in an older version
 * that drops the lock before it queues its wait entry.  The test ran
 * under pkx_pool_lock, but pkx_put_slot() can take the lock, free a
 * slot and call wake_up() between unlock_pool() and add_wait_queue():
 * the entry is not queued yet, the wake-up finds nobody, and the task
 * sleeps in TASK_UNINTERRUPTIBLE with a free slot.  The lock is taken
 * through the driver's own macros, and the lock itself is declared with
 * an alignment macro the shim headers lack: clang drops the lock calls,
 * and the macros' bodies must still be read.  wqport fix leaves the goto
 * loop to a person.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/spinlock.h>

#define PKX_SLOTS	32

static __cacheline_aligned_in_smp DEFINE_SPINLOCK(pkx_pool_lock);
static DECLARE_WAIT_QUEUE_HEAD(pkx_slot_wait);
static int pkx_slot_busy[PKX_SLOTS];
static int pkx_last;

#define lock_pool()	spin_lock(&pkx_pool_lock)
#define unlock_pool()	spin_unlock(&pkx_pool_lock)

/* called with pkx_pool_lock held; returns with it held */
static int pkx_get_slot(void)
{
	int count;

start:
	count = PKX_SLOTS;
	for (;;) {
		pkx_last = (pkx_last + 1) % PKX_SLOTS;
		if (!pkx_slot_busy[pkx_last])
			break;			/* a free slot */
		if (--count)
			continue;
		{
			DECLARE_WAITQUEUE(wait, current);

			__set_current_state(TASK_UNINTERRUPTIBLE);	/* expect: WQ003 fix=refused:goto-loop */
			unlock_pool();
			add_wait_queue(&pkx_slot_wait, &wait);	/* expect: WQ002 fix=refused:goto-loop */
			schedule();
			remove_wait_queue(&pkx_slot_wait, &wait);
			lock_pool();
			goto start;
		}
	}
	pkx_slot_busy[pkx_last] = 1;
	return pkx_last;
}

int pkx_alloc_slot(void)
{
	int slot;

	lock_pool();
	slot = pkx_get_slot();
	unlock_pool();
	return slot;
}

void pkx_put_slot(int slot)
{
	lock_pool();
	pkx_slot_busy[slot] = 0;
	wake_up(&pkx_slot_wait);
	unlock_pool();
}
