// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the input side of a MIDI port driver, whose read and
 * drain loops drop the port's spinlock right before the sleep and take
 * it again after it, and between the two leave early from a block that
 * drops the lock on its way out:
 *
 *	spin_lock_irq(&p->lock);
 *	if (p->dead) {
 *		spin_unlock_irq(&p->lock);
 *		return -EIO;
 *	}
 *
 * The unlock in that block is not on the way back to the loop's test:
 * the lock is held there, so a plain wait_event*() in place of the loop
 * would sleep holding it.
 *
 * - rlx_read(): spin_unlock_irq()/spin_lock_irq() around schedule(),
 *   the shape wait_event_interruptible_lock_irq() has;
 * - rlx_drain(): the same with a timeout, the _lock_irq_timeout form;
 * - rlx_wait_room(): spin_unlock_irqrestore(), which no
 *   wait_event*_lock_irq*() form keeps: prepare_to_wait() is named.
 */
#include <linux/module.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct rlx_port {
	spinlock_t lock;
	wait_queue_head_t sleep;
	unsigned int avail;
	unsigned int room;
	bool dead;
};

long rlx_read(struct rlx_port *p, bool nonblock)
{
	long n;

	spin_lock_irq(&p->lock);
	while (!p->avail) {
		wait_queue_entry_t wait;

		if (nonblock) {
			spin_unlock_irq(&p->lock);
			return -EAGAIN;
		}
		init_waitqueue_entry(&wait, current);
		add_wait_queue(&p->sleep, &wait);	/* expect: WQ002 fix=converted */
		set_current_state(TASK_INTERRUPTIBLE);
		spin_unlock_irq(&p->lock);
		schedule();
		remove_wait_queue(&p->sleep, &wait);
		if (signal_pending(current))
			return -ERESTARTSYS;
		spin_lock_irq(&p->lock);
		if (p->dead) {
			spin_unlock_irq(&p->lock);
			return -EIO;
		}
	}
	n = p->avail;
	p->avail = 0;
	spin_unlock_irq(&p->lock);
	return n;
}
EXPORT_SYMBOL(rlx_read);

int rlx_drain(struct rlx_port *p)
{
	long timeout = 1;

	spin_lock_irq(&p->lock);
	while (p->avail) {
		wait_queue_entry_t wait;

		init_waitqueue_entry(&wait, current);
		add_wait_queue(&p->sleep, &wait);	/* expect: WQ002 fix=converted */
		set_current_state(TASK_INTERRUPTIBLE);
		spin_unlock_irq(&p->lock);
		timeout = schedule_timeout(HZ);
		remove_wait_queue(&p->sleep, &wait);
		if (signal_pending(current))
			return -ERESTARTSYS;
		spin_lock_irq(&p->lock);
		if (!timeout) {
			spin_unlock_irq(&p->lock);
			return -ETIMEDOUT;
		}
	}
	spin_unlock_irq(&p->lock);
	return 0;
}
EXPORT_SYMBOL(rlx_drain);

int rlx_wait_room(struct rlx_port *p)
{
	unsigned long flags;
	DECLARE_WAITQUEUE(wait, current);

	spin_lock_irqsave(&p->lock, flags);
	while (!p->room) {
		set_current_state(TASK_INTERRUPTIBLE);
		add_wait_queue(&p->sleep, &wait);	/* expect: WQ002 fix=converted */
		spin_unlock_irqrestore(&p->lock, flags);
		schedule();
		spin_lock_irqsave(&p->lock, flags);
		remove_wait_queue(&p->sleep, &wait);
		if (signal_pending(current)) {
			spin_unlock_irqrestore(&p->lock, flags);
			return -ERESTARTSYS;
		}
	}
	p->room--;
	spin_unlock_irqrestore(&p->lock, flags);
	return 0;
}
EXPORT_SYMBOL(rlx_wait_room);

void rlx_input(struct rlx_port *p, unsigned int n)
{
	unsigned long flags;

	spin_lock_irqsave(&p->lock, flags);
	p->avail += n;
	spin_unlock_irqrestore(&p->lock, flags);
	wake_up(&p->sleep);
}
EXPORT_SYMBOL(rlx_input);

MODULE_LICENSE("GPL");
