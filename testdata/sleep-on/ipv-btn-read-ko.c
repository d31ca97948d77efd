// SPDX-License-Identifier: GPL-2.0-only
/*
 * ipv: the buttons of an invented evaluation board, one interrupt line
 * each.  The handler records which line fired, from its own parameter,
 * and wakes the reader, which sleeps once per read.  The value the
 * handler stores is its parameter `irq`: no name the reader can test, so
 * no condition may be offered from it.
 */
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(ipv_btn_wq);
static int ipv_btn_irq;
static const int ipv_btn_lines[4] = { 33, 34, 35, 36 };

static irqreturn_t ipv_btn_interrupt(int irq, void *dev_id)
{
	ipv_btn_irq = irq;
	wake_up_interruptible(&ipv_btn_wq);
	return IRQ_HANDLED;
}

static ssize_t ipv_btn_read(struct file *file, char __user *buf,
			    size_t count, loff_t *ppos)
{
	char key = 0;
	int i;

	interruptible_sleep_on(&ipv_btn_wq);	/* expect: WQ001 fix=keeprace */
	for (i = 0; i < 4; i++)
		if (ipv_btn_irq == ipv_btn_lines[i])
			key = '1' + i;
	if (copy_to_user(buf, &key, 1))
		return -EFAULT;
	return 1;
}

static const struct file_operations ipv_btn_fops = {
	.read = ipv_btn_read,
};

int ipv_btn_init(void)
{
	return request_irq(ipv_btn_lines[0], ipv_btn_interrupt, 0, "ipv",
			   (void *)&ipv_btn_fops);
}
