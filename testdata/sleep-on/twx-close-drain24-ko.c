// SPDX-License-Identifier: GPL-2.0-only
/*
 * twx_serial.c -- close path of the TWX multiport serial boards, 2.4
 * style: an open-coded wait for the transmitter to drain, then a
 * sleep_on() for the delayed hang-up of the line.
 *
 * wqport fixture (issue 30, tidy output): the sleep_on() is converted
 * first and its entry is named wait_entry, `wait` being the open-coded
 * loop's; that loop then collapses into wait_event_interruptible() and
 * its `wait` is gone.  The entry takes the plain name back: one
 * DEFINE_WAIT(wait), not a DEFINE_WAIT(wait_entry) beside nothing.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct twx_port {
	wait_queue_head_t tx_wait;
	wait_queue_head_t hup_wait;
	int tx_empty;
	int hup_done;
};

static irqreturn_t twx_interrupt(int irq, void *dev_id)
{
	struct twx_port *tp = dev_id;

	tp->tx_empty = 1;
	wake_up_interruptible(&tp->tx_wait);
	return IRQ_HANDLED;
}

void twx_hangup_done(struct twx_port *tp)
{
	tp->hup_done = 1;
	wake_up(&tp->hup_wait);
}

int twx_close_wait(struct twx_port *tp)
{
	DECLARE_WAITQUEUE(wait, current);
	int retval = 0;

	add_wait_queue(&tp->tx_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (tp->tx_empty)
			break;
		if (signal_pending(current)) {
			retval = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&tp->tx_wait, &wait);
	if (retval)
		return retval;
	/* the line drops when the hang-up work has run */
	sleep_on(&tp->hup_wait);	/* expect: WQ001 fix=keeprace */
	return tp->hup_done ? 0 : -EIO;
}

MODULE_LICENSE("GPL");
