// SPDX-License-Identifier: GPL-2.0-only
/*
 * svx: a board bring-up module that lets a user program wait for the
 * GPIO interrupt and read its status.  The read sleeps with no test; the
 * handler stores the status it read into a global, from a local of its
 * own, and wakes the queue.  `irqstat == status` is no condition: status
 * is the handler's local, which the sleeper cannot see.
 */
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

static DECLARE_WAIT_QUEUE_HEAD(svx_irq_queue);
static u32 svx_irqstat;
static void __iomem *svx_regs;

irqreturn_t svx_irq(int irq, void *dev_id)
{
	u32 status = readl(svx_regs);

	writel(status, svx_regs);
	svx_irqstat = status;
	wake_up_interruptible(&svx_irq_queue);
	return IRQ_HANDLED;
}

ssize_t svx_read(struct file *filp, char __user *buf, size_t count,
		 loff_t *f_pos)
{
	interruptible_sleep_on(&svx_irq_queue);	/* expect: WQ001 fix=keeprace */
	if (count >= 4 && copy_to_user(buf, &svx_irqstat, 4))
		return -EFAULT;
	return count;
}
