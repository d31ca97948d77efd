// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model unit test: a wake-up spent on a task that saw its condition is
 * not lost.  A wake_up_process() lands after the waiter set its state
 * and tested its condition; the waiter goes on (its condition holds),
 * sets TASK_RUNNING itself, and then calls an unrelated msleep().  That
 * delay ends on its timer with the condition true and the waker gone,
 * but the wake-up was not meant for it: the task's own TASK_RUNNING
 * says it saw the condition.  No lost-wakeup.
 */
#include <linux/sched.h>
#include <linux/delay.h>
#include "wqv-harness.h"

static struct task_struct *waiter_task;
static u32 published;
static int ready;

WQV_WAITER(waiter, ready)
{
	waiter_task = current;
	published = 1;
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (READ_ONCE(ready))
			break;
		schedule_timeout(10);
	}
	__set_current_state(TASK_RUNNING);
	msleep(8);
}

WQV_WAKER(waker)
{
	WQV_AWAIT(published);
	WRITE_ONCE(ready, 1);
	wake_up_process(waiter_task);
}
