/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wqport shim: <linux/freezer.h>, the freezer: try_to_freeze() and set_freezable(),
 * plus the freezable_schedule*() helpers that Linux 6.1 removed, kept
 * (as the inlines they were in 6.0) so that older drivers parse.
 *
 * A minimal model of the Linux 6.1 interface.  wqport-shim.h includes
 * this file, so all of it is available whatever a driver includes.
 */
#include <wqport-shim.h>

#ifndef _WQPORT_LINUX_FREEZER_H
#define _WQPORT_LINUX_FREEZER_H

bool __refrigerator(bool check_kthr_stop);
bool freezing_slow_path(struct task_struct *p);
bool set_freezable(void);
static inline bool freezing(struct task_struct *p) { return freezing_slow_path(p); }
static inline bool try_to_freeze(void)
{
	might_sleep();
	if (likely(!freezing(current)))
		return false;
	return __refrigerator(false);
}
/* Removed in 6.1 (TASK_FREEZABLE replaced them); modelled as in 6.0. */
static inline void freezable_schedule(void) { schedule(); }
static inline long freezable_schedule_timeout(long timeout) { return schedule_timeout(timeout); }
static inline long freezable_schedule_timeout_interruptible(long timeout)
{ return schedule_timeout_interruptible(timeout); }
static inline long freezable_schedule_timeout_killable(long timeout)
{ return schedule_timeout_killable(timeout); }

#endif /* _WQPORT_LINUX_FREEZER_H */
