// SPDX-License-Identifier: GPL-2.0-only
/*
 * ifz_cmd.c -- the command channel of the IFZ frame grabber, a 2.4-era
 * board driver.  The command path once queued itself by hand; that code
 * is kept under #if 0 beside the sleep_on_timeout() that replaced it.
 *
 * wqport fixture: the translation validation reads the tokens of the
 * function, and the compiler reads nothing of an #if 0 branch: the old
 * add_wait_queue() there is no queue of the rewrite's sleep, and the
 * conversion validates (it keeps the race: no waker in this file sets
 * what the sleep could wait for).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/io.h>

struct ifz_card {
	wait_queue_head_t cmd_wait;
	wait_queue_head_t old_wait;
	void __iomem *regs;
};

int ifz_command(struct ifz_card *card, u32 cmd)
{
	long left;

	writel(cmd, card->regs);
#if 0
	add_wait_queue(&card->old_wait, &wait);
	current->state = TASK_INTERRUPTIBLE;
#endif
	left = sleep_on_timeout(&card->cmd_wait, HZ); /* expect: WQ001 fix=keeprace */
	if (!left)
		return -ETIMEDOUT;
	return readl(card->regs + 4);
}

MODULE_LICENSE("GPL");
