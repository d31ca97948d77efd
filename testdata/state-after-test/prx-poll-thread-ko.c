// SPDX-License-Identifier: GPL-2.0-only
/*
 * prx: the poll thread of an invented sensor hub.  It queues itself,
 * tests kthread_should_stop() before setting its state (the stop's
 * wake-up can land in between: WQ003), and after the loop logs that it
 * stopped, then sets TASK_RUNNING.  The printk() in between does not
 * sleep: the state is set running after the loop all the same, so the
 * test can be made again after the state write.
 */
#include <linux/kthread.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(prx_poll_wq);
static unsigned long prx_polls;

int prx_poll_thread(void *data)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&prx_poll_wq, &wait);	/* expect: WQ002 fix=converted */
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=converted */
		schedule();
		prx_polls++;
	}
	printk(KERN_INFO "prx: poll thread stopped after %lu polls\n", prx_polls);
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&prx_poll_wq, &wait);
	return 0;
}
