// SPDX-License-Identifier: GPL-2.0-only
/*
 * zx_cam.c -- ZX-7 parallel-port camera, 2.4-era character driver.
 *
 * wqport fixture: a sleep hidden in a macro of the driver's own header
 * (zx-cam-regs.h).  This file names no wait API word, so the prefilter
 * must follow the quoted include to keep it; the finding is reported
 * once, at the sleep in the header's macro, with a note at its use here
 * (issue 40).  wqport fix leaves the macro to a person.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include "zx-cam-regs.h"

static struct zx_cam zx_unit;

static ssize_t zx_read(struct file *file, char *buf, size_t count,
		       loff_t *ppos)
{
	struct zx_cam *cam = &zx_unit;

	if (!ZX_FRAME_READY(cam))
		ZX_WAIT_FRAME(cam);	/* expect-fix: WQ001 fix=refused:macro */
	if (!ZX_FRAME_READY(cam))
		return -EIO;
	cam->frame_ready = 0;
	return cam->frame_len < count ? cam->frame_len : count;
}

static struct file_operations zx_fops = {
	owner:		THIS_MODULE,
	read:		zx_read,
};
