// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a block driver's worker thread that runs its work
 * function under the queue lock and, when there was nothing to do,
 * queues itself and sleeps.  The add and the remove sit under two
 * separate tests of the same local 'more', which nothing writes in
 * between: on every real run the entry is removed before the next
 * pass adds it.  The entry analysis reads paths without the values of
 * their tests, so it also sees a pass that adds under the first test
 * and skips the remove under the second; the site is refused, and the
 * words say the path is one of the graph, not a run that happens.
 */
#include <linux/module.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct aex_worker {
	spinlock_t *lock;
	wait_queue_head_t *waitq;
	int (*fn)(int id);
	int id;
	struct task_struct *task;
};

static int aex_thread(void *data)
{
	struct aex_worker *k = data;
	DECLARE_WAITQUEUE(wait, current);
	int more;

	do {
		spin_lock_irq(k->lock);
		more = k->fn(k->id);
		if (!more) {
			add_wait_queue(k->waitq, &wait);	/* expect: WQ002 fix=refused:two-queues */
			__set_current_state(TASK_INTERRUPTIBLE);
		}
		spin_unlock_irq(k->lock);
		if (!more) {
			schedule();
			remove_wait_queue(k->waitq, &wait);
		} else {
			cond_resched();
		}
	} while (!kthread_should_stop());
	return 0;
}

int aex_worker_start(struct aex_worker *k)
{
	k->task = kthread_run(aex_thread, k, "aex%d", k->id);
	return PTR_ERR_OR_ZERO(k->task);
}
EXPORT_SYMBOL_GPL(aex_worker_start);

void aex_worker_kick(struct aex_worker *k)
{
	wake_up(k->waitq);
}
EXPORT_SYMBOL_GPL(aex_worker_kick);

MODULE_LICENSE("GPL");
