// SPDX-License-Identifier: GPL-2.0-only
/*
 * dlq_cache.c -- name cache of the DLQ cluster file system.
 *
 * wqport fixture, after fs/dcache.c of Linux 6.1 (d_wait_lookup()), the
 * fix's side of wait-entry-leak/dlq-inlookup-ok: a
 * lookup that finds an entry another task is still looking up waits on
 * the queue that task lent it (`ent->lk_wait` points at a head on the
 * lookup owner's stack).  When the owner finishes, dlq_lookup_done()
 * clears the in-lookup flag, takes the queue pointer away (stores NULL)
 * and wakes everyone on it; its head then goes away with the owner's
 * stack frame.  The waiter's loop ends when the entry is no longer in
 * lookup: the queue it sits on is torn down, nothing to remove from.
 * It is an open-coded wait (WQ002) and no leak (no WQ006).  The in-place
 * rewrite would end the loop with finish_wait() on the queue pointer the
 * owner has just set to NULL, so the fix refuses it, and its words say
 * that, not that the entry leaks.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#define DLQ_IN_LOOKUP	0x1

struct dlq_entry {
	spinlock_t lock;
	unsigned int flags;
	wait_queue_head_t *lk_wait;	/* the owner's, while in lookup */
};

static inline bool dlq_in_lookup(const struct dlq_entry *ent)
{
	return ent->flags & DLQ_IN_LOOKUP;
}

/* called with ent->lock held; drops and retakes it */
static void dlq_wait_lookup(struct dlq_entry *ent)
{
	if (dlq_in_lookup(ent)) {
		DECLARE_WAITQUEUE(wait, current);

		add_wait_queue(ent->lk_wait, &wait);	/* expect: WQ002 fix=refused:leak-at-end */
		do {
			set_current_state(TASK_UNINTERRUPTIBLE);
			spin_unlock(&ent->lock);
			schedule();
			spin_lock(&ent->lock);
		} while (dlq_in_lookup(ent));
	}
}

void dlq_lookup_done(struct dlq_entry *ent)
{
	wait_queue_head_t *wq;

	spin_lock(&ent->lock);
	ent->flags &= ~DLQ_IN_LOOKUP;
	wq = ent->lk_wait;
	ent->lk_wait = NULL;
	spin_unlock(&ent->lock);
	wake_up_all(wq);
}
EXPORT_SYMBOL(dlq_lookup_done);

void dlq_lookup_wait(struct dlq_entry *ent)
{
	spin_lock(&ent->lock);
	dlq_wait_lookup(ent);
	spin_unlock(&ent->lock);
}
EXPORT_SYMBOL(dlq_lookup_wait);

MODULE_LICENSE("GPL");
