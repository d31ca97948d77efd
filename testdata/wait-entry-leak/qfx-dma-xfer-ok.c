// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: every exit dequeues.  The non-blocking check returns
 * before anything is queued; the error and timeout exits break out to
 * the single finish_wait(); the abort exit returns from inside the loop
 * but calls finish_wait() first.  A checker that flags any return
 * lexically inside a prepare_to_wait() loop is wrong here.
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
#define QFX_CH_STAT_ABORT	0x40
#define QFX_CH_STAT_ERR		0x80

struct qfx_chan {
	void __iomem *regs;
	wait_queue_head_t desc_wait;
	u32 last_stat;
	unsigned int completed;
	bool nonblock;
};

static irqreturn_t qfx_chan_irq(int irq, void *dev_id)
{
	struct qfx_chan *ch = dev_id;
	u32 stat = readl(ch->regs + QFX_CH_STAT);

	if (!(stat & (QFX_CH_STAT_DONE | QFX_CH_STAT_ERR | QFX_CH_STAT_ABORT)))
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
	int ret = 0;

	writel(QFX_CH_CTRL_GO, ch->regs + QFX_CH_CTRL);
	if (ch->nonblock)
		return -EINPROGRESS;

	for (;;) {
		prepare_to_wait_exclusive(&ch->desc_wait, &wait,
					  TASK_UNINTERRUPTIBLE);
		if (ch->completed >= target)
			break;
		if (ch->last_stat & QFX_CH_STAT_ABORT) {
			finish_wait(&ch->desc_wait, &wait);
			return -ECANCELED;
		}
		if (ch->last_stat & QFX_CH_STAT_ERR) {
			ret = -EIO;
			break;
		}
		if (!timeout) {
			ret = -ETIMEDOUT;
			break;
		}
		timeout = schedule_timeout(timeout);
	}
	finish_wait(&ch->desc_wait, &wait);
	return ret;
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
