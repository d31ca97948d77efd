// SPDX-License-Identifier: GPL-2.0-only
/*
 * pnx_port.c -- status line of the PNX parallel port adapter, 2.4 style.
 * wqport-test: shim-only (no current->state in 6.1)
 * wqport fixture (issue 30): the wait for the printer to come ready
 * writes the task state by hand, `current->state = TASK_INTERRUPTIBLE`,
 * as 2.2 and 2.4 drivers did.  The translation validation reads the
 * field write as the state write it is: the loop converts to
 * wait_event_interruptible(), and the validation proves the one sleep
 * keeps its queue and state (a rewrite that left this write outside
 * prepare_to_wait() with a DEFINE_WAIT() entry would be refused, as
 * the set_task_state() and macro fixtures show).
 *
 * wqport-args: --target=2.4
 * wqport-fix-test: no-compile (the task state field is 'state' before 5.14)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define PNX_STATUS		1
#define PNX_ST_BUSY		0x80

struct pnx_port {
	unsigned long base;
	wait_queue_head_t ready_wait;
	volatile int ready;
};

static irqreturn_t pnx_interrupt(int irq, void *dev_id)
{
	struct pnx_port *pp = dev_id;

	if (inb(pp->base + PNX_STATUS) & PNX_ST_BUSY) {
		pp->ready = 1;
		wake_up_interruptible(&pp->ready_wait);
	}
	return IRQ_HANDLED;
}

static int pnx_wait_ready(struct pnx_port *pp)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&pp->ready_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		current->state = TASK_INTERRUPTIBLE;
		if (pp->ready)
			break;
		if (signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		schedule();
	}
	current->state = TASK_RUNNING;
	remove_wait_queue(&pp->ready_wait, &wait);
	pp->ready = 0;
	return ret;
}

int pnx_write_byte(struct pnx_port *pp, unsigned char c)
{
	int ret = pnx_wait_ready(pp);

	if (!ret)
		outb(c, pp->base);
	return ret;
}

MODULE_LICENSE("GPL");
