// SPDX-License-Identifier: GPL-2.0-only
/*
 * pcxjoy.c -- PCX analog joystick port, a character driver kept
 * building on Linux 2.0 and 2.2 from one source: the 2.2 tree defines
 * KERNEL_2_2 (below, from the version), and the read path tests a
 * pending signal the 2.2 way or the 2.0 way, sharing the braces of the
 * exit between the two alternatives as the driver always did.
 *
 * wqport fixture (issue 37): the #if alternatives after the wait do not
 * read as statements together, nor does the first branch of each (the
 * #ifdef and the #ifndef of one macro never hold at once), so the
 * translation validation refused the function, "the statements near
 * line N do not read as C".  Each configuration the preprocessor can
 * select is validated on its own; the 2.0 alternative, which the rewrite
 * leaves byte-identical, is one of them.  The wait keeps the driver's
 * loop, its test made again after prepare_to_wait() (a signal still
 * loops, as it did).
 */
#include <linux/module.h>
#include <linux/version.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/fs.h>
#include <linux/errno.h>
#include <linux/wait.h>
#include <linux/uaccess.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(2, 1, 0)
#define KERNEL_2_2
#endif

#define PCX_AXES	4

static DECLARE_WAIT_QUEUE_HEAD(pcx_read_wait);
static volatile int pcx_data_ready;
static unsigned char pcx_axes[PCX_AXES];

static void pcx_sample_done(void)
{
	pcx_data_ready = 1;
	wake_up_interruptible(&pcx_read_wait);
}

static void pcx_rearm(void)
{
	pcx_data_ready = 0;
}

static ssize_t pcx_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	if (count > PCX_AXES)
		count = PCX_AXES;
	if (file->f_flags & O_NONBLOCK && !pcx_data_ready)
		return -EAGAIN;
	while (!pcx_data_ready)
		interruptible_sleep_on(&pcx_read_wait);	/* expect: WQ001 fix=converted */
#ifdef KERNEL_2_2
	if (signal_pending(current)) {
		pcx_rearm();
		return -ERESTARTSYS;
	}
#else
	if (current->signal & ~current->blocked) {
		pcx_rearm();
#endif
#ifndef KERNEL_2_2
		return -EINTR;
	}
#endif
	pcx_rearm();
	if (copy_to_user(buf, pcx_axes, count))
		return -EFAULT;
	return count;
}

static const struct file_operations pcx_fops = {
	.owner	= THIS_MODULE,
	.read	= pcx_read,
};

MODULE_LICENSE("GPL");
