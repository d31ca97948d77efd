// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a vendor SDIO host driver that reads the command
 * status under its mutex inside the wait condition.  The condition runs
 * after the task state is set; mutex_lock() may sleep, which sets the
 * task running again, so the wait spins instead of sleeping (and the
 * kernel warns "do not call blocking ops when !TASK_RUNNING").
 */
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct lyn_host {
	struct mutex lock;
	wait_queue_head_t cmd_wait;
	int cmd_done;
	int cmd_err;
};

static int lyn_cmd_finished(struct lyn_host *host)
{
	int done;

	mutex_lock(&host->lock);
	done = host->cmd_done;
	mutex_unlock(&host->lock);
	return done;
}

static int lyn_wait_cmd(struct lyn_host *host)
{
	int done = 0;
	long ret;

	ret = wait_event_interruptible_timeout(host->cmd_wait,	/* expect: WQ009 */
			(mutex_lock(&host->lock), done = host->cmd_done,
			 mutex_unlock(&host->lock), done), HZ);
	if (ret < 0)
		return ret;
	if (!ret)
		return -ETIMEDOUT;
	return host->cmd_err;
}

static int lyn_wait_cmd2(struct lyn_host *host)
{
	/* the helper takes the mutex too, but out of sight: not reported */
	if (!wait_event_timeout(host->cmd_wait, lyn_cmd_finished(host), HZ))
		return -ETIMEDOUT;
	return host->cmd_err;
}
