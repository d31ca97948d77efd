// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): a transmit drain sleeps once while frames
 * are queued; the completion steps the count down in its test and wakes
 * when it reaches zero, `if (--d->qlen == 0) wake_up()`.  The step is a
 * write made before the test on every path, and inside the if the count
 * is zero: the completion makes 'd->qlen <= 0' true before its wake-up,
 * where the words used to say it wakes "without making it true".
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct qdx_dev {
	int qlen;
	wait_queue_head_t drain_wait;
};

void qdx_tx_done(struct qdx_dev *d)
{
	if (--d->qlen == 0)
		wake_up(&d->drain_wait);
}

int qdx_drain(struct qdx_dev *d)
{
	if (d->qlen > 0) {
		interruptible_sleep_on(&d->drain_wait);	/* expect: WQ001 fix=caveat */
		if (signal_pending(current))
			return -EINTR;
	}
	return 0;
}

MODULE_LICENSE("GPL");
