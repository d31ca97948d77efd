// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model unit test: a wake-up spent on a task that saw its condition is
 * not lost.  A wake_up_process() lands after the waiter set its state,
 * before it tests its condition under a lock; the waiter goes on (its
 * condition holds),
 * sets TASK_RUNNING itself, and then calls an unrelated msleep().  That
 * delay ends on its timer with the condition true and the waker gone,
 * but the wake-up was not meant for it: the task's own TASK_RUNNING
 * says it saw the condition.  No lost-wakeup.
 */
#include <linux/sched.h>
#include <linux/delay.h>
#include <linux/spinlock.h>
#include "wqv-harness.h"

static spinlock_t lock;
static struct task_struct *waiter_task;
static u32 published;
static int ready;

WQV_SETUP()
{
	spin_lock_init(&lock);
}

WQV_WAITER(waiter, ready)
{
	int done;

	waiter_task = current;
	published = 1;
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		spin_lock(&lock);
		done = ready;
		spin_unlock(&lock);
		if (done)
			break;
		schedule_timeout(10);
	}
	__set_current_state(TASK_RUNNING);
	msleep(8);
}

WQV_WAKER(waker)
{
	WQV_AWAIT(published);
	spin_lock(&lock);
	ready = 1;
	spin_unlock(&lock);
	wake_up_process(waiter_task);
}
