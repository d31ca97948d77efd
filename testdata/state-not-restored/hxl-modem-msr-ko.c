// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a 2.6-era serial driver's TIOCMIWAIT, waiting for a
 * modem status line to change.  The hang-up exit inside the loop takes
 * the entry off the queue but returns in TASK_INTERRUPTIBLE; the other
 * exits go through __set_current_state(TASK_RUNNING).
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/serial.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#define HXL_F_HUNGUP	0x01

struct hxl_port {
	spinlock_t lock;
	unsigned int flags;
	unsigned int msr_events;
	wait_queue_head_t delta_msr_wait;
};

static irqreturn_t hxl_msr_irq(int irq, void *dev_id)
{
	struct hxl_port *port = dev_id;

	spin_lock(&port->lock);
	port->msr_events++;
	spin_unlock(&port->lock);
	wake_up_interruptible(&port->delta_msr_wait);
	return IRQ_HANDLED;
}

static int hxl_wait_modem_change(struct hxl_port *port)
{
	DECLARE_WAITQUEUE(wait, current);
	unsigned int seen = port->msr_events;
	int ret = 0;

	add_wait_queue(&port->delta_msr_wait, &wait);	/* expect: WQ002 */
	while (1) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (port->flags & HXL_F_HUNGUP) {
			remove_wait_queue(&port->delta_msr_wait, &wait);
			return -EIO;	/* expect: WQ005 */
		}
		if (port->msr_events != seen)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&port->delta_msr_wait, &wait);
	return ret;
}
