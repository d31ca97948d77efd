// SPDX-License-Identifier: GPL-2.0-only
/*
 * prx_rwsem.c -- reader/writer gate of the PRX-4 RAID controller's
 * command ring.
 *
 * wqport fixture, after kernel/locking/percpu-rwsem.c of Linux 6.1: a
 * waiter with its own wake function (set by `.func =` here).  The wake
 * function takes the gate for the waiter, list_del_init()s the entry,
 * then clears its private field; the waiter leaves only when it sees
 * that field clear, so the entry is off the queue then.  The other way
 * out of the loop, `wait` false, is not taken once the entry is queued:
 * the entry is queued only when `wait` is true, and nothing writes
 * `wait` after that.
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
	}
	__set_current_state(TASK_RUNNING);
}

void prx_gate_down_read(struct prx_gate *gate)
{
	prx_gate_wait(gate, true);
}
EXPORT_SYMBOL(prx_gate_down_read);

MODULE_LICENSE("GPL");
