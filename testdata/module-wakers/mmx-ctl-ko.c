// SPDX-License-Identifier: GPL-2.0-only
/*
 * mmx: commands to the card's microcontroller.  The card interrupts
 * when a command has run; mmx_irq() in mmx-core.c wakes dev->cmd_wq.
 * mmx-i2c.c wakes a static queue of its own that is also called cmd_wq:
 * that wake-up is not this sleep's, and the model must not read it as
 * one.
 */
#include <linux/sched.h>
#include "mmx.h"

void mmx_send_cmd(struct mmx_dev *dev, u32 cmd)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->lock, flags);
	dev->cmd_done = 0;
	mmx_write_cmd(dev, cmd);
	spin_unlock_irqrestore(&dev->lock, flags);
	while (!dev->cmd_done)
		sleep_on(&dev->cmd_wq);	/* expect: WQ001 fix=converted */
}
