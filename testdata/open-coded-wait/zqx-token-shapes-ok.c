// SPDX-License-Identifier: GPL-2.0-only
/*
 * zqx_compat.c -- the 2.4/2.6 compatibility layer of the ZQX capture
 * card driver.
 *
 * wqport fixture (issue 40, the floor under the parse): shapes the token
 * floor must not take for a sleep_on() call or an open-coded wait loop.
 * The prototype of a driver's own sleep_on() lookalike at file scope,
 * the names in comments and strings, a macro whose do { } while (0) is
 * no loop (unused, so only the floor reads it), an add_wait_queue()
 * whose entry is removed before a later polling loop, and one whose
 * path breaks out before any sleep (a waiter handed to another queue).
 *
 * wqport-cocci: beyond-standalone (the semantic patch's report and
 * context modes list every add_wait_queue(&q, &w) as a site to look at,
 * one-shot sleeps too; only the checker tells a loop from a one-shot
 * nap and an unused macro)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/spinlock.h>

struct zqx_dev {
	wait_queue_head_t	irq_wait;
	wait_queue_head_t	other_wait;
	spinlock_t		lock;
	wait_queue_entry_t	handoff;
	int			ready;
};

/* the 2.2 kernel spelled it sleep_on(&q); this layer hides it */
extern void zqx_sleep_on(struct zqx_dev *zd);

/* one wait, on a queue nobody else uses; the state is set by the caller */
#define ZQX_WAIT_ONCE(zd)					\
	do {							\
		DECLARE_WAITQUEUE(__w, current);		\
		add_wait_queue(&(zd)->irq_wait, &__w);		\
		spin_unlock_irq(&(zd)->lock);			\
		schedule();					\
		spin_lock_irq(&(zd)->lock);			\
		remove_wait_queue(&(zd)->irq_wait, &__w);	\
	} while (0)

static void zqx_hw_note(struct zqx_dev *zd)
{
	printk(KERN_DEBUG "zqx: sleep_on(irq_wait) replaced\n");
}

/* pulse the reset line, then poll the status with the entry removed */
static int zqx_reset(struct zqx_dev *zd)
{
	DECLARE_WAITQUEUE(wait, current);
	int tries = 100;

	add_wait_queue(&zd->irq_wait, &wait);
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(HZ / 100);
	remove_wait_queue(&zd->irq_wait, &wait);
	while (!zd->ready && tries--)
		schedule_timeout_uninterruptible(1);
	return zd->ready ? 0 : -EIO;
}

/* hand a waiter over to the other queue */
static void zqx_requeue(struct zqx_dev *zd)
{
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (zd->ready) {
			add_wait_queue(&zd->other_wait, &zd->handoff);
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
}
