// SPDX-License-Identifier: GPL-2.0-only
/*
 * pbx_cache.c -- the block cache of the PBX log device: a buffer that
 * the journal has pinned may not be written back until the journal
 * unpins it, and the writeback waits for that in I/O wait, as the
 * block layer's own waits do; the flush ioctl waits for the dirty count
 * to drop in plain sleep.
 *
 * wqport fixture: both loops are only their test, the state and the
 * sleep, on a queue the unpin and the write completion wake.  The flush
 * loop sleeps in schedule() and becomes wait_event(); the unpin loop
 * sleeps in io_schedule(), whose time counts as I/O wait, which
 * wait_event() in schedule() would not count: the check names
 * io_wait_event(), which sleeps in io_schedule(); the fix, which does
 * not write it, keeps the loop's shape (prepare_to_wait() in place).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/atomic.h>

struct pbx_buf {
	atomic_t pin_count;
	wait_queue_head_t waiters;
	unsigned long flags;
};

struct pbx_cache {
	int dirty;
	wait_queue_head_t flush_wait;
};

void pbx_buf_unpin(struct pbx_buf *bp)
{
	if (atomic_dec_and_test(&bp->pin_count))
		wake_up_all(&bp->waiters);
}

static void pbx_buf_wait_unpin(struct pbx_buf *bp)
{
	DECLARE_WAITQUEUE(wait, current);

	if (atomic_read(&bp->pin_count) == 0)
		return;

	add_wait_queue(&bp->waiters, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (atomic_read(&bp->pin_count) == 0)
			break;
		io_schedule();
	}
	remove_wait_queue(&bp->waiters, &wait);
	set_current_state(TASK_RUNNING);
}

void pbx_write_done(struct pbx_cache *c)
{
	c->dirty--;
	wake_up(&c->flush_wait);
}

static void pbx_flush_wait(struct pbx_cache *c)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&c->flush_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (!c->dirty)
			break;
		schedule();
	}
	remove_wait_queue(&c->flush_wait, &wait);
	set_current_state(TASK_RUNNING);
}

int pbx_writeback(struct pbx_cache *c, struct pbx_buf *bp)
{
	pbx_buf_wait_unpin(bp);
	pbx_flush_wait(c);
	return 0;
}
EXPORT_SYMBOL(pbx_writeback);

MODULE_LICENSE("GPL");
