// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): a channel flush sets a flag bit and sleeps
 * once; the interrupt handler clears the bit with test_and_clear_bit()
 * (leaving when it was not set) and then wakes the queue.  A bit cleared
 * is a write the condition reads: the handler makes
 * '!test_bit(FLX_F_WRITEFLUSH, &ch->flags)' true before its wake-up, so
 * the condition is proven, not "no condition at the sleep or at its
 * wakers".
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define FLX_F_WRITEFLUSH	3

struct flx_chan {
	unsigned long flags;
	wait_queue_head_t flush_wait;
};

static irqreturn_t flx_irq(int irq, void *dev_id)
{
	struct flx_chan *ch = dev_id;

	if (!test_and_clear_bit(FLX_F_WRITEFLUSH, &ch->flags))
		return IRQ_NONE;
	wake_up_interruptible(&ch->flush_wait);
	return IRQ_HANDLED;
}

int flx_flush(struct flx_chan *ch)
{
	set_bit(FLX_F_WRITEFLUSH, &ch->flags);
	interruptible_sleep_on(&ch->flush_wait);	/* expect: WQ001 fix=caveat */
	if (signal_pending(current))
		return -EINTR;
	return 0;
}

MODULE_LICENSE("GPL");
