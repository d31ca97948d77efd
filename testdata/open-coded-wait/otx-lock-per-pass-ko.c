// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: two waits of a flash controller driver that take their
 * lock anew at the top of each pass and drop it right before the sleep,
 * without taking it again after it.
 *
 * - otx_get_chip(): `while (1) { spin_lock(); ...; spin_unlock();
 *   schedule(); }`, the shape of an MTD get_device();
 * - otx_read_otp(): a `retry:` label that takes the mutex, `goto retry`
 *   after the sleep.
 *
 * The lock is not held where the loop starts, so a wait_event*() in
 * place of the loop would not sleep holding it: the finding must not say
 * it would (that is said only of a loop that takes the lock again after
 * its sleep, as otx_wait_ready() does).
 */
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

enum otx_state { OTX_READY, OTX_BUSY };

struct otx_chip {
	spinlock_t chip_lock;
	struct mutex mutex;
	wait_queue_head_t wq;
	enum otx_state state;
	bool ready;
};

int otx_get_chip(struct otx_chip *c)
{
	DECLARE_WAITQUEUE(wait, current);

	while (1) {
		spin_lock(&c->chip_lock);
		if (c->state == OTX_READY) {
			c->state = OTX_BUSY;
			spin_unlock(&c->chip_lock);
			break;
		}
		set_current_state(TASK_UNINTERRUPTIBLE);
		add_wait_queue(&c->wq, &wait);	/* expect: WQ002 fix=converted */
		spin_unlock(&c->chip_lock);
		schedule();
		remove_wait_queue(&c->wq, &wait);
	}
	return 0;
}

int otx_read_otp(struct otx_chip *c)
{
	DECLARE_WAITQUEUE(wait, current);

retry:
	mutex_lock(&c->mutex);
	if (c->state != OTX_READY) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		add_wait_queue(&c->wq, &wait);	/* expect: WQ002 fix=keeprace */
		mutex_unlock(&c->mutex);
		schedule();
		remove_wait_queue(&c->wq, &wait);
		goto retry;
	}
	c->state = OTX_BUSY;
	mutex_unlock(&c->mutex);
	return 0;
}

int otx_wait_ready(struct otx_chip *c)
{
	DECLARE_WAITQUEUE(wait, current);

	mutex_lock(&c->mutex);
	add_wait_queue(&c->wq, &wait);	/* expect: WQ002 fix=keeprace */
	while (!c->ready) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		mutex_unlock(&c->mutex);
		schedule();
		mutex_lock(&c->mutex);
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&c->wq, &wait);
	mutex_unlock(&c->mutex);
	return 0;
}

void otx_release(struct otx_chip *c)
{
	spin_lock(&c->chip_lock);
	c->state = OTX_READY;
	c->ready = true;
	spin_unlock(&c->chip_lock);
	wake_up(&c->wq);
}

MODULE_LICENSE("GPL");
