// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport bad-input fixture: a valid driver fragment saved in ISO-8859-1.
 * The author's name below contains a Latin-1 0xE9 byte, which is not
 * valid UTF-8; the checker must still parse the file and report the
 * interruptible_sleep_on() call.
 *
 * Maintainer: René Dubois
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define PIXO_KBD_DATA		0x00
#define PIXO_KBD_STAT		0x04
#define PIXO_KBD_STAT_FULL	0x01

struct pixo_kbd {
	void __iomem *base;
	wait_queue_head_t wait;
	int have_key;
	u8 key;
};

static struct pixo_kbd pixo_kbd0;

static irqreturn_t pixo_kbd_irq(int irq, void *dev_id)
{
	struct pixo_kbd *kb = dev_id;

	if (!(readl(kb->base + PIXO_KBD_STAT) & PIXO_KBD_STAT_FULL))
		return IRQ_NONE;
	kb->key = readl(kb->base + PIXO_KBD_DATA);
	kb->have_key = 1;
	wake_up_interruptible(&kb->wait);
	return IRQ_HANDLED;
}

static ssize_t pixo_kbd_read(struct file *file, char __user *buf,
			     size_t count, loff_t *ppos)
{
	struct pixo_kbd *kb = &pixo_kbd0;

	if (!count)
		return 0;
	if (!kb->have_key)
		interruptible_sleep_on(&kb->wait);	/* expect: WQ001 */
	if (signal_pending(current))
		return -ERESTARTSYS;
	kb->have_key = 0;
	if (put_user(kb->key, buf))
		return -EFAULT;
	return 1;
}

static const struct file_operations pixo_kbd_fops = {
	.owner	= THIS_MODULE,
	.read	= pixo_kbd_read,
};

static int pixo_kbd_setup(struct pixo_kbd *kb, int irq)
{
	init_waitqueue_head(&kb->wait);
	return request_irq(irq, pixo_kbd_irq, 0, "pixo_kbd", kb);
}
