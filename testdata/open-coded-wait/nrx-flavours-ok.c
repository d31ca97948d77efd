// SPDX-License-Identifier: GPL-2.0-only
/*
 * NRX ring: waits written with the less common wait_event*() flavours
 * (freezable, idle, lock_irq with a timeout, killable exclusive).  They
 * are macros hiding a correct wait loop, so nothing here is reported,
 * including the flavours the checker's API table does not list by name.
 * The hand-written prepare_to_wait() loop beside them is correct too.
 */
#include <linux/module.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/freezer.h>
#include <linux/spinlock.h>

struct nrx_ring {
	spinlock_t lock;
	wait_queue_head_t wq;
	unsigned int head, tail;
	bool stopping;
};

static bool nrx_ring_empty(struct nrx_ring *r)
{
	return READ_ONCE(r->head) == READ_ONCE(r->tail);
}

static int nrx_ring_thread(void *data)
{
	struct nrx_ring *r = data;

	while (!kthread_should_stop()) {
		wait_event_freezable_timeout(r->wq, !nrx_ring_empty(r) ||
					     kthread_should_stop(), HZ);
		WRITE_ONCE(r->tail, READ_ONCE(r->head));
	}
	return 0;
}

static void nrx_ring_quiesce(struct nrx_ring *r)
{
	wait_event_idle_timeout(r->wq, nrx_ring_empty(r), 5 * HZ);
}

static long nrx_ring_wait_locked(struct nrx_ring *r)
{
	long left;

	spin_lock_irq(&r->lock);
	left = wait_event_lock_irq_timeout(r->wq, r->head != r->tail || r->stopping,
					   r->lock, 2 * HZ);
	spin_unlock_irq(&r->lock);
	return left;
}

/* Wait for room, dropping the ring lock around each sleep. */
static void nrx_ring_wait_room(struct nrx_ring *r)
{
	DEFINE_WAIT(wait);

	spin_lock_irq(&r->lock);
	for (;;) {
		prepare_to_wait(&r->wq, &wait, TASK_UNINTERRUPTIBLE);
		if (r->head - r->tail < 64 || r->stopping)
			break;
		spin_unlock_irq(&r->lock);
		schedule();
		spin_lock_irq(&r->lock);
	}
	finish_wait(&r->wq, &wait);
	spin_unlock_irq(&r->lock);
}

static int nrx_ring_claim(struct nrx_ring *r)
{
	return wait_event_killable_exclusive(r->wq, !nrx_ring_empty(r));
}

int nrx_ring_poll_all(struct nrx_ring *r)
{
	nrx_ring_quiesce(r);
	nrx_ring_wait_room(r);
	if (nrx_ring_wait_locked(r) == 0)
		return -ETIMEDOUT;
	return nrx_ring_claim(r) ?: nrx_ring_thread(r);
}
