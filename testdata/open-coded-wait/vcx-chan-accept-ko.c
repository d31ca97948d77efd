// SPDX-License-Identifier: GPL-2.0-only
/*
 * vcx_chan.c -- VCX mailbox channels: a host process waits for the
 * firmware to offer a channel (accept) and for a channel's credits
 * (send), in the style of the 2.6-era vendor IPC drivers.
 *
 * wqport fixture: two wait loops that hold a mutex from their test to
 * their state write and drop it before the sleep, as the socket
 * protocols do with lock_sock()/release_sock().  Both test what they
 * wait for before setting the state, with the entry already queued.
 * The accept queue's waker is the mailbox interrupt, under the
 * channel-table spinlock only: it can offer a channel between the test
 * and the state write, and that wake-up is lost (the mutex keeps
 * nothing out).  The credit queue's waker returns credits under the
 * same mutex the sender holds, so it cannot come between.  The model's
 * words must say the first loop's early test is not modelled, and may
 * stay silent on the second's.
 */
#include <linux/module.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct vcx_chan {
	struct list_head node;
	int id;
};

struct vcx_dev {
	struct mutex lock;		/* the host side's state */
	spinlock_t tbl_lock;		/* the offered channels */
	struct list_head offered;
	wait_queue_head_t accept_wq;
	wait_queue_head_t credit_wq;
	int credits;
	int dead;
	void __iomem *regs;
};

static struct vcx_chan *vcx_take_offer(struct vcx_dev *vd)
{
	struct vcx_chan *ch = NULL;

	spin_lock_irq(&vd->tbl_lock);
	if (!list_empty(&vd->offered)) {
		ch = list_first_entry(&vd->offered, struct vcx_chan, node);
		list_del(&ch->node);
	}
	spin_unlock_irq(&vd->tbl_lock);
	return ch;
}

static int vcx_accept(struct vcx_dev *vd, long timeo, struct vcx_chan **out)
{
	DECLARE_WAITQUEUE(wait, current);
	struct vcx_chan *ch;
	int err = 0;

	mutex_lock(&vd->lock);
	add_wait_queue_exclusive(&vd->accept_wq, &wait);	/* expect: WQ002 fix=converted */
	while (!(ch = vcx_take_offer(vd))) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!timeo) {
			err = -EAGAIN;
			break;
		}
		mutex_unlock(&vd->lock);
		timeo = schedule_timeout(timeo);
		mutex_lock(&vd->lock);
		if (signal_pending(current)) {
			err = -ERESTARTSYS;
			break;
		}
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&vd->accept_wq, &wait);
	mutex_unlock(&vd->lock);
	*out = ch;
	return err;
}

int vcx_send_wait(struct vcx_dev *vd, long timeo)
{
	DECLARE_WAITQUEUE(wait, current);
	int err = 0;

	mutex_lock(&vd->lock);
	add_wait_queue(&vd->credit_wq, &wait);	/* expect: WQ002 fix=converted */
	while (!vd->credits) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!timeo) {
			err = -EAGAIN;
			break;
		}
		mutex_unlock(&vd->lock);
		timeo = schedule_timeout(timeo);
		mutex_lock(&vd->lock);
		if (signal_pending(current)) {
			err = -ERESTARTSYS;
			break;
		}
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&vd->credit_wq, &wait);
	if (!err)
		vd->credits--;
	mutex_unlock(&vd->lock);
	return err;
}
EXPORT_SYMBOL_GPL(vcx_send_wait);

/* The firmware returns credits through a mailbox the host polls. */
void vcx_credit_return(struct vcx_dev *vd, int n)
{
	mutex_lock(&vd->lock);
	vd->credits += n;
	wake_up_interruptible(&vd->credit_wq);
	mutex_unlock(&vd->lock);
}
EXPORT_SYMBOL_GPL(vcx_credit_return);

static irqreturn_t vcx_mbox_irq(int irq, void *dev_id)
{
	struct vcx_dev *vd = dev_id;
	struct vcx_chan *ch;
	u32 id = readl(vd->regs);

	ch = kzalloc(sizeof(*ch), GFP_ATOMIC);
	if (!ch)
		return IRQ_HANDLED;
	ch->id = id;
	spin_lock(&vd->tbl_lock);
	list_add_tail(&ch->node, &vd->offered);
	spin_unlock(&vd->tbl_lock);
	wake_up_interruptible(&vd->accept_wq);
	return IRQ_HANDLED;
}

int vcx_open_chan(struct vcx_dev *vd, long timeo)
{
	struct vcx_chan *ch;
	int err = vcx_accept(vd, timeo, &ch);

	return err ? err : ch->id;
}
EXPORT_SYMBOL_GPL(vcx_open_chan);

int vcx_setup(struct vcx_dev *vd, int irq)
{
	mutex_init(&vd->lock);
	spin_lock_init(&vd->tbl_lock);
	INIT_LIST_HEAD(&vd->offered);
	init_waitqueue_head(&vd->accept_wq);
	init_waitqueue_head(&vd->credit_wq);
	return request_irq(irq, vcx_mbox_irq, 0, "vcx", vd);
}
EXPORT_SYMBOL_GPL(vcx_setup);

MODULE_LICENSE("GPL");
