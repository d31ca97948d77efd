// SPDX-License-Identifier: GPL-2.0-only
/*
 * isx_card.c -- ISX-S0 passive ISDN card, D-channel layer 1, from a
 * 2.0-era ISDN4Linux vendor tree moved to 2.2 wait queue heads.
 *
 * The vendor wrote K&R-style function definitions throughout and kept
 * them; small helpers are __inline__.  Layer 1 activation is
 * acknowledged by the card's interrupt; the D-channel transmitter has a
 * busy flag cleared by the same interrupt.
 *
 * wqport fixture: the sleep_on() family in K&R definitions.  The
 * activation wait keeps its time left in an int parameter and becomes
 * wait_event_interruptible_timeout() with a caveat; the transmitter wait
 * becomes wait_event(); the deactivation wait sleeps once under an if
 * and is left alone unless --unsafe.
 * wqport-fix-test: no-kbuild (K&R definitions are errors under 6.1's -Werror=strict-prototypes)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <asm/io.h>

#define ISX_REG_CIR		0x31
#define ISX_CIR_AI8		0x0c	/* activation indication */
#define ISX_CIR_DI		0x0f	/* deactivated */
#define ISX_REG_CMD		0x30
#define ISX_CMD_AR8		0x08	/* activation request */
#define ISX_CMD_DR		0x00

struct isx_card {
	unsigned int base;
	wait_queue_head_t l1_wait;
	wait_queue_head_t tx_wait;
	volatile int l1_active;
	volatile int tx_busy;
};

static __inline__ int
isx_read(card, reg)
	struct isx_card *card;
	int reg;
{
	return inb(card->base + reg);
}

static void
isx_interrupt(irq, dev_id, regs)
	int irq;
	void *dev_id;
	struct pt_regs *regs;
{
	struct isx_card *card = dev_id;
	int cir = isx_read(card, ISX_REG_CIR) & 0x0f;

	if (cir == ISX_CIR_AI8)
		card->l1_active = 1;
	else if (cir == ISX_CIR_DI)
		card->l1_active = 0;
	wake_up_interruptible(&card->l1_wait);
	if (card->tx_busy) {
		card->tx_busy = 0;
		wake_up(&card->tx_wait);
	}
}

static int
isx_activate(card, timeout)
	struct isx_card *card;
	int timeout;
{
	outb(ISX_CMD_AR8, card->base + ISX_REG_CMD);
	while (!card->l1_active && timeout)
		timeout = interruptible_sleep_on_timeout(&card->l1_wait, timeout);	/* expect: WQ001 fix=caveat */
	return card->l1_active ? 0 : -ETIMEDOUT;
}

static void
isx_send(card, byte)
	struct isx_card *card;
	unsigned char byte;
{
	while (card->tx_busy)
		sleep_on(&card->tx_wait);	/* expect: WQ001 fix=converted */
	card->tx_busy = 1;
	outb(byte, card->base + ISX_REG_CMD + 2);
}

static void
isx_deactivate(card)
	struct isx_card *card;
{
	outb(ISX_CMD_DR, card->base + ISX_REG_CMD);
	if (card->l1_active)
		interruptible_sleep_on(&card->l1_wait);	/* expect: WQ001 fix=keeprace */
}
