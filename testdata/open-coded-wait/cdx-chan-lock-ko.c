// SPDX-License-Identifier: GPL-2.0-only
/*
 * cdx_dma.c -- channel completion of the CDX-8 DMA controller.
 *
 * wqport fixture: two spinlocks of one last name.  cdx_chan_wait() holds
 * the channel's lock (`&ch->lock`) from its test of `done` to its state
 * change; cdx_ctl_irq() sets `done` and wakes the channel's queue under
 * the controller's lock (`&ctl->lock`, another struct's), never the
 * channel's.  So the completion can come between the test and the state
 * write, and its wake-up is lost, as the model must say: the locks are
 * told apart by what they lock (qmatch.c: the same member of two struct
 * types), not by their last name.
 *
 * cdx_chan_reset() drops the controller's lock, calls out with it
 * dropped and takes it back, while it holds the channel's lock from
 * before: the channel's lock is held at its wake-up, whatever the
 * unlock of the other `lock` in between.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/sched.h>
#include <linux/wait.h>

struct cdx_ctl {
	spinlock_t lock;
	u32 status;
};

struct cdx_chan {
	spinlock_t lock;
	wait_queue_head_t wait;
	struct cdx_ctl *ctl;
	int done;
	int reset;
};

void cdx_chan_wait(struct cdx_chan *ch)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&ch->wait, &wait);	/* expect: WQ002 fix=keeprace */
	for (;;) {
		spin_lock(&ch->lock);
		if (ch->done) {
			spin_unlock(&ch->lock);
			break;
		}
		set_current_state(TASK_UNINTERRUPTIBLE);
		spin_unlock(&ch->lock);
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&ch->wait, &wait);
}

static void cdx_ctl_kick(struct cdx_ctl *ctl)
{
	ctl->status = 0;
}

void cdx_ctl_irq(struct cdx_ctl *ctl, struct cdx_chan *chan)
{
	spin_lock(&ctl->lock);
	chan->done = 1;
	wake_up(&chan->wait);
	spin_unlock(&ctl->lock);
}

void cdx_chan_reset(struct cdx_chan *chan)
{
	struct cdx_ctl *ctl = chan->ctl;

	spin_lock(&ctl->lock);
	spin_lock(&chan->lock);
	spin_unlock(&ctl->lock);
	cdx_ctl_kick(ctl);
	spin_lock(&ctl->lock);
	chan->reset = 1;
	chan->done = 1;
	wake_up(&chan->wait);
	spin_unlock(&chan->lock);
	spin_unlock(&ctl->lock);
}

MODULE_LICENSE("GPL");
