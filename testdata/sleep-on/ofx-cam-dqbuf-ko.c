// SPDX-License-Identifier: GPL-2.0-only
/*
 * ofx: dequeueing a frame of an invented USB camera.  A blocking
 * caller naps once, at most a second, for the next frame; the frame
 * handler wakes the queue.  The test before the nap is of how the file
 * was opened (O_NONBLOCK), which nothing changes: it is no condition a
 * wait_event*() could wait for, and the fix must not offer it as one.
 */
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(ofx_frame_wq);
static unsigned int ofx_frame_seq;
static unsigned int ofx_last_read;

void ofx_frame_done(void)
{
	ofx_frame_seq++;
	wake_up_interruptible_all(&ofx_frame_wq);
}

int ofx_dqbuf(struct file *file, unsigned int *seq)
{
	if (!(file->f_flags & O_NONBLOCK))
		interruptible_sleep_on_timeout(&ofx_frame_wq, HZ);	/* expect: WQ001 fix=keeprace */
	*seq = ofx_frame_seq;
	ofx_last_read = ofx_frame_seq;
	return 0;
}
