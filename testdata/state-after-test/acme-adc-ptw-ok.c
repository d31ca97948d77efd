// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the article's prepare_to_wait() form.  The flag is
 * tested in the while head before prepare_to_wait() -- which alone
 * would be the race -- but it is tested again after the task is queued
 * and before schedule(), which closes the window.  A second helper has
 * the same guard written as `if (cond) break;` after the enqueue.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define ACME_ADC_STATUS		0x00
#define ACME_ADC_DATA		0x04
#define ACME_ADC_CTRL		0x08
#define ACME_ADC_STATUS_EOC	0x01
#define ACME_ADC_STATUS_CAL	0x02
#define ACME_ADC_CTRL_START	0x01
#define ACME_ADC_CTRL_CAL	0x02

struct acme_adc {
	void __iomem *regs;
	wait_queue_head_t eoc_wait;
	int eoc;
	int cal_done;
	u16 sample;
};

static struct acme_adc acme_adc_dev;

static irqreturn_t acme_adc_irq(int irq, void *data)
{
	struct acme_adc *adc = data;
	u32 status = readl(adc->regs + ACME_ADC_STATUS);

	if (!(status & (ACME_ADC_STATUS_EOC | ACME_ADC_STATUS_CAL)))
		return IRQ_NONE;

	if (status & ACME_ADC_STATUS_EOC) {
		adc->sample = readl(adc->regs + ACME_ADC_DATA) & 0xfff;
		adc->eoc = 1;
	}
	if (status & ACME_ADC_STATUS_CAL)
		adc->cal_done = 1;
	writel(status, adc->regs + ACME_ADC_STATUS);
	wake_up_interruptible(&adc->eoc_wait);
	return IRQ_HANDLED;
}

static int acme_adc_wait_eoc(struct acme_adc *adc)
{
	DEFINE_WAIT(wait);

	while (!adc->eoc) {
		prepare_to_wait(&adc->eoc_wait, &wait, TASK_INTERRUPTIBLE);
		if (!adc->eoc)
			schedule();
		finish_wait(&adc->eoc_wait, &wait);
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	return 0;
}

static int acme_adc_calibrate(struct acme_adc *adc)
{
	DEFINE_WAIT(wait);
	long timeout = msecs_to_jiffies(200);

	adc->cal_done = 0;
	writel(ACME_ADC_CTRL_CAL, adc->regs + ACME_ADC_CTRL);

	for (;;) {
		prepare_to_wait(&adc->eoc_wait, &wait, TASK_UNINTERRUPTIBLE);
		if (adc->cal_done || !timeout)
			break;
		timeout = schedule_timeout(timeout);
	}
	finish_wait(&adc->eoc_wait, &wait);
	return adc->cal_done ? 0 : -ETIMEDOUT;
}

static ssize_t acme_adc_read(struct file *file, char __user *buf,
			     size_t count, loff_t *ppos)
{
	struct acme_adc *adc = &acme_adc_dev;
	u16 val;
	int ret;

	if (count < sizeof(val))
		return -EINVAL;

	adc->eoc = 0;
	writel(ACME_ADC_CTRL_START, adc->regs + ACME_ADC_CTRL);
	ret = acme_adc_wait_eoc(adc);
	if (ret)
		return ret;

	val = adc->sample;
	if (copy_to_user(buf, &val, sizeof(val)))
		return -EFAULT;
	return sizeof(val);
}

static int acme_adc_setup(struct acme_adc *adc, int irq)
{
	int ret;

	init_waitqueue_head(&adc->eoc_wait);
	ret = request_irq(irq, acme_adc_irq, 0, "acme_adc", adc);
	if (ret)
		return ret;
	return acme_adc_calibrate(adc);
}
