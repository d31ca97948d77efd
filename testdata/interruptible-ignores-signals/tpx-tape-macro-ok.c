// SPDX-License-Identifier: GPL-2.0-only
/*
 * tpx_tape.c -- QIC tape controller of the TPX-40 (2.6 era).
 *
 * wqport fixture (issue 41): interruptible waits whose signal test is
 * spelled through macros of the driver: TPX_NO_SIGNAL, an object-like
 * macro around signal_pending() that also lets a caller ask for an
 * uninterruptible wait, and TPX_SIGNALLED(t), a function-like one with
 * no function of that name.  Both loops leave on a signal; WQ007 must
 * read the macros' bodies as it reads a helper function's.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <linux/io.h>

#define TPX_NO_SIGNAL		(!interruptible || !signal_pending(current))
#define TPX_SIGNALLED(t)	(signal_pending(t))

#define TPX_STATUS		0x02
#define TPX_ST_READY		0x40

struct tpx_drive {
	unsigned long base;
	wait_queue_head_t ready_wait;
	int ready;
};

static irqreturn_t tpx_interrupt(int irq, void *dev_id)
{
	struct tpx_drive *d = dev_id;

	if (!(inb(d->base + TPX_STATUS) & TPX_ST_READY))
		return IRQ_NONE;
	d->ready = 1;
	wake_up_interruptible(&d->ready_wait);
	return IRQ_HANDLED;
}

static int tpx_wait_ready(struct tpx_drive *d, int interruptible)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	for (;;) {
		prepare_to_wait(&d->ready_wait, &wait, TASK_INTERRUPTIBLE);
		if (d->ready)
			break;
		if (!TPX_NO_SIGNAL) {
			ret = -EINTR;
			break;
		}
		schedule();
	}
	finish_wait(&d->ready_wait, &wait);
	return ret;
}

static int tpx_wait_rewind(struct tpx_drive *d)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	for (;;) {
		prepare_to_wait(&d->ready_wait, &wait, TASK_INTERRUPTIBLE);
		if (d->ready)
			break;
		if (TPX_SIGNALLED(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(&d->ready_wait, &wait);
	return ret;
}

int tpx_rewind(struct tpx_drive *d)
{
	int ret;

	d->ready = 0;
	outb(0x01, d->base);
	ret = tpx_wait_rewind(d);
	if (ret)
		return ret;
	d->ready = 0;
	outb(0x02, d->base);
	return tpx_wait_ready(d, 1);
}
EXPORT_SYMBOL(tpx_rewind);

int tpx_probe_irq(struct tpx_drive *d, int irq)
{
	return request_irq(irq, tpx_interrupt, 0, "tpx", d);
}
EXPORT_SYMBOL(tpx_probe_irq);

MODULE_LICENSE("GPL");
