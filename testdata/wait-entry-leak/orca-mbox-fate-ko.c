// SPDX-License-Identifier: GPL-2.0-only
/*
 * orca_mbox.c -- mailbox of the ORCA-2 DSP card.
 *
 * wqport fixture: orca-mbox-fate-ok.c with each fact that kept its
 * exits from leaking a wait entry taken away:
 * - the reply waiter's entry has default_wake_function
 *   (init_waitqueue_entry()), which never dequeues it: the exit on
 *   ob->replied leaves the entry queued;
 * - the slot waiter's wake function clears private but does not
 *   dequeue the entry;
 * - the event thread removes its entry only while the channel is open,
 *   a flag: the channel and its queue live on when it is clear.  The loops are open-coded on purpose (WQ002 says so):
 * this fixture is about WQ006 alone.
 * wqport-args: --select=WQ006
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct orca_chan {
	wait_queue_head_t event_wait;
	int events;
	int open;
};

struct orca_mbox {
	spinlock_t lock;
	wait_queue_head_t reply_wait;
	wait_queue_head_t slot_wait;
	struct orca_chan *chan;
	int free_slots;
	int replied;
};

static int orca_slot_wake(struct wait_queue_entry *wq, unsigned int mode,
			  int sync, void *key)
{
	struct task_struct *p = wq->private;

	smp_store_release(&wq->private, NULL);
	wake_up_process(p);
	return 1;
}

int orca_wait_reply(struct orca_mbox *ob)
{
	struct wait_queue_entry wait;

	init_waitqueue_entry(&wait, current);
	spin_lock_irq(&ob->lock);
	if (ob->replied) {
		spin_unlock_irq(&ob->lock);
		return 0;
	}
	__add_wait_queue(&ob->reply_wait, &wait);
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		spin_unlock_irq(&ob->lock);
		schedule();
		if (list_empty(&wait.entry))
			break;
		/* woken, but still queued: see whether the reply came */
		spin_lock_irq(&ob->lock);
		if (ob->replied) {
			spin_unlock_irq(&ob->lock);
			break;
		}
	}
	return 0;	/* expect: WQ006 */
}

void orca_get_slot(struct orca_mbox *ob)
{
	DEFINE_WAIT_FUNC(wait, orca_slot_wake);

	spin_lock_irq(&ob->lock);
	if (ob->free_slots) {
		ob->free_slots--;
		spin_unlock_irq(&ob->lock);
		return;
	}
	wait.private = current;
	__add_wait_queue_entry_tail(&ob->slot_wait, &wait);
	spin_unlock_irq(&ob->lock);
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (!smp_load_acquire(&wait.private))
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
}	/* expect: WQ006 */

static int orca_event_thread(void *data)
{
	struct orca_mbox *ob = data;
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&ob->chan->event_wait, &wait);
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (ob->chan->events) {
			__set_current_state(TASK_RUNNING);
			ob->chan->events = 0;
			continue;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	if (ob->chan->open)
		remove_wait_queue(&ob->chan->event_wait, &wait);
	return 0;	/* expect: WQ006 */
}

void orca_reply_irq(struct orca_mbox *ob)
{
	spin_lock(&ob->lock);
	ob->replied = 1;
	wake_up_locked(&ob->reply_wait);
	spin_unlock(&ob->lock);
}

void orca_put_slot(struct orca_mbox *ob)
{
	spin_lock_irq(&ob->lock);
	if (!waitqueue_active(&ob->slot_wait))
		ob->free_slots++;
	else
		wake_up_locked(&ob->slot_wait);
	spin_unlock_irq(&ob->lock);
}

void orca_chan_destroy(struct orca_mbox *ob)
{
	struct orca_chan *c = ob->chan;

	c->open = 0;
	wake_up_all(&c->event_wait);
}

struct task_struct *orca_start(struct orca_mbox *ob)
{
	return kthread_run(orca_event_thread, ob, "orca-event");
}

EXPORT_SYMBOL_GPL(orca_wait_reply);
EXPORT_SYMBOL_GPL(orca_get_slot);
EXPORT_SYMBOL_GPL(orca_reply_irq);
EXPORT_SYMBOL_GPL(orca_put_slot);
EXPORT_SYMBOL_GPL(orca_chan_destroy);
EXPORT_SYMBOL_GPL(orca_start);
MODULE_LICENSE("GPL");
