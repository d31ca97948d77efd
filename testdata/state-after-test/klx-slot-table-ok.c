// SPDX-License-Identifier: GPL-2.0-only
/*
 * klx_slots.c -- slot table and receive thread of the KLX-4 host bus
 * adapter.
 *
 * wqport fixture: tests before the task state is set that lose no
 * wake-up, after shapes of Linux 6.1 (fs/dax.c, fs/smb/client):
 * - klx_wait_slot() tests a slot's busy mark and queues itself under the
 *   XArray's lock, and drops it only after prepare_to_wait_exclusive();
 *   klx_unlock_slot() takes the same lock to clear the mark and wake:
 *   it cannot come between the test and the state change;
 * - klx_rx_thread() tests whom to wake at its exit, then waits for a
 *   signal alone, in TASK_INTERRUPTIBLE: schedule() does not sleep with
 *   a signal pending, so there is no wake-up to lose.
 * klx-slot-table-ko.c takes each protection away.
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
		prepare_to_wait_exclusive(&h->slot_wait, &wait,
					  TASK_UNINTERRUPTIBLE);
		xa_unlock_irq(&h->slots);
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
		/* nobody will reap us: wait for the signal that ends us */
		set_current_state(TASK_INTERRUPTIBLE);
		while (!signal_pending(current)) {
			schedule();
			set_current_state(TASK_INTERRUPTIBLE);
		}
		set_current_state(TASK_RUNNING);
		return 0;
	}
	wake_up_process(to_wake);
	return 0;
}

EXPORT_SYMBOL_GPL(klx_wait_slot);
EXPORT_SYMBOL_GPL(klx_unlock_slot);
EXPORT_SYMBOL_GPL(klx_rx_thread);
MODULE_LICENSE("GPL");
