// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtx_seek.c -- the seek path of the RTX-2 FM tuner driver, split out
 * by the vendor for its 2.6 "lite" build.
 *
 * wqport fixture: a one-shot interruptible_sleep_on() whose flag is
 * cleared just before the command and tested just after.  The old call
 * slept once, whatever woke it; wait_event_interruptible() sleeps until
 * the flag is set.  The interrupt, the only waker, sets the flag before
 * every wake-up, so the condition is proven and the conversion is made
 * without --unsafe too (issue 32), as a caveat.
 *
 * wqport-fix-args: --unsafe
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/wait.h>

#define RTX_NAME		"rtx_seek"
#define RTX_REG_FREQ_LO		0
#define RTX_REG_FREQ_HI		1
#define RTX_REG_STATUS		2
#define RTX_REG_CTRL		4
#define RTX_ST_TUNED		0x01
#define RTX_CTRL_SEEK		0x02
#define RTX_IOC_SEEK		0x6202

struct rtx_seek {
	unsigned long io;
	int irq;
	wait_queue_head_t seek_wait;
	volatile int seek_done;
	unsigned long freq;
};

static struct rtx_seek rtx;
static int rtx_major;

static irqreturn_t rtx_interrupt(int irq, void *dev_id)
{
	struct rtx_seek *rs = dev_id;

	if (!(inb(rs->io + RTX_REG_STATUS) & RTX_ST_TUNED))
		return IRQ_NONE;
	rs->freq = inb(rs->io + RTX_REG_FREQ_LO) |
		   inb(rs->io + RTX_REG_FREQ_HI) << 8;
	rs->seek_done = 1;
	wake_up_interruptible(&rs->seek_wait);
	return IRQ_HANDLED;
}

static int rtx_do_seek(struct rtx_seek *rs)
{
	rs->seek_done = 0;
	outb(RTX_CTRL_SEEK, rs->io + RTX_REG_CTRL);
	interruptible_sleep_on(&rs->seek_wait);	/* expect: WQ001 fix=caveat */
	if (!rs->seek_done)
		return -EIO;
	return rs->freq;
}

static long rtx_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case RTX_IOC_SEEK:
		return rtx_do_seek(&rtx);
	default:
		return -ENOTTY;
	}
}

static const struct file_operations rtx_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= rtx_ioctl,
};

static int __init rtx_init(void)
{
	int ret;

	rtx.io = 0x20c;
	rtx.irq = 10;
	init_waitqueue_head(&rtx.seek_wait);
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
