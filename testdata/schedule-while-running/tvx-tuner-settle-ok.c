// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the task state set inside a driver's own macro.
 *
 * A 2.6-era analogue TV tuner driver.  Its author wrapped the sleep in
 * macros: TVX_NAP() sets TASK_UNINTERRUPTIBLE and sleeps, TVX_STATE()
 * only sets the state before a schedule_timeout() written out.  Neither
 * sleeps in TASK_RUNNING.  Against the kernel's real headers
 * set_current_state() is itself a macro ending in xchg() on
 * current->__state, inside the driver's macro: the state change must
 * still be seen there (ctest pch/fixtures compares shim and real
 * headers on this file).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/delay.h>
#include <linux/io.h>

#define TVX_STATUS		0x04
#define TVX_ST_LOCKED		0x01
#define TVX_SETTLE_TRIES	20

#define TVX_STATE()	set_current_state(TASK_UNINTERRUPTIBLE)
#define TVX_NAP(t)							\
	do {								\
		set_current_state(TASK_UNINTERRUPTIBLE);		\
		schedule_timeout(t);					\
	} while (0)

struct tvx_tuner {
	void __iomem *regs;
	unsigned int freq;
};

static int tvx_locked(struct tvx_tuner *t)
{
	return readb(t->regs + TVX_STATUS) & TVX_ST_LOCKED;
}

/* after a channel change the PLL needs up to 200 ms to lock */
static int tvx_wait_lock(struct tvx_tuner *t)
{
	int tries = TVX_SETTLE_TRIES;

	while (!tvx_locked(t) && tries--)
		TVX_NAP(HZ / 100);
	if (tvx_locked(t))
		return 0;

	/* one slow retry for old cable boxes */
	tries = 4;
	while (!tvx_locked(t) && tries--) {
		TVX_STATE();
		schedule_timeout(HZ / 20);
	}
	return tvx_locked(t) ? 0 : -EIO;
}

int tvx_set_freq(struct tvx_tuner *t, unsigned int freq)
{
	writel(freq, t->regs);
	t->freq = freq;
	return tvx_wait_lock(t);
}
