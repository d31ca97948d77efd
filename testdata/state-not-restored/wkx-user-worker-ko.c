// SPDX-License-Identifier: GPL-2.0-only
/*
 * wkx_worker.c -- the WKX offload engine's per-device worker loop, an
 * older version than wkx-user-worker-ok.c.
 *
 * wqport fixture: the loop sets TASK_INTERRUPTIBLE before it tests the
 * stop flag and runs the device's work, and leaves on a fatal signal
 * (on a later pass, still in TASK_INTERRUPTIBLE).  This version returns
 * to its caller instead of ending the task: the mutex_lock() after the
 * loop and the caller run in a sleeping state.
 */
#include <linux/completion.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>

#define WKX_STOP	0

struct wkx_worker {
	unsigned long		flags;
	bool			(*run)(void *data);
	void			*data;
	struct mutex		exit_lock;
	struct completion	exited;
};

static int wkx_worker_fn(void *arg)
{
	struct wkx_worker *w = arg;

	for (;;) {
		if (fatal_signal_pending(current))
			break;
		set_current_state(TASK_INTERRUPTIBLE);
		if (test_bit(WKX_STOP, &w->flags)) {
			__set_current_state(TASK_RUNNING);
			break;
		}
		if (!w->run(w->data))
			schedule();
	}
	mutex_lock(&w->exit_lock);
	complete(&w->exited);
	mutex_unlock(&w->exit_lock);
	return 0; /* expect: WQ005 */
}

void *wkx_worker_fn_ptr(void)
{
	return wkx_worker_fn;
}

MODULE_LICENSE("GPL");
