// SPDX-License-Identifier: GPL-2.0-only
/*
 * mux: committing an invented router's NVRAM to flash.  Each erase
 * block is unlocked through the flash driver's ->unlock() method, then
 * erased; the erase callback wakes the committing task.  The method
 * unlocks a flash sector, not a lock: the model must not read it as a
 * lock dropped before the sleep.
 */
#include <linux/sched.h>
#include <linux/wait.h>

struct mux_flash {
	unsigned long size;
	unsigned long erasesize;
	int (*unlock)(struct mux_flash *fl, unsigned long ofs,
		      unsigned long len);
	int (*erase)(struct mux_flash *fl, unsigned long ofs,
		     wait_queue_head_t *done);
};

static struct mux_flash *mux_flash;

void mux_erase_done(wait_queue_head_t *done)
{
	wake_up(done);
}

int mux_commit(unsigned long offset)
{
	DECLARE_WAITQUEUE(wait, current);
	wait_queue_head_t wait_q;
	int ret = 0;

	init_waitqueue_head(&wait_q);
	for (; offset < mux_flash->size; offset += mux_flash->erasesize) {
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ007 */
		add_wait_queue(&wait_q, &wait);	/* expect: WQ002 fix=converted */
		if (mux_flash->unlock)
			mux_flash->unlock(mux_flash, offset, mux_flash->erasesize);
		ret = mux_flash->erase(mux_flash, offset, &wait_q);
		if (ret) {
			set_current_state(TASK_RUNNING);
			remove_wait_queue(&wait_q, &wait);
			break;
		}
		schedule();
		remove_wait_queue(&wait_q, &wait);
	}
	return ret;
}
