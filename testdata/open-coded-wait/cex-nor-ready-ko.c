// SPDX-License-Identifier: GPL-2.0-only
/*
 * cex: the chip lock of an invented serial NOR flash.  cex_get_chip()
 * waits until the chip is ready and returns with the chip lock held;
 * the operation's caller ends with cex_put_chip(), which marks the chip
 * ready, drops that lock and wakes the next waiter.  cex_put_chip() takes
 * the lock nowhere: its callers hold it, so its write of the state is
 * under the lock the waiter holds from its test to its queueing.
 */
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>

enum cex_state { CEX_READY, CEX_READING, CEX_ERASING };

struct cex_chip {
	spinlock_t lock;
	enum cex_state state;
	wait_queue_head_t wq;
	u32 erased;
};

static struct cex_chip *cex;

static int cex_get_chip(enum cex_state want)
{
	DECLARE_WAITQUEUE(wait, current);

again:
	spin_lock_bh(&cex->lock);
	if (cex->state != CEX_READY) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		add_wait_queue(&cex->wq, &wait);	/* expect: WQ002 fix=converted */
		spin_unlock_bh(&cex->lock);
		schedule();
		remove_wait_queue(&cex->wq, &wait);
		if (signal_pending(current))
			return 0;
		goto again;
	}
	cex->state = want;
	return 1;
}

static void cex_put_chip(void)
{
	cex->state = CEX_READY;
	spin_unlock_bh(&cex->lock);
	wake_up(&cex->wq);
}

int cex_erase_sector(u32 addr)
{
	if (!cex_get_chip(CEX_ERASING))
		return -EINTR;
	cex->erased = addr;
	cex_put_chip();
	return 0;
}

int cex_read(u32 addr, u8 *buf)
{
	if (!cex_get_chip(CEX_READING))
		return -EINTR;
	*buf = (u8)(addr ^ cex->erased);
	cex_put_chip();
	return 0;
}
