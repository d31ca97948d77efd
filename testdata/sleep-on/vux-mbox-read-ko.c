// SPDX-License-Identifier: GPL-2.0-only
/*
 * vux_mbox.c -- the character side of an invented mailbox between two
 * cores.  The queue is exported for the other core's interrupt code,
 * so a waker outside this file wakes it; but the flag the reader
 * waits on is a static that nothing here writes (the handler that
 * cleared it went with an older board).  The test never changes: the
 * loop never runs, or never ends, and no waker's wake-up is lost by
 * it.  The model's words must not say the original loses one.  The
 * writer's flag is a static too, but two macros of this file set and
 * clear it: that test changes, and the model runs its wakers.
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define VUX_MBOX_WORDS	16

DECLARE_WAIT_QUEUE_HEAD(vux_mbox_wait);

static int vux_mbox_empty;
static u32 vux_mbox_buf[VUX_MBOX_WORDS];
static int vux_mbox_count;
static int vux_mbox_busy;

#define VUX_MBOX_CLAIM()	(vux_mbox_busy = 1)
#define VUX_MBOX_RELEASE()	(vux_mbox_busy = 0)

void vux_mbox_ack(void)
{
	VUX_MBOX_RELEASE();
	wake_up_interruptible(&vux_mbox_wait);
}

ssize_t vux_mbox_read(struct file *file, char __user *buf, size_t count,
		      loff_t *ppos)
{
	size_t len;

	while (vux_mbox_empty)
		interruptible_sleep_on(&vux_mbox_wait);	/* expect: WQ001 fix=converted */

	len = min_t(size_t, count, vux_mbox_count * sizeof(u32));
	if (copy_to_user(buf, vux_mbox_buf, len))
		return -EFAULT;
	return len;
}

ssize_t vux_mbox_write(struct file *file, const char __user *buf,
		       size_t count, loff_t *ppos)
{
	size_t len = min_t(size_t, count, sizeof(vux_mbox_buf));

	while (vux_mbox_busy)
		interruptible_sleep_on(&vux_mbox_wait);	/* expect: WQ001 fix=converted */

	if (copy_from_user(vux_mbox_buf, buf, len))
		return -EFAULT;
	vux_mbox_count = len / sizeof(u32);
	VUX_MBOX_CLAIM();
	return len;
}
