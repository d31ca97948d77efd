// SPDX-License-Identifier: GPL-2.0-only
/*
 * stx_tape.c -- the ready wait of the STX-1 streamer, a 2.2-2.4 driver
 * that sets the task state by hand before a timed sleep_on and back to
 * TASK_RUNNING after it.
 * wqport-test: shim-only (no current->state in 6.1)
 * wqport fixture: the only store before the sleep that is read after it
 * is the task's own state; the flag rule would offer
 * 'current->state != TASK_INTERRUPTIBLE', false on every test inside
 * wait_event*(), which sets the state itself, and a test the code does
 * not have.  A task-state write is no candidate at all, and the
 * interrupt, the only waker, stores a value read from the hardware, no
 * condition; the sleep keeps its faithful form, also with --unsafe.
 *
 * wqport-fix-args: --unsafe
 * wqport-fix-test: no-kbuild (current->state is __state since 5.14)
 * wqport-fix-test: no-compile (current->state is __state since 5.14)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/errno.h>

#define STX_REG_STAT	0
#define STX_REG_CMD	1
#define STX_CMD_READY	0x08
#define STX_TMO		(2 * HZ)

struct stx_dev {
	unsigned long io;
	int irq;
	int status;
	wait_queue_head_t ready_wait;
};

static irqreturn_t stx_interrupt(int irq, void *dev_id)
{
	struct stx_dev *sd = dev_id;

	sd->status = inb(sd->io + STX_REG_STAT);
	wake_up_interruptible(&sd->ready_wait);
	return IRQ_HANDLED;
}

int stx_wait_ready(struct stx_dev *sd)
{
	current->state = TASK_INTERRUPTIBLE;	/* expect: WQ011 */
	outb(STX_CMD_READY, sd->io + STX_REG_CMD);
	interruptible_sleep_on_timeout(&sd->ready_wait, STX_TMO);	/* expect: WQ001 fix=keeprace */
	current->state = TASK_RUNNING;	/* expect: WQ011 */
	return sd->status & 1 ? 0 : -EIO;
}
EXPORT_SYMBOL(stx_wait_ready);

int stx_setup(struct stx_dev *sd)
{
	init_waitqueue_head(&sd->ready_wait);
	return request_irq(sd->irq, stx_interrupt, 0, "stx", sd);
}
EXPORT_SYMBOL(stx_setup);

MODULE_LICENSE("GPL");
