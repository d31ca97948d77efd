// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the same test twice, but what it reads changed.
 *
 * The 2.4-era "stream buffer" driver of sbk-pipe-corr-ok.c.  Each
 * function enqueues under a test and dequeues under the same test, but
 * something in between writes what the test reads: sbk_flush() calls
 * sbk_reset(), which clears sd->flags through its pointer, and
 * sbk_wait_space() recomputes its local `nowait` after the sleep.  The
 * second test can then go the other way and the entry stays queued.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/fcntl.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#define SBK_F_WAITER	0x01

struct sbk_dev {
	spinlock_t lock;
	wait_queue_head_t rwait;
	wait_queue_head_t wwait;
	int count;
	int space;
	int flags;
};

static void sbk_reset(struct sbk_dev *sd)
{
	spin_lock_irq(&sd->lock);
	sd->count = 0;
	sd->flags = 0;
	spin_unlock_irq(&sd->lock);
}

static int sbk_flush(struct sbk_dev *sd)
{
	DECLARE_WAITQUEUE(wait, current);

	if (sd->flags & SBK_F_WAITER)
		add_wait_queue(&sd->rwait, &wait);
	sbk_reset(sd);
	if (sd->flags & SBK_F_WAITER)
		remove_wait_queue(&sd->rwait, &wait);
	return 0;	/* expect: WQ006 */
}

static int sbk_wait_space(struct sbk_dev *sd, struct file *file)
{
	DECLARE_WAITQUEUE(wait, current);
	int nowait = file->f_flags & O_NONBLOCK;

	if (!nowait) {
		add_wait_queue(&sd->wwait, &wait);
		set_current_state(TASK_INTERRUPTIBLE);
		if (!sd->space)
			schedule();
		set_current_state(TASK_RUNNING);
	}
	nowait = sd->space > 0;
	if (!nowait)
		remove_wait_queue(&sd->wwait, &wait);
	return sd->space ? 0 : -EAGAIN;	/* expect: WQ006 */
}

int sbk_ioctl(struct sbk_dev *sd, struct file *file, unsigned int cmd)
{
	if (cmd == 1)
		return sbk_flush(sd);
	return sbk_wait_space(sd, file);
}
