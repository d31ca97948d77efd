// SPDX-License-Identifier: GPL-2.0-only
/*
 * sfx: the i2c adapter of an invented 2.4 ARM board.  It waits for the
 * transfer-end interrupt with the ARM port's save_flags_cli(), which
 * disables interrupts as cli() does, and naps at most a few ticks.  The
 * rewrite keeps them off around the queueing and on across the timed
 * sleep only, and says so: across schedule_timeout(), not schedule().
 *
 * wqport-test: shim-only (save_flags_cli() is the 2.4 ARM ports')
 * wqport-fix-test: no-kbuild (save_flags_cli() and restore_flags() are gone from 6.1)
 */
#include <linux/sched.h>
#include <linux/wait.h>

#define SFX_TIMEOUT	(HZ / 50)

static DECLARE_WAIT_QUEUE_HEAD(sfx_wait);
static volatile int sfx_pending;
static int sfx_irq = 17;

void sfx_ite_irq(void)
{
	sfx_pending = 1;
	wake_up_interruptible(&sfx_wait);
}

void sfx_wait_for_ite(void)
{
	unsigned long flags;

	if (sfx_irq > 0) {
		save_flags_cli(flags);
		if (sfx_pending == 0)
			interruptible_sleep_on_timeout(&sfx_wait, SFX_TIMEOUT);	/* expect: WQ001 fix=converted */
		sfx_pending = 0;
		restore_flags(flags);
	}
}
