// SPDX-License-Identifier: GPL-2.0-only
/*
 * nsx_btn.c -- the reset button of an invented network storage box: the
 * interrupt handler keeps a static table of LED patterns and wakes the
 * reader, who sleeps with no condition at all (the presses are counted
 * elsewhere).
 * The table's initializer is the handler's own local starting out, not
 * a write the reader could wait for: it must not be offered as the
 * condition ('pattern[] == {...}').
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(nsx_btn_wait);
static int nsx_presses;

static irqreturn_t nsx_btn_irq(int irq, void *dev_id)
{
	static const unsigned char pattern[] = {
		0x1, 0x3, 0x7, 0xf, 0x7, 0x3, 0x1, 0x0
	};

	pr_debug("nsx: button, pattern %u\n", pattern[nsx_presses & 7]);
	wake_up(&nsx_btn_wait);
	return IRQ_HANDLED;
}

static ssize_t nsx_btn_read(struct file *filp, char __user *buf, size_t count,
			    loff_t *ppos)
{
	interruptible_sleep_on(&nsx_btn_wait);	/* expect: WQ001 fix=keeprace */
	nsx_presses++;
	return copy_to_user(buf, "reset", 5) ? -EFAULT : 5;
}

int nsx_btn_setup(int irq)
{
	return request_irq(irq, nsx_btn_irq, 0, "nsx-btn", NULL);
}
