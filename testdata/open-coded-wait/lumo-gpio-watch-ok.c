// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: add_wait_queue() that is not a wait loop.  An event
 * monitor hooks a custom wake function onto a GPIO line's wait queue
 * so that every wake-up there queues work here.  The entry
 * lives in the heap object, is added in one function and removed in
 * another, and nobody sleeps on it: neither WQ002 nor WQ006 applies.
 * The driver's own sleeping reader uses wait_event_killable().
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

struct lumo_watch {
	wait_queue_head_t *source;	/* owned by the watched device */
	wait_queue_entry_t entry;
	struct work_struct work;
	wait_queue_head_t event_wait;
	unsigned int events;
	unsigned int seen;
};

static void lumo_watch_work(struct work_struct *work)
{
	struct lumo_watch *lw = container_of(work, struct lumo_watch, work);

	WRITE_ONCE(lw->events, lw->events + 1);
	wake_up_all(&lw->event_wait);
}

static int lumo_watch_wake(struct wait_queue_entry *entry, unsigned int mode,
			   int flags, void *key)
{
	struct lumo_watch *lw = container_of(entry, struct lumo_watch, entry);

	schedule_work(&lw->work);
	return 0;
}

static struct lumo_watch *lumo_watch_arm(wait_queue_head_t *source)
{
	struct lumo_watch *lw;

	lw = kzalloc(sizeof(*lw), GFP_KERNEL);
	if (!lw)
		return NULL;

	lw->source = source;
	INIT_WORK(&lw->work, lumo_watch_work);
	init_waitqueue_head(&lw->event_wait);
	init_waitqueue_func_entry(&lw->entry, lumo_watch_wake);
	add_wait_queue(source, &lw->entry);
	return lw;
}

static void lumo_watch_disarm(struct lumo_watch *lw)
{
	remove_wait_queue(lw->source, &lw->entry);
	cancel_work_sync(&lw->work);
	kfree(lw);
}

static int lumo_watch_next(struct lumo_watch *lw)
{
	int ret;

	ret = wait_event_killable(lw->event_wait,
				  READ_ONCE(lw->events) != lw->seen);
	if (ret)
		return ret;
	lw->seen = READ_ONCE(lw->events);
	return 0;
}
