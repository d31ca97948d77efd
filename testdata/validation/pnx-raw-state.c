// SPDX-License-Identifier: GPL-2.0-only
/*
 * pnx_port.c -- status line of the PNX parallel port adapter, 2.4 style.
 *
 * wqport validation input (tools/validate-test.py, issue 30): the wait
 * for the printer writes the task state by hand, as 2.2 and 2.4 drivers
 * did.  pnx-raw-state.rewrite moves the entry to DEFINE_WAIT() and
 * leaves `current->state = TASK_INTERRUPTIBLE` outside prepare_to_wait():
 * the task sleeps on no queue, which the validation must see in the
 * field write; pnx-raw-state-good.rewrite is the wait_event form the
 * fix writes, which it must prove.
 *
 * validate: pnx-raw-state.rewrite unproven: 'schedule()' at line 60 sleeps on no queue on the path through 'current->state = TASK_INTERRUPTIBLE' at line 53
 * validate: pnx-raw-state-good.rewrite validated: 1 sleep
 * model: pnx-raw-state.rewrite unproven: the model generated from the file finds a lost wake-up in the rewritten pnx_wait_ready()
 * model: pnx-raw-state-good.rewrite model: no lost wake-up in
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

	add_wait_queue(&pp->ready_wait, &wait);
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
