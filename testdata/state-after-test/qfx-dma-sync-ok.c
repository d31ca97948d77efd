// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: killable waits in the right order.  The manual loop
 * checks fatal_signal_pending() at the top, before prepare_to_wait()
 * (a near miss: a signal test is not a condition test), then queues,
 * then tests the completion flag, then sleeps.  The flush path uses
 * wait_event_killable(), and the lock-dropping wait for a free slot
 * uses wait_event_lock_irq().
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>

#define QFX_CH_SRC		0x00
#define QFX_CH_DST		0x04
#define QFX_CH_LEN		0x08
#define QFX_CH_CTRL		0x0c
#define QFX_CH_STAT		0x10
#define QFX_CH_CTRL_GO		0x01
#define QFX_CH_STAT_DONE	0x01
#define QFX_MAX_PENDING		8

struct qfx_chan {
	void __iomem *regs;
	spinlock_t lock;
	wait_queue_head_t done_wait;
	unsigned int pending;
	bool done;
};

static irqreturn_t qfx_chan_irq(int irq, void *dev_id)
{
	struct qfx_chan *ch = dev_id;
	u32 stat = readl(ch->regs + QFX_CH_STAT);

	if (!(stat & QFX_CH_STAT_DONE))
		return IRQ_NONE;
	writel(stat, ch->regs + QFX_CH_STAT);

	spin_lock(&ch->lock);
	ch->done = true;
	if (ch->pending)
		ch->pending--;
	spin_unlock(&ch->lock);
	wake_up_all(&ch->done_wait);
	return IRQ_HANDLED;
}

static int qfx_dma_memcpy_sync(struct qfx_chan *ch, u32 dst_bus,
			       u32 src_bus, u32 len)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	spin_lock_irq(&ch->lock);
	wait_event_lock_irq(ch->done_wait, ch->pending < QFX_MAX_PENDING,
			    ch->lock);
	ch->pending++;
	ch->done = false;
	spin_unlock_irq(&ch->lock);

	writel(src_bus, ch->regs + QFX_CH_SRC);
	writel(dst_bus, ch->regs + QFX_CH_DST);
	writel(len, ch->regs + QFX_CH_LEN);
	writel(QFX_CH_CTRL_GO, ch->regs + QFX_CH_CTRL);

	for (;;) {
		if (fatal_signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		prepare_to_wait(&ch->done_wait, &wait, TASK_KILLABLE);
		if (READ_ONCE(ch->done))
			break;
		schedule();
	}
	finish_wait(&ch->done_wait, &wait);

	if (ret)
		writel(0, ch->regs + QFX_CH_CTRL);
	return ret;
}

static int qfx_chan_flush(struct qfx_chan *ch)
{
	return wait_event_killable(ch->done_wait, READ_ONCE(ch->pending) == 0);
}

static int qfx_chan_setup(struct qfx_chan *ch, int irq)
{
	spin_lock_init(&ch->lock);
	init_waitqueue_head(&ch->done_wait);
	return request_irq(irq, qfx_chan_irq, 0, "qfx_dma", ch);
}
