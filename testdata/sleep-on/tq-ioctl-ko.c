// SPDX-License-Identifier: GPL-2.0-only
/*
 * tq_ioctl.c -- TQ-40 DSP card, the ioctl half (2.4 vendor SDK).
 *
 * wqport fixture: the second file that includes the template header
 * tq-ring-core.h (see tq-ring-ko.c).  The run names the header and the
 * other includer too: each finding of the header is reported once, at
 * the header's line, whichever way the run reached it.
 * wqport-args: --target=2.4.37 tq-ring-core.h tq-ring-ko.c
 * wqport-test: shim-only (struct wait_queue, asm/system.h and sleep_on are gone in 6.1)
 */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <asm/io.h>
#include <asm/system.h>

#define TQ_CMD		0x00
#define TQ_STATUS	0x01
#define TQ_ST_READY	0x80
#define TQ_IOC_RESET	0x5401

typedef struct tq_dev {
	unsigned long		base;
	int			reply_ready;
	int			reply;
	struct wait_queue	*ready_wait;
	struct wait_queue	*reply_wait;
} tq_dev_t;

extern tq_dev_t tq_card;

#include "tq-ring-core.h"

int tq_ioctl(struct inode *inode, struct file *file, unsigned int cmd,
	     unsigned long arg)
{
	int err;

	if (cmd != TQ_IOC_RESET)
		return -EINVAL;
	err = tq_wait_ready(&tq_card);
	if (!err)
		tq_send(&tq_card, 0xff);
	return err;
}
