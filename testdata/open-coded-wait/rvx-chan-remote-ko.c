// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvx_conn.c -- channel allocation of the RVX remote-call transport,
 * split as the driver ships it: the channel bookkeeping, and the
 * wake-up of a call waiting for a channel, live in rvx_chan.c; this
 * file only waits.
 *
 * wqport fixture (issue 37): rvx-chan-wait-ko.c with the waker in
 * another file.  The caller queues itself exclusively, then picks its
 * sleeping state in a switch whose labels come from the private header
 * "rvx-internal.h" (missing on purpose: clang drops the interruptible
 * arm).  Nothing in this file wakes call->waitq, but rvx_chan.c does:
 * the queue is a member reached through a parameter, so its waker is
 * outside this file.  Converting in place put prepare_to_wait_exclusive()
 * into the remaining arm only; the interruptible caller then slept on
 * no queue, and the proof excused it with "no waker in the file".
 * Refused: the sleep the original made queued must stay queued.
 *
 * wqport-fix-test: no-compile (rvx-internal.h is missing on purpose)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include "rvx-internal.h"

struct rvx_bundle {
	spinlock_t lock;
	int alloc_error;
	unsigned long avail_chans;
};

struct rvx_call {
	wait_queue_head_t waitq;
	int intr;		/* RVX_INTR_* */
	int state;		/* RVX_CALL_* */
	unsigned int chan;
};

/* rvx_chan.c: hands a free channel to the call and wakes it */
void rvx_activate_channels(struct rvx_bundle *b, struct rvx_call *call);

static int rvx_wait_for_channel(struct rvx_bundle *b, struct rvx_call *call)
{
	DECLARE_WAITQUEUE(myself, current);
	int ret = 0;

	add_wait_queue_exclusive(&call->waitq, &myself);	/* expect: WQ002 fix=refused:unproven */
	for (;;) {
		rvx_activate_channels(b, call);
		ret = b->alloc_error;
		if (ret < 0)
			break;

		switch (call->intr) {
		case RVX_INTR_INTERRUPTIBLE:
		case RVX_INTR_PREINTERRUPTIBLE:
			set_current_state(TASK_INTERRUPTIBLE);
			break;
		case RVX_INTR_UNINTERRUPTIBLE:
		default:
			set_current_state(TASK_UNINTERRUPTIBLE);
			break;
		}
		if (READ_ONCE(call->state) != RVX_CALL_AWAIT_CONN)
			break;
		if (call->intr != RVX_INTR_UNINTERRUPTIBLE &&
		    signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	remove_wait_queue(&call->waitq, &myself);
	__set_current_state(TASK_RUNNING);
	return ret;
}

int rvx_connect_call(struct rvx_bundle *b, struct rvx_call *call)
{
	call->state = RVX_CALL_AWAIT_CONN;
	return rvx_wait_for_channel(b, call);
}

MODULE_LICENSE("GPL");
