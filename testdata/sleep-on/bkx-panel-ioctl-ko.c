// SPDX-License-Identifier: GPL-2.0-only
/*
 * bkx_panel.c -- front-panel button driver of a 2.6 set-top box SDK:
 * an ioctl waits for a key press, and the release of the device (which
 * stops the panel) ends the wait.  Both take the big kernel lock
 * themselves, as drivers did after its push-down into their ioctl and
 * open/release paths.
 *
 * wqport fixture: the original loses no wake-up to the release, since
 * each side holds the big kernel lock from before its test (or its
 * change) until its sleep (or after its wake-up), and schedule() drops
 * it.  The model's verdict on the original must say what closes it
 * ("the original has one unless the big kernel lock covers ..."), not a
 * bare "the original has one".
 * wqport-test: shim-only (smp_lock.h and file_operations.ioctl are gone in 6.1)
 * wqport-fix-test: no-kbuild (the big kernel lock is gone from 6.1)
 */
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/smp_lock.h>
#include <linux/wait.h>

struct bkx_panel {
	wait_queue_head_t key_wait;
	int stopped;
	unsigned int key;
};

static struct bkx_panel bkx;

static int bkx_ioctl(struct inode *inode, struct file *file,
		     unsigned int cmd, unsigned long arg)
{
	unsigned int key;

	lock_kernel();
	while (!bkx.stopped)
		interruptible_sleep_on(&bkx.key_wait);	/* expect: WQ001 fix=converted */
	key = bkx.key;
	unlock_kernel();
	return put_user(key, (unsigned int __user *)arg);
}

static int bkx_release(struct inode *inode, struct file *file)
{
	lock_kernel();
	bkx.stopped = 1;
	wake_up_interruptible(&bkx.key_wait);
	unlock_kernel();
	return 0;
}

static const struct file_operations bkx_fops = {
	.owner = THIS_MODULE,
	.ioctl = bkx_ioctl,
	.release = bkx_release,
};

MODULE_LICENSE("GPL");
