// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpx_hotplug.c -- the writer side of the CPX-2 board's hot-plug lock,
 * 2.6 era: the writer queues itself exclusively under the lock's mutex
 * and waits for the readers to drain; it leaves the queue with
 * remove_wait_queue_locked(), the 2.6 call for a caller that already
 * holds the queue's lock (gone since 2.6.35: declared here as the 2.6
 * <linux/wait.h> had it).
 *
 * wqport fixture: the entry is removed on the only way out: no WQ006
 * ("a wait entry left queued") for remove_wait_queue_locked().
 * wqport-args: --select=WQ006
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/mutex.h>
#include <linux/wait.h>

void remove_wait_queue_locked(wait_queue_head_t *q,
			      wait_queue_entry_t *wait);

static struct {
	struct task_struct	*writer;
	struct mutex		lock;
	wait_queue_head_t	writer_queue;
	int			readers;
} cpx_hp;

static void cpx_hotplug_begin(void)
{
	DECLARE_WAITQUEUE(wait, current);

	mutex_lock(&cpx_hp.lock);
	cpx_hp.writer = current;
	add_wait_queue_exclusive(&cpx_hp.writer_queue, &wait);
	while (cpx_hp.readers) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		mutex_unlock(&cpx_hp.lock);
		schedule();
		mutex_lock(&cpx_hp.lock);
	}
	remove_wait_queue_locked(&cpx_hp.writer_queue, &wait);
}

static void cpx_hotplug_done(void)
{
	cpx_hp.writer = NULL;
	mutex_unlock(&cpx_hp.lock);
}

void cpx_reconfigure(void)
{
	cpx_hotplug_begin();
	cpx_hotplug_done();
}
EXPORT_SYMBOL(cpx_reconfigure);
