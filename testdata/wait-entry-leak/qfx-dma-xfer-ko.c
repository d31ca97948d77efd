// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: error returns between prepare_to_wait_exclusive() and
 * finish_wait().  The descriptor wait gives up on a timeout and on a
 * channel error by returning directly; both leave the DEFINE_WAIT entry
 * queued (an exclusive entry that was never woken is not autoremoved)
 * and the task in TASK_UNINTERRUPTIBLE.
 */
#include <linux/module.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/types.h>
#include <linux/wait.h>

#define QFX_CH_CTRL		0x0c
#define QFX_CH_STAT		0x10
#define QFX_CH_CTRL_GO		0x01
#define QFX_CH_STAT_DONE	0x01
#define QFX_CH_STAT_ERR		0x80

struct qfx_chan {
	void __iomem *regs;
	wait_queue_head_t desc_wait;
	u32 last_stat;
	unsigned int completed;
};

static irqreturn_t qfx_chan_irq(int irq, void *dev_id)
{
	struct qfx_chan *ch = dev_id;
	u32 stat = readl(ch->regs + QFX_CH_STAT);

	if (!(stat & (QFX_CH_STAT_DONE | QFX_CH_STAT_ERR)))
		return IRQ_NONE;
	writel(stat, ch->regs + QFX_CH_STAT);
	ch->last_stat = stat;
	if (stat & QFX_CH_STAT_DONE)
		ch->completed++;
	wake_up(&ch->desc_wait);
	return IRQ_HANDLED;
}

static int qfx_chan_run_one(struct qfx_chan *ch)
{
	DEFINE_WAIT(wait);
	unsigned int target = ch->completed + 1;
	long timeout = msecs_to_jiffies(250);

	writel(QFX_CH_CTRL_GO, ch->regs + QFX_CH_CTRL);

	for (;;) {
		prepare_to_wait_exclusive(&ch->desc_wait, &wait,
					  TASK_UNINTERRUPTIBLE);
		if (ch->completed >= target)
			break;
		if (ch->last_stat & QFX_CH_STAT_ERR)
			return -EIO;	/* expect: WQ006 fix=refused:no-patch */
		if (!timeout)
			return -ETIMEDOUT;
		timeout = schedule_timeout(timeout);
	}
	finish_wait(&ch->desc_wait, &wait);
	return 0;
}

static int qfx_chan_run(struct qfx_chan *ch, unsigned int ndesc)
{
	int ret;

	while (ndesc--) {
		ret = qfx_chan_run_one(ch);
		if (ret)
			return ret;
	}
	return 0;
}

static int qfx_chan_setup(struct qfx_chan *ch, int irq)
{
	init_waitqueue_head(&ch->desc_wait);
	return request_irq(irq, qfx_chan_irq, 0, "qfx_dma", ch);
}
