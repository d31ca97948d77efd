// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a network file system client's condition variable,
 * kept buildable on every kernel since 2.0 by an out-of-tree module.
 * The wait entry is declared twice: DECLARE_WAITQUEUE() where the
 * kernel has it, a 2.0 `struct wait_queue` initialiser in the #else.
 * This parse compiles the first branch; the second is for kernels the
 * rewrite does not target, so it says nothing about the 2.0 wait API
 * being used here.  The in-place rewrite would change only the entry
 * of the compiled branch, so each site is refused for that branch.
 * The timed wait sets TASK_INTERRUPTIBLE right before its add: the
 * check names the interruptible form.
 */
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct cvx_condvar {
	wait_queue_head_t waitq;
	int seq;
};

struct cvx_client {
	struct mutex lock;
	struct cvx_condvar reply_cv;
	int replies;
};

static struct cvx_client cvx_client;

void cvx_cv_broadcast(struct cvx_condvar *cv)
{
	cv->seq++;
	wake_up_all(&cv->waitq);
}
EXPORT_SYMBOL_GPL(cvx_cv_broadcast);

int cvx_cv_wait(struct cvx_condvar *cv, struct mutex *l)
{
	int seq;
#ifdef DECLARE_WAITQUEUE
	DECLARE_WAITQUEUE(wait, current);
#else
	struct wait_queue wait = { current, NULL };
#endif

	seq = cv->seq;
	set_current_state(TASK_INTERRUPTIBLE);
	add_wait_queue(&cv->waitq, &wait);	/* expect: WQ002 fix=refused:old-kernel-branch */
	mutex_unlock(l);

	while (seq == cv->seq) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ007 */
	}

	remove_wait_queue(&cv->waitq, &wait);
	set_current_state(TASK_RUNNING);
	mutex_lock(l);
	return signal_pending(current) ? -EINTR : 0;
}
EXPORT_SYMBOL_GPL(cvx_cv_wait);

void cvx_cv_timedwait(struct cvx_condvar *cv, struct mutex *l, int msecs)
{
	long left = msecs_to_jiffies(msecs);
	int seq;
#ifdef DECLARE_WAITQUEUE
	DECLARE_WAITQUEUE(wait, current);
#else
	struct wait_queue wait = { current, NULL };
#endif

	seq = cv->seq;
	set_current_state(TASK_INTERRUPTIBLE);
	add_wait_queue(&cv->waitq, &wait);	/* expect: WQ002 fix=refused:old-kernel-branch */
	mutex_unlock(l);

	while (seq == cv->seq) {
		left = schedule_timeout(left);	/* expect: WQ004 fix=refused:no-patch */
		if (!left)
			break;
	}

	remove_wait_queue(&cv->waitq, &wait);
	set_current_state(TASK_RUNNING);
	mutex_lock(l);
}
EXPORT_SYMBOL_GPL(cvx_cv_timedwait);

static int __init cvx_init(void)
{
	mutex_init(&cvx_client.lock);
	init_waitqueue_head(&cvx_client.reply_cv.waitq);
	return 0;
}
module_init(cvx_init);

MODULE_LICENSE("GPL");
