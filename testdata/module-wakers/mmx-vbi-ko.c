// SPDX-License-Identifier: GPL-2.0-only
/*
 * mmx: the VBI workaround of an invented capture card.  The card
 * interrupts when the workaround has run; mmx_irq() in mmx-core.c (the
 * same module, see the Makefile) wakes vbi_wq.  Nothing in this file
 * wakes it: the model must read the handler there, not take the waker
 * for one outside the driver.
 */
#include <linux/sched.h>
#include "mmx.h"

void mmx_vbi_workaround(struct mmx_dev *dev)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->lock, flags);
	dev->vbi_done = 0;
	mmx_start_vbi(dev);
	spin_unlock_irqrestore(&dev->lock, flags);
	while (!dev->vbi_done)
		sleep_on(&dev->vbi_wq);	/* expect: WQ001 fix=converted */
}
