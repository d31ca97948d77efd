// SPDX-License-Identifier: GPL-2.0-only
/*
 * Zorb UART: small sleep helpers that, like schedule_timeout() itself,
 * leave setting the task state to their callers.  One returns the
 * sleep's result, the other sleeps for the timeout it was given; every
 * caller sets the state first.  Nothing here may be reported.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/io.h>
#include <linux/jiffies.h>

#define ZORB_LSR		0x14
#define ZORB_LSR_TEMT		0x40

struct zorb_port {
	void __iomem *membase;
	unsigned int drain_polls;
};

/* Sleep in whatever state the caller chose; returns the jiffies left. */
static long zorb_nap(long timeout)
{
	return schedule_timeout(timeout);
}

/* Sleep once for @timeout in the caller's state, counting the poll. */
static void zorb_poll_sleep(struct zorb_port *zp, long timeout)
{
	zp->drain_polls++;
	schedule_timeout(timeout);
}

static int zorb_drain(struct zorb_port *zp)
{
	unsigned long deadline = jiffies + HZ;

	while (!(readl(zp->membase + ZORB_LSR) & ZORB_LSR_TEMT)) {
		if (time_after(jiffies, deadline))
			return -ETIMEDOUT;
		set_current_state(TASK_UNINTERRUPTIBLE);
		zorb_poll_sleep(zp, 1);
	}
	return 0;
}

int zorb_shutdown(struct zorb_port *zp)
{
	long left;

	set_current_state(TASK_INTERRUPTIBLE);
	left = zorb_nap(HZ / 20);
	if (signal_pending(current))
		return -ERESTARTSYS;
	return left ? zorb_drain(zp) : -EIO;
}
