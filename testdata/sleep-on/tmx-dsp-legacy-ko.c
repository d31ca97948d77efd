// SPDX-License-Identifier: GPL-2.0-only
/*
 * tmx_dsp.c -- TMX-16 sound card DSP, OSS-era vendor driver.
 *
 * Originally for 2.0/2.2 (save_flags/cli, MOD_INC_USE_COUNT in open,
 * the sleep_on() family everywhere), later patched to build on 2.6
 * without touching the waits.
 *
 * wqport fixture: sleep_on() sites with no wait_event*() form, one per
 * reason: a timeout counted in an unsigned long (the loop's test made
 * again after prepare_to_wait()), a timeout result tested directly
 * (refused), a lock dropped with irqrestore (queued before the unlock),
 * interrupts off with cli() (queued with them off), a do-while (in
 * place, race kept), and a sleep hidden in the driver's own macro
 * (reported once, at the macro; the fix refuses its use).
 * wqport-fix-test: no-kbuild (save_flags()/cli() are gone since 2.6.18)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define TMX_NAME		"tmx_dsp"

#define TMX_DSP_RESET		0x06
#define TMX_DSP_READ		0x0a
#define TMX_DSP_WRITE		0x0c
#define TMX_DSP_STATUS		0x0e
#define TMX_DSP_ACK16		0x0f

#define TMX_CMD_SPEAKER_ON	0xd1
#define TMX_CMD_HALT_DMA	0xd0
#define TMX_CMD_VERSION		0xe1

#define TMX_IOC_HALT		0x5001
#define TMX_IOC_SYNC		0x5002
#define TMX_IOC_VERSION		0x5003

/* wait for the DSP to say it is ready for another byte */
#define TMX_WAIT_READY(card)					\
	do {							\
		while (!(card)->dsp_ready)			\
			sleep_on(&(card)->ready_wait);	/* expect: WQ001 fix=refused:macro */ \
	} while (0)

struct tmx_card {
	unsigned long base;
	int irq;
	spinlock_t lock;

	wait_queue_head_t ready_wait;
	wait_queue_head_t dma_wait;
	wait_queue_head_t reply_wait;

	volatile int dsp_ready;
	volatile int dma_running;
	volatile int reply_valid;
	unsigned char reply;
	int users;
};

static struct tmx_card tmx;
static int tmx_major;

static irqreturn_t tmx_interrupt(int irq, void *dev_id)
{
	struct tmx_card *card = dev_id;
	unsigned long flags;

	spin_lock_irqsave(&card->lock, flags);
	if (inb(card->base + TMX_DSP_STATUS) & 0x80) {
		card->reply = inb(card->base + TMX_DSP_READ);
		card->reply_valid = 1;
		wake_up(&card->reply_wait);
	}
	card->dsp_ready = 1;
	card->dma_running = 0;
	inb(card->base + TMX_DSP_ACK16);
	spin_unlock_irqrestore(&card->lock, flags);

	wake_up(&card->ready_wait);
	wake_up_interruptible(&card->dma_wait);
	return IRQ_HANDLED;
}

static void tmx_dsp_command(struct tmx_card *card, unsigned char cmd)
{
	TMX_WAIT_READY(card);	/* expect-fix: WQ001 fix=refused:macro */
	card->dsp_ready = 0;
	outb(cmd, card->base + TMX_DSP_WRITE);
}

/* the reply to TMX_CMD_VERSION comes back within a second or never */
static int tmx_dsp_version(struct tmx_card *card)
{
	unsigned long timeout = HZ;

	card->reply_valid = 0;
	tmx_dsp_command(card, TMX_CMD_VERSION);
	while (!card->reply_valid && timeout)
		timeout = interruptible_sleep_on_timeout(&card->reply_wait, timeout);	/* expect: WQ001 fix=converted */
	if (!card->reply_valid)
		return -EIO;
	return card->reply;
}

static int tmx_dsp_halt(struct tmx_card *card)
{
	unsigned long flags;

	spin_lock_irqsave(&card->lock, flags);
	outb(TMX_CMD_HALT_DMA, card->base + TMX_DSP_WRITE);
	while (card->dma_running) {
		spin_unlock_irqrestore(&card->lock, flags);
		interruptible_sleep_on(&card->dma_wait);	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -ERESTARTSYS;
		spin_lock_irqsave(&card->lock, flags);
	}
	spin_unlock_irqrestore(&card->lock, flags);
	return 0;
}

/* let the last DMA block play out */
static int tmx_dsp_sync(struct tmx_card *card)
{
	if (!card->dma_running)
		return 0;
	if (!sleep_on_timeout(&card->dma_wait, 2 * HZ))	/* expect: WQ001 fix=keeprace */
		return -ETIMEDOUT;
	return 0;
}

static void tmx_dsp_reset(struct tmx_card *card)
{
	unsigned long flags;

	save_flags(flags);
	cli();
	outb(1, card->base + TMX_DSP_RESET);
	card->dsp_ready = 0;
	outb(0, card->base + TMX_DSP_RESET);
	/* the DSP answers the reset with an interrupt */
	while (!card->dsp_ready)
		sleep_on(&card->ready_wait);	/* expect: WQ001 fix=converted */
	restore_flags(flags);
}

static int tmx_open(struct inode *inode, struct file *file)
{
	struct tmx_card *card = &tmx;

	/* MOD_INC_USE_COUNT was here before 2.4.0-test */
	if (card->users++ == 0) {
		tmx_dsp_reset(card);
		tmx_dsp_command(card, TMX_CMD_SPEAKER_ON);
	}
	file->private_data = card;
	return 0;
}

static int tmx_release(struct inode *inode, struct file *file)
{
	struct tmx_card *card = file->private_data;

	if (--card->users == 0) {
		do {
			interruptible_sleep_on(&card->dma_wait);	/* expect: WQ001 fix=keeprace */
		} while (card->dma_running && !signal_pending(current));
	}
	/* MOD_DEC_USE_COUNT */
	return 0;
}

static long tmx_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct tmx_card *card = file->private_data;
	int ver;

	switch (cmd) {
	case TMX_IOC_HALT:
		return tmx_dsp_halt(card);
	case TMX_IOC_SYNC:
		return tmx_dsp_sync(card);
	case TMX_IOC_VERSION:
		ver = tmx_dsp_version(card);
		if (ver < 0)
			return ver;
		return put_user(ver, (int __user *)arg);
	default:
		return -ENOTTY;
	}
}

static const struct file_operations tmx_fops = {
	.owner		= THIS_MODULE,
	.open		= tmx_open,
	.release	= tmx_release,
	.unlocked_ioctl	= tmx_ioctl,
};

static int __init tmx_init(void)
{
	struct tmx_card *card = &tmx;
	int ret;

	card->base = 0x220;
	card->irq = 5;
	spin_lock_init(&card->lock);
	init_waitqueue_head(&card->ready_wait);
	init_waitqueue_head(&card->dma_wait);
	init_waitqueue_head(&card->reply_wait);

	ret = request_irq(card->irq, tmx_interrupt, 0, TMX_NAME, card);
	if (ret)
		return ret;
	tmx_major = register_chrdev(0, TMX_NAME, &tmx_fops);
	if (tmx_major < 0) {
		free_irq(card->irq, card);
		return tmx_major;
	}
	return 0;
}

static void __exit tmx_exit(void)
{
	unregister_chrdev(tmx_major, TMX_NAME);
	free_irq(tmx.irq, &tmx);
}

module_init(tmx_init);
module_exit(tmx_exit);
MODULE_LICENSE("GPL");
