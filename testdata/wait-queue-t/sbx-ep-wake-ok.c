// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the same wake function with the names of 4.13 and
 * later, and a scheduler-like driver struct with a task_list member of
 * its own, which is no wait queue's.
 */
#include <linux/module.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct sbx_ep {
	spinlock_t lock;
	wait_queue_head_t idle_wait;
	wait_queue_entry_t idle_entry;
	struct list_head task_list;
	int busy;
};

static int sbx_ep_wake(wait_queue_entry_t *wait, unsigned int mode, int sync,
		       void *key)
{
	struct sbx_ep *ep = container_of(wait, struct sbx_ep, idle_entry);

	if (ep->busy)
		return 0;
	list_del_init(&wait->entry);
	return 1;
}

static void sbx_ep_watch(struct sbx_ep *ep)
{
	unsigned long flags;

	init_waitqueue_func_entry(&ep->idle_entry, sbx_ep_wake);
	spin_lock_irqsave(&ep->idle_wait.lock, flags);
	if (list_empty(&ep->idle_entry.entry))
		__add_wait_queue(&ep->idle_wait, &ep->idle_entry);
	if (list_empty(&ep->task_list))
		INIT_LIST_HEAD(&ep->task_list);
	spin_unlock_irqrestore(&ep->idle_wait.lock, flags);
}
