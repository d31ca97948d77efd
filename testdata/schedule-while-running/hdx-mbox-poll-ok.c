// SPDX-License-Identifier: GPL-2.0-only
/*
 * HDX storage controller: a mailbox command is posted to the firmware
 * and the caller polls for its completion with msleep(), which sets
 * TASK_UNINTERRUPTIBLE itself; the completion interrupt only records the
 * status and wakes nobody.  A plain delay in a loop: no wake-up to lose,
 * no busy loop.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define HDX_MBOX_CMD		0x00
#define HDX_MBOX_STATUS		0x04
#define HDX_MBOX_POLL_MS	10

struct hdx_ctrl {
	void __iomem *regs;
	int mbox_done;
	u32 mbox_status;
};

static struct hdx_ctrl hdx;

static irqreturn_t hdx_mbox_irq(int irq, void *dev_id)
{
	struct hdx_ctrl *hc = dev_id;

	hc->mbox_status = readl(hc->regs + HDX_MBOX_STATUS);
	WRITE_ONCE(hc->mbox_done, 1);
	return IRQ_HANDLED;
}

static u32 hdx_mbox_exec(struct hdx_ctrl *hc, u32 cmd)
{
	WRITE_ONCE(hc->mbox_done, 0);
	writel(cmd, hc->regs + HDX_MBOX_CMD);
	while (!READ_ONCE(hc->mbox_done))
		msleep(HDX_MBOX_POLL_MS);
	return hc->mbox_status;
}

static int hdx_probe(void __iomem *regs, int irq)
{
	hdx.regs = regs;
	return request_irq(irq, hdx_mbox_irq, 0, "hdx", &hdx);
}
