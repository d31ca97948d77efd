// SPDX-License-Identifier: GPL-2.0-only
/*
 * blx_core.c -- request completion helpers of the BLX virtual block
 * layer, before review.
 *
 * wqport fixture: the same kind of exported functions as
 * blx-io-wait-ok.c, but each sleep here runs in TASK_RUNNING whatever
 * state its caller set, or a caller in this file calls it so:
 *
 * - blx_drain(): a poll on the in-flight count; after the first sleep
 *   returns the task is running, so the loop spins.
 * - blx_quiesce(): a wait loop that leaves in TASK_RUNNING, then a
 *   settle delay with no state set.
 * - blx_io_wait(): a sleep helper, but blx_flush() in this file calls it
 *   without setting the state first.
 * - blx_core_exit(): called from the module exit in another file; the
 *   sleep is a grace delay before the unregistration, not the last thing
 *   it does, so it is no helper handing the wake-up back to a caller.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/atomic.h>
#include <linux/wait.h>

extern long io_schedule_timeout(long timeout);

#define BLX_IO_TIMEOUT	(HZ / 50)

struct blx_queue {
	atomic_t inflight;
	wait_queue_head_t idle_wait;
	int idle;
};

void blx_drain(struct blx_queue *q)
{
	while (atomic_read(&q->inflight))
		io_schedule_timeout(BLX_IO_TIMEOUT);	/* expect: WQ004 */
}
EXPORT_SYMBOL_GPL(blx_drain);

void blx_quiesce(struct blx_queue *q)
{
	DEFINE_WAIT(wait);

	for (;;) {
		prepare_to_wait(&q->idle_wait, &wait, TASK_UNINTERRUPTIBLE);
		if (q->idle)
			break;
		schedule();
	}
	finish_wait(&q->idle_wait, &wait);
	/* let the controller settle */
	schedule_timeout(HZ / 10);	/* expect: WQ004 */
}
EXPORT_SYMBOL_GPL(blx_quiesce);

void blx_io_wait(unsigned long budget_ms)
{
	unsigned long budget = msecs_to_jiffies(budget_ms);

	if (budget > 1)
		io_schedule_timeout(budget - 1);	/* expect: WQ004 */
	else
		io_schedule();
}
EXPORT_SYMBOL_GPL(blx_io_wait);

int blx_flush(struct blx_queue *q)
{
	if (!atomic_read(&q->inflight))
		return 0;
	blx_io_wait(20);
	return atomic_read(&q->inflight) ? -EBUSY : 0;
}
EXPORT_SYMBOL_GPL(blx_flush);

extern void blx_unregister_queues(void);

void blx_core_exit(void)
{
	/* give in-flight completions time to drain */
	schedule_timeout(HZ / 2);	/* expect: WQ004 */
	blx_unregister_queues();
}

MODULE_LICENSE("GPL");
