// SPDX-License-Identifier: GPL-2.0-only
/*
 * ifx_core.c -- start-up of the IFX frame grabber, vendor SDK style: the
 * synchronous start is a build option of the SDK, off in its default
 * configuration.
 *
 * wqport fixture (issue 30, tidy output): the sleep_on() sits in an
 * #ifdef branch the flags do not compile, inside a function that is
 * compiled either way.  It is converted in place, and the DEFINE_WAIT()
 * the conversion adds at the top of the function gets the same #ifdef
 * around it: without it, every build without CONFIG_IFX_SYNC_START
 * warns about an unused variable.  The declaration stays at the top (no
 * declaration after a statement).
 *
 * wqport-fix-test: no-compile (the input builds on 6.1 only because its
 * sleep_on() is in the branch the default configuration leaves out)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define IFX_REG_CTRL	0x00
#define IFX_REG_STAT	0x04
#define IFX_CTRL_RUN	0x01
#define IFX_STAT_LOCK	0x10

struct ifx_grabber {
	void __iomem *regs;
	wait_queue_head_t lock_wait;
	int locked;
	int mode;
};

static irqreturn_t ifx_interrupt(int irq, void *dev_id)
{
	struct ifx_grabber *ig = dev_id;

	if (readl(ig->regs + IFX_REG_STAT) & IFX_STAT_LOCK) {
		ig->locked = 1;
		wake_up_interruptible(&ig->lock_wait);
	}
	return IRQ_HANDLED;
}

int ifx_start(struct ifx_grabber *ig, int mode)
{
	int ret = 0;

	ig->mode = mode;
	ig->locked = 0;
	writel(IFX_CTRL_RUN, ig->regs + IFX_REG_CTRL);
#ifdef CONFIG_IFX_SYNC_START
	/* wait for the video lock before handing frames out */
	if (!ig->locked)
		interruptible_sleep_on(&ig->lock_wait);	/* expect: WQ001 fix=keeprace */
	if (signal_pending(current))
		ret = -EINTR;
#endif
	return ret;
}

int ifx_setup(struct ifx_grabber *ig, int irq)
{
	init_waitqueue_head(&ig->lock_wait);
	return request_irq(irq, ifx_interrupt, IRQF_SHARED, "ifx", ig);
}

MODULE_LICENSE("GPL");
