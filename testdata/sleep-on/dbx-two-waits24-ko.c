// SPDX-License-Identifier: GPL-2.0-only
/*
 * dbx_tape.c -- rewind and load of the DBX DAT drive, 2.4 style.
 *
 * wqport fixture (issue 30): one function sleeps twice, first until the
 * rewind is done, then until the cartridge is loaded, each a one-shot
 * interruptible_sleep_on() with nothing to test.  Both convert keeping
 * the race, with one DEFINE_WAIT(wait) shared by the two sleeps: a
 * conversion adding an entry per site would declare 'wait' twice in
 * one block, which does not compile, and the translation validation
 * checks that every wait entry declaration is unique.
 *
 * wqport-fix-test: no-compile (interruptible_sleep_on() is gone since 3.15)
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
	interruptible_sleep_on(&d->cmd_wait);	/* expect: WQ001 fix=keeprace */
	if (signal_pending(current))
		return -EINTR;
	writel(DBX_CMD_LOAD, d->regs + DBX_REG_CMD);
	interruptible_sleep_on(&d->load_wait);	/* expect: WQ001 fix=keeprace */
	if (signal_pending(current))
		return -EINTR;
	return 0;
}

MODULE_LICENSE("GPL");
