// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the `if (cond) break;` shape of the race, in a
 * killable wait.  The completion flag is sampled under the channel
 * lock and tested, and only then does the task become TASK_KILLABLE;
 * the fatal_signal_pending() test that follows does not re-test the
 * flag, so a completion interrupt in the window is lost.
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#define QFX_CH_SRC		0x00
#define QFX_CH_DST		0x04
#define QFX_CH_LEN		0x08
#define QFX_CH_CTRL		0x0c
#define QFX_CH_STAT		0x10
#define QFX_CH_CTRL_GO		0x01
#define QFX_CH_STAT_DONE	0x01

struct qfx_chan {
	void __iomem *regs;
	spinlock_t lock;
	struct task_struct *waiter;
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
	if (ch->waiter)
		wake_up_process(ch->waiter);
	spin_unlock(&ch->lock);
	return IRQ_HANDLED;
}

static int qfx_dma_memcpy_sync(struct qfx_chan *ch, u32 dst_bus,
			       u32 src_bus, u32 len)
{
	bool done;
	int ret = 0;

	spin_lock_irq(&ch->lock);
	ch->done = false;
	ch->waiter = current;
	spin_unlock_irq(&ch->lock);

	writel(src_bus, ch->regs + QFX_CH_SRC);
	writel(dst_bus, ch->regs + QFX_CH_DST);
	writel(len, ch->regs + QFX_CH_LEN);
	writel(QFX_CH_CTRL_GO, ch->regs + QFX_CH_CTRL);

	for (;;) {
		spin_lock_irq(&ch->lock);
		done = ch->done;
		spin_unlock_irq(&ch->lock);
		if (done)
			break;
		set_current_state(TASK_KILLABLE);	/* expect: WQ003 fix=refused:local-condition */
		if (fatal_signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);

	spin_lock_irq(&ch->lock);
	ch->waiter = NULL;
	spin_unlock_irq(&ch->lock);
	if (ret)
		writel(0, ch->regs + QFX_CH_CTRL);
	return ret;
}

static int qfx_chan_setup(struct qfx_chan *ch, int irq)
{
	spin_lock_init(&ch->lock);
	return request_irq(irq, qfx_chan_irq, 0, "qfx_dma", ch);
}
