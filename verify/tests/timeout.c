// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model unit test: schedule_timeout() (kernel/time/timer.c) returns 0
 * when the timer expired and the jiffies left when woken earlier; in
 * TASK_RUNNING it returns at once with the whole timeout left; a
 * negative timeout returns 0.  msleep() sleeps msecs_to_jiffies() + 1
 * jiffies.  wait_event_timeout() (include/linux/wait.h) returns 0 on
 * timeout with the condition false, the jiffies left (at least 1) when
 * it holds.
 */
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include "wqv-harness.h"

static DECLARE_WAIT_QUEUE_HEAD(q);
static int flag;

WQV_TASK(t)
{
	unsigned long j0 = jiffies;
	long r;

	set_current_state(TASK_UNINTERRUPTIBLE);
	r = schedule_timeout(10);
	WQV_CHECK(r == 0 && jiffies == j0 + 10);
	r = schedule_timeout_uninterruptible(5);
	WQV_CHECK(r == 0 && jiffies == j0 + 15);
	r = schedule_timeout(-3);
	WQV_CHECK(r == 0);
	msleep(20);			/* HZ 250: 5 + 1 jiffies */
	WQV_CHECK(jiffies == j0 + 21);
	r = wait_event_timeout(q, flag, 7);
	WQV_CHECK(r == 0 && jiffies == j0 + 28);
	flag = 1;
	r = wait_event_timeout(q, flag, 7);
	WQV_CHECK(r == 7);
	r = wait_event_timeout(q, flag, 0);
	WQV_CHECK(r == 1);
}
