// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a credit-based throttle.  A writer that finds no
 * credit queues itself with an entry made by DEFINE_WAIT_FUNC() whose
 * wake function of the driver's hands over the credit and takes the
 * entry off the queue; the writer sleeps until its entry says granted.
 * The loop is open-coded on purpose: a wait_event*() form would wake
 * through a function of its own instead of cwx_credit_wake(), so the
 * finding must not offer one, whether the entry gets its function from
 * init_waitqueue_func_entry() or by assignment (`w.wait.func = fn;`).
 * The second waits exclusive (one credit, one writer woken): the words
 * name prepare_to_wait_exclusive() for it.
 * wqport-cocci: beyond-standalone (the entry is made by init_waitqueue_func_entry(), which the semantic patch does not match; the fix refuses it as an entry not made here)
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct cwx_throttle {
	spinlock_t lock;
	wait_queue_head_t waitq;
	unsigned int credit;
};

struct cwx_waiter {
	struct wait_queue_entry wait;
	struct cwx_throttle *thr;
	bool granted;
};

static int cwx_credit_wake(struct wait_queue_entry *wq_entry,
			   unsigned int mode, int flags, void *key)
{
	struct cwx_waiter *w = container_of(wq_entry, struct cwx_waiter, wait);

	if (!w->thr->credit)
		return -1;
	w->thr->credit--;
	w->granted = true;
	list_del_init(&wq_entry->entry);
	default_wake_function(wq_entry, mode, flags, key);
	return 0;
}

void cwx_throttle_wait(struct cwx_throttle *thr)
{
	struct cwx_waiter w = { .thr = thr, .granted = false };

	spin_lock_irq(&thr->lock);
	if (thr->credit) {
		thr->credit--;
		spin_unlock_irq(&thr->lock);
		return;
	}
	init_waitqueue_func_entry(&w.wait, cwx_credit_wake);
	add_wait_queue(&thr->waitq, &w.wait);	/* expect: WQ002 fix=refused:entry-made-otherwise */
	spin_unlock_irq(&thr->lock);

	while (true) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (READ_ONCE(w.granted))
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
}

void cwx_throttle_release(struct cwx_throttle *thr)
{
	unsigned long flags;

	spin_lock_irqsave(&thr->lock, flags);
	thr->credit++;
	__wake_up_locked(&thr->waitq, TASK_NORMAL, 1);
	spin_unlock_irqrestore(&thr->lock, flags);
}

/* the same wait with the wake function set by assignment, eventpoll style */
void cwx_throttle_wait_set(struct cwx_throttle *thr)
{
	struct cwx_waiter w = { .thr = thr, .granted = false };

	init_wait(&w.wait);
	w.wait.func = cwx_credit_wake;
	spin_lock_irq(&thr->lock);
	__set_current_state(TASK_UNINTERRUPTIBLE);
	add_wait_queue_exclusive(&thr->waitq, &w.wait);	/* expect: WQ002 fix=refused:entry-made-otherwise */
	spin_unlock_irq(&thr->lock);
	while (!READ_ONCE(w.granted)) {
		schedule();
		set_current_state(TASK_UNINTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
}

MODULE_LICENSE("GPL");
