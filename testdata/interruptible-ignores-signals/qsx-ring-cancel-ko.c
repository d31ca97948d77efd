// SPDX-License-Identifier: GPL-2.0-only
/*
 * qsx_cancel.c -- QSX submission-ring accelerator: synchronous cancel,
 * an older version than qsx-ring-cancel-ok.c.
 *
 * wqport fixture: interruptible waits whose exits test the result of a
 * call that does not look at signals.  The deferred-work runner in
 * qsx_core.c only runs completions (nothing in its name or in this file
 * says it sees a signal), and the reaper of this file only reads the
 * ring, and the slot wait drops what prepare_to_wait_event() returned:
 * with a signal pending, each sleep returns at once and the loop spins
 * until the ring drains.
 */
#include <linux/errno.h>
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct qsx_ring {
	struct mutex		lock;
	wait_queue_head_t	cq_wait;
	unsigned int		inflight;
	unsigned int		cancel_seq;
};

/* qsx_core.c: run the task's deferred completions; it never looks at signals */
int qsx_run_deferred(struct qsx_ring *ring);
int qsx_try_cancel(struct qsx_ring *ring, u64 user_data);

static int qsx_reap(struct qsx_ring *ring)
{
	if (ring->inflight > 64)
		return -EBUSY;
	return ring->inflight ? 0 : -ENOENT;
}

int qsx_sync_cancel(struct qsx_ring *ring, u64 user_data, ktime_t timeout)
{
	DEFINE_WAIT(wait);
	int ret;

	mutex_lock(&ring->lock);
	do {
		ring->cancel_seq++;
		prepare_to_wait(&ring->cq_wait, &wait, TASK_INTERRUPTIBLE); /* expect: WQ007 */
		ret = qsx_try_cancel(ring, user_data);
		mutex_unlock(&ring->lock);
		if (ret != -EALREADY)
			break;

		ret = qsx_run_deferred(ring);
		if (ret < 0)
			break;
		ret = schedule_hrtimeout(&timeout, HRTIMER_MODE_ABS);
		if (!ret) {
			ret = -ETIME;
			break;
		}
		mutex_lock(&ring->lock);
	} while (1);
	finish_wait(&ring->cq_wait, &wait);
	return ret;
}

int qsx_drain(struct qsx_ring *ring)
{
	DEFINE_WAIT(wait);
	int err;

	for (;;) {
		prepare_to_wait(&ring->cq_wait, &wait, TASK_INTERRUPTIBLE); /* expect: WQ007 */
		err = qsx_reap(ring);
		if (err)
			break;
		schedule();
	}
	finish_wait(&ring->cq_wait, &wait);
	return err == -ENOENT ? 0 : err;
}

int qsx_wait_slot(struct qsx_ring *ring)
{
	struct wait_queue_entry wait;
	long ret;

	init_wait(&wait);
	for (;;) {
		ret = prepare_to_wait_event(&ring->cq_wait, &wait, TASK_INTERRUPTIBLE); /* expect: WQ007 */
		if (ring->inflight < 64)
			break;
		schedule();
	}
	finish_wait(&ring->cq_wait, &wait);
	return 0;
}

MODULE_LICENSE("GPL");
