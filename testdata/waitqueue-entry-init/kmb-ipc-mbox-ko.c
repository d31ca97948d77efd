// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a 3.x-era mailbox driver whose waiters queue
 * exclusively, with an entry made by init_waitqueue_entry() for
 * prepare_to_wait_exclusive(), which queues it only if its list reads
 * as empty: init_waitqueue_entry() never set that list, so whether the
 * task is queued at all depends on the stack.  Checked for a 3.10
 * kernel, where wait_queue_t is still the entry type's name.
 *
 * wqport-args: --target=3.10
 *
 * wqport-test: shim-only (wait_queue_t does not exist in 6.1 headers)
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct kmb_mbox {
	spinlock_t lock;
	wait_queue_head_t slot_wait;
	unsigned int free_slots;
};

static int kmb_mbox_get_slot(struct kmb_mbox *mb)
{
	wait_queue_t wait;
	int ret = 0;

	init_waitqueue_entry(&wait, current);	/* expect: WQ008 */
	spin_lock_irq(&mb->lock);
	while (!mb->free_slots) {
		prepare_to_wait_exclusive(&mb->slot_wait, &wait,
					  TASK_INTERRUPTIBLE);
		spin_unlock_irq(&mb->lock);
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			spin_lock_irq(&mb->lock);
			break;
		}
		schedule();
		spin_lock_irq(&mb->lock);
	}
	finish_wait(&mb->slot_wait, &wait);
	if (!ret)
		mb->free_slots--;
	spin_unlock_irq(&mb->lock);
	return ret;
}

static void kmb_mbox_put_slot(struct kmb_mbox *mb)
{
	unsigned long flags;

	spin_lock_irqsave(&mb->lock, flags);
	mb->free_slots++;
	spin_unlock_irqrestore(&mb->lock, flags);
	wake_up(&mb->slot_wait);
}
