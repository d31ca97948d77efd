// SPDX-License-Identifier: GPL-2.0-only
/*
 * nlx_clnt.c -- client side of the NLX network lock protocol: wait for
 * the server's GRANTED callback.
 *
 * wqport fixture (issue 41): the blocked request sits on a list the
 * callback walks; the caller naps on the block's queue for at most 30 s
 * (the server may lose the callback) and reads the status afterwards.
 * The status is decoded in another file, so no condition is proven for
 * the sleep, and it is converted in place to
 * prepare_to_wait()/schedule_timeout()/finish_wait(), keeping its race.
 * The check's note on wait_event_timeout()'s return value came along to
 * the fix's site although the rewrite wrote no wait_event_timeout()
 * (record/sentences reads the fix's notes against the written form).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define NLX_LCK_BLOCKED	3

struct nlx_wait {
	struct nlx_wait *b_next;
	void *b_lock;
	wait_queue_head_t b_wait;
	u32 b_status;
};

static struct nlx_wait *nlx_blocked;

/* nlx_xdr.c: decode the callback's status into the block */
extern void nlx_decode_grant(struct nlx_wait *block, void *lock);

/* the server's GRANTED callback */
u32 nlx_grant(void *lock)
{
	struct nlx_wait *block;

	for (block = nlx_blocked; block; block = block->b_next) {
		if (block->b_lock != lock)
			continue;
		nlx_decode_grant(block, lock);
		wake_up(&block->b_wait);
		return 0;
	}
	return NLX_LCK_BLOCKED;
}

int nlx_block(void *lock, u32 *statp)
{
	struct nlx_wait block, **head;

	block.b_lock = lock;
	init_waitqueue_head(&block.b_wait);
	block.b_status = NLX_LCK_BLOCKED;
	block.b_next = nlx_blocked;
	nlx_blocked = &block;

	/* servers lose callbacks: poll now and then */
	sleep_on_timeout(&block.b_wait, 30 * HZ);	/* expect: WQ001 fix=keeprace */

	for (head = &nlx_blocked; *head; head = &(*head)->b_next) {
		if (*head == &block) {
			*head = block.b_next;
			break;
		}
	}
	if (signal_pending(current))
		return -ERESTARTSYS;
	*statp = block.b_status;
	return 0;
}

MODULE_LICENSE("GPL");
