// SPDX-License-Identifier: GPL-2.0-only
/*
 * msx_serial.c -- MSX-8 intelligent multiport serial board, a 2.2/2.4
 * tty driver from a vendor's CD.
 *
 * open() waits for carrier in block_til_ready(), written as every
 * serial driver of the time wrote it: the port's open count dropped
 * under save_flags()/cli(), an entry on the port's open_wait, a for (;;)
 * loop that sets TASK_INTERRUPTIBLE, tests hang-up, carrier and
 * signals, and schedules; the count restored afterwards.  close() waits
 * for the transmitter to drain with a timeout counted in jiffies.
 *
 * wqport fixture: both loops are race-free and stay loops: the
 * carrier wait has exits with different errors and the drain wait a
 * signal exit that keeps the time left; each becomes DEFINE_WAIT/
 * prepare_to_wait()/finish_wait(), the entry queued at the top of each
 * pass instead of before the open count is dropped.
 * wqport-args: --target=2.4.37
 * wqport-test: shim-only (current->state does not exist in 6.1 headers)
 * wqport-fix-test: no-compile (save_flags, cli and tty_hung_up_p are the 2.4 tty layer's)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <asm/io.h>

#define MSX_ASYNC_INITIALIZED	0x80000000
#define MSX_ASYNC_CLOSING	0x08000000
#define MSX_ASYNC_NORMAL_ACTIVE	0x20000000
#define MSX_MSR_DCD		0x80

struct msx_port {
	int flags;
	int count;
	int blocked_open;
	unsigned int base;
	wait_queue_head_t open_wait;
	wait_queue_head_t close_wait;
	wait_queue_head_t drain_wait;
	volatile int xmit_cnt;
};

extern int tty_hung_up_p(struct file *filp);

static void msx_modem_intr(struct msx_port *port)
{
	wake_up_interruptible(&port->open_wait);
}

static void msx_tx_intr(struct msx_port *port)
{
	if (!--port->xmit_cnt)
		wake_up_interruptible(&port->drain_wait);
}

static int msx_block_til_ready(struct msx_port *port, struct file *filp,
			       int do_clocal)
{
	DECLARE_WAITQUEUE(wait, current);
	unsigned long flags;
	int retval = 0;

	add_wait_queue(&port->open_wait, &wait);	/* expect: WQ002 fix=converted */
	save_flags(flags);
	cli();
	if (!tty_hung_up_p(filp))
		port->count--;
	restore_flags(flags);
	port->blocked_open++;
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (tty_hung_up_p(filp) ||
		    !(port->flags & MSX_ASYNC_INITIALIZED)) {
			retval = -EAGAIN;
			break;
		}
		if (!(port->flags & MSX_ASYNC_CLOSING) &&
		    (do_clocal || (inb(port->base + 6) & MSX_MSR_DCD)))
			break;
		if (signal_pending(current)) {
			retval = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	current->state = TASK_RUNNING;
	remove_wait_queue(&port->open_wait, &wait);
	if (!tty_hung_up_p(filp))
		port->count++;
	port->blocked_open--;
	if (retval)
		return retval;
	port->flags |= MSX_ASYNC_NORMAL_ACTIVE;
	return 0;
}

static void msx_wait_until_sent(struct msx_port *port, long timeout)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&port->drain_wait, &wait);	/* expect-fix: WQ002 fix=converted */
	while (timeout) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!port->xmit_cnt)
			break;
		if (signal_pending(current))
			break;
		timeout = schedule_timeout(timeout);
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&port->drain_wait, &wait);
}
