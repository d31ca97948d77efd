// SPDX-License-Identifier: GPL-2.0-only
/*
 * snx_dsp.c -- the record and drain paths of the SNX ISA sound card,
 * in the style of the 2.4 OSS drivers: the reader starts the ADC and
 * sleeps until the DMA interrupt has counted a fragment; the close
 * drains the playback queue, whose length it reads once.
 *
 * wqport fixture (issue 39): the test that led to the sleep is its
 * fact.
 *  - snx_read() loops while `s->dma.count <= 0`, starting the ADC each
 *    time (snx_start_adc() only writes the card's registers); the
 *    interrupt handler adds to s->dma.count before it wakes the queue:
 *    the loop stays, its sleep becomes
 *    `if (wait_event_interruptible(s->dma.wait, s->dma.count > 0))`.
 *  - snx_read_raw() loops the same way, but its helper may set the
 *    count itself (a fragment left in the FIFO): nothing proves the
 *    count is still <= 0 at the sleep, so the loop keeps its shape and
 *    re-tests after prepare_to_wait().
 *  - snx_drain() sleeps under `if (qlen > 0)`, qlen a copy of
 *    s->dma.qlen taken before the card is kicked; the transmit
 *    interrupt empties the queue before it wakes:
 *    wait_event(s->dma.drain, s->dma.qlen <= 0).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include <linux/errno.h>

#define SNX_CTRL	0
#define SNX_FIFO	2
#define SNX_FRAG	512

struct snx_dma {
	int count;		/* bytes recorded, not yet read */
	int qlen;		/* bytes queued for playback */
	wait_queue_head_t wait;
	wait_queue_head_t drain;
};

struct snx_state {
	struct snx_dma dma;
	unsigned long base;
};

static struct snx_state snx_card;

static irqreturn_t snx_rec_interrupt(int irq, void *dev_id)
{
	struct snx_state *s = dev_id;

	s->dma.count += SNX_FRAG;
	wake_up_interruptible(&s->dma.wait);
	return IRQ_HANDLED;
}

static irqreturn_t snx_play_interrupt(int irq, void *dev_id)
{
	struct snx_state *s = dev_id;

	s->dma.qlen = 0;
	wake_up(&s->dma.drain);
	return IRQ_HANDLED;
}

static void snx_start_adc(struct snx_state *s)
{
	outb(1, s->base + SNX_CTRL);
}

static void snx_start_fifo(struct snx_state *s)
{
	outb(3, s->base + SNX_CTRL);
	if (inb(s->base + SNX_FIFO))
		s->dma.count = SNX_FRAG;
}

static ssize_t snx_read(struct file *file, char __user *buf, size_t len,
			loff_t *ppos)
{
	struct snx_state *s = file->private_data;

	while (s->dma.count <= 0) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		snx_start_adc(s);
		interruptible_sleep_on(&s->dma.wait); /* expect: WQ001 fix=caveat */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	if (len > s->dma.count)
		len = s->dma.count;
	s->dma.count -= len;
	return len;
}

static ssize_t snx_read_raw(struct file *file, char __user *buf,
			     size_t len, loff_t *ppos)
{
	struct snx_state *s = file->private_data;

	while (s->dma.count <= 0) {
		snx_start_fifo(s);
		interruptible_sleep_on(&s->dma.wait); /* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	s->dma.count = 0;
	return 0;
}

static int snx_drain(struct snx_state *s)
{
	int qlen = s->dma.qlen;

	if (qlen > 0) {
		outb(2, s->base + SNX_CTRL);
		sleep_on(&s->dma.drain); /* expect: WQ001 fix=caveat */
	}
	return 0;
}

static int snx_release(struct inode *inode, struct file *file)
{
	return snx_drain(file->private_data);
}

static const struct file_operations snx_fops = {
	.owner		= THIS_MODULE,
	.read		= snx_read,
	.release	= snx_release,
};

static const struct file_operations snx_raw_fops = {
	.owner		= THIS_MODULE,
	.read		= snx_read_raw,
};

static int __init snx_init(void)
{
	init_waitqueue_head(&snx_card.dma.wait);
	init_waitqueue_head(&snx_card.dma.drain);
	if (request_irq(5, snx_rec_interrupt, 0, "snx", &snx_card))
		return -EBUSY;
	if (request_irq(7, snx_play_interrupt, 0, "snx", &snx_card))
		return -EBUSY;
	if (register_chrdev(14, "snx", &snx_fops))
		return -EBUSY;
	return register_chrdev(15, "snxraw", &snx_raw_fops);
}
module_init(snx_init);
MODULE_LICENSE("GPL");
