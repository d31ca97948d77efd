// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport bad-input fixture: a driver file cut off in the middle of a
 * function body (an interrupted copy or a partial download).  The
 * sleep_on() call before the cut must still be reported; the missing
 * closing braces must be reported as a parse problem, not a crash.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define GLIM_LED_CTRL		0x00
#define GLIM_LED_STAT		0x04
#define GLIM_LED_STAT_DONE	0x01

struct glim_led {
	void __iomem *base;
	wait_queue_head_t fade_wait;
	int fading;
	u8 level;
};

static struct glim_led glim_led0;

static irqreturn_t glim_led_irq(int irq, void *dev_id)
{
	struct glim_led *gl = dev_id;

	if (!(readl(gl->base + GLIM_LED_STAT) & GLIM_LED_STAT_DONE))
		return IRQ_NONE;
	gl->fading = 0;
	wake_up(&gl->fade_wait);
	return IRQ_HANDLED;
}

static ssize_t glim_led_write(struct file *file, const char __user *buf,
			      size_t count, loff_t *ppos)
{
	struct glim_led *gl = &glim_led0;
	u8 level;

	if (!count)
		return 0;
	if (get_user(level, buf))
		return -EFAULT;

	if (gl->fading)
		sleep_on(&gl->fade_wait);	/* expect: WQ001 */

	gl->fading = 1;
	gl->level = level;
	writel(level | 0x100, gl->base + GLIM_LED_CTRL);
	if (count > 1) {
		/* the second byte, if any, is the fade time in 10 ms steps */
		if (get_user(level, buf + 1))
			return -EF