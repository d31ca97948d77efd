// SPDX-License-Identifier: GPL-2.0-only
/*
 * vtx_switch.c -- VTX display heads: a process waits until its head is
 * the one on screen, in the style of the 2.6-era virtual console ioctls
 * (VT_WAITACTIVE).
 *
 * wqport fixture: the queue is a static head of this file, and its only
 * waker is a macro of this file (`vtx_wake_switched()`) used by the
 * switch-completion function below.  The macro is this file's code: the
 * model must run its use as the waker (a waker of this file), not take
 * the macro for a waker from outside.  The loop sets its state before
 * its test, so no wake-up is lost.
 */
#include <linux/module.h>
#include <linux/errno.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

static DEFINE_MUTEX(vtx_switch_lock);
static int vtx_on_screen;

static DECLARE_WAIT_QUEUE_HEAD(vtx_switch_wq);

/* Sleeps until head is on screen; -EINTR on a signal. */
int vtx_wait_on_screen(int head)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret;

	add_wait_queue(&vtx_switch_wq, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		ret = 0;
		mutex_lock(&vtx_switch_lock);
		set_current_state(TASK_INTERRUPTIBLE);
		if (vtx_on_screen == head) {
			mutex_unlock(&vtx_switch_lock);
			break;
		}
		mutex_unlock(&vtx_switch_lock);
		ret = -EINTR;
		if (signal_pending(current))
			break;
		schedule();
	}
	remove_wait_queue(&vtx_switch_wq, &wait);
	__set_current_state(TASK_RUNNING);
	return ret;
}
EXPORT_SYMBOL_GPL(vtx_wait_on_screen);

#define vtx_wake_switched() wake_up(&vtx_switch_wq)

/* Called by the display core once the new head scans out. */
void vtx_switch_done(int head)
{
	mutex_lock(&vtx_switch_lock);
	vtx_on_screen = head;
	mutex_unlock(&vtx_switch_lock);
	vtx_wake_switched();
}
EXPORT_SYMBOL_GPL(vtx_switch_done);

MODULE_LICENSE("GPL");
