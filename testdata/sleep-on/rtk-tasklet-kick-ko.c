// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtk_kick.c -- a real-time module's bridge to Linux: the real-time
 * side schedules a tasklet, and the tasklet kicks a kernel thread with
 * wake_up_process().  The thread records itself (`rtk_thread =
 * current;`) and sleeps on a queue of its own that nothing wakes by
 * name.  Its waker is that wake_up_process() of the thread, in this
 * file: not "a hang, no waker in the file".
 */
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(rtk_wait);
static struct task_struct *rtk_thread;
static int rtk_events;

/* the tasklet the real-time side schedules */
void rtk_tasklet_fn(unsigned long data)
{
	rtk_events++;
	wake_up_process(rtk_thread);
}

static int rtk_thread_fn(void *unused)
{
	rtk_thread = current;
	while (!signal_pending(current)) {
		interruptible_sleep_on(&rtk_wait);	/* expect: WQ001 fix=keeprace */
		pr_debug("rtk: %d events\n", rtk_events);
	}
	return 0;
}

int rtk_start(void)
{
	return PTR_ERR_OR_ZERO(kthread_run(rtk_thread_fn, NULL, "rtk"));
}
