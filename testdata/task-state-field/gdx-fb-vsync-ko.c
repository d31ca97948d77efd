// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a vendor framebuffer driver (3.x era) that hides the
 * state change in its own sleep macro and asserts the task is running
 * before it takes the hardware lock.  The macro is reported once, at
 * its definition, where it must be changed.  Its do { } while (0) is
 * no loop, so the loop around its use sleeps in TASK_INTERRUPTIBLE with
 * no signal exit (WQ007).
 *
 * wqport-test: shim-only (current->state does not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/bug.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define GDX_SLEEP(ticks)					\
	do {							\
		current->state = TASK_INTERRUPTIBLE;	/* expect: WQ011 */ \
		schedule_timeout(ticks);			\
	} while (0)

struct gdx_fb {
	struct mutex hw_lock;
	unsigned int vsync_count;
};

static void gdx_wait_vsync(struct gdx_fb *fb, unsigned int n)
{
	unsigned int want = fb->vsync_count + n;

	while (fb->vsync_count < want)
		GDX_SLEEP(1);	/* expect: WQ007 */
}

static void gdx_lock_hw(struct gdx_fb *fb)
{
	WARN_ON(current->state != TASK_RUNNING);	/* expect: WQ011 */
	mutex_lock(&fb->hw_lock);
}
