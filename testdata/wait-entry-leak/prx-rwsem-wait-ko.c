// SPDX-License-Identifier: GPL-2.0-only
/*
 * prx_rwsem.c -- reader/writer gate of the PRX-4 RAID controller's
 * command ring.
 *
 * wqport fixture: prx-rwsem-wait-ok.c with a waiter that gives up
 * after a signal-free timeout check: `wait` is cleared in the loop when
 * the ring is being torn down, and the loop then ends with the entry
 * still on the gate's queue; the next prx_gate_wake() walks into the
 * dead stack frame.  (The wake function still dequeues and clears
 * private; only the other way out is new.)
 * wqport-args: --select=WQ006
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct prx_gate {
	wait_queue_head_t waiters;
	atomic_t readers;
	int writer;
};

extern bool prx_gate_trylock(struct prx_gate *gate, bool reader);

static int prx_gate_wake(struct wait_queue_entry *wq_entry, unsigned int mode,
			 int wake_flags, void *key)
{
	bool reader = wq_entry->flags & WQ_FLAG_CUSTOM;
	struct prx_gate *gate = key;
	struct task_struct *p;

	if (!prx_gate_trylock(gate, reader))
		return 1;
	p = wq_entry->private;
	list_del_init(&wq_entry->entry);
	smp_store_release(&wq_entry->private, NULL);
	wake_up_process(p);
	return !reader;
}

static void prx_gate_wait(struct prx_gate *gate, bool reader)
{
	struct wait_queue_entry wq_entry;
	bool wait;

	wq_entry.flags = 0;
	wq_entry.private = current;
	wq_entry.func = prx_gate_wake;
	INIT_LIST_HEAD(&wq_entry.entry);

	spin_lock_irq(&gate->waiters.lock);
	wait = !prx_gate_trylock(gate, reader);
	if (wait) {
		wq_entry.flags |= WQ_FLAG_EXCLUSIVE | reader * WQ_FLAG_CUSTOM;
		__add_wait_queue_entry_tail(&gate->waiters, &wq_entry);
	}
	spin_unlock_irq(&gate->waiters.lock);

	while (wait) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (!smp_load_acquire(&wq_entry.private))
			break;
		schedule();
		if (READ_ONCE(gate->writer) < 0)	/* ring going away */
			wait = false;
	}
	__set_current_state(TASK_RUNNING);
}	/* expect: WQ006 */

void prx_gate_down_read(struct prx_gate *gate)
{
	prx_gate_wait(gate, true);
}
EXPORT_SYMBOL(prx_gate_down_read);

MODULE_LICENSE("GPL");
