/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wlx_osl.h -- the OS layer of the WLX-11n vendor wifi SDK, one source
 * for 2.6.18 to 3.10.  Part of the wlx-sdio-osl-ko.c fixture, not a
 * fixture of its own.
 */
#ifndef _WLX_OSL_H
#define _WLX_OSL_H

#include <linux/version.h>
#include <linux/wait.h>
#include <linux/sched.h>

typedef wait_queue_head_t osl_waitq_t;
typedef wait_queue_t osl_waiter_t;

#define OSL_WAITQ_INIT(q)	init_waitqueue_head(q)
#define OSL_WAKE(q)		wake_up_interruptible(q)
#define OSL_WAIT(q, c, t)	wait_event_interruptible_timeout(q, c, t)

#endif /* _WLX_OSL_H */
