// SPDX-License-Identifier: GPL-2.0-only
/*
 * olx_mouse.c -- a bus mouse on an invented ISA card, written for 2.2:
 * its queue is 2.2's `struct wait_queue *`, woken by the interrupt.
 * mouse_read() sleeps with interruptible_sleep_on() while no event is
 * pending.  The sleep's wait_event_interruptible() form is planned with
 * the queue's port to DECLARE_WAIT_QUEUE_HEAD(), but that form's
 * semantic patch does not carry the port: the rewrite would hand the
 * old queue's pointer to wait_event_interruptible(), a type kbuild
 * refuses (-Werror=incompatible-pointer-types).  The fix refuses it
 * with the line of the declaration left; nothing else changes.
 * wqport-fix-test: no-kbuild (struct wait_queue is 2.2's)
 */
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <asm/io.h>

#define OLX_MOUSE_BASE	0x23c

static int olx_event;
static int olx_dx, olx_dy;
static struct wait_queue *olx_wait;

static void olx_mouse_irq(int irq, void *dev_id, struct pt_regs *regs)
{
	olx_dx += (signed char)inb(OLX_MOUSE_BASE);
	olx_dy += (signed char)inb(OLX_MOUSE_BASE + 1);
	olx_event = 1;
	wake_up_interruptible(&olx_wait);
}

static int olx_mouse_read(char *buffer, int count)
{
	if (count < 2)
		return -EINVAL;
	while (!olx_event) {
		interruptible_sleep_on(&olx_wait);	/* expect: WQ001 fix=refused:verification */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	olx_event = 0;
	buffer[0] = olx_dx;
	buffer[1] = olx_dy;
	olx_dx = 0;
	olx_dy = 0;
	return 2;
}

int olx_mouse_open(void)
{
	return request_irq(5, olx_mouse_irq, 0, "olx-mouse", NULL);
}
