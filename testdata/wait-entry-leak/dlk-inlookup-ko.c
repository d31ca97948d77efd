// SPDX-License-Identifier: GPL-2.0-only
/*
 * dlk_cache.c -- name cache of the DLK cluster file system.
 *
 * wqport fixture: dlk-inlookup-ok.c with the queue embedded in the
 * entry (`&ent->lk_wait`) instead of lent by the lookup owner: nothing
 * takes it away when the lookup is done, so the waiter that leaves then
 * leaves its on-stack entry on a live queue, which the next lookup's
 * wake-up walks into.  The in-lookup test ending the loop says nothing
 * about the queue here.
 * wqport-args: --select=WQ006
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#define DLK_IN_LOOKUP	0x1

struct dlk_entry {
	spinlock_t lock;
	unsigned int flags;
	wait_queue_head_t lk_wait;
};

static inline bool dlk_in_lookup(const struct dlk_entry *ent)
{
	return ent->flags & DLK_IN_LOOKUP;
}

/* called with ent->lock held; drops and retakes it */
static void dlk_wait_lookup(struct dlk_entry *ent)
{
	if (dlk_in_lookup(ent)) {
		DECLARE_WAITQUEUE(wait, current);

		add_wait_queue(&ent->lk_wait, &wait);
		do {
			set_current_state(TASK_UNINTERRUPTIBLE);
			spin_unlock(&ent->lock);
			schedule();
			spin_lock(&ent->lock);
		} while (dlk_in_lookup(ent));
	}
}	/* expect: WQ006 */

void dlk_lookup_done(struct dlk_entry *ent)
{
	spin_lock(&ent->lock);
	ent->flags &= ~DLK_IN_LOOKUP;
	spin_unlock(&ent->lock);
	wake_up_all(&ent->lk_wait);
}
EXPORT_SYMBOL(dlk_lookup_done);

void dlk_lookup_wait(struct dlk_entry *ent)
{
	spin_lock(&ent->lock);
	dlk_wait_lookup(ent);
	spin_unlock(&ent->lock);
}
EXPORT_SYMBOL(dlk_lookup_wait);

MODULE_LICENSE("GPL");
