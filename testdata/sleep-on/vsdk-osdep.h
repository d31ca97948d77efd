/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vsdk-osdep.h -- the OS layer of the VSDK-3 vendor SDK: one driver
 * source for 2.4, 2.6.9 (RHEL4) and 2.6.18 (RHEL5).  Part of the
 * vsdk-dma26-ko.c fixture, not a fixture of its own.
 */
#ifndef _VSDK_OSDEP_H
#define _VSDK_OSDEP_H

#include <linux/wait.h>
#include <linux/sched.h>

/* 2.4 and early 2.6 have no wait_event_interruptible_timeout() */
#ifndef wait_event_interruptible_timeout
#define wait_event_interruptible_timeout(wq, condition, timeout)	\
({									\
	long __ret = (timeout);						\
	if (!(condition))						\
		__ret = interruptible_sleep_on_timeout(&(wq), __ret);	/* expect: WQ001 fix=refused:no-patch */ \
	__ret;								\
})
#endif

typedef wait_queue_head_t os_waitq_t;

#define OS_WAITQ_INIT(q)	init_waitqueue_head(q)
#define OS_WAKE(q)		wake_up_interruptible(q)
#define OS_SLEEP_TMO(q, t)	interruptible_sleep_on_timeout((q), (t))	/* expect: WQ001 fix=refused:no-patch */

#endif /* _VSDK_OSDEP_H */
