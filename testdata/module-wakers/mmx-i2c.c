// SPDX-License-Identifier: GPL-2.0-only
/*
 * mmx: the card's i2c master.  Its transfers wait on a queue of their
 * own, a static head of this file that happens to share its name with
 * the command queue of struct mmx_dev: the two are different queues.
 */
#include <linux/interrupt.h>
#include <linux/wait.h>
#include "mmx.h"

static DECLARE_WAIT_QUEUE_HEAD(cmd_wq);
static int i2c_done;

irqreturn_t mmx_i2c_irq(int irq, void *data)
{
	i2c_done = 1;
	wake_up(&cmd_wq);
	return IRQ_HANDLED;
}

int mmx_i2c_xfer(struct mmx_dev *dev, u8 addr, u8 reg)
{
	i2c_done = 0;
	mmx_i2c_start(dev, addr, reg);
	return wait_event_timeout(cmd_wq, i2c_done, HZ) ? 0 : -ETIMEDOUT;
}
