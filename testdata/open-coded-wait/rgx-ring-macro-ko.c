// SPDX-License-Identifier: GPL-2.0-only
/*
 * rgx_ring.c -- command ring of the RGX-4 DSP board, 2.6 era: the ring's
 * spinlock is taken and dropped through the driver's own macros.
 *
 * wqport fixture: rgx_ring_get() holds the ring lock (RGX_LOCK()) from
 * its test of the ring's count to its state change, and drops it
 * (RGX_UNLOCK()) only then.  rgx_ring_put() takes the same lock around
 * the count and the wake-up; its early exit for a dead ring drops the
 * lock through the macro and returns, before the wake-up.  That unlock
 * is not on the way to the wake-up: the waker holds the lock there, as
 * it would through spin_unlock() spelled out, and no wake-up is lost.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/errno.h>

#define RGX_LOCK(r)	spin_lock(&(r)->lock)
#define RGX_UNLOCK(r)	spin_unlock(&(r)->lock)

struct rgx_ring {
	spinlock_t lock;
	wait_queue_head_t wait;
	int count;
	int dead;
	u32 slot[16];
};

int rgx_ring_get(struct rgx_ring *ring, u32 *cmd)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	add_wait_queue(&ring->wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		RGX_LOCK(ring);
		if (ring->count) {
			*cmd = ring->slot[--ring->count];
			RGX_UNLOCK(ring);
			break;
		}
		set_current_state(TASK_INTERRUPTIBLE);
		RGX_UNLOCK(ring);
		schedule();
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&ring->wait, &wait);
	return ret;
}

int rgx_ring_put(struct rgx_ring *ring, u32 cmd)
{
	RGX_LOCK(ring);
	if (ring->dead || ring->count == 16) {
		RGX_UNLOCK(ring);
		return -EIO;
	}
	ring->slot[ring->count++] = cmd;
	wake_up_interruptible(&ring->wait);
	RGX_UNLOCK(ring);
	return 0;
}

MODULE_LICENSE("GPL");
