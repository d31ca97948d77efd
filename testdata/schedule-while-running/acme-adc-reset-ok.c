// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: delays done right.  schedule_timeout_uninterruptible()
 * and msleep() set the state themselves; where the driver still spells
 * the delay out, each schedule_timeout() has its own set_current_state()
 * immediately before it (a near miss for a checker that only looks for
 * "some state set earlier in the function").  The conversion wait is a
 * wait_event_timeout().
 */
#include <linux/module.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define ACME_ADC_STATUS		0x00
#define ACME_ADC_DATA		0x04
#define ACME_ADC_CTRL		0x08
#define ACME_ADC_PWR		0x0c
#define ACME_ADC_STATUS_EOC	0x01
#define ACME_ADC_CTRL_START	0x01
#define ACME_ADC_CTRL_RESET	0x80
#define ACME_ADC_PWR_VREF	0x01
#define ACME_ADC_PWR_CORE	0x02

struct acme_adc {
	void __iomem *regs;
	wait_queue_head_t eoc_wait;
	int eoc;
	u16 sample;
};

static irqreturn_t acme_adc_irq(int irq, void *data)
{
	struct acme_adc *adc = data;
	u32 status = readl(adc->regs + ACME_ADC_STATUS);

	if (!(status & ACME_ADC_STATUS_EOC))
		return IRQ_NONE;
	adc->sample = readl(adc->regs + ACME_ADC_DATA) & 0xfff;
	writel(status, adc->regs + ACME_ADC_STATUS);
	WRITE_ONCE(adc->eoc, 1);
	wake_up(&adc->eoc_wait);
	return IRQ_HANDLED;
}

static void acme_adc_hw_reset(struct acme_adc *adc)
{
	writel(ACME_ADC_CTRL_RESET, adc->regs + ACME_ADC_CTRL);
	schedule_timeout_uninterruptible(HZ / 10);
	writel(0, adc->regs + ACME_ADC_CTRL);
	msleep(2);
}

static int acme_adc_resume(struct acme_adc *adc)
{
	writel(ACME_ADC_PWR_VREF, adc->regs + ACME_ADC_PWR);
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(msecs_to_jiffies(20));

	writel(ACME_ADC_PWR_VREF | ACME_ADC_PWR_CORE, adc->regs + ACME_ADC_PWR);
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(msecs_to_jiffies(20));

	acme_adc_hw_reset(adc);
	return 0;
}

static int acme_adc_convert(struct acme_adc *adc, u16 *val)
{
	long left;

	WRITE_ONCE(adc->eoc, 0);
	writel(ACME_ADC_CTRL_START, adc->regs + ACME_ADC_CTRL);
	left = wait_event_timeout(adc->eoc_wait, READ_ONCE(adc->eoc),
				  msecs_to_jiffies(50));
	if (!left)
		return -ETIMEDOUT;
	*val = adc->sample;
	return 0;
}

static int acme_adc_self_test(struct acme_adc *adc)
{
	u16 a, b;
	int ret;

	ret = acme_adc_convert(adc, &a);
	if (ret)
		return ret;
	msleep_interruptible(5);
	ret = acme_adc_convert(adc, &b);
	if (ret)
		return ret;
	return (a > b ? a - b : b - a) < 16 ? 0 : -EIO;
}

static int acme_adc_setup(struct acme_adc *adc, int irq)
{
	int ret;

	init_waitqueue_head(&adc->eoc_wait);
	acme_adc_hw_reset(adc);
	ret = request_irq(irq, acme_adc_irq, 0, "acme_adc", adc);
	if (ret)
		return ret;
	return acme_adc_self_test(adc);
}
