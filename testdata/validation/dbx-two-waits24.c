// SPDX-License-Identifier: GPL-2.0-only
/*
 * dbx_tape.c -- rewind and load of the DBX DAT drive, 2.4 style.
 *
 * wqport validation input (tools/validate-test.py, issue 30): one
 * function sleeps twice.  dbx-two-waits24.rewrite converts each sleep
 * with an entry of its own, both DEFINE_WAIT(wait) in one block, as a
 * vendor tree's batch port did: it does not compile, and the validation
 * must refuse it.  dbx-two-waits24-nap.rewrite turns the first
 * interruptible sleep into schedule_timeout_uninterruptible(), a nap on
 * no queue, although the interrupt handler wakes that queue.
 *
 * validate: dbx-two-waits24.rewrite unproven: 'DEFINE_WAIT(wait)' at line 54 declares a wait entry a second time
 * validate: dbx-two-waits24-nap.rewrite unproven: 'schedule_timeout_uninterruptible(HZ)' at line 50 sleeps on no queue
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define DBX_REG_CMD		0x00
#define DBX_REG_ST		0x04
#define DBX_CMD_REWIND		0x01
#define DBX_CMD_LOAD		0x02

struct dbx_drive {
	void __iomem *regs;
	wait_queue_head_t cmd_wait;
	wait_queue_head_t load_wait;
};

static irqreturn_t dbx_interrupt(int irq, void *dev_id)
{
	struct dbx_drive *d = dev_id;
	u32 st = readl(d->regs + DBX_REG_ST);

	if (st & DBX_CMD_REWIND)
		wake_up_interruptible(&d->cmd_wait);
	if (st & DBX_CMD_LOAD)
		wake_up_interruptible(&d->load_wait);
	return IRQ_HANDLED;
}

int dbx_rewind_and_load(struct dbx_drive *d)
{
	writel(DBX_CMD_REWIND, d->regs + DBX_REG_CMD);
	interruptible_sleep_on(&d->cmd_wait);
	if (signal_pending(current))
		return -EINTR;
	writel(DBX_CMD_LOAD, d->regs + DBX_REG_CMD);
	interruptible_sleep_on(&d->load_wait);
	if (signal_pending(current))
		return -EINTR;
	return 0;
}

MODULE_LICENSE("GPL");
