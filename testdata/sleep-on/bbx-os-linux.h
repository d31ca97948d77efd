/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bbx_os_linux.h -- Linux glue of the BBX-100 barcode scanner vendor
 * driver kit.  Included by bbx-osdep.h, which bbx-scan24-ko.c includes:
 * the wait macro is two quoted includes away from its use.
 */
#ifndef _BBX_OS_LINUX_H
#define _BBX_OS_LINUX_H

#include <linux/sched.h>
#include <linux/wait.h>

typedef wait_queue_head_t	bbx_event_t;

/* sleep until the event is signalled or t jiffies pass */
#define BBX_SLEEP_TMO(ev, t)	interruptible_sleep_on_timeout(ev, t)	/* expect: WQ001 fix=refused:no-patch */
#define BBX_SIGNAL(ev)		wake_up_interruptible(ev)

#endif /* _BBX_OS_LINUX_H */
