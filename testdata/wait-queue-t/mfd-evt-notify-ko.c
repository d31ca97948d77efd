// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a 3.x-era MFD core that walks its event queue by hand
 * to count the waiters, through the head's task_list and the old entry
 * struct name.  4.13 renamed both (head, struct wait_queue_entry).
 */
#include <linux/module.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct mfd_core {
	wait_queue_head_t evt_wait;
	unsigned int events;
};

static int mfd_count_waiters(struct mfd_core *core)
{
	struct __wait_queue *curr;	/* expect: WQ012 */
	unsigned long flags;
	int n = 0;

	spin_lock_irqsave(&core->evt_wait.lock, flags);
	list_for_each_entry(curr, &core->evt_wait.task_list, task_list)	/* expect: WQ012 */
		n++;
	spin_unlock_irqrestore(&core->evt_wait.lock, flags);
	return n;
}
