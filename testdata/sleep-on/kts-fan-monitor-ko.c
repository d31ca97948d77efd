// SPDX-License-Identifier: GPL-2.0-only
/*
 * kts_fan.c -- the fan monitor of the KTS board controller: a kernel
 * thread that reads the fan tachometers once a second and raises the
 * duty cycle when a fan slows.  It waits out each second with
 * sleep_on_timeout() on a queue of its own that nothing wakes; the
 * driver's remove stops the thread with kthread_stop().
 *
 * wqport fixture: the sleep is a plain delay, and becomes
 * schedule_timeout_uninterruptible().  The validation says the queue is
 * gone (a static queue of this file nothing wakes), not "same queue";
 * the model says what may end the sleep early: kthread_stop(), which
 * wakes the thread, and the timeout (a kthread_stop() between the
 * kthread_should_stop() test and the sleep waits out the second, as in
 * the original).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/io.h>
#include <linux/err.h>

#define KTS_NR_FANS	4

struct kts_board {
	void __iomem *regs;
	unsigned int rpm[KTS_NR_FANS];
	struct task_struct *monitor;
};

static DECLARE_WAIT_QUEUE_HEAD(kts_idle_wait);

static void kts_update_fans(struct kts_board *b)
{
	int i;

	for (i = 0; i < KTS_NR_FANS; i++) {
		b->rpm[i] = readl(b->regs + 4 * i);
		if (b->rpm[i] < 1200)
			writel(0xff, b->regs + 0x40 + 4 * i);
	}
}

static int kts_monitor(void *arg)
{
	struct kts_board *b = arg;

	while (!kthread_should_stop()) {
		kts_update_fans(b);
		sleep_on_timeout(&kts_idle_wait, HZ); /* expect: WQ001 fix=converted */
	}
	return 0;
}

int kts_start_monitor(struct kts_board *b)
{
	b->monitor = kthread_run(kts_monitor, b, "kts-fan");
	return IS_ERR(b->monitor) ? PTR_ERR(b->monitor) : 0;
}

void kts_stop_monitor(struct kts_board *b)
{
	kthread_stop(b->monitor);
}

MODULE_LICENSE("GPL");
