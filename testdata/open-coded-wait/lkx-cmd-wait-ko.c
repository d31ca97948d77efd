// SPDX-License-Identifier: GPL-2.0-only
/*
 * lkx: waiting for a command slot of an invented RAID controller.  The
 * wait loop takes the controller lock at the top of each pass and leaves
 * with it held; the unlock after the loop is of that lock, not of one
 * the function was called holding.  The completion side frees the slot
 * without the lock, so the wake-up between the test and the state write
 * is lost, and nothing the callers hold would close that.
 */
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct lkx_ctl {
	spinlock_t lock;
	int free_slots;
	wait_queue_head_t slot_wait;
};

void lkx_cmd_done(struct lkx_ctl *ctl)
{
	ctl->free_slots++;
	wake_up(&ctl->slot_wait);
}

void lkx_get_slot(struct lkx_ctl *ctl)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&ctl->slot_wait, &wait);	/* expect: WQ002 fix=keeprace */
	while (1) {
		spin_lock(&ctl->lock);
		if (ctl->free_slots)
			break;
		set_current_state(TASK_UNINTERRUPTIBLE);
		spin_unlock(&ctl->lock);
		schedule();
	}
	ctl->free_slots--;
	remove_wait_queue(&ctl->slot_wait, &wait);
	set_current_state(TASK_RUNNING);
	spin_unlock(&ctl->lock);
}
