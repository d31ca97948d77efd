// SPDX-License-Identifier: GPL-2.0-only
/*
 * ucx_ts.c -- touch panel of the UCX-12 audio/touch codec, the 2.6.18
 * drop of the same board support tree as ucx-touch-modes-ok.c.
 *
 * wqport fixture: the shapes of the -ok file where a wake-up is lost.
 * The sampling thread re-arms the pen interrupt before it sets the task
 * state, with no lock between, and waits MAX_SCHEDULE_TIMEOUT: an
 * interrupt (or kthread_stop()) between the test and the state change
 * is lost for good.  ucx_ts_nap() picks schedule() over a timed sleep
 * by its parameter: the finding names the condition tested before the
 * state, kthread_should_stop(), not the mode.  ucx_ts_wait_fifo()
 * tests a local, but one that copies a field the interrupt writes: the
 * copy is as stale as the field would be.
 *
 * wqport-cocci: beyond-standalone (its WQ003 sites are told from the fixed-delay polls of the -ok twin by the wakers and the path analysis)
 */
#include <linux/module.h>
#include <linux/freezer.h>
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct ucx_ts {
	wait_queue_head_t irq_wait;
	struct task_struct *rtask;
	int irq;
	int fifo;
	unsigned int x, y, p;
};

extern int ucx_ts_pen_is_down(struct ucx_ts *ts);
extern void ucx_ts_read_sample(struct ucx_ts *ts);
extern void ucx_ts_report(struct ucx_ts *ts);

static irqreturn_t ucx_ts_irq(int irq, void *dev_id)
{
	struct ucx_ts *ts = dev_id;

	disable_irq_nosync(irq);
	ts->fifo++;
	wake_up(&ts->irq_wait);
	return IRQ_HANDLED;
}

static int ucx_ts_thread(void *data)
{
	struct ucx_ts *ts = data;
	DEFINE_WAIT(wait);
	bool frozen, ignore = false;

	set_freezable();
	while (!kthread_freezable_should_stop(&frozen)) {
		signed long timeout;

		if (frozen)
			ignore = true;

		ucx_ts_read_sample(ts);

		if (!ucx_ts_pen_is_down(ts)) {
			enable_irq(ts->irq);
			prepare_to_wait(&ts->irq_wait, &wait, TASK_INTERRUPTIBLE);	/* expect: WQ003 */
			timeout = MAX_SCHEDULE_TIMEOUT;
		} else {
			if (!ignore)
				ucx_ts_report(ts);
			prepare_to_wait(&ts->irq_wait, &wait, TASK_INTERRUPTIBLE);
			timeout = HZ / 100;
		}

		schedule_timeout(timeout);
		finish_wait(&ts->irq_wait, &wait);
	}
	return 0;
}

static void ucx_ts_nap(struct ucx_ts *ts, int timeout)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&ts->irq_wait, &wait);
	if (!kthread_should_stop()) {
		if (timeout < 0) {
			set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 */
			schedule();
		} else {
			schedule_timeout_interruptible(msecs_to_jiffies(timeout));
		}
	}
	remove_wait_queue(&ts->irq_wait, &wait);
}

static int ucx_ts_wait_fifo(struct ucx_ts *ts)
{
	DEFINE_WAIT(wait);
	int avail = ts->fifo;

	if (!avail) {
		prepare_to_wait(&ts->irq_wait, &wait, TASK_UNINTERRUPTIBLE);	/* expect: WQ003 */
		schedule();
		finish_wait(&ts->irq_wait, &wait);
		avail = ts->fifo;
	}
	return avail;
}

int ucx_ts_start(struct ucx_ts *ts)
{
	init_waitqueue_head(&ts->irq_wait);
	if (ucx_ts_wait_fifo(ts) < 0)
		return -EIO;
	ucx_ts_nap(ts, -1);
	ts->rtask = kthread_run(ucx_ts_thread, ts, "ktsd");
	return IS_ERR(ts->rtask) ? PTR_ERR(ts->rtask) : 0;
}
