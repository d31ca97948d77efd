// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a touchscreen codec's ADC reads that wait for the
 * conversion in TASK_INTERRUPTIBLE with no signal exit.  What the
 * check may advise depends on what each function returns:
 *
 * - adx_adc_read() hands back the sample as an unsigned value: there is
 *   no room for -ERESTARTSYS, its callers would take it as a reading;
 * - adx_pen_settled() returns a bool;
 * - adx_adc_sync() returns an int error code, where -ERESTARTSYS fits.
 */
#include <linux/io.h>
#include <linux/module.h>
#include <linux/sched.h>

#define ADX_ADC_DATA	0x10
#define ADX_ADC_VALID	0x8000
#define ADX_ADC_MASK	0x03ff
#define ADX_PEN		0x14
#define ADX_PEN_DOWN	0x1

struct adx_codec {
	void __iomem *regs;
	u16 last;
};

unsigned int adx_adc_read(struct adx_codec *adx)
{
	unsigned int val;

	for (;;) {
		val = readl(adx->regs + ADX_ADC_DATA);
		if (val & ADX_ADC_VALID)
			break;
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ007 */
		schedule_timeout(1);
	}
	return val & ADX_ADC_MASK;
}

static bool
adx_pen_settled(struct adx_codec *adx)
{
	while (!(readl(adx->regs + ADX_PEN) & ADX_PEN_DOWN)) {
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ007 */
		schedule_timeout(2);
	}
	return true;
}

static int adx_adc_sync(struct adx_codec *adx)
{
	u32 val;

	while (!((val = readl(adx->regs + ADX_ADC_DATA)) & ADX_ADC_VALID)) {
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ007 */
		schedule_timeout(1);
	}
	adx->last = val & ADX_ADC_MASK;
	return 0;
}

int adx_codec_sample(struct adx_codec *adx)
{
	if (!adx_pen_settled(adx))
		return -EIO;
	return adx_adc_sync(adx);
}

MODULE_LICENSE("GPL");
