// SPDX-License-Identifier: GPL-2.0-only
/*
 * lpx_lp.c -- LPX line printer port, a 2.2-era character driver.
 *
 * The acknowledge interrupt only sets a flag.  The write path strobes a
 * byte out and polls that flag once a jiffy with
 * interruptible_sleep_on_timeout() on a queue nothing here wakes.
 *
 * wqport fixture: a member of a struct only this file defines, whose
 * address goes nowhere, cannot be woken from another file: the poll
 * becomes schedule_timeout_interruptible() (verify/README.md, fairness).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/interrupt.h>
#include <linux/errno.h>
#include <asm/io.h>

#define LPX_DATA		0
#define LPX_CTRL		2
#define LPX_CTRL_STROBE		0x01

struct lpx_port {
	unsigned long base;
	int acked;
	wait_queue_head_t poll_wait;	/* a delay: never woken here */
};

static struct lpx_port lpx;

static irqreturn_t lpx_interrupt(int irq, void *dev_id)
{
	struct lpx_port *lp = dev_id;

	lp->acked = 1;
	return IRQ_HANDLED;
}

static int lpx_write_char(struct lpx_port *lp, unsigned char c)
{
	lp->acked = 0;
	outb(c, lp->base + LPX_DATA);
	outb(LPX_CTRL_STROBE, lp->base + LPX_CTRL);
	while (!lp->acked) {
		if (signal_pending(current))
			return -EINTR;
		interruptible_sleep_on_timeout(&lp->poll_wait, 1);	/* expect: WQ001 fix=converted */
	}
	outb(0, lp->base + LPX_CTRL);
	return 0;
}

static int lpx_init(void)
{
	lpx.base = 0x378;
	init_waitqueue_head(&lpx.poll_wait);
	return request_irq(7, lpx_interrupt, 0, "lpx", &lpx);
}
