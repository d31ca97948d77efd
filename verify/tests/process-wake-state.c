// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model unit test: wake_up_state() with a mask that does not match the
 * sleeper's state wakes nothing.  The waiter sleeps uninterruptibly with
 * a timeout; the waker makes the condition true and calls
 * wake_up_state(TASK_INTERRUPTIBLE).  The timeout then expires with the
 * condition true and the waker gone: lost-wakeup, naming the
 * wake_up_state() that was spent.
 */
// wqv-test: lost -e lost-wakeup
// wqv-test-match: lost wake_up_state\(\) by waker .* which that wake-up does not wake
#include <linux/sched.h>
#include "wqv-harness.h"

static struct task_struct *waiter_task;
static int waiter_idx;
static u32 published;
static int ready;

WQV_WAITER(waiter, ready)
{
	waiter_task = current;
	waiter_idx = wqv_cur();
	published = 1;
	while (!READ_ONCE(ready)) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (READ_ONCE(ready))
			break;
		schedule_timeout(10);
	}
	__set_current_state(TASK_RUNNING);
}

WQV_WAKER(waker)
{
	WQV_AWAIT(published);
	WQV_AWAIT_ASLEEP(1u << waiter_idx);	/* the waiter sleeps */
	WRITE_ONCE(ready, 1);
	wake_up_state(waiter_task, TASK_INTERRUPTIBLE);
}
