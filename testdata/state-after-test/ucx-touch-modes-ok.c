// SPDX-License-Identifier: GPL-2.0-only
/*
 * ucx_ts.c -- touch panel of the UCX-12 audio/touch codec (2.6.24 board
 * support tree).
 *
 * wqport fixture: tests before the task state that lose no wake-up.
 * The sampling thread reads a sample, then either waits for the pen
 * interrupt (pen up: the interrupt is re-armed under the lock the
 * handler takes, after the state is set) or polls again after 10 ms
 * (pen down).  Before the poll it tests `!ignore`, a mode the thread
 * sets itself after a freeze: no waker writes it, and the delay is a
 * fixed one held by the local `timeout` on that branch, so a wake-up
 * lost there costs 10 ms.  ucx_ts_settle() polls the converter with a
 * delay fixed in its declaration.
 */
#include <linux/module.h>
#include <linux/freezer.h>
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#define UCX_TS_RETRIES	8

struct ucx_ts {
	wait_queue_head_t irq_wait;
	spinlock_t irq_lock;
	int irq;
	int irq_disabled;
	int busy;
	unsigned int x, y, p;
};

extern int ucx_ts_pen_is_down(struct ucx_ts *ts);
extern void ucx_ts_read_sample(struct ucx_ts *ts);
extern void ucx_ts_report(struct ucx_ts *ts);
extern void ucx_ts_release(struct ucx_ts *ts);

static irqreturn_t ucx_ts_irq(int irq, void *dev_id)
{
	struct ucx_ts *ts = dev_id;

	spin_lock(&ts->irq_lock);
	disable_irq_nosync(irq);
	ts->irq_disabled = 1;
	spin_unlock(&ts->irq_lock);
	wake_up(&ts->irq_wait);
	return IRQ_HANDLED;
}

static int ucx_ts_thread(void *data)
{
	struct ucx_ts *ts = data;
	DEFINE_WAIT(wait);
	bool frozen, ignore = false;
	int valid = 0;

	set_freezable();
	while (!kthread_freezable_should_stop(&frozen)) {
		signed long timeout;

		if (frozen)
			ignore = true;

		ucx_ts_read_sample(ts);

		if (!ucx_ts_pen_is_down(ts)) {
			prepare_to_wait(&ts->irq_wait, &wait, TASK_INTERRUPTIBLE);

			spin_lock_irq(&ts->irq_lock);
			if (ts->irq_disabled) {
				ts->irq_disabled = 0;
				enable_irq(ts->irq);
			}
			spin_unlock_irq(&ts->irq_lock);

			if (valid) {
				ucx_ts_release(ts);
				valid = 0;
			}
			timeout = MAX_SCHEDULE_TIMEOUT;
		} else {
			if (!ignore) {
				ucx_ts_report(ts);
				valid = 1;
			}
			prepare_to_wait(&ts->irq_wait, &wait, TASK_INTERRUPTIBLE);
			timeout = HZ / 100;
		}

		schedule_timeout(timeout);
		finish_wait(&ts->irq_wait, &wait);
	}
	return 0;
}

/* Wait for the converter to go idle: a poll every 20 ms, 8 times. */
static int ucx_ts_settle(struct ucx_ts *ts)
{
	DEFINE_WAIT(wait);
	long delay = msecs_to_jiffies(20);
	int tries = UCX_TS_RETRIES;

	while (ts->busy) {
		if (!--tries)
			return -ETIMEDOUT;
		prepare_to_wait(&ts->irq_wait, &wait, TASK_UNINTERRUPTIBLE);
		schedule_timeout(delay);
		finish_wait(&ts->irq_wait, &wait);
	}
	return 0;
}

int ucx_ts_start(struct ucx_ts *ts)
{
	struct task_struct *t;
	int ret;

	init_waitqueue_head(&ts->irq_wait);
	spin_lock_init(&ts->irq_lock);
	ret = ucx_ts_settle(ts);
	if (ret)
		return ret;
	t = kthread_run(ucx_ts_thread, ts, "ktsd");
	return IS_ERR(t) ? PTR_ERR(t) : 0;
}
