// SPDX-License-Identifier: GPL-2.0-only
/*
 * dlk_cache.c -- name cache of the DLK cluster file system.
 *
 * wqport fixture, after fs/dcache.c of Linux 6.1 (d_wait_lookup()): a
 * lookup that finds an entry another task is still looking up waits on
 * the queue that task lent it (`ent->lk_wait` points at a head on the
 * lookup owner's stack).  When the owner finishes, dlk_lookup_done()
 * clears the in-lookup flag, takes the queue pointer away (stores NULL)
 * and wakes everyone on it; its head then goes away with the owner's
 * stack frame.  The waiter's loop ends when the entry is no longer in
 * lookup: the queue it sits on is torn down, nothing to remove from.
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
	wait_queue_head_t *lk_wait;	/* the owner's, while in lookup */
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

		add_wait_queue(ent->lk_wait, &wait);
		do {
			set_current_state(TASK_UNINTERRUPTIBLE);
			spin_unlock(&ent->lock);
			schedule();
			spin_lock(&ent->lock);
		} while (dlk_in_lookup(ent));
	}
}

void dlk_lookup_done(struct dlk_entry *ent)
{
	wait_queue_head_t *wq;

	spin_lock(&ent->lock);
	ent->flags &= ~DLK_IN_LOOKUP;
	wq = ent->lk_wait;
	ent->lk_wait = NULL;
	spin_unlock(&ent->lock);
	wake_up_all(wq);
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
