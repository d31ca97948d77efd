// SPDX-License-Identifier: GPL-2.0-only
/*
 * rbx: the event queue of an invented touchscreen.  The sampling
 * callback builds each event in a local struct, then queues it; when
 * the queue is full it drops the oldest event and leaves the count as
 * it was.  Why the proof stops is that path, not the writes to the
 * local event, which the sleep's condition does not read.
 */
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/fs.h>
#include <linux/wait.h>

#define RBX_EVENTS	16

struct rbx_event {
	unsigned short x, y, pressure;
};

struct rbx_ts {
	struct rbx_event buf[RBX_EVENTS];
	int next_in, next_out, event_count;
	int x_raw, y_raw, z_raw;
	wait_queue_head_t wait;
};

void rbx_sample(void *data)
{
	struct rbx_ts *ts = data;
	struct rbx_event event;

	event.x = ts->x_raw;
	event.y = ts->y_raw;
	event.pressure = ts->z_raw;
	ts->buf[ts->next_in] = event;
	ts->next_in = (ts->next_in + 1) % RBX_EVENTS;
	if (ts->event_count < RBX_EVENTS)
		ts->event_count++;
	else
		ts->next_out = (ts->next_out + 1) % RBX_EVENTS;
	wake_up_interruptible(&ts->wait);
}

ssize_t rbx_read(struct file *filp, char __user *buf, size_t count,
		 loff_t *ppos)
{
	struct rbx_ts *ts = filp->private_data;

	if (ts->event_count == 0) {
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		interruptible_sleep_on(&ts->wait);	/* expect: WQ001 fix=keeprace */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	return 0;
}
