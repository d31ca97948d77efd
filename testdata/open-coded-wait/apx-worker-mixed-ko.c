// SPDX-License-Identifier: GPL-2.0-only
/*
 * apx: the worker thread of an invented crypto offload engine, written
 * half in the old API and half in the new: it queues its DEFINE_WAIT()
 * entry with add_wait_queue() once a pass, then sets its state with
 * prepare_to_wait() in the inner loop before schedule().  The state is
 * set in this function (by prepare_to_wait()): the note at the sleep
 * must not say that none is.
 */
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(apx_work_wq);
static bool apx_work_posted;

void apx_post_work(void)
{
	apx_work_posted = true;
	wake_up_interruptible(&apx_work_wq);
}

int apx_worker(void *unused)
{
	DEFINE_WAIT(wait);

	for (;;) {
		add_wait_queue(&apx_work_wq, &wait);	/* expect: WQ002 */
		while (!apx_work_posted) {
			prepare_to_wait(&apx_work_wq, &wait, TASK_INTERRUPTIBLE);
			if (kthread_should_stop())
				return 0;	/* expect: WQ006 */
			schedule();
		}
		apx_work_posted = false;
		finish_wait(&apx_work_wq, &wait);
	}
}
