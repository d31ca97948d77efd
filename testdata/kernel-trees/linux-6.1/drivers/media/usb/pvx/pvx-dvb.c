// SPDX-License-Identifier: GPL-2.0-only
/*
 * pvx-dvb.c -- DVB feed of the PVX-2 USB capture stick.
 *
 * wqport fixture (testdata/kernel-trees, tools/kernel-detect-test.py):
 * the shape of a 2.6.26 to 6.1 USB capture driver's DVB feed thread.
 * The feed function returns on a read error or a stop; the thread then
 * stays until pvx_dvb_stream_end() calls kthread_stop(), in a loop that
 * tests the stop before it sets TASK_INTERRUPTIBLE.  Before 6.1,
 * kthread_stop() sets the stop bit and wakes the thread, and that is
 * all: a stop between the test and the state change finds the thread
 * running, the thread then sleeps for good and kthread_stop() never
 * returns.  From 6.1 on kthread_stop() also sets TIF_NOTIFY_SIGNAL, and
 * schedule() in TASK_INTERRUPTIBLE does not sleep with it set.  The same
 * file is in the 3.13 tree (reported), the 6.1 tree (silent) and alone
 * (reported, with a note naming 6.1).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/freezer.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/wait.h>

struct pvx_buffer;
struct pvx_stream;

struct pvx_dvb_adapter {
	struct pvx_stream *stream;
	wait_queue_head_t buffer_wait;
	struct task_struct *thread;
	unsigned char *storage[8];
};

extern struct pvx_buffer *pvx_stream_next_ready(struct pvx_stream *sp);
extern int pvx_stream_ready_count(struct pvx_stream *sp);
extern unsigned int pvx_buffer_count(struct pvx_buffer *bp);
extern int pvx_buffer_status(struct pvx_buffer *bp);
extern int pvx_buffer_id(struct pvx_buffer *bp);
extern int pvx_buffer_requeue(struct pvx_buffer *bp);
extern void pvx_demux_feed(struct pvx_dvb_adapter *adap,
			   const unsigned char *data, unsigned int count);

static int pvx_dvb_feed_func(struct pvx_dvb_adapter *adap)
{
	struct pvx_buffer *bp;
	unsigned int count;
	int ret;

	set_freezable();
	for (;;) {
		if (kthread_should_stop())
			break;
		try_to_freeze();

		bp = pvx_stream_next_ready(adap->stream);
		if (bp) {
			count = pvx_buffer_count(bp);
			if (count) {
				pvx_demux_feed(adap,
					       adap->storage[pvx_buffer_id(bp)],
					       count);
			} else {
				ret = pvx_buffer_status(bp);
				if (ret < 0)
					break;
			}
			ret = pvx_buffer_requeue(bp);
			if (ret < 0)
				break;
			/* a buffer was done: look again before sleeping */
			continue;
		}

		ret = wait_event_interruptible(adap->buffer_wait,
			pvx_stream_ready_count(adap->stream) > 0 ||
			kthread_should_stop());
		if (ret < 0)
			break;
	}
	return 0;
}

static int pvx_dvb_feed_thread(void *data)
{
	int stat = pvx_dvb_feed_func(data);

	/* wait for pvx_dvb_stream_end() to stop us */
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);	/* lost before 6.1: WQ003 */
		schedule();
	}
	return stat;
}

static void pvx_dvb_notify(void *ptr)
{
	struct pvx_dvb_adapter *adap = ptr;

	wake_up(&adap->buffer_wait);
}

static int pvx_dvb_stream_start(struct pvx_dvb_adapter *adap)
{
	init_waitqueue_head(&adap->buffer_wait);
	adap->thread = kthread_run(pvx_dvb_feed_thread, adap, "pvx-dvb");
	if (IS_ERR(adap->thread)) {
		int ret = PTR_ERR(adap->thread);

		adap->thread = NULL;
		return ret;
	}
	return 0;
}

static void pvx_dvb_stream_end(struct pvx_dvb_adapter *adap)
{
	if (adap->thread) {
		kthread_stop(adap->thread);
		adap->thread = NULL;
	}
}

struct pvx_dvb_ops {
	int (*start)(struct pvx_dvb_adapter *adap);
	void (*end)(struct pvx_dvb_adapter *adap);
	void (*notify)(void *ptr);
};

const struct pvx_dvb_ops pvx_dvb_ops = {
	.start = pvx_dvb_stream_start,
	.end = pvx_dvb_stream_end,
	.notify = pvx_dvb_notify,
};

MODULE_LICENSE("GPL");
