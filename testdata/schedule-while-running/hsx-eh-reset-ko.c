// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the device-reset handler of a SCSI host driver, which
 * waits for its pending aborts with schedule_timeout() in TASK_RUNNING
 * (it returns at once: a busy wait).  At its end the handler writes a
 * trace record naming itself, HSX_TRACE(hsx_device_reset, ...), whose
 * macro (in hsx-trace.h, included through hsx-host.h) keeps the
 * function's address as a number.  That is no call of hsx_device_reset()
 * and no callback: the sleep runs in TASK_RUNNING, and the fix is
 * schedule_timeout_uninterruptible().
 */
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/sched.h>
#include "hsx-host.h"

int hsx_device_reset(struct hsx_host *h, unsigned int tag)
{
	int ret = 0;

	while (atomic_read(&h->pending_aborts))
		schedule_timeout(msecs_to_jiffies(100));	/* expect: WQ004 fix=converted */

	HSX_TRACE(hsx_device_reset, h->host_no, tag);
	return ret;
}

MODULE_LICENSE("GPL");
