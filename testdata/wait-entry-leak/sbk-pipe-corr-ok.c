// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: branches taken the same way twice.
 *
 * A 2.4-era "stream buffer" character driver.  Each function below
 * decides once and acts on the decision in two places, with nothing in
 * between that could change it: the same test repeated, its negation or
 * its complement (`cnt <= 0` then `cnt > 0`), on a local or on a field
 * of the device, with only known kernel calls (locks, printk, the wait
 * API) in between.  No path enqueues without dequeuing, and no path
 * sleeps without a sleeping state.  sbk_poll_wait() dequeues only when
 * `!list_empty(&wait.entry)`: otherwise a wake-up already took the
 * DEFINE_WAIT() entry off the queue.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/fcntl.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define SBK_TIMEOUT	(5 * HZ)

struct sbk_queues {
	wait_queue_head_t cmdready;
	int pending;
};

struct sbk_dev {
	spinlock_t lock;
	wait_queue_head_t rwait;
	struct sbk_queues *queues;
	int count;
	int flags;
	char buf[256];
};

static ssize_t sbk_read(struct file *file, char *buf, size_t len,
			loff_t *ppos)
{
	struct sbk_dev *sd = file->private_data;
	DECLARE_WAITQUEUE(wait, current);
	int noblock = file->f_flags & O_NONBLOCK;
	int cnt;

	if (!noblock)
		add_wait_queue(&sd->rwait, &wait);
	spin_lock_irq(&sd->lock);
	cnt = sd->count;
	if (cnt <= 0)
		__set_current_state(TASK_INTERRUPTIBLE);
	spin_unlock_irq(&sd->lock);
	if (cnt > 0)
		goto copy;
	if (!noblock && cnt <= 0) {
		schedule_timeout(SBK_TIMEOUT);
		cnt = sd->count;
	}
	__set_current_state(TASK_RUNNING);
copy:
	if (!noblock)
		remove_wait_queue(&sd->rwait, &wait);
	if (cnt <= 0)
		return noblock ? -EAGAIN : -ERESTARTSYS;
	if (len > cnt)
		len = cnt;
	if (copy_to_user(buf, sd->buf, len))
		return -EFAULT;
	return len;
}

static void sbk_idle(struct sbk_dev *sd, long state)
{
	if (state != TASK_RUNNING)
		set_current_state(state);
	printk(KERN_DEBUG "sbk: idle\n");
	if (state != TASK_RUNNING)
		schedule_timeout(HZ / 10);
}

static int sbk_cmd_thread(void *arg)
{
	struct sbk_dev *sd = arg;
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&sd->queues->cmdready, &wait);
	set_current_state(TASK_INTERRUPTIBLE);
	if (!sd->queues->pending)
		schedule();
	set_current_state(TASK_RUNNING);
	if (sd->queues)
		remove_wait_queue(&sd->queues->cmdready, &wait);
	return 0;
}

static int sbk_drain(struct sbk_dev *sd)
{
	DECLARE_WAITQUEUE(wait, current);

	if (sd->flags & 1)
		add_wait_queue(&sd->rwait, &wait);
	spin_lock_irq(&sd->lock);
	sd->count = 0;
	spin_unlock_irq(&sd->lock);
	if (!(sd->flags & 1))
		return 0;
	remove_wait_queue(&sd->rwait, &wait);
	return 1;
}

static int sbk_poll_wait(struct sbk_dev *sd)
{
	DEFINE_WAIT(wait);

	for (;;) {
		if (sd->count > 0)
			return 0;
		if (signal_pending(current))
			return -ERESTARTSYS;
		prepare_to_wait(&sd->rwait, &wait, TASK_INTERRUPTIBLE);
		if (!sd->count)
			schedule_timeout(HZ);
		/* a wake-up already took it off the queue? */
		if (!list_empty(&wait.entry))
			finish_wait(&sd->rwait, &wait);
	}
}

int sbk_ioctl(struct sbk_dev *sd, unsigned int cmd)
{
	if (cmd == 3)
		return sbk_poll_wait(sd);
	if (cmd == 1)
		sbk_idle(sd, TASK_INTERRUPTIBLE);
	if (cmd == 2)
		return sbk_drain(sd);
	return sbk_cmd_thread(sd);
}
