// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a bit-lock wait with an action function, the way the
 * kernel's wait_on_bit_timeout() works, kept inside the driver.
 * tbm_wait_busy() queues the task with prepare_to_wait() in the state
 * it was asked for and calls tbm_busy_timeout() while the bit is set;
 * the action only sleeps, in that state, and reports a signal with
 * signal_pending_state(mode).  Its only caller sets the state, so its
 * schedule_timeout() is no sleep in TASK_RUNNING: nothing here may be
 * reported, and `wqport fix` must leave it alone.
 */
#include <linux/module.h>
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define TBM_BUSY	0

struct tbm_key {
	unsigned long *flags;
	unsigned long timeout;
};

struct tbm_dev {
	unsigned long flags;
	wait_queue_head_t busy_wait;
};

static int tbm_busy_timeout(struct tbm_key *key, unsigned int mode)
{
	unsigned long now = READ_ONCE(jiffies);

	if (time_after_eq(now, key->timeout))
		return -EAGAIN;
	schedule_timeout(key->timeout - now);
	if (signal_pending_state(mode, current))
		return -EINTR;
	return 0;
}

static int tbm_wait_busy(struct tbm_dev *td, unsigned long timeout)
{
	struct tbm_key key = { &td->flags, jiffies + timeout };
	DEFINE_WAIT(wait);
	int ret = 0;

	do {
		prepare_to_wait(&td->busy_wait, &wait, TASK_KILLABLE);
		if (test_bit(TBM_BUSY, &td->flags))
			ret = tbm_busy_timeout(&key, TASK_KILLABLE);
	} while (test_bit(TBM_BUSY, &td->flags) && !ret);
	finish_wait(&td->busy_wait, &wait);
	return ret;
}

static void tbm_unlock(struct tbm_dev *td)
{
	clear_bit(TBM_BUSY, &td->flags);
	wake_up(&td->busy_wait);
}

int tbm_transfer(struct tbm_dev *td)
{
	int ret = tbm_wait_busy(td, HZ);

	if (ret)
		return ret;
	set_bit(TBM_BUSY, &td->flags);
	tbm_unlock(td);
	return 0;
}
