// SPDX-License-Identifier: GPL-2.0-only
/*
 * evx_misc.c -- event counter of the EVX-4 industrial I/O card, a 2.4
 * misc device (/dev/evx).
 *
 * read() blocks until the card has counted an edge, the way 2.4 char
 * drivers wrote it: DECLARE_WAITQUEUE, add_wait_queue, the state set by
 * hand with current->state, an O_NONBLOCK exit and -ERESTARTSYS on a
 * signal.  The /proc-style status read is the /dev/rtc shape: the state
 * is set once, before a do { } while (1) loop that samples the counter
 * under the card lock.  The self-test ioctl polls under the big kernel
 * lock.
 *
 * wqport fixture: the read loop keeps its O_NONBLOCK and signal exits
 * and becomes DEFINE_WAIT/prepare_to_wait()/finish_wait(); the status
 * loop is reported twice (open-coded, and the state set outside the
 * loop, a busy loop after a spurious wake-up) and left alone: it leaves
 * through goto, and `do { } while (1)` is no do-while that sleeps
 * first.  The self-test poll sleeps on a queue nothing wakes: it is a
 * delay.
 * wqport-args: --target=2.4.37
 * wqport-test: shim-only (current->state does not exist in 6.1 headers)
 * wqport-fix-test: no-compile (SPIN_LOCK_UNLOCKED and the .ioctl file operation are 2.4's)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/smp_lock.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <asm/io.h>
#include <asm/uaccess.h>

#define EVX_BASE		0x2a0
#define EVX_REG_COUNT		0
#define EVX_REG_CTRL		2
#define EVX_CTRL_SELFTEST	0x04
#define EVX_IOC_SELFTEST	0x4501
#define EVX_MINOR		241

static DECLARE_WAIT_QUEUE_HEAD(evx_wait);
static DECLARE_WAIT_QUEUE_HEAD(evx_test_wait);
static spinlock_t evx_lock = SPIN_LOCK_UNLOCKED;
static unsigned long evx_count;
static unsigned long evx_status;

static void evx_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	spin_lock(&evx_lock);
	evx_count += inb(EVX_BASE + EVX_REG_COUNT);
	evx_status = 1;
	spin_unlock(&evx_lock);
	wake_up_interruptible(&evx_wait);
}

static ssize_t evx_read(struct file *file, char *buf, size_t count,
			loff_t *ppos)
{
	DECLARE_WAITQUEUE(wait, current);
	unsigned long n;
	ssize_t retval = 0;

	if (count < sizeof(unsigned long))
		return -EINVAL;

	add_wait_queue(&evx_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		current->state = TASK_INTERRUPTIBLE;
		if (evx_count)
			break;
		if (file->f_flags & O_NONBLOCK) {
			retval = -EAGAIN;
			break;
		}
		if (signal_pending(current)) {
			retval = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	current->state = TASK_RUNNING;
	remove_wait_queue(&evx_wait, &wait);
	if (retval)
		return retval;

	spin_lock_irq(&evx_lock);
	n = evx_count;
	evx_count = 0;
	spin_unlock_irq(&evx_lock);
	if (copy_to_user(buf, &n, sizeof(n)))
		return -EFAULT;
	return sizeof(n);
}

static ssize_t evx_status_read(struct file *file, char *buf, size_t count,
			       loff_t *ppos)
{
	DECLARE_WAITQUEUE(wait, current);
	unsigned long data;
	ssize_t retval;

	add_wait_queue(&evx_wait, &wait);	/* expect: WQ002 fix=converted */
	current->state = TASK_INTERRUPTIBLE;
	do {
		spin_lock_irq(&evx_lock);
		data = evx_status;
		evx_status = 0;
		spin_unlock_irq(&evx_lock);
		if (data != 0)
			break;
		if (file->f_flags & O_NONBLOCK) {
			retval = -EAGAIN;
			goto out;
		}
		if (signal_pending(current)) {
			retval = -ERESTARTSYS;
			goto out;
		}
		schedule();	/* expect: WQ004 fix=refused:no-patch */
	} while (1);
	retval = put_user(data, (unsigned long *)buf);
	if (!retval)
		retval = sizeof(unsigned long);
out:
	current->state = TASK_RUNNING;
	remove_wait_queue(&evx_wait, &wait);
	return retval;
}

static int evx_ioctl(struct inode *inode, struct file *file,
		     unsigned int cmd, unsigned long arg)
{
	int tries = 10;

	if (cmd != EVX_IOC_SELFTEST)
		return -ENOTTY;

	lock_kernel();
	outb(EVX_CTRL_SELFTEST, EVX_BASE + EVX_REG_CTRL);
	while ((inb(EVX_BASE + EVX_REG_CTRL) & EVX_CTRL_SELFTEST) && tries--)
		interruptible_sleep_on_timeout(&evx_test_wait, HZ / 10);	/* expect: WQ001 fix=converted */
	unlock_kernel();
	return tries < 0 ? -EIO : 0;
}

static struct file_operations evx_fops = {
	owner:		THIS_MODULE,
	read:		evx_read,
	ioctl:		evx_ioctl,
};

static struct miscdevice evx_dev = {
	EVX_MINOR, "evx", &evx_fops
};

static struct file_operations evx_status_fops = {
	owner:		THIS_MODULE,
	read:		evx_status_read,
};
