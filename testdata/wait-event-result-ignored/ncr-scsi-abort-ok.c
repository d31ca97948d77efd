// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: wait_event*() results used as they should be: tested,
 * returned, kept in a long, or discarded on purpose with (void); and
 * the flavours that return nothing.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct ncr_host {
	wait_queue_head_t mbox_wait;
	int mbox_done;
	int dying;
	u32 reply;
};

static int ncr_abort(struct ncr_host *host)
{
	long left;

	host->mbox_done = 0;
	left = wait_event_timeout(host->mbox_wait, host->mbox_done, 2 * HZ);
	if (!left)
		return -ETIMEDOUT;
	return host->reply == 0 ? 0 : -EIO;
}

static int ncr_wait_reply(struct ncr_host *host)
{
	if (wait_event_interruptible(host->mbox_wait, host->mbox_done))
		return -ERESTARTSYS;
	return host->reply;
}

static int ncr_wait_killable(struct ncr_host *host)
{
	return wait_event_killable(host->mbox_wait, host->mbox_done);
}

static void ncr_remove(struct ncr_host *host)
{
	host->dying = 1;
	wait_event(host->mbox_wait, host->mbox_done);
	/* best effort: the firmware may be gone already */
	(void)wait_event_timeout(host->mbox_wait, !host->mbox_done, HZ);
}

static int ncr_ioctl(struct ncr_host *host)
{
	int ret;

	ret = wait_event_interruptible(host->mbox_wait, host->mbox_done);
	if (ret)
		return ret;
	return host->reply;
}
