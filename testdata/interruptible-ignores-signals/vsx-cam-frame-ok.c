// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: interruptible waits that cannot spin on a signal.
 * The capture wait leaves with -ERESTARTSYS on signal_pending(); the
 * kernel threads (one started with kthread_run(), one a 2.6-era
 * kernel_thread() that calls daemonize(), one a loop on
 * kthread_should_stop()) have signals blocked, so TASK_INTERRUPTIBLE
 * only keeps them out of the load average.
 */
#include <linux/module.h>
#include <linux/freezer.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct vsx_cam {
	spinlock_t lock;
	wait_queue_head_t frame_wait;
	wait_queue_head_t work_wait;
	unsigned int done_mask;
	unsigned int pending;
	int streaming;
};

static int vsx_dqbuf(struct vsx_cam *cam)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	for (;;) {
		prepare_to_wait(&cam->frame_wait, &wait, TASK_INTERRUPTIBLE);
		if (cam->done_mask || !cam->streaming)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(&cam->frame_wait, &wait);
	return ret;
}

static int vsx_worker(void *data)
{
	struct vsx_cam *cam = data;
	DEFINE_WAIT(wait);

	for (;;) {
		prepare_to_wait(&cam->work_wait, &wait, TASK_INTERRUPTIBLE);
		if (cam->pending)
			break;
		schedule();
	}
	finish_wait(&cam->work_wait, &wait);
	return 0;
}

static int vsx_old_thread(void *data)
{
	struct vsx_cam *cam = data;

	daemonize("vsx_old");
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (cam->pending)
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static int vsx_poller(void *data)
{
	struct vsx_cam *cam = data;

	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!cam->pending)
			schedule();
		__set_current_state(TASK_RUNNING);
		cam->pending = 0;
	}
	return 0;
}

static void vsx_start(struct vsx_cam *cam)
{
	kthread_run(vsx_worker, cam, "vsx-worker");
	kthread_run(vsx_poller, cam, "vsx-poll");
}
