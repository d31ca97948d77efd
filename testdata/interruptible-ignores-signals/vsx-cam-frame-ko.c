// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a 2.6-era video capture driver waiting for the next
 * frame.  The DQBUF wait sleeps in TASK_INTERRUPTIBLE but only leaves
 * when a frame is done: a process with a signal pending (^C while
 * capturing) spins in this loop at full CPU until the sensor delivers
 * a frame, if it ever does.
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#define VSX_NBUFS	4

struct vsx_cam {
	spinlock_t lock;
	wait_queue_head_t frame_wait;
	unsigned int done_mask;
	int streaming;
};

static irqreturn_t vsx_frame_irq(int irq, void *dev_id)
{
	struct vsx_cam *cam = dev_id;

	spin_lock(&cam->lock);
	cam->done_mask |= 1;
	spin_unlock(&cam->lock);
	wake_up_interruptible(&cam->frame_wait);
	return IRQ_HANDLED;
}

static int vsx_dqbuf(struct vsx_cam *cam)
{
	DEFINE_WAIT(wait);
	int idx;

	for (;;) {
		prepare_to_wait(&cam->frame_wait, &wait, TASK_INTERRUPTIBLE);	/* expect: WQ007 */
		if (cam->done_mask || !cam->streaming)
			break;
		schedule();
	}
	finish_wait(&cam->frame_wait, &wait);
	if (!cam->streaming)
		return -EIO;
	spin_lock_irq(&cam->lock);
	idx = __ffs(cam->done_mask);
	cam->done_mask &= ~(1u << idx);
	spin_unlock_irq(&cam->lock);
	return idx;
}
