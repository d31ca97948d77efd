// SPDX-License-Identifier: GPL-2.0-only
/*
 * rdx_ioctl.c -- management pass-through of the RDX-8 SATA RAID
 * controller, a 2.6 vendor driver.
 *
 * The management tool sends firmware commands through an ioctl.  The
 * controller takes at most RDX_MAX_MGMT of them at a time: a sender
 * waits, exclusively, for a slot, and takes it under the adapter lock
 * inside the loop; then it waits for the command's completion with a
 * timeout, the adapter lock dropped with spin_unlock_irqrestore()
 * around the sleep, and the event counter sampled before it.
 *
 * wqport fixture: both loops are correct prepare_to_wait() loops in the
 * 2.6 style (the state is set by prepare_to_wait() before each test,
 * finish_wait() on every exit, signals answered): nothing to report.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/errno.h>

#define RDX_MAX_MGMT		2

struct rdx_cmd {
	int done;
	int status;
};

struct rdx_adapter {
	spinlock_t lock;
	wait_queue_head_t slot_wait;
	wait_queue_head_t done_wait;
	int mgmt_busy;
	unsigned long events;
};

extern void rdx_fire(struct rdx_adapter *a, struct rdx_cmd *cmd);

static int rdx_get_slot(struct rdx_adapter *a)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	for (;;) {
		prepare_to_wait_exclusive(&a->slot_wait, &wait,
					  TASK_INTERRUPTIBLE);
		spin_lock_irq(&a->lock);
		if (a->mgmt_busy < RDX_MAX_MGMT) {
			a->mgmt_busy++;
			spin_unlock_irq(&a->lock);
			break;
		}
		spin_unlock_irq(&a->lock);
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(&a->slot_wait, &wait);
	return ret;
}

static void rdx_put_slot(struct rdx_adapter *a)
{
	unsigned long flags;

	spin_lock_irqsave(&a->lock, flags);
	a->mgmt_busy--;
	spin_unlock_irqrestore(&a->lock, flags);
	wake_up(&a->slot_wait);
}

static int rdx_run_mgmt(struct rdx_adapter *a, struct rdx_cmd *cmd)
{
	DEFINE_WAIT(wait);
	unsigned long flags;
	long left = 30 * HZ;
	int ret;

	ret = rdx_get_slot(a);
	if (ret)
		return ret;

	spin_lock_irqsave(&a->lock, flags);
	cmd->done = 0;
	rdx_fire(a, cmd);
	for (;;) {
		prepare_to_wait(&a->done_wait, &wait, TASK_INTERRUPTIBLE);
		if (cmd->done)
			break;
		if (signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		if (!left) {
			ret = -ETIMEDOUT;
			break;
		}
		a->events++;
		spin_unlock_irqrestore(&a->lock, flags);
		left = schedule_timeout(left);
		spin_lock_irqsave(&a->lock, flags);
	}
	finish_wait(&a->done_wait, &wait);
	if (!ret)
		ret = cmd->status;
	spin_unlock_irqrestore(&a->lock, flags);
	rdx_put_slot(a);
	return ret;
}

void rdx_mgmt_intr(struct rdx_adapter *a, struct rdx_cmd *cmd, int status)
{
	unsigned long flags;

	spin_lock_irqsave(&a->lock, flags);
	cmd->status = status;
	cmd->done = 1;
	spin_unlock_irqrestore(&a->lock, flags);
	wake_up_interruptible(&a->done_wait);
}
