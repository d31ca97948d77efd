// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model unit test: sleep_on_timeout() (Linux 3.14 sleep_on_common())
 * returns the jiffies left when woken, 0 when its timer expired first.
 */
#include <linux/wait.h>
#include <linux/sched.h>
#include "wqv-harness.h"

static DECLARE_WAIT_QUEUE_HEAD(q);

WQV_TASK(sleeper)
{
	unsigned long j0 = jiffies;
	long r;

	/* woken by waker, or by its own timer when the explorer fires it first */
	r = sleep_on_timeout(&q, 100);
	WQV_CHECK(r >= 0 && r <= 100);
	WQV_CHECK(r == 0 || (long)jiffies + r <= (long)j0 + 100);
}

WQV_TASK(waker)
{
	wake_up(&q);
}
