// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: wait_event*() conditions that only look: atomic and
 * bit reads, list and FIFO tests, a driver predicate, the value of the
 * last evaluation kept by a plain assignment, and the "take it if it is
 * there" idiom, whose effect happens only when it ends the wait.
 */
#include <linux/module.h>
#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define BRD_F_EOC	0
#define BRD_F_OWNED	1

struct brd_adc {
	wait_queue_head_t eoc_wait;
	atomic_t pending;
	unsigned long flags;
	struct list_head done_list;
	int state;
};

static int brd_adc_idle(struct brd_adc *adc)
{
	return adc->state == 0;
}

static int brd_adc_poll_hw(struct brd_adc *adc);

static int brd_adc_waits(struct brd_adc *adc)
{
	int ret, hw;

	wait_event(adc->eoc_wait, !atomic_read(&adc->pending));
	ret = wait_event_interruptible(adc->eoc_wait,
				       test_bit(BRD_F_EOC, &adc->flags) ||
				       !list_empty(&adc->done_list));
	if (ret)
		return ret;
	if (!wait_event_timeout(adc->eoc_wait, brd_adc_idle(adc), HZ))
		return -ETIMEDOUT;
	ret = wait_event_interruptible(adc->eoc_wait,
				       (hw = brd_adc_poll_hw(adc)) != -EAGAIN);
	if (ret)
		return ret;
	ret = wait_event_interruptible(adc->eoc_wait,
				       !test_and_set_bit(BRD_F_OWNED, &adc->flags));
	return ret ? ret : hw;
}
