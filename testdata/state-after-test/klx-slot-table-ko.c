// SPDX-License-Identifier: GPL-2.0-only
/*
 * klx_slots.c -- slot table and receive thread of the KLX-4 host bus
 * adapter.
 *
 * wqport fixture: klx-slot-table-ok.c with each protection taken away:
 * - klx_wait_slot() drops the XArray's lock before it queues itself: a
 *   klx_unlock_slot() in between wakes nobody, and the task sleeps on a
 *   free slot;
 * - klx_rx_thread() waits for h->reaped, which klx_reap() sets before
 *   waking it: a wake-up between the test and the state change is lost.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/xarray.h>

#define KLX_SLOT_BUSY	1UL

struct klx_hba {
	struct xarray slots;
	wait_queue_head_t slot_wait;
	struct task_struct *waiter;
	struct task_struct *rx_task;
	int reaped;
};

extern int klx_rx_poll(struct klx_hba *h);

static bool klx_slot_busy(struct klx_hba *h, unsigned long idx)
{
	return xa_to_value(xa_load(&h->slots, idx)) & KLX_SLOT_BUSY;
}

void klx_wait_slot(struct klx_hba *h, unsigned long idx)
{
	DEFINE_WAIT(wait);

	xa_lock_irq(&h->slots);
	for (;;) {
		if (!klx_slot_busy(h, idx))
			break;
		xa_unlock_irq(&h->slots);
		prepare_to_wait_exclusive(&h->slot_wait, &wait,	/* expect: WQ003 */
					  TASK_UNINTERRUPTIBLE);
		schedule();
		finish_wait(&h->slot_wait, &wait);
		xa_lock_irq(&h->slots);
	}
	__xa_store(&h->slots, idx, xa_mk_value(KLX_SLOT_BUSY), GFP_ATOMIC);
	xa_unlock_irq(&h->slots);
}

void klx_unlock_slot(struct klx_hba *h, unsigned long idx)
{
	xa_lock_irq(&h->slots);
	__xa_store(&h->slots, idx, xa_mk_value(0), GFP_ATOMIC);
	wake_up(&h->slot_wait);
	xa_unlock_irq(&h->slots);
}

int klx_rx_thread(void *data)
{
	struct klx_hba *h = data;
	struct task_struct *to_wake;

	while (klx_rx_poll(h) > 0)
		cond_resched();

	to_wake = xchg(&h->waiter, NULL);
	if (!to_wake) {
		/* nobody was told: wait until klx_reap() comes */
		while (!h->reaped) {
			set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 WQ007 */
			schedule();
		}
		set_current_state(TASK_RUNNING);
		return 0;
	}
	wake_up_process(to_wake);
	return 0;
}

void klx_reap(struct klx_hba *h)
{
	h->reaped = 1;
	wake_up_process(h->rx_task);
}

EXPORT_SYMBOL_GPL(klx_reap);
EXPORT_SYMBOL_GPL(klx_wait_slot);
EXPORT_SYMBOL_GPL(klx_unlock_slot);
EXPORT_SYMBOL_GPL(klx_rx_thread);
MODULE_LICENSE("GPL");
