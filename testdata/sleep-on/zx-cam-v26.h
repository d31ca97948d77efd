/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * zx_cam.h -- the ZX-7 camera's header after its 2.6 port.  Included by
 * zx-cam-ok.c: the frame wait is a wait_event*() now, and the helper
 * macros that sleep are plain delays that set their own task state.
 */
#ifndef _ZX_CAM_H
#define _ZX_CAM_H

#include <linux/wait.h>
#include <linux/sched.h>

struct zx_cam {
	unsigned long		base;
	int			frame_ready;
	int			frame_len;
	wait_queue_head_t	frame_wait;
};

/* let the sensor settle: a plain delay, no queue */
#define ZX_SETTLE()	schedule_timeout_uninterruptible(HZ / 20)

#define ZX_NAP()	schedule_timeout_interruptible(HZ / 100)

#endif /* _ZX_CAM_H */
