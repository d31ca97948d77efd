// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtx_rtc.c -- the periodic interrupt of an invented board RTC, 2.4
 * style.  rtx_read() waits for the next tick with interruptible_sleep_on()
 * unless the driver is built with RTX_QUEUE_WAIT, whose branch waits in
 * a hand-written loop on the same queue.  The flags in use do not compile
 * that branch: its WQ002 site is refused as an inactive branch, and its
 * words must not say it was "fixed all the same" when the sleep_on()
 * branch is converted: the check of the rewrite does not see that branch
 * either.
 */
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(rtx_wait);
static unsigned long rtx_irq_data;

static irqreturn_t rtx_interrupt(int irq, void *dev_id)
{
	rtx_irq_data++;
	wake_up_interruptible(&rtx_wait);
	return IRQ_HANDLED;
}

ssize_t rtx_read(char __user *buf, size_t count)
{
	unsigned long data;
#ifdef RTX_QUEUE_WAIT
	DECLARE_WAITQUEUE(wait, current);
#endif

	if (count < sizeof(unsigned long))
		return -EINVAL;
#ifndef RTX_QUEUE_WAIT
	while (!rtx_irq_data) {
		interruptible_sleep_on(&rtx_wait);	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
#else
	add_wait_queue(&rtx_wait, &wait);	/* expect: WQ002 fix=refused:inactive-branch */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (rtx_irq_data)
			break;
		if (signal_pending(current)) {
			set_current_state(TASK_RUNNING);
			remove_wait_queue(&rtx_wait, &wait);
			return -ERESTARTSYS;
		}
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&rtx_wait, &wait);
#endif
	data = rtx_irq_data;
	rtx_irq_data = 0;
	return put_user(data, (unsigned long __user *)buf) ?: sizeof(data);
}

int rtx_setup(int irq)
{
	return request_irq(irq, rtx_interrupt, 0, "rtx-rtc", NULL);
}
