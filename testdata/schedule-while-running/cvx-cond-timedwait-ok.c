// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a condition-variable layer of a ported filesystem's
 * support module.  The timed wait queues the caller exclusive with
 * prepare_to_wait_exclusive() in the caller's state, drops the caller's
 * mutex, and sleeps once, in io_schedule_timeout() or schedule_timeout()
 * by a flag:
 *
 *	if (io)
 *		time_left = io_schedule_timeout(time_left);
 *	else
 *		time_left = schedule_timeout(time_left);
 *
 * Both arms sleep in the state prepare_to_wait_exclusive() set.  Under
 * the shim headers `clock_t` is a type the parse does not know, and the
 * statement is dropped from the tree: its two arms must still be read as
 * two branches, not as the io sleep followed by the plain one (which
 * would then run in TASK_RUNNING).  Correct code: no finding.
 */
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct cvx_cond {
	wait_queue_head_t waitq;
	atomic_t waiters;
};

static clock_t cvx_timedwait_common(struct cvx_cond *cv, struct mutex *mp,
				    clock_t time_left, int state, int io)
{
	DEFINE_WAIT(wait);

	atomic_inc(&cv->waiters);
	prepare_to_wait_exclusive(&cv->waitq, &wait, state);
	/* the mutex goes only after prepare_to_wait() has queued us */
	mutex_unlock(mp);
	if (io)
		time_left = io_schedule_timeout(time_left);
	else
		time_left = schedule_timeout(time_left);
	atomic_dec(&cv->waiters);
	finish_wait(&cv->waitq, &wait);
	mutex_lock(mp);
	return time_left > 0 ? time_left : -1;
}

clock_t cvx_timedwait(struct cvx_cond *cv, struct mutex *mp, clock_t t)
{
	return cvx_timedwait_common(cv, mp, t, TASK_UNINTERRUPTIBLE, 0);
}
EXPORT_SYMBOL(cvx_timedwait);

clock_t cvx_timedwait_io(struct cvx_cond *cv, struct mutex *mp, clock_t t)
{
	return cvx_timedwait_common(cv, mp, t, TASK_UNINTERRUPTIBLE, 1);
}
EXPORT_SYMBOL(cvx_timedwait_io);

void cvx_signal(struct cvx_cond *cv)
{
	if (atomic_read(&cv->waiters))
		wake_up(&cv->waitq);
}
EXPORT_SYMBOL(cvx_signal);

MODULE_LICENSE("GPL");
