// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: schedule_timeout() meant as a delay.  In the reset
 * path no task state is set at all, so the call returns at once and
 * the ADC is released from reset too early.  In resume the first delay
 * is set up correctly, but schedule_timeout() returns in TASK_RUNNING
 * and the second, copy-pasted delay has no state of its own.
 */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define ACME_ADC_STATUS		0x00
#define ACME_ADC_CTRL		0x08
#define ACME_ADC_PWR		0x0c
#define ACME_ADC_STATUS_EOC	0x01
#define ACME_ADC_CTRL_RESET	0x80
#define ACME_ADC_PWR_VREF	0x01
#define ACME_ADC_PWR_CORE	0x02

struct acme_adc {
	void __iomem *regs;
	wait_queue_head_t eoc_wait;
	int eoc;
};

static irqreturn_t acme_adc_irq(int irq, void *data)
{
	struct acme_adc *adc = data;
	u32 status = readl(adc->regs + ACME_ADC_STATUS);

	if (!(status & ACME_ADC_STATUS_EOC))
		return IRQ_NONE;
	writel(status, adc->regs + ACME_ADC_STATUS);
	adc->eoc = 1;
	wake_up(&adc->eoc_wait);
	return IRQ_HANDLED;
}

static void acme_adc_hw_reset(struct acme_adc *adc)
{
	writel(ACME_ADC_CTRL_RESET, adc->regs + ACME_ADC_CTRL);
	/* the datasheet wants 100 ms in reset */
	schedule_timeout(HZ / 10);	/* expect: WQ004 fix=converted */
	writel(0, adc->regs + ACME_ADC_CTRL);
}

static int acme_adc_resume(struct acme_adc *adc)
{
	writel(ACME_ADC_PWR_VREF, adc->regs + ACME_ADC_PWR);
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(msecs_to_jiffies(20));	/* reference settles */

	writel(ACME_ADC_PWR_VREF | ACME_ADC_PWR_CORE, adc->regs + ACME_ADC_PWR);
	schedule_timeout(msecs_to_jiffies(20));	/* expect: WQ004 fix=converted */

	acme_adc_hw_reset(adc);
	return 0;
}

static int acme_adc_setup(struct acme_adc *adc, int irq)
{
	init_waitqueue_head(&adc->eoc_wait);
	acme_adc_hw_reset(adc);
	return request_irq(irq, acme_adc_irq, 0, "acme_adc", adc);
}
