// SPDX-License-Identifier: GPL-2.0-only
/*
 * obx: an invented LCD controller's frame buffer.  With
 * CONFIG_OBX_VSYNC_IRQ a writer sleeps until the vsync interrupt wakes
 * it, else it polls.  The static queue's waker is the handler in the
 * same #if branch: with flags that leave the branch out, it is still
 * this file's waker, not one outside it.
 * wqport-fix-test: no-kbuild (the module build leaves the #if branch out)
 */
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define OBX_STATUS	0x10
#define OBX_VSYNC	0x04

static void __iomem *obx_regs;

#if defined(CONFIG_OBX_VSYNC_IRQ)
static wait_queue_head_t obx_vsync_wq;

static irqreturn_t obx_vsync_irq(int irq, void *dev_id)
{
	if (readl(obx_regs + OBX_STATUS) & OBX_VSYNC) {
		writel(OBX_VSYNC, obx_regs + OBX_STATUS);
		wake_up_interruptible(&obx_vsync_wq);
	}
	return IRQ_HANDLED;
}
#endif

void obx_write_frame(u32 addr)
{
#if defined(CONFIG_OBX_VSYNC_IRQ)
	writel(addr, obx_regs);
	interruptible_sleep_on(&obx_vsync_wq);	/* expect: WQ001 fix=keeprace */
#else
	writel(addr, obx_regs);
	while (!(readl(obx_regs + OBX_STATUS) & OBX_VSYNC))
		udelay(10);
#endif
}
