// SPDX-License-Identifier: GPL-2.0-only
/*
 * rsx: the shared DMA slots of an invented capture board.  A channel
 * claims a slot; when every slot is taken it waits until a release
 * wakes the slot queue.  rsx_claim() looks for a free slot under the
 * slot lock and tests what the lookup returned before it queues itself
 * and sets its state: a release between the lookup and the state write
 * has its wake-up lost, in the original and in the rewrite, and the
 * words must say that exit is not modelled.  rsx_wait_idle() tests a
 * count the releasing side never writes (the channel's own retries)
 * before its state write: no wake-up is for it, and nothing is said.
 * (The WQ002 rewrite's re-test `if (!slot) schedule();` reads the
 * lookup's result again, not the slots: it keeps the exit's race.)
 * wqport-fix-test: res-unreported(81: the re-test after the state write hides the earlier test from the check)
 */
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>

#define RSX_SLOTS	8

struct rsx_slot {
	int owner;
	u32 busy;
};

struct rsx_board {
	spinlock_t slot_lock;
	struct rsx_slot slots[RSX_SLOTS];
	wait_queue_head_t slot_wait;
	unsigned int idle;
	unsigned int retries;
};

static struct rsx_board *rsx;

static struct rsx_slot *rsx_find_free(void)
{
	int i;

	for (i = 0; i < RSX_SLOTS; i++)
		if (!rsx->slots[i].busy)
			return &rsx->slots[i];
	return NULL;
}

void rsx_release(struct rsx_slot *slot)
{
	unsigned long flags;

	spin_lock_irqsave(&rsx->slot_lock, flags);
	slot->busy = 0;
	rsx->idle = 1;
	spin_unlock_irqrestore(&rsx->slot_lock, flags);
	wake_up(&rsx->slot_wait);
}

struct rsx_slot *rsx_claim(int owner)
{
	struct rsx_slot *first, *slot;
	unsigned long flags;
	wait_queue_entry_t wait;

	first = NULL;
	for (;;) {
		spin_lock_irqsave(&rsx->slot_lock, flags);
		slot = rsx_find_free();
		if (slot) {
			slot->busy = 1;
			slot->owner = owner;
		}
		spin_unlock_irqrestore(&rsx->slot_lock, flags);
		if (slot)
			break;

		init_waitqueue_entry(&wait, current);
		add_wait_queue(&rsx->slot_wait, &wait);	/* expect: WQ002 fix=converted */
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=refused:no-patch */
		if (signal_pending(current)) {
			remove_wait_queue(&rsx->slot_wait, &wait);
			__set_current_state(TASK_RUNNING);
			return first;
		}
		schedule();
		remove_wait_queue(&rsx->slot_wait, &wait);
	}
	return slot;
}

int rsx_wait_idle(void)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&rsx->slot_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		if (rsx->retries > 100) {
			ret = -EBUSY;
			break;
		}
		rsx->retries++;
		set_current_state(TASK_INTERRUPTIBLE);
		if (rsx->idle)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&rsx->slot_wait, &wait);
	return ret;
}
