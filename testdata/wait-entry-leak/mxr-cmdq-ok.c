// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: waits that cannot leave a dangling entry.
 *
 * A 2.6-era mixer command queue.  MXR_WAIT() is the driver's own
 * statement-expression macro around wait_event_interruptible_timeout():
 * the entry inside that expansion belongs to wait_event, which takes it
 * off the queue on every way out (prepare_to_wait_event() does so
 * itself when a signal ends the wait).  mxr_selftest() queues its entry
 * on a wait queue head in its own stack frame: when the function
 * returns, head and entry go away together and nothing can wake through
 * the entry.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define MXR_CMD		0x00
#define MXR_STATUS	0x04
#define MXR_ST_DONE	0x01

struct mxr_card {
	void __iomem *base;
	wait_queue_head_t cmd_wait;
	int cmd_done;
};

#define MXR_WAIT(card, tmo) ({						\
	long __r = wait_event_interruptible_timeout((card)->cmd_wait,	\
						    (card)->cmd_done, tmo); \
	if (__r == 0)							\
		printk(KERN_WARNING "mxr: command timed out\n");	\
	__r; })

static irqreturn_t mxr_interrupt(int irq, void *dev_id)
{
	struct mxr_card *card = dev_id;

	if (!(readl(card->base + MXR_STATUS) & MXR_ST_DONE))
		return IRQ_NONE;
	card->cmd_done = 1;
	wake_up_interruptible(&card->cmd_wait);
	return IRQ_HANDLED;
}

static int mxr_send_cmd(struct mxr_card *card, u32 cmd)
{
	long r;

	card->cmd_done = 0;
	writel(cmd, card->base + MXR_CMD);
	r = MXR_WAIT(card, HZ / 2);
	if (r < 0)
		return -ERESTARTSYS;
	if (r == 0)
		return -ETIMEDOUT;
	return 0;
}

static int mxr_selftest(struct mxr_card *card)
{
	wait_queue_head_t idle_wait;
	DEFINE_WAIT(wait);
	int tries = 0;

	init_waitqueue_head(&idle_wait);
	for (;;) {
		prepare_to_wait(&idle_wait, &wait, TASK_INTERRUPTIBLE);
		if (readl(card->base + MXR_STATUS) & MXR_ST_DONE)
			break;
		if (++tries > 10)
			return -EIO;
		if (signal_pending(current))
			return -EINTR;
		schedule_timeout(HZ / 100);
	}
	finish_wait(&idle_wait, &wait);
	return 0;
}

int mxr_probe(struct mxr_card *card, int irq)
{
	int err;

	init_waitqueue_head(&card->cmd_wait);
	err = request_irq(irq, mxr_interrupt, IRQF_SHARED, "mxr", card);
	if (err)
		return err;
	err = mxr_selftest(card);
	if (!err)
		err = mxr_send_cmd(card, 0x80);
	return err;
}
