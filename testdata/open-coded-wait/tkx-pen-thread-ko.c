// SPDX-License-Identifier: GPL-2.0-only
/*
 * tkx: the sampling thread of an invented touchscreen.  It names itself
 * once (`tsk = current`) and makes its wait entry for that name; the
 * entry is current's all the same, and the in-place form replaces it
 * with DEFINE_WAIT() like any DECLARE_WAITQUEUE(wait, current).
 */
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(tkx_irq_wait);
static struct task_struct *tkx_task;
static int tkx_pen_down;
static int tkx_stop;

void tkx_sample(void);

void tkx_pen_irq(void)
{
	tkx_pen_down = 1;
	wake_up(&tkx_irq_wait);
}

int tkx_thread(void *data)
{
	struct task_struct *tsk = current;
	DECLARE_WAITQUEUE(wait, tsk);

	tkx_task = tsk;
	add_wait_queue(&tkx_irq_wait, &wait);	/* expect: WQ002 fix=keeprace */
	while (!tkx_stop) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!tkx_pen_down)
			schedule();
		else
			schedule_timeout(HZ / 100);
		if (signal_pending(tsk))
			break;
		tkx_pen_down = 0;
		tkx_sample();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&tkx_irq_wait, &wait);
	tkx_task = NULL;
	return 0;
}
