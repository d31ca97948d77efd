// SPDX-License-Identifier: GPL-2.0-only
/*
 * ttx: TIOCMIWAIT of an invented USB serial adapter.  Each pass sleeps
 * first, then copies the line status under the port lock and compares
 * it with the last copy.  The lock is taken and dropped after the sleep,
 * around that copy only: it is not held at the sleep, and the reason a
 * wait_event*() does not fit is the work the loop does after each
 * sleep, not the lock.
 */
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#define TTX_RING	0x40
#define TTX_DSR		0x20

struct ttx_port {
	spinlock_t lock;
	unsigned int line_status;
	wait_queue_head_t delta_msr_wait;
};

void ttx_status_irq(struct ttx_port *port, unsigned int status)
{
	unsigned long flags;

	spin_lock_irqsave(&port->lock, flags);
	port->line_status = status;
	spin_unlock_irqrestore(&port->lock, flags);
	wake_up_interruptible(&port->delta_msr_wait);
}

int ttx_wait_modem(struct ttx_port *port, unsigned int mask)
{
	unsigned long flags;
	unsigned int prev, status;

	spin_lock_irqsave(&port->lock, flags);
	prev = port->line_status;
	spin_unlock_irqrestore(&port->lock, flags);

	while (1) {
		interruptible_sleep_on(&port->delta_msr_wait);	/* expect: WQ001 fix=keeprace */
		if (signal_pending(current))
			return -ERESTARTSYS;

		spin_lock_irqsave(&port->lock, flags);
		status = port->line_status;
		spin_unlock_irqrestore(&port->lock, flags);

		if ((prev ^ status) & mask)
			return 0;
		prev = status;
	}
	return 0;
}
