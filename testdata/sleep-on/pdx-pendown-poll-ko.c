// SPDX-License-Identifier: GPL-2.0-only
/*
 * pdx_ts.c -- the sampling thread of an invented resistive touch screen.
 * The pen-down interrupt wakes the thread (a signal stops it); while the pen is down the
 * thread samples every 20 ms, paced by interruptible_sleep_on_timeout()
 * on the same queue, in a for (;;) loop with no test of its own.  The
 * fix keeps the sleep queued: there is no condition for wait_event*() to
 * wait for, and a plain delay would not see the pen-down wake-up.  The
 * words must say that, not name a loop condition ('?').
 */
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(pdx_pendown_wait);
static int pdx_pen_down;

extern int pdx_sample(int *x, int *y);
extern void pdx_report(int x, int y, int down);

static irqreturn_t pdx_pendown_irq(int irq, void *dev_id)
{
	pdx_pen_down = 1;
	wake_up_interruptible(&pdx_pendown_wait);
	return IRQ_HANDLED;
}

static int pdx_thread(void *data)
{
	int x, y;

	for (;;) {
		interruptible_sleep_on_timeout(&pdx_pendown_wait, HZ / 50);	/* expect: WQ001 fix=keeprace */
		if (signal_pending(current))
			break;
		if (!pdx_pen_down)
			continue;
		pdx_pen_down = pdx_sample(&x, &y);
		pdx_report(x, y, pdx_pen_down);
	}
	return 0;
}

int pdx_start(int irq)
{
	struct task_struct *t = kthread_run(pdx_thread, NULL, "pdx-ts");

	if (IS_ERR(t))
		return PTR_ERR(t);
	return request_irq(irq, pdx_pendown_irq, 0, "pdx-pendown", NULL);
}
