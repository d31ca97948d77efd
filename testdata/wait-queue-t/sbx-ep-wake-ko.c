// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a 2.6-era USB gadget driver with its own wake
 * function, written against the wait queue API of before 4.13: the
 * entry type wait_queue_t and its task_list member.  None of it builds
 * on 4.13 and later.
 *
 * wqport-test: shim-only (wait_queue_t does not exist in 6.1 headers)
 * With those headers the checker still reports every line marked here,
 * but the file does not parse cleanly.
 */
#include <linux/module.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct sbx_ep {
	spinlock_t lock;
	wait_queue_head_t idle_wait;
	wait_queue_t idle_entry;	/* expect: WQ012 */
	int busy;
};

static int sbx_ep_wake(wait_queue_t *wait, unsigned int mode, int sync,	/* expect: WQ012 */
		       void *key)
{
	struct sbx_ep *ep = container_of(wait, struct sbx_ep, idle_entry);

	if (ep->busy)
		return 0;
	list_del_init(&wait->task_list);	/* expect: WQ012 */
	return 1;
}

static void sbx_ep_watch(struct sbx_ep *ep)
{
	unsigned long flags;

	init_waitqueue_func_entry(&ep->idle_entry, sbx_ep_wake);
	spin_lock_irqsave(&ep->idle_wait.lock, flags);
	if (list_empty(&ep->idle_entry.task_list))	/* expect: WQ012 */
		__add_wait_queue(&ep->idle_wait, &ep->idle_entry);
	spin_unlock_irqrestore(&ep->idle_wait.lock, flags);
}
