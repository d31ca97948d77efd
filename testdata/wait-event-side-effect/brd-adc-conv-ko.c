// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a 3.x-era ADC driver whose conversion wait counts its
 * own wake-ups in the condition ("give up after 8 interrupts"): the
 * count goes up on every evaluation, and wait_event_timeout() evaluates
 * the condition before the first sleep, after every wake-up and once
 * more when the time runs out, so it gives up early.
 */
#include <linux/module.h>
#include <linux/atomic.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define BRD_ADC_DATA	0x04
#define BRD_ADC_EOC	0x80000000

struct brd_adc {
	void __iomem *base;
	wait_queue_head_t eoc_wait;
	atomic_t eoc_count;
	unsigned int wakeups;
	u32 sample;
};

static irqreturn_t brd_adc_irq(int irq, void *dev_id)
{
	struct brd_adc *adc = dev_id;

	adc->sample = readl(adc->base + BRD_ADC_DATA);
	wake_up(&adc->eoc_wait);
	return IRQ_HANDLED;
}

static int brd_adc_read(struct brd_adc *adc, u32 *val)
{
	long left;

	adc->wakeups = 0;
	left = wait_event_timeout(adc->eoc_wait,	/* expect: WQ009 */
				  (adc->sample & BRD_ADC_EOC) ||
				  ++adc->wakeups > 8, HZ / 10);
	if (!left || !(adc->sample & BRD_ADC_EOC))
		return -ETIMEDOUT;
	*val = adc->sample & 0xffff;
	return 0;
}

static int brd_adc_wait_batch(struct brd_adc *adc, int n)
{
	return wait_event_interruptible(adc->eoc_wait,	/* expect: WQ009 */
					atomic_dec_return(&adc->eoc_count) < n);
}
