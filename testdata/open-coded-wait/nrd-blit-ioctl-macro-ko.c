// SPDX-License-Identifier: GPL-2.0-only
/*
 * NRX blitter, DRM side: the vendor's wait macro (as in nrx-blit-macro-ko)
 * is also used in the driver's wait ioctl, whose argument types come
 * from a private uapi header ported drivers are often checked without.
 * The parse loses that function, so the rules see two of the macro's
 * three uses; the note on the macro counts the places it expands from
 * the text, not from the findings: "at 2 other places".
 */
#include <linux/module.h>
#include <linux/wait.h>
#include <linux/sched/signal.h>
#include <linux/jiffies.h>
#include <linux/spinlock.h>
#include "nrx_drm.h"

#define NRX_WAIT_ON(ret, queue, timeout, condition)			\
do {									\
	DECLARE_WAITQUEUE(entry, current);				\
	unsigned long end = jiffies + (timeout);			\
	add_wait_queue(&(queue), &entry);	/* expect: WQ002 fix=refused:macro */ \
	for (;;) {							\
		__set_current_state(TASK_INTERRUPTIBLE);		\
		if (condition)						\
			break;						\
		if (time_after_eq(jiffies, end)) {			\
			ret = -EBUSY;					\
			break;						\
		}							\
		schedule_timeout(HZ / 50);				\
		if (signal_pending(current)) {				\
			ret = -EINTR;					\
			break;						\
		}							\
	}								\
	__set_current_state(TASK_RUNNING);				\
	remove_wait_queue(&(queue), &entry);				\
} while (0)

struct nrx_blitq {
	spinlock_t lock;
	wait_queue_head_t busy_queue;
	wait_queue_head_t idle_queue;
	unsigned int num_free;
	unsigned int in_flight;
};

static int nrx_blit_grab_slot(struct nrx_blitq *bq)
{
	int ret = 0;

	spin_lock_irq(&bq->lock);
	while (bq->num_free == 0) {
		spin_unlock_irq(&bq->lock);
		NRX_WAIT_ON(ret, bq->busy_queue, HZ, bq->num_free > 0);	/* expect-fix: WQ002 fix=refused:macro */
		if (ret)
			return ret == -EINTR ? -EAGAIN : ret;
		spin_lock_irq(&bq->lock);
	}
	bq->num_free--;
	spin_unlock_irq(&bq->lock);
	return 0;
}

static int nrx_blit_sync(struct nrx_blitq *bq)
{
	int ret = 0;

	NRX_WAIT_ON(ret, bq->idle_queue, 3 * HZ, !READ_ONCE(bq->in_flight));	/* expect-fix: WQ002 fix=refused:macro */
	return ret;
}

int nrx_wait_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	drm_nrx_wait_t *req = data;
	struct nrx_blitq *bq = nrx_queue_of(dev, req->engine);
	int ret = 0;

	switch (req->op) {
	case NRX_WAIT_IDLE:
		NRX_WAIT_ON(ret, bq->idle_queue, req->timeout * HZ,
			    !READ_ONCE(bq->in_flight));
		break;
	default:
		ret = -EINVAL;
	}
	return ret;
}

static void nrx_blit_done(struct nrx_blitq *bq)
{
	spin_lock(&bq->lock);
	bq->num_free++;
	bq->in_flight--;
	spin_unlock(&bq->lock);
	wake_up(&bq->busy_queue);
	if (!bq->in_flight)
		wake_up(&bq->idle_queue);
}

int nrx_blit_run(struct nrx_blitq *bq)
{
	int ret = nrx_blit_grab_slot(bq);

	if (ret)
		return ret;
	bq->in_flight++;
	nrx_blit_done(bq);
	return nrx_blit_sync(bq);
}
