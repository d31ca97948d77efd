// SPDX-License-Identifier: GPL-2.0-only
/*
 * vfx_core.c -- frame queue of the VFX-1 video capture bridge, with a
 * lock guard class of the driver's own (linux/cleanup.h DEFINE_GUARD).
 *
 * wqport fixture: a guard the model does not read.  vfx_wait_frame()
 * holds the device mutex from its test to its state change;
 * vfx_frame_done() takes that mutex through the driver's own guard
 * class, `guard(vfx_dev)(vd)`, whose lock the model check does not read
 * (kapi.def KAPI_GUARD lists the kernel's lock classes only).  Without
 * it the model would claim the lost wake-up that the mutex rules out;
 * it must say that it did not model the guard instead.
 *
 * wqport-fix-test: no-compile (the shim headers have no linux/cleanup.h guards; real-headers/fixtures parses this file against 6.1's)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/cleanup.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct vfx_dev {
	struct mutex lock;
	wait_queue_head_t frame_wait;
	int frames;
};

DEFINE_GUARD(vfx_dev, struct vfx_dev *, mutex_lock(&_T->lock), mutex_unlock(&_T->lock))

int vfx_wait_frame(struct vfx_dev *vd)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&vd->frame_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		mutex_lock(&vd->lock);
		if (vd->frames) {
			vd->frames--;
			mutex_unlock(&vd->lock);
			break;
		}
		set_current_state(TASK_UNINTERRUPTIBLE);
		mutex_unlock(&vd->lock);
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&vd->frame_wait, &wait);
	return 0;
}

void vfx_frame_done(struct vfx_dev *vd)
{
	guard(vfx_dev)(vd);
	vd->frames++;
	wake_up(&vd->frame_wait);
}

MODULE_LICENSE("GPL");
