// SPDX-License-Identifier: GPL-2.0-only
/*
 * pkx_pool.c -- slot pool of the PKX-2 frame grabber (2.6.9 vendor tree).
 *
 * wqport fixture: no lost wake-up, because the test and the sleep are in
 * one critical section.  pkx_get_slot() is entered with pkx_pool_lock
 * held; it tests the pool, sets the task state and queues its entry
 * (prepare_to_wait()) with
 * the lock still held, and only then drops it and sleeps.  The waker,
 * pkx_put_slot(), frees a slot and calls wake_up() under the same lock,
 * so it runs either before the test (which then sees the free slot) or
 * after the entry is queued (and wakes it).  The lock is taken through
 * the driver's own macros, and the lock itself is declared with an
 * alignment macro the shim headers lack: clang drops the lock calls, and
 * the macros' bodies must still be read.
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
			DEFINE_WAIT(wait);

			prepare_to_wait(&pkx_slot_wait, &wait,
					TASK_UNINTERRUPTIBLE);
			unlock_pool();
			schedule();
			finish_wait(&pkx_slot_wait, &wait);
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
