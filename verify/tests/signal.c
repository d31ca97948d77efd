// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model unit test: a signal (signal_wake_up(): TIF_SIGPENDING, then
 * try_to_wake_up(TASK_INTERRUPTIBLE)) ends wait_event_interruptible*()
 * with -ERESTARTSYS (prepare_to_wait_event()), does not end a
 * TASK_UNINTERRUPTIBLE or killable wait for a non-fatal signal
 * (signal_pending_state()), and makes schedule() in
 * TASK_INTERRUPTIBLE return at once (__schedule()).  The explorer sends
 * the signal at every point of the run, or never.
 */
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include "wqv-harness.h"

static DECLARE_WAIT_QUEUE_HEAD(q);

WQV_SIGNAL(w);

WQV_TASK(w)
{
	long r;

	r = wait_event_killable_timeout(q, 0, 3);
	WQV_CHECK(r == 0);			/* a plain signal is not fatal */
	r = wait_event_interruptible_timeout(q, 0, 5);
	if (signal_pending(current)) {
		WQV_CHECK(r == -ERESTARTSYS || r == 0);
		set_current_state(TASK_INTERRUPTIBLE);
		schedule();			/* returns: signal pending */
		WQV_CHECK(current->__state == TASK_RUNNING);
		r = wait_event_interruptible(q, 0);
		WQV_CHECK(r == -ERESTARTSYS);
	} else {
		WQV_CHECK(r == 0);
	}
}
