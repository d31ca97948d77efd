// SPDX-License-Identifier: GPL-2.0-only
/*
 * pxp_1284.c -- reverse channel of the PXP parallel-port scanner (2.4
 * driver).  The IEEE 1284 nibble mode and the interrupt-driven status
 * are build options; the default configuration has neither.
 *
 * wqport fixture (issue 40, every #if branch): the waits under an #if
 * the configuration leaves off are reported too, each with a note that
 * names the condition: the sleep_on() under #ifdef PXP_IRQ and the
 * add_wait_queue() loop under #if defined(CONFIG_PXP_ECP_1284), whose
 * loop the rules cannot see in a branch the parse skipped (the token
 * floor finds it), and the one in the #else of a test that is on.  The
 * old polling loop under #if 0 stays out.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define PXP_STATUS(p)		((p)->base + 1)
#define PXP_CONTROL(p)		((p)->base + 2)
#define PXP_ACK			0x40
#define PXP_BUSY		0x80

struct pxp_port {
	unsigned long		base;
	wait_queue_head_t	ack_wait;
	volatile int		acked;
	int			mode;
};

static irqreturn_t pxp_interrupt(int irq, void *dev_id)
{
	struct pxp_port *pp = dev_id;

	pp->acked = 1;
	wake_up_interruptible(&pp->ack_wait);
	return IRQ_HANDLED;
}

/* read one nibble from the status lines */
static int pxp_read_nibble(struct pxp_port *pp)
{
	unsigned char s;

	outb(0x02, PXP_CONTROL(pp));
#ifdef PXP_IRQ
	pp->acked = 0;
	if (!(inb(PXP_STATUS(pp)) & PXP_ACK))
		interruptible_sleep_on(&pp->ack_wait);	/* expect: WQ001 */
#else
	while (!(inb(PXP_STATUS(pp)) & PXP_ACK))
		cpu_relax();
#endif
	s = inb(PXP_STATUS(pp));
	outb(0x00, PXP_CONTROL(pp));
	return (s >> 3) & 0x0f;
}

/* wait for the peripheral to offer reverse data */
static int pxp_wait_data(struct pxp_port *pp)
{
	int ret = 0;

#if defined(CONFIG_PXP_ECP_1284)
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&pp->ack_wait, &wait);	/* expect: WQ002 */
	while (inb(PXP_STATUS(pp)) & PXP_BUSY) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&pp->ack_wait, &wait);
#else
	while (inb(PXP_STATUS(pp)) & PXP_BUSY)
		udelay(10);
#endif
	return ret;
}

/* settle after a mode change */
static void pxp_settle(struct pxp_port *pp)
{
#ifndef MODULE
	udelay(50);
#else
	sleep_on_timeout(&pp->ack_wait, HZ / 50);	/* expect: WQ001 */
#endif
#if 0
	/* the 2.0 way, kept for reference */
	while (inb(PXP_STATUS(pp)) & PXP_BUSY)
		sleep_on(&pp->ack_wait);
#endif
}

static int pxp_set_mode(struct pxp_port *pp, int mode)
{
	pp->mode = mode;
	pxp_settle(pp);
	return pxp_wait_data(pp);
}
