// SPDX-License-Identifier: GPL-2.0-only
/*
 * phx: the print heads of an invented inkjet marking board.  Each head's
 * interrupt records the head's status and tells the reader: by default
 * through PHX_NOTIFY(), a wake-up of the head's queue; built with
 * PHX_USE_SIGNALS, through a signal to the task that asked for one.  The
 * reader of a head queues itself and sleeps until the interrupt marks
 * the status ready.  The interrupt is this file's waker of the queue
 * (where the default is compiled); nothing outside the file wakes it.
 */
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/types.h>
#include <linux/wait.h>

#define PHX_HEADS	4

struct phx_head {
	wait_queue_head_t wait;
	int ready;
	u32 status;
	struct task_struct *task;
	int sig;
};

static struct phx_head phx_heads[PHX_HEADS];

#ifndef PHX_USE_SIGNALS
#define PHX_NOTIFY(h) wake_up_interruptible(&(h)->wait)
#else
#define PHX_NOTIFY(h) do { if ((h)->task) send_sig((h)->sig, (h)->task, 1); } while (0)
#endif

static irqreturn_t phx_head_irq(int irq, void *dev_id)
{
	struct phx_head *head = dev_id;

	head->status = irq;
	head->ready = 1;
	PHX_NOTIFY(head);
	return IRQ_HANDLED;
}

int phx_read_status(int id, u32 *status)
{
	struct phx_head *head = &phx_heads[id];
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&head->wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (head->ready)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&head->wait, &wait);
	if (!ret) {
		head->ready = 0;
		*status = head->status;
	}
	return ret;
}

int phx_setup(int irq_base)
{
	int i, err;

	for (i = 0; i < PHX_HEADS; i++) {
		init_waitqueue_head(&phx_heads[i].wait);
		err = request_irq(irq_base + i, phx_head_irq, 0, "phx-head",
				  &phx_heads[i]);
		if (err)
			return err;
	}
	return 0;
}
