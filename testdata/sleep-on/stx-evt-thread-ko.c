// SPDX-License-Identifier: GPL-2.0-only
/*
 * stx: the temperature thread of an invented speaker amplifier.  The
 * codec driver (another file) wakes the exported event queue whenever a
 * new reading is due; the thread wakes, reads and loops until it is
 * stopped.  Its loop tests kthread_should_stop() alone: testing that
 * again after prepare_to_wait() closes the race for kthread_stop(), but
 * an event that lands before the thread is queued is still lost (it
 * waits for the next one), as with the old call.
 */
#include <linux/export.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/wait.h>

DECLARE_WAIT_QUEUE_HEAD(stx_event_wq);
EXPORT_SYMBOL(stx_event_wq);

static int stx_last_temp;

static int stx_read_temp(void)
{
	return 42;
}

int stx_temp_thread(void *unused)
{
	while (!kthread_should_stop()) {
		interruptible_sleep_on(&stx_event_wq);	/* expect: WQ001 fix=keeprace */
		stx_last_temp = stx_read_temp();
	}
	return 0;
}
