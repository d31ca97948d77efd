// SPDX-License-Identifier: GPL-2.0-only
/*
 * mcx_bsc.c -- the I2C (BSC) side of the MCX coax bridge driver: the
 * host polls the controller's done bit, napping a few milliseconds
 * between reads on a wait queue head of the function's own, as vendor
 * drivers of the 2.6.2x era did.  The mailbox elsewhere in the file has
 * its own queue, also called 'wait', that the interrupt handler wakes.
 *
 * wqport fixture: the nap's queue is DECLARE_WAIT_QUEUE_HEAD_ONSTACK()
 * inside the polling function and used only to sleep on, so nothing
 * can wake it: the sleep is a plain delay, whatever the do-while around
 * it, and not "a queue something may wake" (the mailbox's 'wait' is
 * another queue) or "a waker outside this file".
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/interrupt.h>
#include <linux/io.h>

struct mcx_priv {
	void __iomem *bsc;
	wait_queue_head_t wait;
	int mbox_ready;
};

static int mcx_bsc_wait(struct mcx_priv *priv)
{
	long timeout = HZ / 200;
	DECLARE_WAIT_QUEUE_HEAD_ONSTACK(wait);
	int i = 0;

	do {
		if (readl(priv->bsc + 0x08) & 2) {
			writel(0, priv->bsc + 0x08);
			return 0;
		}
		if (i++ > 10) {
			writel(0, priv->bsc + 0x08);
			return -ETIMEDOUT;
		}
		sleep_on_timeout(&wait, timeout ? timeout : 1);	/* expect: WQ001 fix=converted */
	} while (1);
}

int mcx_bsc_write(struct mcx_priv *priv, u8 addr, u32 data)
{
	writel(addr, priv->bsc + 0x00);
	writel(data, priv->bsc + 0x04);
	writel(1, priv->bsc + 0x08);
	return mcx_bsc_wait(priv);
}
EXPORT_SYMBOL(mcx_bsc_write);

static irqreturn_t mcx_mbox_irq(int irq, void *dev)
{
	struct mcx_priv *priv = dev;

	priv->mbox_ready = 1;
	wake_up(&priv->wait);
	return IRQ_HANDLED;
}

int mcx_mbox_setup(struct mcx_priv *priv)
{
	init_waitqueue_head(&priv->wait);
	return request_irq(19, mcx_mbox_irq, 0, "mcx-mbox", priv);
}
EXPORT_SYMBOL(mcx_mbox_setup);

MODULE_LICENSE("GPL");
