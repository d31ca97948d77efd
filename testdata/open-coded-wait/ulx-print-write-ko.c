// SPDX-License-Identifier: GPL-2.0-only
/*
 * ulx_print.c -- the write path of the ULX-1 USB printer bridge, 2.6
 * era: wait for the last transfer's completion with a timeout, then
 * yield once when the device reported a stall.
 *
 * wqport fixture: the yield (schedule() after the wait) runs in the
 * caller's state when the wait is skipped and in TASK_RUNNING after it,
 * on both sides of the rewrite.  The validation must say "same ...
 * state", not "running -> sleeping (the state it was called in)": the
 * caller's state on the path that skips the wait is no change.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/errno.h>

#define ULX_WRITE_TIMEOUT	(5 * HZ)

struct ulx_printer {
	wait_queue_head_t	wwait;
	int			wdone;
	int			stalled;
};

static int ulx_wait_write(struct ulx_printer *up)
{
	DECLARE_WAITQUEUE(wait, current);
	long timeout;

	if (!up->wdone) {
		timeout = ULX_WRITE_TIMEOUT;
		add_wait_queue(&up->wwait, &wait);	/* expect: WQ002 fix=converted */
		while (1) {
			if (signal_pending(current)) {
				remove_wait_queue(&up->wwait, &wait);
				return -EINTR;
			}
			set_current_state(TASK_INTERRUPTIBLE);
			if (timeout && !up->wdone) {
				timeout = schedule_timeout(timeout);
			} else {
				set_current_state(TASK_RUNNING);
				break;
			}
		}
		remove_wait_queue(&up->wwait, &wait);
	}
	if (up->stalled)
		schedule();
	return up->wdone ? 0 : -ETIMEDOUT;
}

static void ulx_write_done(struct ulx_printer *up)
{
	up->wdone = 1;
	wake_up(&up->wwait);
}

int ulx_write(struct ulx_printer *up)
{
	int err = ulx_wait_write(up);

	if (!err)
		ulx_write_done(up);
	return err;
}
EXPORT_SYMBOL(ulx_write);

MODULE_LICENSE("GPL");
