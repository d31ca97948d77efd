// SPDX-License-Identifier: GPL-2.0-only
/*
 * gcx_i2c.c -- the I2C master of the GCX network SoC, in the style of
 * a 2.6.16 board port: one transfer at a time, described in a static
 * command block that the interrupt handler fills in with the result.
 * A transfer clears the block's result fields, hands the block to the
 * dispatcher, which starts the controller through a board hook, and
 * sleeps until the interrupt or the timeout.
 *
 * wqport fixture: the candidate the waker makes true, cmd.error_status,
 * is cleared by the sleeper before the sleep, but the dispatcher it
 * calls next may write anything (it calls a hook this file does not
 * define): the refusal's words name that call, not "the proof reads
 * nothing the sleeper does ... that makes it false".
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/interrupt.h>
#include <linux/io.h>

struct gcx_cmd {
	u32 data;
	u8 action_done;
	u8 error_status;
};

static struct gcx_cmd gcx_cmd;
static DECLARE_WAIT_QUEUE_HEAD(gcx_wait);
static void __iomem *gcx_regs;

extern void gcx_board_start_i2c(void);

static void gcx_dispatch(struct gcx_cmd *c)
{
	writel(c->data, gcx_regs + 0x10);
	gcx_board_start_i2c();
}

static irqreturn_t gcx_isr(int irq, void *dev)
{
	u32 st = readl(gcx_regs + 0x14);

	writel(st, gcx_regs + 0x14);
	gcx_cmd.action_done = (st & 1) ? 1 : 0;
	gcx_cmd.error_status = (st & 2) ? (st >> 8) & 0xff : 0;
	wake_up_interruptible(&gcx_wait);
	return IRQ_HANDLED;
}

int gcx_xfer(u32 data)
{
	long left;

	gcx_cmd.data = data;
	gcx_cmd.error_status = 0;
	gcx_cmd.action_done = 0;
	gcx_dispatch(&gcx_cmd);
	left = interruptible_sleep_on_timeout(&gcx_wait, HZ);	/* expect: WQ001 fix=keeprace */
	if (left == 0)
		return -ETIMEDOUT;
	if (gcx_cmd.error_status)
		return -EIO;
	return 0;
}
EXPORT_SYMBOL(gcx_xfer);

int gcx_setup(void)
{
	return request_irq(17, gcx_isr, 0, "gcx-i2c", NULL);
}
EXPORT_SYMBOL(gcx_setup);

MODULE_LICENSE("GPL");
