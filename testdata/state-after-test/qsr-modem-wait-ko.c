// SPDX-License-Identifier: GPL-2.0-only
/*
 * qsr_tty.c -- modem status wait of the QSR-8 USB serial bridge.
 *
 * wqport fixture: a lost wake-up whose finding must name the waker's
 * condition, not the nearest test (the drivers/staging/greybus/uart.c
 * shape of Linux 6.1).  The TIOCMIWAIT loop compares the line counters
 * and ends on its own return value; qsr_disconnect() sets
 * qp->disconnected and wakes the queue.  A disconnect between the
 * counter test and set_current_state() is lost and the ioctl sleeps
 * for ever on a gone device: the message names 'qp->disconnected',
 * which is never tested before the sleep, not '!retval'.
 *
 * wqport-cocci: beyond-standalone (the lost wake-up is the disconnect flag another function sets before waking; no standalone shape tests it)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/serial.h>
#include <linux/spinlock.h>
#include <linux/tty.h>
#include <linux/wait.h>

struct qsr_counts {
	int dsr, dcd;
};

struct qsr_port {
	spinlock_t lock;
	wait_queue_head_t msr_wait;
	struct qsr_counts now, seen;
	bool disconnected;
};

int qsr_wait_modem(struct qsr_port *qp, unsigned long arg)
{
	DECLARE_WAITQUEUE(wait, current);
	struct qsr_counts old, cur;
	int retval = 0;

	do {
		spin_lock_irq(&qp->lock);
		old = qp->seen;
		cur = qp->now;
		qp->seen = cur;
		spin_unlock_irq(&qp->lock);

		if ((arg & TIOCM_DSR) && old.dsr != cur.dsr)
			break;
		if ((arg & TIOCM_CD) && old.dcd != cur.dcd)
			break;

		add_wait_queue(&qp->msr_wait, &wait);	/* expect: WQ002 */
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 */
		schedule();
		remove_wait_queue(&qp->msr_wait, &wait);
		if (qp->disconnected)
			retval = -ENODEV;
		else if (signal_pending(current))
			retval = -ERESTARTSYS;
	} while (!retval);

	return retval;
}

void qsr_disconnect(struct qsr_port *qp)
{
	qp->disconnected = true;
	wake_up_all(&qp->msr_wait);
}

EXPORT_SYMBOL_GPL(qsr_wait_modem);
EXPORT_SYMBOL_GPL(qsr_disconnect);
MODULE_LICENSE("GPL");
