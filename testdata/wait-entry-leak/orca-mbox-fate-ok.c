// SPDX-License-Identifier: GPL-2.0-only
/*
 * orca_mbox.c -- mailbox of the ORCA-2 DSP card.
 *
 * wqport fixture: exits that leave no wait entry queued although no
 * remove_wait_queue() or finish_wait() is on their path, after the
 * shapes of Linux 6.1 (fs/fs_pin.c, kernel/locking/percpu-rwsem.c,
 * drivers/scsi/aacraid):
 * - the reply waiter's entry has autoremove_wake_function (init_wait()):
 *   the wake-up that ends its schedule() dequeues it, so neither the
 *   list_empty(&wait.entry) exit nor the reply exit leaves it queued;
 * - the slot waiter's own wake function dequeues the entry, then clears
 *   its private field, which the waiter tests;
 * - the event thread removes its entry only while the channel exists:
 *   orca_chan_destroy() frees the channel and its queue with it, and
 *   clears ob->chan first.
 * orca-mbox-fate-ko.c is the same driver with each protecting fact
 * taken away.  The loops are open-coded on purpose (WQ002 says so):
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

	list_del_init(&wq->entry);
	smp_store_release(&wq->private, NULL);
	wake_up_process(p);
	return 1;
}

int orca_wait_reply(struct orca_mbox *ob)
{
	struct wait_queue_entry wait;

	init_wait(&wait);
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
	return 0;
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
}

static int orca_event_thread(void *data)
{
	struct orca_mbox *ob = data;
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&ob->chan->event_wait, &wait);
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (ob->chan && ob->chan->events) {
			__set_current_state(TASK_RUNNING);
			ob->chan->events = 0;
			continue;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	if (ob->chan)
		remove_wait_queue(&ob->chan->event_wait, &wait);
	return 0;
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

	ob->chan = NULL;
	wake_up_all(&c->event_wait);
	kfree(c);
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
