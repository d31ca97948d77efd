// SPDX-License-Identifier: GPL-2.0-only
/*
 * swx: the chip wait of an invented NOR flash, MTD style: a switch on the
 * chip's state, whose default arm queues the caller and sleeps until
 * the chip is ready again.  The erase-done interrupt sets the state
 * ready and wakes the queue without the chip lock, so the state can
 * change between the switch's test and the caller's queueing: the
 * switch tests what the waker writes, and that loss is the plain one.
 */
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

enum swx_state { SWX_READY, SWX_STATUS, SWX_ERASING };

struct swx_chip {
	spinlock_t lock;
	enum swx_state state;
	wait_queue_head_t wq;
};

static struct swx_chip swx_chip0;

static irqreturn_t swx_erase_done(int irq, void *dev_id)
{
	struct swx_chip *chip = dev_id;

	chip->state = SWX_READY;
	wake_up(&chip->wq);
	return IRQ_HANDLED;
}

static int swx_get_chip(struct swx_chip *chip)
{
	DECLARE_WAITQUEUE(wait, current);

retry:
	spin_lock_bh(&chip->lock);
	switch (chip->state) {
	case SWX_READY:
	case SWX_STATUS:
		chip->state = SWX_STATUS;
		break;
	default:
		spin_unlock_bh(&chip->lock);
		set_current_state(TASK_UNINTERRUPTIBLE);	/* expect: WQ003 fix=refused:goto-loop */
		add_wait_queue(&chip->wq, &wait);	/* expect: WQ002 fix=keeprace */
		schedule();
		remove_wait_queue(&chip->wq, &wait);
		goto retry;
	}
	spin_unlock_bh(&chip->lock);
	return 0;
}

int swx_erase(void)
{
	int ret = swx_get_chip(&swx_chip0);

	if (ret)
		return ret;
	swx_chip0.state = SWX_ERASING;
	return request_irq(5, swx_erase_done, 0, "swx", &swx_chip0);
}
