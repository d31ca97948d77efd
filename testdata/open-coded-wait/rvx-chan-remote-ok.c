// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvx_conn.c -- channel allocation of the RVX remote-call transport,
 * split as the driver ships it: the channel bookkeeping, and the
 * wake-up of a call waiting for a channel, live in rvx_chan.c; this
 * file only waits.
 *
 * wqport fixture (issue 37): rvx-chan-remote-ko.c converted by hand as a
 * maintainer would, prepare_to_wait_exclusive() in both arms of the
 * switch, finish_wait() after the loop: the task is queued on every
 * path, whichever file wakes it.  Nothing to report.
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
	DEFINE_WAIT(myself);
	int ret = 0;

	for (;;) {
		rvx_activate_channels(b, call);
		ret = b->alloc_error;
		if (ret < 0)
			break;

		switch (call->intr) {
		case RVX_INTR_INTERRUPTIBLE:
		case RVX_INTR_PREINTERRUPTIBLE:
			prepare_to_wait_exclusive(&call->waitq, &myself,
						  TASK_INTERRUPTIBLE);
			break;
		case RVX_INTR_UNINTERRUPTIBLE:
		default:
			prepare_to_wait_exclusive(&call->waitq, &myself,
						  TASK_UNINTERRUPTIBLE);
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
	finish_wait(&call->waitq, &myself);
	return ret;
}

int rvx_connect_call(struct rvx_bundle *b, struct rvx_call *call)
{
	call->state = RVX_CALL_AWAIT_CONN;
	return rvx_wait_for_channel(b, call);
}

MODULE_LICENSE("GPL");
