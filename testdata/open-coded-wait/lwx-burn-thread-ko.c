// SPDX-License-Identifier: GPL-2.0-only
/*
 * lwx: the worker thread of an invented optical-disc writer.  It sleeps
 * until a request is queued or a packet's retry delay runs out; after
 * the sleep it walks the active packets and charges the time slept to
 * each one that waits, skipping the others with a `continue` of that
 * walk.  The continue's test comes after the sleep and goes back to the
 * walk, never around the sleep: it is no exit of the wait loop.
 */
#include <linux/atomic.h>
#include <linux/kthread.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct lwx_packet {
	struct list_head list;
	long retry_delay;
	atomic_t run_sm;
};

struct lwx_dev {
	wait_queue_head_t wq;
	atomic_t queued;
	struct list_head active;
};

void lwx_queue_request(struct lwx_dev *dev)
{
	atomic_inc(&dev->queued);
	wake_up(&dev->wq);
}

static void lwx_handle_requests(struct lwx_dev *dev)
{
	while (atomic_add_unless(&dev->queued, -1, 0))
		;
}

int lwx_thread(void *data)
{
	struct lwx_dev *dev = data;
	struct lwx_packet *pkt;
	long min_delay, left;

	for (;;) {
		DECLARE_WAITQUEUE(wait, current);

		add_wait_queue(&dev->wq, &wait);	/* expect: WQ002 fix=converted */
		for (;;) {
			set_current_state(TASK_INTERRUPTIBLE);
			if (atomic_read(&dev->queued) > 0)
				goto work_to_do;
			min_delay = MAX_SCHEDULE_TIMEOUT;
			list_for_each_entry(pkt, &dev->active, list) {
				if (pkt->retry_delay && pkt->retry_delay < min_delay)
					min_delay = pkt->retry_delay;
			}
			left = schedule_timeout(min_delay);
			list_for_each_entry(pkt, &dev->active, list) {
				if (!pkt->retry_delay)
					continue;
				pkt->retry_delay -= min_delay - left;
				if (pkt->retry_delay <= 0) {
					pkt->retry_delay = 0;
					atomic_inc(&pkt->run_sm);
				}
			}
			if (kthread_should_stop())
				break;
		}
work_to_do:
		set_current_state(TASK_RUNNING);
		remove_wait_queue(&dev->wq, &wait);
		if (kthread_should_stop())
			break;
		lwx_handle_requests(dev);
	}
	return 0;
}
