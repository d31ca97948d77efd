// SPDX-License-Identifier: GPL-2.0-only
/*
 * tq_ring.c -- TQ-40 DSP card, character device (2.4 vendor SDK).
 *
 * wqport fixture: the waits are in a template-style header,
 * tq-ring-core.h, that holds whole function bodies and only parses
 * after this file's definitions.  This file names no wait API word.
 * Checking this file checks the header's functions too, with this
 * file's definitions, and reports their findings at the header's lines.
 * wqport-args: --target=2.4.37
 * wqport-test: shim-only (struct wait_queue, asm/system.h and sleep_on are gone in 6.1)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/io.h>
#include <asm/system.h>
#include <asm/uaccess.h>

#define TQ_CMD		0x00
#define TQ_STATUS	0x01
#define TQ_ST_READY	0x80

typedef struct tq_dev {
	unsigned long		base;
	int			reply_ready;
	int			reply;
	struct wait_queue	*ready_wait;
	struct wait_queue	*reply_wait;
} tq_dev_t;

static tq_dev_t tq_card;

#include "tq-ring-core.h"

static ssize_t tq_write(struct file *file, const char *buf, size_t count,
			loff_t *ppos)
{
	tq_dev_t *dev = &tq_card;
	char c;
	int err;

	if (count != 1)
		return -EINVAL;
	if (get_user(c, buf))
		return -EFAULT;
	err = tq_wait_ready(dev);
	if (err)
		return err;
	tq_send(dev, c);
	return 1;
}

static ssize_t tq_read(struct file *file, char *buf, size_t count,
		       loff_t *ppos)
{
	int r = tq_get_reply(&tq_card);

	if (r < 0)
		return r;
	return put_user((char)r, buf) ? -EFAULT : 1;
}

static int tq_open(struct inode *inode, struct file *file)
{
	MOD_INC_USE_COUNT;
	return 0;
}

static struct file_operations tq_fops = {
	read:		tq_read,
	write:		tq_write,
	open:		tq_open,
};
