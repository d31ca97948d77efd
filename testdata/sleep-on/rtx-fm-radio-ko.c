// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtx_radio.c -- RTX-2 FM tuner card with RDS decoder, V4L1-era driver.
 *
 * The tuner raises an interrupt when the PLL locks and when a block of
 * RDS data is decoded; the driver sleeps on the sleep_on() family for
 * both.
 *
 * wqport fixture: sleep_on() sites whose conversion would change what
 * the driver does, so the porting tool refuses them by default: an
 * interruptible loop with no signal test (it spins on a signal; the
 * wait_event_interruptible() would return instead), a one-shot
 * `if (!c) sleep_on()` whose waker sets c only when the tuner says so
 * (not proven: the sleep keeps its one-shot form), and a bare sleep
 * with no condition at all.  The one-shot sleep whose flag is cleared
 * before and that the interrupt sets before every wake-up is proven
 * and becomes wait_event_interruptible() by default.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define RTX_NAME		"rtx_radio"

#define RTX_REG_FREQ_LO		0
#define RTX_REG_FREQ_HI		1
#define RTX_REG_STATUS		2
#define RTX_REG_RDS		3
#define RTX_REG_CTRL		4

#define RTX_ST_TUNED		0x01
#define RTX_ST_STEREO		0x02
#define RTX_ST_RDS		0x04
#define RTX_CTRL_MUTE		0x01
#define RTX_CTRL_SEEK		0x02

#define RTX_IOC_SETFREQ		0x6201
#define RTX_IOC_SEEK		0x6202
#define RTX_IOC_STEREO		0x6203

#define RTX_RDS_BUF		64

struct rtx_radio {
	unsigned long io;
	int irq;
	wait_queue_head_t tune_wait;
	wait_queue_head_t seek_wait;
	wait_queue_head_t rds_wait;
	volatile int tuned;
	volatile int stereo;
	volatile int seek_done;
	unsigned long freq;
	unsigned int rds_count;
	unsigned char rds[RTX_RDS_BUF];
};

static struct rtx_radio rtx;
static int rtx_major;

static irqreturn_t rtx_interrupt(int irq, void *dev_id)
{
	struct rtx_radio *rr = dev_id;
	unsigned char st = inb(rr->io + RTX_REG_STATUS);

	if (st & RTX_ST_TUNED) {
		rr->tuned = 1;
		rr->stereo = !!(st & RTX_ST_STEREO);
		rr->seek_done = 1;
		wake_up_interruptible(&rr->tune_wait);
		wake_up_interruptible(&rr->seek_wait);
	}
	if (st & RTX_ST_RDS) {
		rr->rds[rr->rds_count++ % RTX_RDS_BUF] =
			inb(rr->io + RTX_REG_RDS);
		wake_up_interruptible(&rr->rds_wait);
	}
	return IRQ_HANDLED;
}

static void rtx_setfreq(struct rtx_radio *rr, unsigned long freq)
{
	rr->tuned = 0;
	rr->freq = freq;
	outb(freq & 0xff, rr->io + RTX_REG_FREQ_LO);
	outb((freq >> 8) & 0xff, rr->io + RTX_REG_FREQ_HI);
	/* PLL lock takes a few ms; the card always interrupts */
	while (!rr->tuned)
		interruptible_sleep_on(&rr->tune_wait);	/* expect: WQ001 fix=converted */
}

static int rtx_seek(struct rtx_radio *rr)
{
	rr->seek_done = 0;
	outb(RTX_CTRL_SEEK, rr->io + RTX_REG_CTRL);
	interruptible_sleep_on(&rr->seek_wait);	/* expect: WQ001 fix=caveat */
	if (!rr->seek_done)
		return -EIO;
	return rr->freq;
}

static int rtx_stereo(struct rtx_radio *rr)
{
	/* give the stereo decoder one more interrupt to make up its mind */
	if (!rr->stereo)
		sleep_on(&rr->tune_wait);	/* expect: WQ001 fix=keeprace */
	return rr->stereo;
}

static ssize_t rtx_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct rtx_radio *rr = file->private_data;
	unsigned char c;

	if (!count)
		return 0;
	/* wait for the next RDS byte */
	interruptible_sleep_on(&rr->rds_wait);	/* expect: WQ001 fix=keeprace */
	if (signal_pending(current))
		return -ERESTARTSYS;
	c = rr->rds[(rr->rds_count - 1) % RTX_RDS_BUF];
	if (put_user(c, buf))
		return -EFAULT;
	return 1;
}

static long rtx_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct rtx_radio *rr = file->private_data;

	switch (cmd) {
	case RTX_IOC_SETFREQ:
		rtx_setfreq(rr, arg);
		return 0;
	case RTX_IOC_SEEK:
		return rtx_seek(rr);
	case RTX_IOC_STEREO:
		return rtx_stereo(rr);
	default:
		return -ENOTTY;
	}
}

static int rtx_open(struct inode *inode, struct file *file)
{
	file->private_data = &rtx;
	return 0;
}

static const struct file_operations rtx_fops = {
	.owner		= THIS_MODULE,
	.open		= rtx_open,
	.read		= rtx_read,
	.unlocked_ioctl	= rtx_ioctl,
};

static int __init rtx_init(void)
{
	int ret;

	rtx.io = 0x20c;
	rtx.irq = 10;
	init_waitqueue_head(&rtx.tune_wait);
	init_waitqueue_head(&rtx.seek_wait);
	init_waitqueue_head(&rtx.rds_wait);
	ret = request_irq(rtx.irq, rtx_interrupt, 0, RTX_NAME, &rtx);
	if (ret)
		return ret;
	rtx_major = register_chrdev(0, RTX_NAME, &rtx_fops);
	if (rtx_major < 0) {
		free_irq(rtx.irq, &rtx);
		return rtx_major;
	}
	return 0;
}

static void __exit rtx_exit(void)
{
	unregister_chrdev(rtx_major, RTX_NAME);
	free_irq(rtx.irq, &rtx);
}

module_init(rtx_init);
module_exit(rtx_exit);
MODULE_LICENSE("GPL");
