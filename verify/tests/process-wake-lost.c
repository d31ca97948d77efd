// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model unit test: a wake_up_process() spent before a sleep that sets
 * the state again.  The waiter sets TASK_INTERRUPTIBLE (as a dequeue
 * helper does), tests its condition, and sleeps with
 * schedule_timeout_uninterruptible(), which sets the state once more.
 * A wake-up between the test and that sleep finds the task awake, sets
 * it TASK_RUNNING, and is spent: the waiter then sleeps the whole
 * timeout although its condition holds and its waker has returned.
 * That is lost-wakeup, and the message names the spent wake-up.
 */
// wqv-test: lost -e lost-wakeup
// wqv-test-match: lost wake_up_process\(\) by waker .* in TASK_INTERRUPTIBLE, set it TASK_RUNNING
// wqv-test: bound0 -b 0 -e none
#include <linux/sched.h>
#include "wqv-harness.h"

static struct task_struct *waiter_task;
static u32 published;
static int ready;

WQV_WAITER(waiter, ready)
{
	waiter_task = current;
	published = 1;
	set_current_state(TASK_INTERRUPTIBLE);
	if (!READ_ONCE(ready))
		schedule_timeout_uninterruptible(10);
	__set_current_state(TASK_RUNNING);
}

WQV_WAKER(waker)
{
	WQV_AWAIT(published);
	WRITE_ONCE(ready, 1);
	wake_up_process(waiter_task);
}
