// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model unit test: fairness keeps the race with the timer.  A timed
 * sleeper is woken by wake_up_process() from a task that only runs
 * once it sleeps.  The schedule where the timeout expires first, ahead
 * of the runnable waker, is explored at the cost of one preemption (its
 * trace says so), and never at bound 0.  (The timer may also fire after
 * the wake-up, before the sleeper runs: that schedule_timeout() returns
 * 0 too, as the kernel's does, but the sleeper sees the waker started.)
 */
// wqv-test: early-timer -b 1 -e assert
// wqv-test-match: early-timer the timer fires ahead of waker, still runnable
// wqv-test: bound0 -b 0 -e none
#include <linux/sched.h>
#include "wqv-harness.h"

static struct task_struct *sleeper_task;
static int sleeper_idx;
static u32 published;
static int waker_started;

WQV_TASK(sleeper)
{
	sleeper_task = current;
	sleeper_idx = wqv_cur();
	published = 1;
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(5);
	WQV_CHECK(READ_ONCE(waker_started));	/* fails when the timer came first */
}

WQV_TASK(waker)
{
	WQV_AWAIT(published);
	WQV_AWAIT_ASLEEP(1u << sleeper_idx);	/* the sleeper sleeps */
	WRITE_ONCE(waker_started, 1);
	wake_up_process(sleeper_task);
}
