// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a 3.x-era audio driver that keeps wait_event*()
 * results where they do not fit.  -ERESTARTSYS in an unsigned long
 * reads as a huge number of jiffies left, so `ret < 0` never sees the
 * signal; a u8 keeps only the low byte of the jiffies left (256 of them
 * read as a timeout); and an int cannot hold what is left of
 * MAX_SCHEDULE_TIMEOUT.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/types.h>
#include <linux/wait.h>

struct tsu_stream {
	wait_queue_head_t period_wait;
	unsigned int periods;
	int running;
};

static int tsu_wait_period(struct tsu_stream *s)
{
	unsigned long ret;

	ret = wait_event_interruptible_timeout(s->period_wait,	/* expect: WQ010 */
					       s->periods > 0, HZ);
	if (ret < 0)
		return ret;
	return ret ? 0 : -EIO;
}

static int tsu_drain(struct tsu_stream *s)
{
	u8 left = wait_event_timeout(s->period_wait, !s->running, 2 * HZ);	/* expect: WQ010 */

	return left ? 0 : -ETIMEDOUT;
}

static int tsu_wait_stop(struct tsu_stream *s)
{
	int left = wait_event_timeout(s->period_wait, !s->running,	/* expect: WQ010 */
				      MAX_SCHEDULE_TIMEOUT);

	return left > 0 ? 0 : -EIO;
}
