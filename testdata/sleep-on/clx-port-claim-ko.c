// SPDX-License-Identifier: GPL-2.0-only
/*
 * clx: claiming the parallel port of an invented 2.4-era printer
 * adapter.  The claim tests and takes the port with interrupts off
 * (save_flags()/cli(), no lock) and sleeps there; interruptible_sleep_on()
 * came back with them off again, so the code after the sleep ran with
 * them off.  A prepare_to_wait() loop comes back from schedule() with
 * them on: the rewrite is refused, and the reason names no lock, since
 * cli() takes none.
 */
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/interrupt.h>

struct clx_port {
	wait_queue_head_t wait;
	int busy;
	int wanted;
};

static struct clx_port clx_port;

void clx_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	clx_port.busy = 0;
	wake_up(&clx_port.wait);
}

int clx_claim(int interruptible)
{
	unsigned long flags;

	save_flags(flags);
	cli();
	if (clx_port.busy) {
		++clx_port.wanted;
		while (clx_port.busy) {
			if (interruptible && signal_pending(current)) {
				--clx_port.wanted;
				restore_flags(flags);
				return -EINTR;
			}
			interruptible_sleep_on(&clx_port.wait);	/* expect: WQ001 fix=refused:unproven */
		}
		--clx_port.wanted;
	}
	clx_port.busy = 1;
	restore_flags(flags);
	return 0;
}
