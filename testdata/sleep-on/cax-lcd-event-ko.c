// SPDX-License-Identifier: GPL-2.0-only
/*
 * cax: the front-panel LCD of an invented NAS box.  A daemon reads the
 * backup event with one ioctl (it sleeps until there is one), and the
 * backup tool posts it with another: the SET arm of the same ioctl wakes
 * the GET arm's sleep.  Two tasks call the two arms, so that wake-up is
 * a waker of this file, not the sleeper waking itself.
 */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define CAX_SET_BACKUP_EVENT	0x4c01
#define CAX_GET_BACKUP_EVENT	0x4c02

static DECLARE_WAIT_QUEUE_HEAD(cax_backup_wq);
static DEFINE_MUTEX(cax_backup_lock);
static int cax_backup_event;

static long cax_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int __user *argp = (int __user *)arg;

	switch (cmd) {
	case CAX_SET_BACKUP_EVENT:
		mutex_lock(&cax_backup_lock);
		if (get_user(cax_backup_event, argp)) {
			mutex_unlock(&cax_backup_lock);
			return -EFAULT;
		}
		mutex_unlock(&cax_backup_lock);
		wake_up_interruptible(&cax_backup_wq);
		break;
	case CAX_GET_BACKUP_EVENT:
		interruptible_sleep_on(&cax_backup_wq);	/* expect: WQ001 fix=keeprace */
		mutex_lock(&cax_backup_lock);
		if (put_user(cax_backup_event, argp)) {
			mutex_unlock(&cax_backup_lock);
			return -EFAULT;
		}
		cax_backup_event = 0;
		mutex_unlock(&cax_backup_lock);
		break;
	default:
		return -ENOTTY;
	}
	return 0;
}

static const struct file_operations cax_fops = {
	.unlocked_ioctl = cax_ioctl,
};
