// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a task that faults again while it is already tearing
 * itself down parks for good (no queue, no waker), after a test of its
 * own flags.  Only the task itself sets its flags, so no other task's
 * change of what the test reads can come between the test and the state
 * write: there is no wake-up to lose (WQ003 stays silent).  Both ways of
 * naming the task: current itself, and a local that holds it.
 */
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/sched.h>

#define PFX_TEARDOWN	0x00000004

void pfx_task_teardown(void)
{
	struct task_struct *me = current;

	if (unlikely(me->flags & PFX_TEARDOWN)) {
		pr_alert("pfx: fault during teardown, parking the task\n");
		set_current_state(TASK_UNINTERRUPTIBLE);
		schedule();
	}
	me->flags |= PFX_TEARDOWN;
}

void pfx_task_quiesce(void)
{
	if (current->flags & PFX_TEARDOWN) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		schedule();
	}
}

MODULE_LICENSE("GPL");
