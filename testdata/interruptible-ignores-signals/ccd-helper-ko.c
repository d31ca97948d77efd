// SPDX-License-Identifier: GPL-2.0-only
/*
 * ccd_cam.c -- CCD-200 astronomy camera (2.6.18 vendor tree), an older
 * version than ccd-helper-ok.c.
 *
 * wqport fixture: interruptible waits that look one function away for
 * a way out and find none.  The exposure loop's helper only reads the
 * shutter register, so a signal makes schedule() return at once and the
 * loop spins; the readout loop is handed to a driver macro around
 * kthread_run(), but from a function that is no thread, and its own
 * helper reads no signals either.
 * (WQ002 rightly calls both loops open-coded.)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <asm/io.h>

#define CCD_STATUS	0x04
#define CCD_ST_DONE	0x01
#define CCD_ST_JAM	0x80

struct ccd_cam {
	unsigned long		base;
	int			readout_req;
	wait_queue_head_t	expo_wait;
	wait_queue_head_t	readout_wait;
};

#define CCD_LOG_STATE(fn, cam)	printk(KERN_DEBUG "ccd: %s %lx\n", #fn, (cam)->base)

/* the shutter jammed: nothing will come */
static int ccd_check_shutter(struct ccd_cam *cam)
{
	return inb(cam->base + CCD_STATUS) & CCD_ST_JAM;
}

static int ccd_expose(struct ccd_cam *cam)
{
	DECLARE_WAITQUEUE(wait, current);
	int err = 0;

	add_wait_queue(&cam->expo_wait, &wait);		/* expect: WQ002 */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ007 */
		if (inb(cam->base + CCD_STATUS) & CCD_ST_DONE)
			break;
		if (ccd_check_shutter(cam)) {
			err = -EIO;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&cam->expo_wait, &wait);
	return err;
}

static int ccd_readout(struct ccd_cam *cam)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&cam->readout_wait, &wait);	/* expect: WQ002 */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ007 */
		if (cam->readout_req)
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&cam->readout_wait, &wait);
	return 0;
}

static int ccd_start(struct ccd_cam *cam)
{
	CCD_LOG_STATE(ccd_readout, cam);
	ccd_readout(cam);
	return ccd_expose(cam);
}
