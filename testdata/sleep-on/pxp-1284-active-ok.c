// SPDX-License-Identifier: GPL-2.0-only
/*
 * pxp_ecp.c -- ECP side of the PXP parallel-port scanner (2.4 driver),
 * checked the way a maintainer of one configuration checks it.
 *
 * wqport fixture (issue 40, --active-only): the add_wait_queue() loop
 * under #if defined(CONFIG_PXP_ECP_1284), off with the shim, is what the
 * token floor reports (see pxp-1284-nibble-ko.c); with --active-only it
 * is left out, as before the floor.  The old loop under #if 0 stays out
 * either way.
 *
 * wqport-args: --active-only
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/io.h>

#define PXP_ECR(p)		((p)->base + 0x402)
#define PXP_FIFO_EMPTY		0x01

struct pxp_ecp {
	unsigned long		base;
	wait_queue_head_t	fifo_wait;
};

/* wait until the ECP FIFO has drained */
static int pxp_ecp_drain(struct pxp_ecp *pe)
{
	int ret = 0;

#if defined(CONFIG_PXP_ECP_1284)
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&pe->fifo_wait, &wait);
	while (!(inb(PXP_ECR(pe)) & PXP_FIFO_EMPTY)) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&pe->fifo_wait, &wait);
#else
	while (!(inb(PXP_ECR(pe)) & PXP_FIFO_EMPTY))
		udelay(5);
#endif
#if 0
	while (!(inb(PXP_ECR(pe)) & PXP_FIFO_EMPTY))
		interruptible_sleep_on(&pe->fifo_wait);
#endif
	return ret;
}
