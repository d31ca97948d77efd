// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model unit test: autoremove_wake_function() (DEFINE_WAIT, init_wait)
 * dequeues the entry it wakes; default_wake_function()
 * (DECLARE_WAITQUEUE, init_waitqueue_entry) leaves it queued.
 * try_to_wake_up() on a task that has not slept yet only sets it
 * TASK_RUNNING, and then schedule() returns at once.  finish_wait()
 * sets TASK_RUNNING and dequeues only if still queued.
 */
#include <linux/wait.h>
#include <linux/sched.h>
#include "wqv-harness.h"

static DECLARE_WAIT_QUEUE_HEAD(q);

WQV_TASK(t)
{
	DEFINE_WAIT(w);
	DECLARE_WAITQUEUE(d, current);

	prepare_to_wait(&q, &w, TASK_UNINTERRUPTIBLE);
	WQV_CHECK(!list_empty(&w.entry) && waitqueue_active(&q));
	WQV_CHECK(current->__state == TASK_UNINTERRUPTIBLE);
	wake_up(&q);
	WQV_CHECK(list_empty(&w.entry) && !waitqueue_active(&q));
	WQV_CHECK(current->__state == TASK_RUNNING);
	schedule();			/* woken before it slept: returns */
	finish_wait(&q, &w);

	add_wait_queue(&q, &d);
	set_current_state(TASK_INTERRUPTIBLE);
	wake_up(&q);
	WQV_CHECK(current->__state == TASK_RUNNING);
	WQV_CHECK(waitqueue_active(&q));	/* default_wake_function: still queued */
	/* wake_up_interruptible() does not wake TASK_UNINTERRUPTIBLE (try_to_wake_up state mask) */
	set_current_state(TASK_UNINTERRUPTIBLE);
	wake_up_interruptible(&q);
	WQV_CHECK(current->__state == TASK_UNINTERRUPTIBLE);
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&q, &d);
	WQV_CHECK(!waitqueue_active(&q));
}
