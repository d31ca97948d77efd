// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the uninterruptible forms.  sleep_on_timeout() on a
 * queue nothing here wakes, a delay after a reset (a plain nap), and
 * a one-shot `if (busy) sleep_on()` in release() that waits for the
 * last in-flight descriptor to complete.
 */
#include <linux/module.h>
#include <linux/atomic.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/wait.h>

#define QFX_DMA_CTRL		0x00
#define QFX_DMA_IRQ_STATUS	0x04
#define QFX_DMA_CTRL_RESET	0x80000000
#define QFX_DMA_IRQ_DONE	0x00000001

struct qfx_dma {
	void __iomem *regs;
	atomic_t inflight;
	int closing;
	wait_queue_head_t idle_wait;
	wait_queue_head_t reset_wait;
};

static irqreturn_t qfx_dma_irq(int irq, void *data)
{
	struct qfx_dma *qd = data;
	u32 status = readl(qd->regs + QFX_DMA_IRQ_STATUS);

	if (!(status & QFX_DMA_IRQ_DONE))
		return IRQ_NONE;
	writel(status, qd->regs + QFX_DMA_IRQ_STATUS);

	if (atomic_dec_and_test(&qd->inflight))
		wake_up(&qd->idle_wait);
	return IRQ_HANDLED;
}

static void qfx_dma_hw_reset(struct qfx_dma *qd)
{
	writel(QFX_DMA_CTRL_RESET, qd->regs + QFX_DMA_CTRL);
	/* the reset bit self-clears within 50 ms; nothing wakes this queue */
	sleep_on_timeout(&qd->reset_wait, HZ / 20);	/* expect: WQ001 fix=converted */
	writel(0, qd->regs + QFX_DMA_CTRL);
}

static int qfx_dma_release(struct inode *inode, struct file *file)
{
	struct qfx_dma *qd = file->private_data;

	qd->closing = 1;
	if (atomic_read(&qd->inflight))
		sleep_on(&qd->idle_wait);	/* expect: WQ001 fix=caveat */

	qfx_dma_hw_reset(qd);
	return 0;
}

static const struct file_operations qfx_dma_fops = {
	.owner		= THIS_MODULE,
	.release	= qfx_dma_release,
};

static int qfx_dma_setup(struct qfx_dma *qd, int irq)
{
	atomic_set(&qd->inflight, 0);
	init_waitqueue_head(&qd->idle_wait);
	init_waitqueue_head(&qd->reset_wait);
	return request_irq(irq, qfx_dma_irq, IRQF_SHARED, "qfx_dma", qd);
}
