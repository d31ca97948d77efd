// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the task state through its helpers, as 5.14 and later
 * want it, and a driver struct with a `state` field of its own.
 */
#include <linux/module.h>
#include <linux/bug.h>
#include <linux/mutex.h>
#include <linux/sched.h>

enum gdx_state { GDX_OFF, GDX_ON, GDX_BLANK };

struct gdx_fb {
	struct mutex hw_lock;
	enum gdx_state state;
	struct task_struct *vsync_task;
};

static void gdx_nap(void)
{
	set_current_state(TASK_INTERRUPTIBLE);
	schedule_timeout(1);
}

static int gdx_vsync_task_idle(struct gdx_fb *fb)
{
	return !task_is_running(fb->vsync_task) &&
	       READ_ONCE(fb->vsync_task->__state) == TASK_INTERRUPTIBLE;
}

static void gdx_blank(struct gdx_fb *fb, int blank)
{
	mutex_lock(&fb->hw_lock);
	if (fb->state == GDX_ON && blank)
		fb->state = GDX_BLANK;
	mutex_unlock(&fb->hw_lock);
}
