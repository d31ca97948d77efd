// SPDX-License-Identifier: GPL-2.0-only
/*
 * mbx_mbox.c -- the command mailbox of the MBX-2 storage controller, in
 * the style of the 2.6 RAID drivers: the mailbox state is under a
 * spinlock the interrupt handler takes too, and a caller waits for the
 * mailbox with that lock dropped around the sleep only.
 *
 * wqport fixture: the untimed wait drops the lock with spin_unlock_irq()
 * and retakes it with spin_lock_irq() around interruptible_sleep_on(),
 * and tests for a signal: wait_event_interruptible_lock_irq().  The
 * timed wait does the same around interruptible_sleep_on_timeout():
 * wait_event_interruptible_timeout() there would sleep holding the
 * lock, and the _lock_irq_timeout form that drops it is not written,
 * so the planner does not propose a wait_event*() (it used to plan the
 * lockless form, which no semantic patch matched: refused, no-patch);
 * the sleep is queued with prepare_to_wait() before the unlock, under
 * the lock the test is made under, which closes the race in place.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <linux/io.h>

#define MBX_DOORBELL	0x20
#define MBX_STATUS	0x24
#define MBX_ST_DONE	0x01

struct mbx_ctrl {
	void __iomem *regs;
	spinlock_t lock;
	wait_queue_head_t mbox_wait;
	int mbox_busy;
	u32 status;
};

static irqreturn_t mbx_intr(int irq, void *dev_id)
{
	struct mbx_ctrl *c = dev_id;
	u32 st = readl(c->regs + MBX_STATUS);

	if (!(st & MBX_ST_DONE))
		return IRQ_NONE;
	spin_lock(&c->lock);
	c->status = st;
	c->mbox_busy = 0;
	spin_unlock(&c->lock);
	wake_up_interruptible(&c->mbox_wait);
	return IRQ_HANDLED;
}

int mbx_issue(struct mbx_ctrl *c, u32 cmd)
{
	spin_lock_irq(&c->lock);
	while (c->mbox_busy) {
		spin_unlock_irq(&c->lock);
		interruptible_sleep_on(&c->mbox_wait);	/* expect: WQ001 fix=converted */
		spin_lock_irq(&c->lock);
		if (signal_pending(current)) {
			spin_unlock_irq(&c->lock);
			return -ERESTARTSYS;
		}
	}
	c->mbox_busy = 1;
	writel(cmd, c->regs + MBX_DOORBELL);
	spin_unlock_irq(&c->lock);
	return 0;
}

int mbx_issue_timed(struct mbx_ctrl *c, u32 cmd)
{
	long t = 2 * HZ;

	spin_lock_irq(&c->lock);
	while (c->mbox_busy && t) {
		spin_unlock_irq(&c->lock);
		t = interruptible_sleep_on_timeout(&c->mbox_wait, t);	/* expect: WQ001 fix=converted */
		spin_lock_irq(&c->lock);
	}
	if (!t) {
		spin_unlock_irq(&c->lock);
		return -ETIMEDOUT;
	}
	c->mbox_busy = 1;
	writel(cmd, c->regs + MBX_DOORBELL);
	spin_unlock_irq(&c->lock);
	return 0;
}

MODULE_LICENSE("GPL");
