// SPDX-License-Identifier: GPL-2.0-only
/*
 * qsr_tty.c -- modem status wait of the QSR-8 USB serial bridge.
 *
 * wqport fixture: qsr-modem-wait-ko.c written the safe way: the
 * TIOCMIWAIT loop queues itself and sets the state with
 * prepare_to_wait() first, then tests the counters and what
 * qsr_disconnect() sets before it wakes the queue, then sleeps.
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
	DEFINE_WAIT(wait);
	struct qsr_counts old, cur;
	int retval = 0;

	for (;;) {
		prepare_to_wait(&qp->msr_wait, &wait, TASK_INTERRUPTIBLE);
		spin_lock_irq(&qp->lock);
		old = qp->seen;
		cur = qp->now;
		qp->seen = cur;
		spin_unlock_irq(&qp->lock);

		if ((arg & TIOCM_DSR) && old.dsr != cur.dsr)
			break;
		if ((arg & TIOCM_CD) && old.dcd != cur.dcd)
			break;
		if (qp->disconnected) {
			retval = -ENODEV;
			break;
		}
		if (signal_pending(current)) {
			retval = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(&qp->msr_wait, &wait);

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
