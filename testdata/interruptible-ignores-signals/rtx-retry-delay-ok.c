// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a network card driver's bounded retry delays.  Each
 * loop sleeps a fixed delay in TASK_INTERRUPTIBLE and goes round at
 * most a counted number of times: with a signal pending the delays
 * return at once, and the loop ends after its last try instead of
 * spinning.  Not the WQ007 bug (docs/rules/WQ007).
 *
 * - the allocation retried while `--tries` stays non-zero;
 * - the PHY reset polled by a for loop over an attempt index;
 * - the firmware mailbox polled by a do/while with `retries++ < N`.
 */
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>

#define RTX_PHY_CTRL	0x10
#define RTX_PHY_RESET	0x8000
#define RTX_MBOX	0x20
#define RTX_MBOX_ACK	0x1
#define RTX_RETRIES	5

struct rtx_priv {
	void __iomem *regs;
	void *rx_ring;
	size_t ring_bytes;
};

static int rtx_alloc_ring(struct rtx_priv *rp)
{
	int tries = 10;

	while (!(rp->rx_ring = kzalloc(rp->ring_bytes, GFP_KERNEL)) && --tries) {
		set_current_state(TASK_INTERRUPTIBLE);
		schedule_timeout(HZ / 10);
	}
	return rp->rx_ring ? 0 : -ENOMEM;
}

static int rtx_phy_reset(struct rtx_priv *rp)
{
	int i;

	writew(RTX_PHY_RESET, rp->regs + RTX_PHY_CTRL);
	for (i = 0; i < 20; i++) {
		if (!(readw(rp->regs + RTX_PHY_CTRL) & RTX_PHY_RESET))
			return 0;
		set_current_state(TASK_INTERRUPTIBLE);
		schedule_timeout(msecs_to_jiffies(5));
	}
	return -ETIMEDOUT;
}

static int rtx_mbox_ack(struct rtx_priv *rp)
{
	int retries = 0;
	u32 v;

	do {
		set_current_state(TASK_INTERRUPTIBLE);
		schedule_timeout(1);
		v = readl(rp->regs + RTX_MBOX);
	} while (!(v & RTX_MBOX_ACK) && retries++ < RTX_RETRIES);
	return (v & RTX_MBOX_ACK) ? 0 : -EIO;
}

MODULE_LICENSE("GPL");
