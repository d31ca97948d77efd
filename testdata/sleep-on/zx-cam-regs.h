/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * zx_cam.h -- register map and helpers of the ZX-7 parallel-port camera
 * driver (2.4).  Included by zx-cam-ko.c.
 *
 * The wait is hidden here: zx-cam-ko.c names no wait API word itself.
 */
#ifndef _ZX_CAM_H
#define _ZX_CAM_H

#include <linux/wait.h>
#include <linux/sched.h>

#define ZX_REG_STATUS	0x01
#define ZX_ST_FRAME	0x04

struct zx_cam {
	unsigned long		base;
	int			frame_ready;
	int			frame_len;
	wait_queue_head_t	frame_wait;
};

/* wait up to a second for the frame interrupt */
#define ZX_WAIT_FRAME(cam) \
	interruptible_sleep_on_timeout(&(cam)->frame_wait, HZ)	/* expect: WQ001 fix=refused:no-patch */

#define ZX_FRAME_READY(cam)	((cam)->frame_ready)

#endif /* _ZX_CAM_H */
