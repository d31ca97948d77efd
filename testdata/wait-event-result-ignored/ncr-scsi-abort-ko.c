// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a 2.6-era SCSI host driver half converted from the
 * old sleep calls to wait_event*(), without looking at what the new
 * calls return.  The abort handler goes on as if the firmware had
 * answered when the time ran out, and the ioctl hands back a stale
 * reply when a signal ends the wait.  The reset path keeps its
 * hand-written (and correct) prepare_to_wait() loop.
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

struct ncr_host {
	spinlock_t lock;
	wait_queue_head_t mbox_wait;
	int mbox_done;
	int fw_ready;
	u32 reply;
};

static irqreturn_t ncr_mbox_irq(int irq, void *dev_id)
{
	struct ncr_host *host = dev_id;

	host->mbox_done = 1;
	wake_up(&host->mbox_wait);
	return IRQ_HANDLED;
}

static int ncr_abort(struct ncr_host *host)
{
	host->mbox_done = 0;
	wait_event_timeout(host->mbox_wait, host->mbox_done, 2 * HZ);	/* expect: WQ010 */
	return host->reply == 0 ? 0 : -EIO;
}

static long ncr_ioctl_mbox(struct ncr_host *host, u32 __user *arg)
{
	host->mbox_done = 0;
	wait_event_interruptible(host->mbox_wait, host->mbox_done);	/* expect: WQ010 */
	if (put_user(host->reply, arg))
		return -EFAULT;
	return 0;
}

static int ncr_wait_fw_ready(struct ncr_host *host)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	for (;;) {
		prepare_to_wait(&host->mbox_wait, &wait, TASK_INTERRUPTIBLE);
		if (host->fw_ready)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(&host->mbox_wait, &wait);
	return ret;
}
