// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: an exported helper of a cache back end that waits for
 * the object queue to drain.  Its caller sets the sleep mode and queues
 * its own wake-up event first (the helper's contract, as its comment
 * says); the helper adds itself to the congestion queue, sleeps in the
 * caller's state, takes itself off again and returns what it finds.  Its
 * state at the sleep is its caller's, not TASK_RUNNING: WQ004 stays
 * silent, as it does for a helper whose sleep is its last act.
 */
#include <linux/export.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(fcx_congestion_wq);
static atomic_t fcx_pending;

static bool fcx_congested(void)
{
	return atomic_read(&fcx_pending) > 64;
}

/*
 * Sleep until the object queue is no longer congested.  The caller must
 * have set up its wake-up event and the sleep mode (TASK_UNINTERRUPTIBLE,
 * say) and tested its own condition before calling this.
 */
bool fcx_sleep_till_uncongested(signed long *timeoutp)
{
	DEFINE_WAIT(wait);

	if (!fcx_congested())
		return false;
	add_wait_queue_exclusive(&fcx_congestion_wq, &wait);
	if (fcx_congested())
		*timeoutp = schedule_timeout(*timeoutp);
	finish_wait(&fcx_congestion_wq, &wait);
	return !fcx_congested();
}
EXPORT_SYMBOL_GPL(fcx_sleep_till_uncongested);

void fcx_object_done(void)
{
	if (atomic_dec_return(&fcx_pending) == 64)
		wake_up(&fcx_congestion_wq);
}

MODULE_LICENSE("GPL");
