// SPDX-License-Identifier: GPL-2.0-only
/*
 * pmx_poe.c -- PMX-17 power-over-ethernet line card, register access to
 * the two PoE controllers, as the driver reads after its port to
 * wait_event*_timeout(): each access clears its flag, starts the
 * transfer and waits for the flag with a timeout, telling a lost
 * controller by the 0 the wait returns.
 *
 * wqport fixture: the converted form of pmx-poe-reg-ko.c; nothing to
 * report.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <linux/io.h>

#define PMX_SAR		0x00
#define PMX_RAR		0x04
#define PMX_CRA		0x08
#define PMX_RDR		0x0c
#define PMX_TDR		0x10
#define PMX_ISR		0x14
#define PMX_RD		0x01
#define PMX_WR		0x02
#define PMX_IRQ_RX	0x01
#define PMX_IRQ_TX	0x02
#define PMX_TIMEOUT	(HZ / 10)

struct pmx_card {
	void __iomem *regs;
	wait_queue_head_t wait_read;
	wait_queue_head_t wait_write;
	wait_queue_head_t wait_stat;
	int read_done;
	int write_done;
	int stat_done;
	u8 last;
};

static irqreturn_t pmx_interrupt(int irq, void *dev_id)
{
	struct pmx_card *card = dev_id;
	u8 isr = ioread8(card->regs + PMX_ISR);

	if (!isr)
		return IRQ_NONE;
	iowrite8(isr, card->regs + PMX_ISR);
	if (isr & PMX_IRQ_RX) {
		card->last = ioread8(card->regs + PMX_RDR);
		card->read_done = 1;
		wake_up_interruptible(&card->wait_read);
	}
	if (isr & PMX_IRQ_TX) {
		card->write_done = 1;
		wake_up(&card->wait_write);
		card->stat_done = 1;
		wake_up(&card->wait_stat);
	}
	return IRQ_HANDLED;
}

int pmx_read_poe_reg(struct pmx_card *card, u8 chip, u8 addr)
{
	card->read_done = 0;
	iowrite8(chip, card->regs + PMX_SAR);
	iowrite8(addr, card->regs + PMX_RAR);
	iowrite8(PMX_RD, card->regs + PMX_CRA);
	if (!wait_event_interruptible_timeout(card->wait_read, card->read_done,
					      PMX_TIMEOUT)) {
		pr_err("pmx: PoE read of %02x:%02x timed out\n", chip, addr);
		return -ETIMEDOUT;
	}
	return card->last;
}

int pmx_write_poe_reg(struct pmx_card *card, u8 chip, u8 addr, u8 val)
{
	card->write_done = 0;
	iowrite8(chip, card->regs + PMX_SAR);
	iowrite8(addr, card->regs + PMX_RAR);
	iowrite8(val, card->regs + PMX_TDR);
	iowrite8(PMX_WR, card->regs + PMX_CRA);
	if (wait_event_timeout(card->wait_write, card->write_done,
			       PMX_TIMEOUT) == 0)
		return -ETIMEDOUT;
	return 0;
}

int pmx_poll_status(struct pmx_card *card)
{
	long took;

	card->stat_done = 0;
	iowrite8(PMX_RD | PMX_WR, card->regs + PMX_CRA);
	took = PMX_TIMEOUT - wait_event_timeout(card->wait_stat, card->stat_done,
						 PMX_TIMEOUT);
	pr_debug("pmx: status after %ld jiffies\n", took);
	return card->stat_done ? 0 : -EIO;
}

MODULE_LICENSE("GPL");
