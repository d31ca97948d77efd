// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvx_conn.c -- channel allocation of the RVX remote-call transport, in
 * the revision that wraps the task-state write in a macro of its own
 * (a tracing hook was planned there) and keeps the channel bookkeeping
 * in rvx_chan.c, which wakes the waiting call.
 *
 * wqport fixture (issue 37): both arms of the switch set the state
 * through rvx_set_state(), which the semantic patch cannot rewrite, so
 * the planned in-place conversion wrote no prepare_to_wait*() at all and
 * deleted add_wait_queue_exclusive(): every caller slept on no queue.
 * The queue is woken in another file; the validation reads the macro as
 * the state write it is and refuses the site.
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

#define rvx_set_state(s)	set_current_state(s)

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

/* rvx_chan.c */
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
			rvx_set_state(TASK_INTERRUPTIBLE);
			break;
		case RVX_INTR_UNINTERRUPTIBLE:
		default:
			rvx_set_state(TASK_UNINTERRUPTIBLE);
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
