// SPDX-License-Identifier: GPL-2.0-only
/*
 * blx_core.c -- request completion helpers of the BLX virtual block
 * layer, shared by its queue drivers in other files.
 *
 * wqport fixture: sleep helpers that set no task state of their own.
 * Their callers (blx_fops.c, blx_dio.c) set TASK_UNINTERRUPTIBLE after
 * testing their completion flag and then call them; setting the state
 * here would come after that test and reopen the lost wake-up the
 * callers avoid.  No caller is in this file, so the state each sleep
 * runs in is not known here: nothing to report.
 *
 * blx_io_wait(): the hang-check budget is a local, not a parameter, and
 * the sleep's result is not returned; both sleeps are reached in the
 * state the function was entered in.
 *
 * wqport-cocci: beyond-standalone (whether a caller in the file calls the helper is the call graph's, not one function's shape)
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/jiffies.h>

extern long io_schedule_timeout(long timeout);

static unsigned long blx_hang_secs = 120;
module_param(blx_hang_secs, ulong, 0644);

void blx_io_wait(void)
{
	/* stay under the hang checker during very long requests */
	unsigned long budget = blx_hang_secs * HZ / 2;

	if (budget)
		io_schedule_timeout(budget);
	else
		io_schedule();
}
EXPORT_SYMBOL_GPL(blx_io_wait);

MODULE_LICENSE("GPL");
