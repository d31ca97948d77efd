// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the acme_adc read path done right with
 * wait_event_interruptible().  Near misses for a textual matcher: a
 * driver helper and a struct member whose names contain "sleep_on",
 * and comments naming interruptible_sleep_on() and sleep_on_timeout().
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define ACME_ADC_STATUS		0x00
#define ACME_ADC_DATA		0x04
#define ACME_ADC_CTRL		0x08
#define ACME_ADC_STATUS_EOC	0x01
#define ACME_ADC_CTRL_START	0x01

struct acme_adc {
	void __iomem *regs;
	int irq;
	struct mutex lock;		/* one conversion at a time */
	wait_queue_head_t eoc_wait;
	int eoc;
	u16 sample;
	bool sleep_on_idle;		/* power the ADC down between reads */
};

static struct acme_adc acme_adc_dev;

static irqreturn_t acme_adc_irq(int irq, void *data)
{
	struct acme_adc *adc = data;
	u32 status = readl(adc->regs + ACME_ADC_STATUS);

	if (!(status & ACME_ADC_STATUS_EOC))
		return IRQ_NONE;

	adc->sample = readl(adc->regs + ACME_ADC_DATA) & 0xfff;
	WRITE_ONCE(adc->eoc, 1);
	writel(status, adc->regs + ACME_ADC_STATUS);
	wake_up_interruptible(&adc->eoc_wait);
	return IRQ_HANDLED;
}

/*
 * This used to be a while (!eoc) interruptible_sleep_on() loop, and the
 * power-down path used sleep_on_timeout() as a delay.  Both are gone.
 */
static int acme_adc_sleep_on_eoc(struct acme_adc *adc)
{
	return wait_event_interruptible(adc->eoc_wait, READ_ONCE(adc->eoc));
}

static ssize_t acme_adc_read(struct file *file, char __user *buf,
			     size_t count, loff_t *ppos)
{
	struct acme_adc *adc = &acme_adc_dev;
	u16 val;
	int ret;

	if (count < sizeof(val))
		return -EINVAL;

	if (mutex_lock_interruptible(&adc->lock))
		return -ERESTARTSYS;

	WRITE_ONCE(adc->eoc, 0);
	writel(ACME_ADC_CTRL_START, adc->regs + ACME_ADC_CTRL);

	ret = acme_adc_sleep_on_eoc(adc);
	if (ret)
		goto out_unlock;

	val = adc->sample;
	if (adc->sleep_on_idle)
		writel(0, adc->regs + ACME_ADC_CTRL);
	mutex_unlock(&adc->lock);

	if (copy_to_user(buf, &val, sizeof(val)))
		return -EFAULT;
	return sizeof(val);

out_unlock:
	mutex_unlock(&adc->lock);
	return ret;
}

static const struct file_operations acme_adc_fops = {
	.owner	= THIS_MODULE,
	.read	= acme_adc_read,
};

static int acme_adc_setup(struct acme_adc *adc)
{
	mutex_init(&adc->lock);
	init_waitqueue_head(&adc->eoc_wait);
	return request_irq(adc->irq, acme_adc_irq, 0, "acme_adc", adc);
}
