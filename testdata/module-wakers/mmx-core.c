// SPDX-License-Identifier: GPL-2.0-only
/* mmx: the core of an invented capture card; its interrupt handler */
#include <linux/interrupt.h>
#include <linux/module.h>
#include "mmx.h"

irqreturn_t mmx_irq(int irq, void *data)
{
	struct mmx_dev *dev = data;

	spin_lock(&dev->lock);
	if (mmx_status(dev) & MMX_IRQ_CMD) {
		dev->cmd_done = 1;
		wake_up(&dev->cmd_wq);
	} else {
		dev->vbi_done = 1;
		wake_up(&dev->vbi_wq);
	}
	spin_unlock(&dev->lock);
	return IRQ_HANDLED;
}

MODULE_LICENSE("GPL");
