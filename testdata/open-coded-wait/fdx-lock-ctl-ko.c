// SPDX-License-Identifier: GPL-2.0-only
/*
 * fdx_ctl.c -- the controller lock of the FDX-3 floppy/tape adapter,
 * 2.6 era: a bit lock with the waiters on one queue, and a signal test
 * spelled through a macro of the driver (FDX_NO_SIGNAL) after the sleep.
 *
 * wqport fixture: the exit on line 46 is tested before the next state
 * write, but it is a signal test: schedule() returns at once with a
 * signal pending, so no wake-up for it is lost.  The model's words must
 * not say "the exit tested on line 46 before the state is set is not
 * modelled" for it (the macro is read as the signal test it expands to).
 * The checker's WQ007 (no signal_pending() exit) reads the macro's body
 * too (issue 41), and says nothing.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/io.h>

#define FDX_NO_SIGNAL	(!interruptible || !signal_pending(current))

static unsigned long fdx_busy;
static DECLARE_WAIT_QUEUE_HEAD(fdx_wait);

static void fdx_unlock(void)
{
	clear_bit(0, &fdx_busy);
	wake_up(&fdx_wait);
}

static int fdx_lock(int interruptible)
{
	if (test_and_set_bit(0, &fdx_busy)) {
		DECLARE_WAITQUEUE(wait, current);

		add_wait_queue(&fdx_wait, &wait);	/* expect: WQ002 fix=converted */
		for (;;) {
			set_current_state(TASK_INTERRUPTIBLE);
			if (!test_and_set_bit(0, &fdx_busy))
				break;
			schedule();
			if (!FDX_NO_SIGNAL) {
				remove_wait_queue(&fdx_wait, &wait);
				return -EINTR;
			}
		}
		set_current_state(TASK_RUNNING);
		remove_wait_queue(&fdx_wait, &wait);
	}
	return 0;
}

int fdx_seek(int track)
{
	int err = fdx_lock(1);

	if (err)
		return err;
	outb(track, 0x3f5);
	fdx_unlock();
	return 0;
}
EXPORT_SYMBOL(fdx_seek);

MODULE_LICENSE("GPL");
