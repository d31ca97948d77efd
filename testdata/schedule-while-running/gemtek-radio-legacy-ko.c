// SPDX-License-Identifier: GPL-2.0-only
/*
 * Gemtek-style radio card from a 2.4-era vendor tree: it sets the task
 * state by hand (current->state = ...), which 5.14 renamed away.  The
 * tuner wait sets the state once and then loops on schedule(), so after
 * the first wake-up the loop spins.  The file names no wait API the
 * prefilter looks for, only the TASK_* states, which it must catch.
 *
 * wqport-test: shim-only (current->state does not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/io.h>
#include <linux/interrupt.h>
#include <linux/delay.h>

#define GEMTEK_STATUS		0x00
#define GEMTEK_STATUS_LOCKED	0x04

struct gemtek_card {
	void __iomem *io;
	struct task_struct *tuner_task;
	int muted;
};

static irqreturn_t gemtek_irq(int irq, void *dev_id)
{
	struct gemtek_card *card = dev_id;

	if (card->tuner_task)
		wake_up_process(card->tuner_task);
	return IRQ_HANDLED;
}

static int gemtek_wait_lock(struct gemtek_card *card)
{
	card->tuner_task = current;
	current->state = TASK_INTERRUPTIBLE;	/* expect: WQ011 */
	while (!(readb(card->io + GEMTEK_STATUS) & GEMTEK_STATUS_LOCKED))
		schedule();	/* expect: WQ004 fix=refused:no-patch */
	current->state = TASK_RUNNING;	/* expect: WQ011 */
	card->tuner_task = NULL;
	return 0;
}

static void gemtek_mute(struct gemtek_card *card)
{
	writeb(0, card->io + GEMTEK_STATUS);
	msleep(50);
	card->muted = 1;
}

int gemtek_tune(struct gemtek_card *card, int irq)
{
	int ret = request_irq(irq, gemtek_irq, 0, "gemtek", card);

	if (ret)
		return ret;
	gemtek_mute(card);
	ret = gemtek_wait_lock(card);
	free_irq(irq, card);
	return ret;
}
