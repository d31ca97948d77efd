// SPDX-License-Identifier: GPL-2.0-only
/*
 * wkx_worker.c -- the WKX offload engine's per-device worker task.
 *
 * wqport fixture: the worker's main loop sets TASK_INTERRUPTIBLE before
 * it tests the stop flag and runs the device's work, and leaves on a
 * fatal signal or the stop flag.  The function never returns: it ends
 * the task with do_exit(), which sets the task's state itself, after a
 * complete() that does not sleep, so no exit of it is left in a
 * sleeping state (not the WQ005 bug).
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
	complete(&w->exited);
	do_exit(0);
}

void *wkx_worker_fn_ptr(void)
{
	return wkx_worker_fn;
}

MODULE_LICENSE("GPL");
