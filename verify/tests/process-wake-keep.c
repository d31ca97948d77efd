// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model unit test: a wake_up_process() that is not lost.  The waiter
 * sets its state, tests its condition, then calls schedule_timeout(),
 * which keeps the state: a wake-up between the test and the sleep sets
 * it TASK_RUNNING and the sleep returns at once, the whole timeout left.
 * (The wrong form, a sleep that sets the state again, is
 * process-wake-lost.c.)
 */
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
		schedule_timeout(10);
	__set_current_state(TASK_RUNNING);
}

WQV_WAKER(waker)
{
	WQV_AWAIT(published);
	WRITE_ONCE(ready, 1);
	wake_up_process(waiter_task);
}
