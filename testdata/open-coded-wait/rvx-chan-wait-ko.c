// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvx_conn.c -- channel allocation of the RVX remote-call transport.
 *
 * wqport fixture (issue 30): the caller queues itself exclusively, then
 * picks its sleeping state in a switch whose labels (RVX_INTR_*) come
 * from the private header "rvx-internal.h", which a run without the
 * driver's include path does not find.  clang drops the interruptible
 * arm from the parse, so the planner saw one state write; converting
 * the loop in place put prepare_to_wait_exclusive() into the remaining
 * arm only and left the interruptible caller to sleep on no queue.  The
 * translation validation reads both arms from the tokens and refuses
 * the site.
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

static void rvx_activate_channels(struct rvx_bundle *b, struct rvx_call *call)
{
	unsigned long flags;

	spin_lock_irqsave(&b->lock, flags);
	if (b->avail_chans) {
		call->chan = __ffs(b->avail_chans);
		b->avail_chans &= ~(1UL << call->chan);
		call->state = RVX_CALL_CONNECTED;
		wake_up(&call->waitq);
	}
	spin_unlock_irqrestore(&b->lock, flags);
}

/* a channel came free: hand it to the call waiting for one */
void rvx_channel_freed(struct rvx_bundle *b, struct rvx_call *call,
		       unsigned int chan)
{
	spin_lock(&b->lock);
	b->avail_chans |= 1UL << chan;
	spin_unlock(&b->lock);
	rvx_activate_channels(b, call);
}

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
