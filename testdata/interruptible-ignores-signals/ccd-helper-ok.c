// SPDX-License-Identifier: GPL-2.0-only
/*
 * ccd_cam.c -- CCD-200 astronomy camera (2.6.18 vendor tree).
 *
 * wqport fixture: interruptible waits whose signal handling is one
 * function away.  The exposure wait leaves through ccd_check_signals(),
 * a helper of this file that tests signal_pending(); the cooler and the
 * readout loops are kernel threads, started through the driver's own
 * macros around kthread_run() and kernel_thread(), so they have every
 * signal blocked.  None of them spins on a signal.
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

struct ccd_cam {
	unsigned long		base;
	int			exposing;
	int			cooler_on;
	int			readout_req;
	int			aborted;
	wait_queue_head_t	expo_wait;
	wait_queue_head_t	cooler_wait;
	wait_queue_head_t	readout_wait;
};

#define CCD_START_THREAD(fn, cam)	kthread_run(fn, cam, "ccd-" #fn)
#define ccd_spawn(fn, cam)		kernel_thread(fn, cam, CLONE_FS | CLONE_FILES)

/* a signal aborts the exposure; says so to the caller */
static int ccd_check_signals(struct ccd_cam *cam)
{
	if (!signal_pending(current))
		return 0;
	cam->aborted = 1;
	outb(0, cam->base);
	return 1;
}

static int ccd_expose(struct ccd_cam *cam)
{
	DEFINE_WAIT(wait);
	int err = 0;

	for (;;) {
		prepare_to_wait(&cam->expo_wait, &wait, TASK_INTERRUPTIBLE);
		if (inb(cam->base + CCD_STATUS) & CCD_ST_DONE)
			break;
		if (ccd_check_signals(cam)) {
			err = -EINTR;
			break;
		}
		schedule();
	}
	finish_wait(&cam->expo_wait, &wait);
	return err;
}

static int ccd_cooler_thread(void *data)
{
	struct ccd_cam *cam = data;
	DEFINE_WAIT(wait);

	for (;;) {
		prepare_to_wait(&cam->cooler_wait, &wait, TASK_INTERRUPTIBLE);
		if (!cam->cooler_on)
			schedule();
		finish_wait(&cam->cooler_wait, &wait);
		outb(cam->cooler_on, cam->base + 1);
	}
	return 0;
}

static int ccd_readout_thread(void *data)
{
	struct ccd_cam *cam = data;
	DEFINE_WAIT(wait);

	for (;;) {
		prepare_to_wait(&cam->readout_wait, &wait, TASK_INTERRUPTIBLE);
		if (!cam->readout_req)
			schedule();
		finish_wait(&cam->readout_wait, &wait);
		cam->readout_req = 0;
		outb(2, cam->base);
	}
	return 0;
}

static int ccd_start(struct ccd_cam *cam)
{
	CCD_START_THREAD(ccd_cooler_thread, cam);
	ccd_spawn(ccd_readout_thread, cam);
	return ccd_expose(cam);
}
