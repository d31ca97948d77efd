// SPDX-License-Identifier: GPL-2.0-only
/*
 * ptx_clock.c -- PTX board clock: absolute sleeps against the board's
 * settable clock, in the style of the 2.6-era posix-timers nanosleep.
 *
 * wqport fixture: the sleeper queues its entry only for an absolute
 * sleep on the settable clock (ptx_clock_set() wakes that queue), under
 * an if; after the loop it removes the entry only if the entry's links
 * are set: a DECLARE_WAITQUEUE() entry starts with NULL links, so
 * `wait.entry.next` is NULL exactly when the add did not run, and no
 * exit leaves the entry queued.  ptx-abs-sleep-ko.c guards the removal
 * with a flag the loop may change instead.
 * wqport-args: --select=WQ006
 */
#include <linux/module.h>
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct ptx_clock {
	wait_queue_head_t set_wait;	/* woken when the clock is set */
	int settable;
	u64 offset;
};

static u64 ptx_now(struct ptx_clock *pc)
{
	return get_jiffies_64() + pc->offset;
}

int ptx_sleep_until(struct ptx_clock *pc, u64 when, int abs)
{
	DECLARE_WAITQUEUE(wait, current);
	s64 left;

	if (abs && pc->settable)
		add_wait_queue(&pc->set_wait, &wait);

	do {
		left = when - (abs ? ptx_now(pc) : get_jiffies_64());
		if (left < 0)
			break;
		if (left > MAX_JIFFY_OFFSET)
			left = MAX_JIFFY_OFFSET;
		schedule_timeout_interruptible(left);
		left = when - (abs ? ptx_now(pc) : get_jiffies_64());
	} while (left > 0 && !signal_pending(current));

	if (wait.entry.next)
		remove_wait_queue(&pc->set_wait, &wait);

	if (left > 0)
		return -ERESTARTSYS;
	return 0;
}
EXPORT_SYMBOL_GPL(ptx_sleep_until);

void ptx_clock_set(struct ptx_clock *pc, u64 offset)
{
	pc->offset = offset;
	wake_up_all(&pc->set_wait);
}
EXPORT_SYMBOL_GPL(ptx_clock_set);

MODULE_LICENSE("GPL");
