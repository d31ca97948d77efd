// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model unit test: fairness (verify/README.md).  A task polls a flag
 * with a one-jiffy sleep while another task, runnable all along, sets
 * the flag a few steps later.  Virtual time advances on its own only
 * when no task can run; a timer that fires ahead of the runnable setter
 * costs a preemption.  So the poller sleeps at most bound + 1 times and
 * every schedule ends.  Without fairness (-u) the timer fires for free
 * again and again while the setter never runs: the run reaches the step
 * limit, which is no-progress (never busy-loop: nothing spins in
 * TASK_RUNNING).
 */
// wqv-test: fair -e none
// wqv-test: bound0 -b 0 -e none
// wqv-test: unfair -u -s 200 -e no-progress
// wqv-test-match: unfair poller loops through .*fair-poll.c:[0-9]+.*; setter runnable at
#include <linux/sched.h>
#include <linux/spinlock.h>
#include "wqv-harness.h"

static spinlock_t lock;
static int ready;

WQV_SETUP()
{
	spin_lock_init(&lock);
}

WQV_TASK(poller)
{
	int sleeps = 0;

	while (!READ_ONCE(ready)) {
		schedule_timeout_uninterruptible(1);
		sleeps++;
	}
	WQV_CHECK(!wqv_fair() || sleeps <= wqv_preemption_bound() + 1);
}

WQV_TASK(setter)
{
	spin_lock(&lock);
	spin_unlock(&lock);
	spin_lock(&lock);
	WRITE_ONCE(ready, 1);
	spin_unlock(&lock);
}
