// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the OS layer of a vendor graphics driver, whose delay
 * sets the task state once, before its loop, and then naps until the
 * time it was asked for has passed:
 *
 *	set_current_state(TASK_INTERRUPTIBLE);
 *	do {
 *		schedule_timeout(ticks);
 *		ticks = npx_ticks_left();
 *	} while (ticks != 0);
 *
 * schedule_timeout() leaves the task running, so every nap after the
 * first returns at once and the loop spins to the deadline (WQ004).
 * The timeout is the function's own parameter, the shape of a sleep
 * helper that leaves the state to its callers; but this one sets the
 * state itself, and the fix writes schedule_timeout_interruptible().
 * wqport-cocci: beyond-standalone (the timeout is the function's own
 * parameter, the shape of a sleep helper; only wqport fix, which reads
 * that the function sets the state itself, converts it)
 */
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/sched.h>

static unsigned long npx_deadline;

/* the ticks left to the deadline the core set */
static unsigned long npx_ticks_left(void)
{
	return time_before(jiffies, npx_deadline) ? npx_deadline - jiffies : 0;
}

void npx_os_delay(unsigned long ticks)
{
	if (!ticks)
		return;
	set_current_state(TASK_INTERRUPTIBLE);
	do {
		schedule_timeout(ticks);	/* expect: WQ004 fix=converted */
		ticks = npx_ticks_left();
	} while (ticks != 0);
}
EXPORT_SYMBOL(npx_os_delay);

MODULE_LICENSE("GPL");
