// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): a capture chip's VBI workaround queues the
 * task, sets its state, then starts the chip's command list, whose last
 * command raises the interrupt that wakes it.  The sleep tests nothing:
 * the interrupt cannot come before the chip is started, after the task
 * is queued and its state set, so nothing is lost here.  The model lets
 * the handler run at any point and does not know what starts it: the
 * verdict must say the loss needs the handler to run before the task is
 * queued, not claim a lost wake-up.
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define SFX_MC1		0x00fc
#define SFX_MC2		0x0100
#define SFX_ISR		0x0010
#define SFX_RPS_ADDR1	0x0104
#define SFX_IRQ_RPS1	0x10000000
#define SFX_MC2_VBI_WA	0x00008000

struct sfx_dev {
	void __iomem *mem;
	wait_queue_head_t vbi_wq;
	dma_addr_t rps1_dma;
};

static irqreturn_t sfx_irq(int irq, void *data)
{
	struct sfx_dev *dev = data;
	u32 isr = readl(dev->mem + SFX_ISR);

	if (!(isr & SFX_IRQ_RPS1))
		return IRQ_NONE;
	writel(isr, dev->mem + SFX_ISR);
	if (readl(dev->mem + SFX_MC2) & SFX_MC2_VBI_WA)
		wake_up(&dev->vbi_wq);
	return IRQ_HANDLED;
}

int sfx_vbi_workaround(struct sfx_dev *dev)
{
	DECLARE_WAITQUEUE(wait, current);
	int i;

	for (i = 0; i < 2; i++) {
		writel(SFX_MC2_VBI_WA | (SFX_MC2_VBI_WA << 16), dev->mem + SFX_MC2);

		add_wait_queue(&dev->vbi_wq, &wait);	/* expect: WQ002 fix=converted */
		set_current_state(TASK_INTERRUPTIBLE);

		/* start the command list: its last command raises the irq */
		writel(dev->rps1_dma, dev->mem + SFX_RPS_ADDR1);
		writel(0x20002000, dev->mem + SFX_MC1);

		schedule();

		remove_wait_queue(&dev->vbi_wq, &wait);
		__set_current_state(TASK_RUNNING);

		writel(0x00100000, dev->mem + SFX_MC1);
		if (signal_pending(current)) {
			writel(0x20000000, dev->mem + SFX_MC1);
			return -EINTR;
		}
	}
	return 0;
}
EXPORT_SYMBOL_GPL(sfx_vbi_workaround);

int sfx_setup(struct sfx_dev *dev, int irq)
{
	init_waitqueue_head(&dev->vbi_wq);
	return request_irq(irq, sfx_irq, IRQF_SHARED, "sfx", dev);
}
EXPORT_SYMBOL_GPL(sfx_setup);

MODULE_LICENSE("GPL");
