// SPDX-License-Identifier: GPL-2.0-only
/*
 * zx_cam.c -- ZX-7 parallel-port camera, after its 2.6 port.
 *
 * wqport fixture: the sleeping macros of the driver's own header
 * (zx-cam-v26.h) are delays that set their own task state, and the
 * frame wait is a wait_event*(); nothing may be reported, at the uses
 * or in the header.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include "zx-cam-v26.h"

static struct zx_cam zx_unit;

static ssize_t zx_read(struct file *file, char __user *buf, size_t count,
		       loff_t *ppos)
{
	struct zx_cam *cam = &zx_unit;
	long left;

	ZX_SETTLE();
	left = wait_event_interruptible_timeout(cam->frame_wait,
						cam->frame_ready, HZ);
	if (left < 0)
		return left;
	if (!left) {
		ZX_NAP();
		return -EIO;
	}
	cam->frame_ready = 0;
	return cam->frame_len < count ? cam->frame_len : count;
}

static const struct file_operations zx_fops = {
	.owner	= THIS_MODULE,
	.read	= zx_read,
};
