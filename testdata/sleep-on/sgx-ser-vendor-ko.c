// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the tty layer of a vendor SDK's multiport serial
 * card, 2.4-2.6 era, as shipped: it includes the SDK's private header
 * sgx_hal.h (register layout, command codes, the port structure), which
 * is not in the tree, so the checker sees it with that header missing,
 * as a user porting the driver alone does.  The sleeps in if conditions
 * and returns use names from that header.  Sites: close_wait in open, a
 * break wait after spin_unlock_irqrestore(), a timed drain whose
 * remaining jiffies are tested, a TIOCMIWAIT loop and a command wait
 * whose remaining jiffies are returned.  With the header missing the
 * compiler resolves no member, so the proof compares the queues as
 * expressions (issue 39): the close wait and the drain have wakers of
 * the same `struct sgx_port *` member that make their conditions true
 * (sgx_close_done() clears ASYNC_CLOSING, sgx_port_irq() clears
 * tx_waiting).  The drain, whose result is tested, becomes
 * wait_event_interruptible_timeout(); the close wait keeps its race,
 * since nothing after it tests for a signal (WQ010 would flag the
 * dropped -ERESTARTSYS; --unsafe writes wait_event_interruptible()).
 *
 * wqport-fix-test: no-compile (sgx_hal.h, the SDK's private header, is missing on purpose)
 */
#include "sgx_hal.h"
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/serial.h>
#include <linux/spinlock.h>
#include <linux/tty.h>
#include <linux/wait.h>

static int sgx_block_til_ready(struct tty_struct *tty, struct file *filp,
			       struct sgx_port *port)
{
	/* the port is being closed: wait for it, then make open retry */
	if (port->flags & ASYNC_CLOSING) {
		interruptible_sleep_on(&port->close_wait);	/* expect: WQ001 fix=keeprace */
		return (port->flags & ASYNC_HUP_NOTIFY) ?
			-EAGAIN : -ERESTARTSYS;
	}
	return 0;
}

static void sgx_break_ctl(struct tty_struct *tty, int state)
{
	struct sgx_port *port = tty->driver_data;
	unsigned long flags;

	spin_lock_irqsave(&port->lock, flags);
	sgx_hal_cmd(port, state ? SGX_CMD_BREAK_ON : SGX_CMD_BREAK_OFF);
	spin_unlock_irqrestore(&port->lock, flags);
	/* the card interrupts when the break has gone out */
	interruptible_sleep_on(&port->break_wait);	/* expect: WQ001 fix=converted */
}

static int sgx_wait_tx_empty(struct sgx_port *port)
{
	unsigned long flags;

	spin_lock_irqsave(&port->lock, flags);
	if (sgx_hal_tx_empty(port)) {
		spin_unlock_irqrestore(&port->lock, flags);
		return 0;
	}
	port->tx_waiting = 1;
	spin_unlock_irqrestore(&port->lock, flags);
	if (!interruptible_sleep_on_timeout(&port->tx_wait, SGX_TX_TMO))	/* expect: WQ001 fix=caveat */
		return -ETIMEDOUT;
	return signal_pending(current) ? -ERESTARTSYS : 0;
}

static int sgx_ioctl(struct tty_struct *tty, struct file *file,
		     unsigned int cmd, unsigned long arg)
{
	struct sgx_port *port = tty->driver_data;
	struct async_icount cprev, cnow;

	switch (cmd) {
	case TIOCMIWAIT:
		cprev = port->icount;
		for (;;) {
			interruptible_sleep_on(&port->msr_wait);	/* expect: WQ001 fix=keeprace */
			if (signal_pending(current))
				return -ERESTARTSYS;
			cnow = port->icount;
			if (cnow.rng == cprev.rng && cnow.dsr == cprev.dsr &&
			    cnow.dcd == cprev.dcd && cnow.cts == cprev.cts)
				return -EIO;
			if (((arg & TIOCM_RNG) && cnow.rng != cprev.rng) ||
			    ((arg & TIOCM_DSR) && cnow.dsr != cprev.dsr) ||
			    ((arg & TIOCM_CD) && cnow.dcd != cprev.dcd) ||
			    ((arg & TIOCM_CTS) && cnow.cts != cprev.cts))
				return 0;
			cprev = cnow;
		}
	case SGX_IOC_SELFTEST:
		return sgx_hal_selftest(port);
	}
	return -ENOIOCTLCMD;
}

/* runs a card command; the time left tells the caller it completed */
long sgx_run_cmd(struct sgx_port *port, int cmd)
{
	sgx_hal_cmd(port, cmd);
	return sleep_on_timeout(&port->cmd_wait, SGX_CMD_TMO);	/* expect: WQ001 fix=keeprace */
}

/* the card's interrupt, per port */
void sgx_port_irq(struct sgx_port *port, unsigned int events)
{
	if (events & SGX_EV_MSR) {
		sgx_hal_count_msr(port);
		wake_up_interruptible(&port->msr_wait);
	}
	if (events & SGX_EV_BREAK)
		wake_up_interruptible(&port->break_wait);
	if ((events & SGX_EV_TX_EMPTY) && port->tx_waiting) {
		port->tx_waiting = 0;
		wake_up_interruptible(&port->tx_wait);
	}
	if (events & SGX_EV_CMD_DONE)
		wake_up(&port->cmd_wait);
}

void sgx_close_done(struct sgx_port *port)
{
	port->flags &= ~(ASYNC_NORMAL_ACTIVE | ASYNC_CLOSING);
	wake_up_interruptible(&port->close_wait);
}

MODULE_LICENSE("GPL");
