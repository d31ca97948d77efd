// SPDX-License-Identifier: GPL-2.0-only
/*
 * evx_ring.c -- completion ring reader of the EVX-2 event engine.
 *
 * wqport fixture: the entry is queued in each pass of an outer loop that
 * collects events, around an inner do { } while (1) wait loop that sets
 * the state, tests, sleeps and tests the signal until one of its own
 * tests ends it (old fs/aio.c read_events(), set_task_state() included).
 * No pass of the outer loop sleeps just once, so the refusal must not call
 * it one-shot: no semantic patch matches a wait loop nested that way.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#define EVX_RING	64

struct evx_ring {
	spinlock_t lock;
	unsigned int head, tail;
	u32 ev[EVX_RING];
	int dead;
	int in_flight;
	wait_queue_head_t wait;
};

static int evx_pop(struct evx_ring *r, u32 *ev)
{
	int got = 0;

	spin_lock_irq(&r->lock);
	if (r->head != r->tail) {
		*ev = r->ev[r->tail++ % EVX_RING];
		got = 1;
	}
	spin_unlock_irq(&r->lock);
	return got;
}

/* called from the engine's interrupt handler for each event */
void evx_push(struct evx_ring *r, u32 ev)
{
	unsigned long flags;

	spin_lock_irqsave(&r->lock, flags);
	r->ev[r->head++ % EVX_RING] = ev;
	spin_unlock_irqrestore(&r->lock, flags);
	wake_up(&r->wait);
}
EXPORT_SYMBOL_GPL(evx_push);

int evx_read(struct evx_ring *r, u32 *out, int min_nr, int nr)
{
	struct task_struct *tsk = current;
	DECLARE_WAITQUEUE(wait, tsk);
	int i = 0, ret = 0;
	u32 ev;

	while (i < nr) {
		add_wait_queue_exclusive(&r->wait, &wait);	/* expect: WQ002 fix=refused:no-patch */
		do {
			set_task_state(tsk, TASK_INTERRUPTIBLE);
			ret = evx_pop(r, &ev);
			if (ret)
				break;
			if (i >= min_nr)
				break;
			if (r->dead) {
				ret = -EINVAL;
				break;
			}
			/* account the wait as I/O wait while commands run */
			if (r->in_flight)
				io_schedule();
			else
				schedule();
			if (signal_pending(tsk)) {
				ret = -EINTR;
				break;
			}
		} while (1);
		set_task_state(tsk, TASK_RUNNING);
		remove_wait_queue(&r->wait, &wait);
		if (ret <= 0)
			break;
		out[i++] = ev;
	}
	return i ? i : ret;
}
EXPORT_SYMBOL_GPL(evx_read);

MODULE_LICENSE("GPL");
