// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kestrel name cache: a lookup that finds the slot busy waits for the
 * owner to finish.  The same test guards the enqueue and ends the loop,
 * but the slot changes while the task sleeps, so the test after the
 * loop says nothing about the first one; the entry is never removed and
 * the function returns with it still on the slot's queue.
 */
#include <linux/module.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

struct kestrel_slot {
	spinlock_t lock;
	wait_queue_head_t waitq;
	unsigned long flags;
};

#define KESTREL_SLOT_BUSY	0x1

static bool kestrel_slot_busy(struct kestrel_slot *slot)
{
	return slot->flags & KESTREL_SLOT_BUSY;
}

static void kestrel_wait_slot(struct kestrel_slot *slot)
{
	if (kestrel_slot_busy(slot)) {
		DECLARE_WAITQUEUE(wait, current);

		add_wait_queue(&slot->waitq, &wait);	/* expect: WQ002 fix=refused:leak-at-end */
		do {
			set_current_state(TASK_UNINTERRUPTIBLE);
			spin_unlock(&slot->lock);
			schedule();
			spin_lock(&slot->lock);
		} while (kestrel_slot_busy(slot));
	}
}	/* expect: WQ006 fix=refused:no-patch */

void kestrel_slot_get(struct kestrel_slot *slot)
{
	spin_lock(&slot->lock);
	kestrel_wait_slot(slot);
	slot->flags |= KESTREL_SLOT_BUSY;
	spin_unlock(&slot->lock);
}

void kestrel_slot_put(struct kestrel_slot *slot)
{
	spin_lock(&slot->lock);
	slot->flags &= ~KESTREL_SLOT_BUSY;
	spin_unlock(&slot->lock);
	wake_up_all(&slot->waitq);
}
