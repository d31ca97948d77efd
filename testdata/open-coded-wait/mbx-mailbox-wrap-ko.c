// SPDX-License-Identifier: GPL-2.0-only
/*
 * mbx_core.c -- host mailbox of the MBX-2 management controller.
 *
 * wqport fixture: a wait loop that holds the mailbox mutex from its
 * test to its state change, taken and dropped through the driver's own
 * wrappers (mbx_lock()/mbx_unlock(), whose parameter is not named as
 * the argument of the calls); the completion side takes the same mutex
 * through the same wrappers around its flag write and wake-up.  No
 * wake-up is lost: the model must read the wrappers as the mutex calls
 * in their bodies, at the sleeper and at the waker, and say so, as it
 * does for the spelled-out mutex_lock()/mutex_unlock().
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/errno.h>

struct mbx_dev {
	struct mutex io_mutex;
	wait_queue_head_t reply_wait;
	int reply_ready;
	u32 reply;
};

static inline void mbx_lock(struct mbx_dev *mb)
{
	mutex_lock(&mb->io_mutex);
}

static inline void mbx_unlock(struct mbx_dev *mb)
{
	mutex_unlock(&mb->io_mutex);
}

int mbx_wait_reply(struct mbx_dev *dev, u32 *reply)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&dev->reply_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		mbx_lock(dev);
		if (dev->reply_ready) {
			dev->reply_ready = 0;
			*reply = dev->reply;
			mbx_unlock(dev);
			break;
		}
		set_current_state(TASK_INTERRUPTIBLE);
		mbx_unlock(dev);
		schedule();
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&dev->reply_wait, &wait);
	return ret;
}

void mbx_reply_done(struct mbx_dev *dev, u32 reply)
{
	mbx_lock(dev);
	dev->reply = reply;
	dev->reply_ready = 1;
	wake_up_interruptible(&dev->reply_wait);
	mbx_unlock(dev);
}

MODULE_LICENSE("GPL");
