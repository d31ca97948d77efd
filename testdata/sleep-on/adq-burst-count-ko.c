// SPDX-License-Identifier: GPL-2.0-only
/*
 * adq_read.c -- the ADQ data logger's read(): every eighth read it
 * resets its burst counter and sleeps until the sampling timer has a
 * fresh value; the others return the last value at once.
 *
 * wqport fixture: the test above the sleep reads the counter, which the
 * block then resets before it sleeps: the test's negation (cnt !=
 * ADQ_BURST) already holds at the sleep, so it is no condition to wait
 * for, and the finding does not offer it ("probably ..."): it offers the
 * flag the timer sets before its wake-up, adq_fresh.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/uaccess.h>

#define ADQ_BURST	8

static DECLARE_WAIT_QUEUE_HEAD(adq_wait);
static int adq_cnt;
static int adq_fresh;
static u16 adq_value;

void adq_sample_timer(u16 v)
{
	adq_value = v;
	adq_fresh = 1;
	wake_up_interruptible(&adq_wait);
}

static ssize_t adq_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	if (adq_cnt == ADQ_BURST) {
		adq_cnt = 0;
		adq_fresh = 0;
		interruptible_sleep_on(&adq_wait); /* expect: WQ001 fix=keeprace */
	} else {
		adq_cnt++;
	}
	if (copy_to_user(buf, &adq_value, sizeof(adq_value)))
		return -EFAULT;
	return sizeof(adq_value);
}

static const struct file_operations adq_fops = {
	.owner = THIS_MODULE,
	.read = adq_read,
};

MODULE_LICENSE("GPL");
