// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a void function that falls off its end while queued.
 * On a channel error the drain loop jumps past finish_wait() to the
 * cleanup at the bottom; the function then returns through its closing
 * brace with the on-stack entry still on the idle queue.
 */
#include <linux/module.h>
#include <linux/atomic.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/types.h>
#include <linux/wait.h>

#define QFX_CH_CTRL		0x0c
#define QFX_CH_STAT		0x10
#define QFX_CH_STAT_DONE	0x01
#define QFX_CH_STAT_ERR		0x80

struct qfx_chan {
	void __iomem *regs;
	atomic_t inflight;
	wait_queue_head_t idle_wait;
	bool draining;
};

static irqreturn_t qfx_chan_irq(int irq, void *dev_id)
{
	struct qfx_chan *ch = dev_id;
	u32 stat = readl(ch->regs + QFX_CH_STAT);

	if (!(stat & (QFX_CH_STAT_DONE | QFX_CH_STAT_ERR)))
		return IRQ_NONE;
	writel(stat, ch->regs + QFX_CH_STAT);
	if ((stat & QFX_CH_STAT_ERR) || atomic_dec_and_test(&ch->inflight))
		wake_up(&ch->idle_wait);
	return IRQ_HANDLED;
}

static void qfx_chan_drain(struct qfx_chan *ch)
{
	DEFINE_WAIT(wait);

	ch->draining = true;
	for (;;) {
		prepare_to_wait(&ch->idle_wait, &wait, TASK_UNINTERRUPTIBLE);
		if (!atomic_read(&ch->inflight))
			break;
		if (readl(ch->regs + QFX_CH_STAT) & QFX_CH_STAT_ERR)
			goto out;
		schedule();
	}
	finish_wait(&ch->idle_wait, &wait);
	writel(0, ch->regs + QFX_CH_CTRL);
out:
	ch->draining = false;
}	/* expect: WQ006 fix=refused:no-patch */

static void qfx_chan_shutdown(struct qfx_chan *ch, int irq)
{
	qfx_chan_drain(ch);
	free_irq(irq, ch);
}

static int qfx_chan_setup(struct qfx_chan *ch, int irq)
{
	atomic_set(&ch->inflight, 0);
	init_waitqueue_head(&ch->idle_wait);
	return request_irq(irq, qfx_chan_irq, 0, "qfx_dma", ch);
}
