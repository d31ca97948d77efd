// SPDX-License-Identifier: GPL-2.0-only
/*
 * rk_serial.c -- Rokko RK-8 multiport serial card, after a 2.6 port.
 *
 * wqport fixture: goto loops that are right.  prepare_to_wait() at the
 * label sets the state before the test, so a wake-up between the test
 * and schedule() only makes schedule() return; a goto that retries a
 * whole wait_event*() after losing a race for the port; a delay loop
 * that retries a hardware poll with schedule_timeout_interruptible();
 * and the modem-change wait written with wait_event_interruptible().
 * None of them may be reported.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/errno.h>

#define RK_REG_LSR	0x05
#define RK_LSR_TEMT	0x40

struct rk_icount {
	int cts, dsr, rng, dcd;
};

struct rk_port {
	spinlock_t		lock;
	void __iomem		*base;
	int			flags;
	int			owner;
	struct rk_icount	icount;
	wait_queue_head_t	open_wait;
	wait_queue_head_t	delta_msr_wait;
};

#define RK_CD_ON	0x0002

static int rk_block_til_ready(struct rk_port *port)
{
	DEFINE_WAIT(wait);
	int retval = 0;

repeat:
	prepare_to_wait(&port->open_wait, &wait, TASK_INTERRUPTIBLE);
	if (!(port->flags & RK_CD_ON)) {
		if (signal_pending(current)) {
			retval = -ERESTARTSYS;
			goto out;
		}
		schedule();
		goto repeat;
	}
out:
	finish_wait(&port->open_wait, &wait);
	return retval;
}

/* take the port; another opener may win the race after the wake-up */
static int rk_claim(struct rk_port *port, int who)
{
	unsigned long flags;

retry:
	if (wait_event_interruptible(port->open_wait, !port->owner))
		return -ERESTARTSYS;
	spin_lock_irqsave(&port->lock, flags);
	if (port->owner) {
		spin_unlock_irqrestore(&port->lock, flags);
		goto retry;
	}
	port->owner = who;
	spin_unlock_irqrestore(&port->lock, flags);
	return 0;
}

/* let the transmitter drain: a polled delay, no queue involved */
static void rk_wait_until_sent(struct rk_port *port)
{
	int tries = 50;

again:
	if (!(ioread8(port->base + RK_REG_LSR) & RK_LSR_TEMT) && tries--) {
		schedule_timeout_interruptible(HZ / 50);
		goto again;
	}
}

static bool rk_modem_changed(struct rk_port *port, struct rk_icount *prev,
			     unsigned long arg)
{
	struct rk_icount now = port->icount;

	return ((arg & 1) && now.dcd != prev->dcd) ||
	       ((arg & 2) && now.cts != prev->cts);
}

static int rk_wait_modem_change(struct rk_port *port, unsigned long arg)
{
	struct rk_icount cprev = port->icount;

	return wait_event_interruptible(port->delta_msr_wait,
					rk_modem_changed(port, &cprev, arg));
}
