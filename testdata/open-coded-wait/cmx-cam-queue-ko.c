// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmx_cam.c -- the message queue of an invented conditional-access
 * module on an I2C bus: a polling task copies bytes into a ring with
 * `cmx_ring[cmx_wp++] = ...` and wakes the reader, who waits in a
 * goto loop and sets its state after the test.  The race is real; the
 * advice must not be to "test 'cmx_ring[cmx_wp++]'", an expression
 * that stores and moves the index.
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define CMX_RING_SIZE	256

static DECLARE_WAIT_QUEUE_HEAD(cmx_wait);
static u8 cmx_ring[CMX_RING_SIZE];
static unsigned int cmx_wp, cmx_rp;

void cmx_poll_task(const u8 *msg, int len)
{
	int i = 0;

	while (i < len) {
		cmx_ring[cmx_wp++] = msg[i++];
		if (cmx_wp == CMX_RING_SIZE)
			cmx_wp = 0;
	}
	wake_up(&cmx_wait);
}

ssize_t cmx_read(struct file *file, char __user *buf, size_t count,
		 loff_t *ppos)
{
	DECLARE_WAITQUEUE(wait, current);
	u8 c;

again:
	if (cmx_wp == cmx_rp) {
		if (file->f_flags & O_NONBLOCK)
			return -EWOULDBLOCK;
		add_wait_queue(&cmx_wait, &wait);	/* expect: WQ002 fix=keeprace */
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=refused:goto-loop */
		schedule();
		set_current_state(TASK_RUNNING);
		remove_wait_queue(&cmx_wait, &wait);
		if (signal_pending(current))
			return -ERESTARTSYS;
		goto again;
	}
	c = cmx_ring[cmx_rp];
	cmx_rp = (cmx_rp + 1) % CMX_RING_SIZE;
	if (put_user(c, buf))
		return -EFAULT;
	return 1;
}
