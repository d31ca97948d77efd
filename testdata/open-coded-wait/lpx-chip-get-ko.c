// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): a flash driver's partitions share one
 * write engine.  lpx_get_chip() is called with chip->mutex held; when
 * another partition has the engine suspended for an erase, it queues
 * itself, drops the mutex and sleeps.  lpx_put_chip(), the waker, is
 * also called with chip->mutex held by its callers, so it cannot wake
 * between the test and the queueing.  Neither function takes the mutex
 * itself; both are static, and every call of each in the file is made
 * holding it, so the model runs the sleeper entered holding the mutex
 * and the waker under it: no lost wake-up, with the entry lock named
 * (before the callers were read, the verdict said "a lost wake-up
 * unless ..."; never a plain lost wake-up).
 */
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/wait.h>

enum lpx_state { LPX_READY, LPX_WRITING, LPX_ERASING };

struct lpx_chip;

struct lpx_shared {
	struct mutex lock;
	struct lpx_chip *writing;
	struct lpx_chip *erasing;
};

struct lpx_chip {
	struct mutex mutex;
	wait_queue_head_t wq;
	enum lpx_state state, oldstate;
	struct lpx_shared *shared;
};

/* chip->mutex held */
static int lpx_get_chip(struct lpx_chip *chip, int mode)
{
	struct lpx_shared *shared = chip->shared;
	DECLARE_WAITQUEUE(wait, current);

retry:
	mutex_lock(&shared->lock);
	if (mode == LPX_ERASING && shared->erasing &&
	    shared->erasing->oldstate == LPX_ERASING) {
		mutex_unlock(&shared->lock);
		set_current_state(TASK_UNINTERRUPTIBLE);
		add_wait_queue(&chip->wq, &wait);	/* expect: WQ002 fix=converted */
		mutex_unlock(&chip->mutex);
		schedule();
		remove_wait_queue(&chip->wq, &wait);
		mutex_lock(&chip->mutex);
		goto retry;
	}
	shared->writing = chip;
	if (mode == LPX_ERASING)
		shared->erasing = chip;
	mutex_unlock(&shared->lock);
	chip->state = mode;
	return 0;
}

/* chip->mutex held */
static void lpx_put_chip(struct lpx_chip *chip)
{
	struct lpx_shared *shared = chip->shared;

	mutex_lock(&shared->lock);
	if (shared->writing == chip) {
		shared->writing = NULL;
		shared->erasing = NULL;
	}
	mutex_unlock(&shared->lock);
	chip->oldstate = LPX_READY;
	chip->state = LPX_READY;
	wake_up(&chip->wq);
}

int lpx_erase(struct lpx_chip *chip)
{
	int ret;

	mutex_lock(&chip->mutex);
	ret = lpx_get_chip(chip, LPX_ERASING);
	if (!ret)
		lpx_put_chip(chip);
	mutex_unlock(&chip->mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(lpx_erase);

MODULE_LICENSE("GPL");
