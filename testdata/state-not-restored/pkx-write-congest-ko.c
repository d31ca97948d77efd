// SPDX-License-Identifier: GPL-2.0-only
/*
 * pkx_write.c -- write path of the PKX packet-writing block driver.
 *
 * wqport fixture (issue 41): the writer throttles itself on a variable's
 * queue, open-coding wait_var_event() with prepare_to_wait_event() on the
 * entry of a struct wait_bit_queue_entry.  The loop's break leaves the
 * task in TASK_UNINTERRUPTIBLE and the entry possibly still queued (no
 * finish_wait()); the first thing that runs in that state is the
 * mempool_alloc(GFP_NOIO) after the loop, which may sleep.  The words
 * said "the next blocking call sleeps for good": untrue (the allocator
 * sets its own state to wait) and silent on both of those.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/mempool.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/wait_bit.h>

struct pkx_node {
	void *bio;
};

struct pkx_device {
	spinlock_t lock;
	int queue_size;
	int congestion_on, congestion_off;
	bool congested;
	mempool_t node_pool;
};

extern void pkx_insert(struct pkx_device *pd, struct pkx_node *node);

/* the worker drained the queue below the low mark */
void pkx_queue_drained(struct pkx_device *pd)
{
	spin_lock(&pd->lock);
	pd->queue_size--;
	if (pd->congested && pd->queue_size <= pd->congestion_off) {
		pd->congested = false;
		wake_up_var(&pd->congested);
	}
	spin_unlock(&pd->lock);
}

void pkx_queue_write(struct pkx_device *pd, void *bio)
{
	struct pkx_node *node;

	spin_lock(&pd->lock);
	if (pd->congestion_on > 0 && pd->queue_size >= pd->congestion_on) {
		struct wait_bit_queue_entry wqe;

		init_wait_var_entry(&wqe, &pd->congested, 0);
		for (;;) {
			prepare_to_wait_event(__var_waitqueue(&pd->congested),
					      &wqe.wq_entry,
					      TASK_UNINTERRUPTIBLE);
			if (pd->queue_size <= pd->congestion_off)
				break;
			pd->congested = true;
			spin_unlock(&pd->lock);
			schedule();
			spin_lock(&pd->lock);
		}
	}
	spin_unlock(&pd->lock);

	node = mempool_alloc(&pd->node_pool, GFP_NOIO);
	node->bio = bio;
	spin_lock(&pd->lock);
	pkx_insert(pd, node);
	pd->queue_size++;
	spin_unlock(&pd->lock);
}	/* expect: WQ005 fix=refused:no-patch */

MODULE_LICENSE("GPL");
