// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a mechanical sleep_on() -> prepare_to_wait() port
 * that kept the old order.  The condition is tested in the while head,
 * prepare_to_wait() comes after it, and schedule() follows without a
 * second look at the flag: the completion interrupt can land in the
 * window and the reader sleeps until the next one.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define ACME_ADC_STATUS		0x00
#define ACME_ADC_DATA		0x04
#define ACME_ADC_CTRL		0x08
#define ACME_ADC_STATUS_EOC	0x01
#define ACME_ADC_CTRL_START	0x01

struct acme_adc {
	void __iomem *regs;
	wait_queue_head_t eoc_wait;
	int eoc;
	u16 sample;
};

static struct acme_adc acme_adc_dev;

static irqreturn_t acme_adc_irq(int irq, void *data)
{
	struct acme_adc *adc = data;
	u32 status = readl(adc->regs + ACME_ADC_STATUS);

	if (!(status & ACME_ADC_STATUS_EOC))
		return IRQ_NONE;

	adc->sample = readl(adc->regs + ACME_ADC_DATA) & 0xfff;
	adc->eoc = 1;
	writel(status, adc->regs + ACME_ADC_STATUS);
	wake_up_interruptible(&adc->eoc_wait);
	return IRQ_HANDLED;
}

static int acme_adc_wait_eoc(struct acme_adc *adc)
{
	DEFINE_WAIT(wait);

	while (!adc->eoc) {
		prepare_to_wait(&adc->eoc_wait, &wait,	/* expect: WQ003 fix=converted */
				TASK_INTERRUPTIBLE);
		schedule();
		finish_wait(&adc->eoc_wait, &wait);
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	return 0;
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

static const struct file_operations acme_adc_fops = {
	.owner	= THIS_MODULE,
	.read	= acme_adc_read,
};

static int acme_adc_setup(struct acme_adc *adc, int irq)
{
	init_waitqueue_head(&adc->eoc_wait);
	return request_irq(irq, acme_adc_irq, 0, "acme_adc", adc);
}
