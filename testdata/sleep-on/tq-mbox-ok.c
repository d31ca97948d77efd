// SPDX-License-Identifier: GPL-2.0-only
/*
 * tq_mbox.c -- TQ-60 DSP card, character device (2.6 vendor SDK).
 *
 * wqport fixture: the template-style header tq-mbox-core.h holds the
 * waits, written with wait_event*(); checked with this file's
 * definitions, it must stay silent.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <asm/io.h>
#include <asm/uaccess.h>

#define TQ_CMD		0x00
#define TQ_STATUS	0x01
#define TQ_ST_READY	0x80

typedef struct tq_mbox {
	unsigned long		base;
	int			reply_ready;
	int			reply;
	wait_queue_head_t	ready_wait;
	wait_queue_head_t	reply_wait;
} tq_mbox_t;

static tq_mbox_t tq_mbox;

#include "tq-mbox-core.h"

static ssize_t tq_mbox_write(struct file *file, const char __user *buf,
			     size_t count, loff_t *ppos)
{
	char c;
	int err;

	if (count != 1)
		return -EINVAL;
	if (get_user(c, buf))
		return -EFAULT;
	err = tq_mbox_wait_ready(&tq_mbox);
	if (err)
		return err;
	outb(c, tq_mbox.base + TQ_CMD);
	return 1;
}

static ssize_t tq_mbox_read(struct file *file, char __user *buf,
			    size_t count, loff_t *ppos)
{
	int r = tq_mbox_get_reply(&tq_mbox);

	if (r < 0)
		return r;
	return put_user((char)r, buf) ? -EFAULT : 1;
}

static const struct file_operations tq_mbox_fops = {
	.owner	= THIS_MODULE,
	.read	= tq_mbox_read,
	.write	= tq_mbox_write,
};
