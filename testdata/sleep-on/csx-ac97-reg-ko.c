// SPDX-License-Identifier: GPL-2.0-only
/*
 * csx_ac97.c -- codec register access of the CSX-97 serial-DMA audio
 * controller, in the style of the 2.4-2.6 OSS drivers for such parts:
 * a register read is muxed into the DMA stream, and the interrupt that
 * sees the reply frame stores the value and wakes the reader.
 *
 * wqport fixture: the waker writes its flag through a local pointer to
 * one of the two DMA channels (`d->reg_done = 1` with d = &s->dma_adc),
 * not through the state the queue belongs to.  Rebased by name, as
 * --unsafe once did, it became 's->reg_done', a member the state does
 * not have (the result did not compile).  The proof rebases only writes
 * made through the queue's owner, whose type libclang resolves to the
 * sleeper's; this one is not, so nothing is proven and the sleep keeps
 * its faithful form, also with --unsafe.
 *
 * wqport-fix-args: --unsafe
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/errno.h>

#define CSX_REG_STATUS		0x00
#define CSX_REG_RXDATA		0x08
#define CSX_REG_TXCMD		0x10
#define CSX_ST_REGREPLY		0x04

typedef struct {
	void *dma_buf;
	unsigned int hwptr, swptr;
	int reg_done;			/* a register reply came in */
	unsigned int error;
} serdma_t;

struct csx_state {
	void __iomem *regs;
	int irq;
	serdma_t dma_dac, dma_adc;
	wait_queue_head_t reg_wait;
	u16 read_value;
	u32 reg_request;
};

static irqreturn_t csx_interrupt(int irq, void *dev_id)
{
	struct csx_state *s = dev_id;
	serdma_t *d = &s->dma_adc;
	u32 status = readl(s->regs + CSX_REG_STATUS);

	if (!status)
		return IRQ_NONE;
	d->hwptr = (d->hwptr + 1) & 0xff;
	if (status & CSX_ST_REGREPLY) {
		s->read_value = readl(s->regs + CSX_REG_RXDATA) & 0xffff;
		s->reg_request = 0;
		d->reg_done = 1;
		wake_up(&s->reg_wait);
	}
	return IRQ_HANDLED;
}

int csx_read_ac97(struct csx_state *s, u8 offset, u16 *value)
{
	s->dma_adc.reg_done = 0;
	s->reg_request = 0x80000000 | offset << 16;
	writel(s->reg_request, s->regs + CSX_REG_TXCMD);
	interruptible_sleep_on(&s->reg_wait);	/* expect: WQ001 fix=keeprace */
	if (!s->dma_adc.reg_done)
		return -EIO;
	*value = s->read_value;
	return 0;
}
EXPORT_SYMBOL(csx_read_ac97);

int csx_setup_irq(struct csx_state *s)
{
	init_waitqueue_head(&s->reg_wait);
	return request_irq(s->irq, csx_interrupt, IRQF_SHARED, "csx", s);
}
EXPORT_SYMBOL(csx_setup_irq);

MODULE_LICENSE("GPL");
