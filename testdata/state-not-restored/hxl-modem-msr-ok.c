// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the same driver, converted to prepare_to_wait(): the
 * hang-up exit calls finish_wait() before it returns, which sets the
 * task running again; a loop whose exits all meet at finish_wait();
 * and a helper that marks the task sleeping on purpose and leaves the
 * schedule() to its caller.
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#define HXL_F_HUNGUP	0x01

struct hxl_port {
	spinlock_t lock;
	unsigned int flags;
	unsigned int msr_events;
	wait_queue_head_t delta_msr_wait;
};

static int hxl_wait_modem_change(struct hxl_port *port)
{
	DEFINE_WAIT(wait);
	unsigned int seen = port->msr_events;
	int ret = 0;

	for (;;) {
		prepare_to_wait(&port->delta_msr_wait, &wait, TASK_INTERRUPTIBLE);
		if (port->flags & HXL_F_HUNGUP) {
			finish_wait(&port->delta_msr_wait, &wait);
			return -EIO;
		}
		if (port->msr_events != seen)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(&port->delta_msr_wait, &wait);
	return ret;
}

static int hxl_wait_hangup(struct hxl_port *port)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	for (;;) {
		prepare_to_wait(&port->delta_msr_wait, &wait, TASK_INTERRUPTIBLE);
		if (port->flags & HXL_F_HUNGUP)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(&port->delta_msr_wait, &wait);
	return ret;
}

/* Called with port->lock held; the caller drops it and schedules. */
static void hxl_mark_waiting(struct hxl_port *port)
{
	set_current_state(TASK_UNINTERRUPTIBLE);
	port->flags |= 0x10;
}
