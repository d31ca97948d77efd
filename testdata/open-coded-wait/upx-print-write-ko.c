// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): a USB printer's write waits for the last
 * write URB to complete.  One queue serves both directions: the read
 * completion sets rcomplete and the write completion wcomplete, each
 * waking the same queue.  The inner wait loop sets its state before it
 * tests wcomplete, so no wake-up of the write completion is lost.  The
 * model's condition is one flag: the outer loop's tests (the count, the
 * device present, the URB status) are not what the write completion
 * makes true, and the read completion's wake-up is not the writer's.
 * The verdict must not claim a wake-up lost until the timeout.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define UPX_WRITE_TIMEOUT	(5 * HZ)
#define UPX_BUF_SIZE		8192

struct upx_urb {
	int status;
	void *buf;
	size_t len;
};

struct upx_printer {
	struct mutex lock;
	wait_queue_head_t wait;
	int present;
	int rcomplete, wcomplete;
	struct upx_urb *writeurb;
};

int upx_submit(struct upx_printer *p);

void upx_read_done(struct upx_printer *p)
{
	if (!p->present)
		return;
	p->rcomplete = 1;
	wake_up_interruptible(&p->wait);
}
EXPORT_SYMBOL_GPL(upx_read_done);

void upx_write_done(struct upx_printer *p)
{
	if (!p->present)
		return;
	p->wcomplete = 1;
	wake_up_interruptible(&p->wait);
}
EXPORT_SYMBOL_GPL(upx_write_done);

ssize_t upx_write(struct file *file, const char __user *buf, size_t count)
{
	DECLARE_WAITQUEUE(wait, current);
	struct upx_printer *p = file->private_data;
	size_t written = 0, len = 0;
	long timeout;
	int err;

	while (written < count) {
		if (!p->wcomplete) {
			if (file->f_flags & O_NONBLOCK)
				return written ? written : -EAGAIN;
			timeout = UPX_WRITE_TIMEOUT;
			add_wait_queue(&p->wait, &wait);	/* expect: WQ002 fix=converted */
			while (1) {
				if (signal_pending(current)) {
					remove_wait_queue(&p->wait, &wait);
					return written ? written : -EINTR;
				}
				set_current_state(TASK_INTERRUPTIBLE);
				if (timeout && !p->wcomplete) {
					timeout = schedule_timeout(timeout);
				} else {
					set_current_state(TASK_RUNNING);
					break;
				}
			}
			remove_wait_queue(&p->wait, &wait);
		}

		mutex_lock(&p->lock);
		if (!p->present) {
			mutex_unlock(&p->lock);
			return -ENODEV;
		}
		if (p->writeurb->status != 0) {
			err = p->writeurb->status;
			mutex_unlock(&p->lock);
			/* let the disconnect path take the lock */
			schedule();
			continue;
		}
		written += len;
		if (written == count) {
			mutex_unlock(&p->lock);
			break;
		}
		len = min_t(size_t, count - written, UPX_BUF_SIZE);
		if (copy_from_user(p->writeurb->buf, buf + written, len)) {
			mutex_unlock(&p->lock);
			return written ? written : -EFAULT;
		}
		p->writeurb->len = len;
		p->wcomplete = 0;
		err = upx_submit(p);
		mutex_unlock(&p->lock);
		if (err)
			return err;
	}
	return count;
}
EXPORT_SYMBOL_GPL(upx_write);

MODULE_LICENSE("GPL");
