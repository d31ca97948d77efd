// SPDX-License-Identifier: GPL-2.0-only
/*
 * vbx-dvb.c -- glue between a video-buffer queue and the DVB demux.
 *
 * wqport fixture (testdata/kernel-trees, tools/kernel-detect-test.py):
 * the shape of a 2.6 to 3.x video-buffer DVB helper.  Its thread hands
 * each filled buffer to the demux until no feed is left or it is told
 * to stop, then stops the capture and waits for kthread_stop() in a
 * loop that tests the stop before it sets TASK_INTERRUPTIBLE: before
 * 6.1 a stop in between is lost and vbx_dvb_stop_thread() hangs.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/freezer.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/sched.h>

struct vbx_buffer {
	struct list_head stream;
	unsigned int size;
	void *vaddr;
};

struct vbx_dvb {
	struct list_head stream;	/* filled buffers, in order */
	struct mutex lock;
	int nfeeds;
	struct task_struct *thread;
};

extern int vbx_wait_done(struct vbx_dvb *dvb, struct vbx_buffer *buf);
extern void vbx_demux_feed(struct vbx_dvb *dvb, void *data, unsigned int n);
extern void vbx_requeue(struct vbx_dvb *dvb, struct vbx_buffer *buf);
extern void vbx_capture_stop(struct vbx_dvb *dvb);

static int vbx_dvb_thread(void *data)
{
	struct vbx_dvb *dvb = data;
	struct vbx_buffer *buf;
	int err;

	set_freezable();
	for (;;) {
		buf = list_first_entry(&dvb->stream, struct vbx_buffer, stream);
		list_del(&buf->stream);
		err = vbx_wait_done(dvb, buf);

		/* no feed left, or vbx_dvb_stop_thread() wants us gone */
		if (dvb->nfeeds == 0)
			break;
		if (kthread_should_stop())
			break;
		try_to_freeze();

		if (!err)
			vbx_demux_feed(dvb, buf->vaddr, buf->size);

		mutex_lock(&dvb->lock);
		vbx_requeue(dvb, buf);
		mutex_unlock(&dvb->lock);
	}
	vbx_capture_stop(dvb);

	/* the caller must kthread_stop() us: stay until it does */
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);	/* lost before 6.1: WQ003 */
		schedule();
	}
	return 0;
}

int vbx_dvb_start_thread(struct vbx_dvb *dvb)
{
	dvb->thread = kthread_run(vbx_dvb_thread, dvb, "vbx-dvb");
	if (IS_ERR(dvb->thread)) {
		int err = PTR_ERR(dvb->thread);

		dvb->thread = NULL;
		return err;
	}
	return 0;
}
EXPORT_SYMBOL(vbx_dvb_start_thread);

void vbx_dvb_stop_thread(struct vbx_dvb *dvb)
{
	if (dvb->thread) {
		kthread_stop(dvb->thread);
		dvb->thread = NULL;
	}
}
EXPORT_SYMBOL(vbx_dvb_stop_thread);

MODULE_LICENSE("GPL");
