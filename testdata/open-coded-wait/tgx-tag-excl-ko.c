// SPDX-License-Identifier: GPL-2.0-only
/*
 * tgx_tags.c -- the command tags of the TGX storage bridge: a submitter
 * that finds no free tag waits for a completion to return one.  The
 * completion frees one tag and wakes one waiter, so the waiters queue
 * exclusive, and the wait counts as I/O wait, as the block layer's own
 * tag waits do.
 *
 * wqport fixture: an exclusive, uninterruptible wait that sleeps in
 * io_schedule().  No wait_event*() form waits exclusive in
 * io_schedule() (io_wait_event() is not exclusive, and the others sleep
 * in schedule(), which does not count as I/O wait): the check says so
 * and names prepare_to_wait_exclusive(); the fix converts it in place.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/spinlock.h>
#include <linux/bitops.h>

#define TGX_NR_TAGS	32

struct tgx_bridge {
	spinlock_t lock;
	unsigned long busy;		/* one bit per tag in flight */
	wait_queue_head_t tag_wait;
};

static int tgx_try_get_tag(struct tgx_bridge *b)
{
	unsigned long flags;
	int tag;

	spin_lock_irqsave(&b->lock, flags);
	tag = find_first_zero_bit(&b->busy, TGX_NR_TAGS);
	if (tag < TGX_NR_TAGS)
		__set_bit(tag, &b->busy);
	else
		tag = -1;
	spin_unlock_irqrestore(&b->lock, flags);
	return tag;
}

int tgx_get_tag(struct tgx_bridge *b)
{
	DECLARE_WAITQUEUE(wait, current);
	int tag;

	tag = tgx_try_get_tag(b);
	if (tag >= 0)
		return tag;

	add_wait_queue_exclusive(&b->tag_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		tag = tgx_try_get_tag(b);
		if (tag >= 0)
			break;
		io_schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&b->tag_wait, &wait);
	return tag;
}

void tgx_put_tag(struct tgx_bridge *b, int tag)
{
	unsigned long flags;

	spin_lock_irqsave(&b->lock, flags);
	__clear_bit(tag, &b->busy);
	spin_unlock_irqrestore(&b->lock, flags);
	wake_up(&b->tag_wait);
}

void tgx_init(struct tgx_bridge *b)
{
	spin_lock_init(&b->lock);
	b->busy = 0;
	init_waitqueue_head(&b->tag_wait);
}

MODULE_LICENSE("GPL");
