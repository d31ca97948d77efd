// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: an old in-kernel debugger stub that moves tasks it
 * parked by writing their state field directly: one it releases is set
 * running, one it holds for its user is set stopped.  Both writes stop
 * building on 5.14 (the field is __state), and only the task itself may
 * set its state.  wake_up_process() is named for the write that makes
 * the task running; for the one that stops it, wake_up_process() would
 * do the opposite and is not offered.
 *
 * wqport-test: shim-only (task_struct::state does not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(kdx_user_wq);
static bool kdx_user_ready;

int kdx_wait_user(void)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	for (;;) {
		prepare_to_wait(&kdx_user_wq, &wait, TASK_INTERRUPTIBLE);
		if (READ_ONCE(kdx_user_ready))
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(&kdx_user_wq, &wait);
	return ret;
}
EXPORT_SYMBOL(kdx_wait_user);

void kdx_release(struct task_struct *tsk)
{
	spin_lock_irq(&tsk->sighand->siglock);
	tsk->state = TASK_RUNNING;	/* expect: WQ011 */
	spin_unlock_irq(&tsk->sighand->siglock);
}
EXPORT_SYMBOL(kdx_release);

void kdx_hold(struct task_struct *tsk)
{
	spin_lock_irq(&tsk->sighand->siglock);
	tsk->state = TASK_STOPPED;	/* expect: WQ011 */
	spin_unlock_irq(&tsk->sighand->siglock);
}
EXPORT_SYMBOL(kdx_hold);

MODULE_LICENSE("GPL");
