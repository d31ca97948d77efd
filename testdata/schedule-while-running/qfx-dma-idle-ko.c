// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a polling loop with TASK_UNINTERRUPTIBLE set once
 * before it.  The first schedule_timeout(1) sleeps a tick, every later
 * one returns immediately in TASK_RUNNING, so the "poll once a tick"
 * loop hammers the status register until the deadline.
 */
#include <linux/module.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define QFX_DMA_CTRL		0x00
#define QFX_DMA_STAT		0x04
#define QFX_DMA_CTRL_HALT	0x02
#define QFX_DMA_STAT_BUSY	0x01
#define QFX_DMA_STAT_IRQ	0x02

struct qfx_dma {
	void __iomem *regs;
	wait_queue_head_t irq_wait;
	unsigned long irq_count;
};

static irqreturn_t qfx_dma_irq(int irq, void *data)
{
	struct qfx_dma *qd = data;
	u32 stat = readl(qd->regs + QFX_DMA_STAT);

	if (!(stat & QFX_DMA_STAT_IRQ))
		return IRQ_NONE;
	writel(QFX_DMA_STAT_IRQ, qd->regs + QFX_DMA_STAT);
	qd->irq_count++;
	wake_up(&qd->irq_wait);
	return IRQ_HANDLED;
}

static int qfx_dma_wait_idle(struct qfx_dma *qd)
{
	unsigned long deadline = jiffies + msecs_to_jiffies(100);

	writel(QFX_DMA_CTRL_HALT, qd->regs + QFX_DMA_CTRL);

	set_current_state(TASK_UNINTERRUPTIBLE);
	while (readl(qd->regs + QFX_DMA_STAT) & QFX_DMA_STAT_BUSY) {
		if (time_after(jiffies, deadline)) {
			__set_current_state(TASK_RUNNING);
			return -ETIMEDOUT;
		}
		schedule_timeout(1);	/* expect: WQ004 fix=converted */
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static int qfx_dma_suspend(struct qfx_dma *qd)
{
	int ret = qfx_dma_wait_idle(qd);

	if (ret)
		pr_err("qfx_dma: engine did not halt\n");
	return ret;
}

static int qfx_dma_setup(struct qfx_dma *qd, int irq)
{
	init_waitqueue_head(&qd->irq_wait);
	return request_irq(irq, qfx_dma_irq, IRQF_SHARED, "qfx_dma", qd);
}
