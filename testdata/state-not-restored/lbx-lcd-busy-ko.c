// SPDX-License-Identifier: GPL-2.0-only
/*
 * lbx_lcd.c -- the character LCD of the LBX front panel: write() waits
 * for the controller's busy flag to clear, which its interrupt reports.
 * The wait loop sets the state at the top of each pass and leaves by
 * break with it still set; after the loop the entry is removed and the
 * function returns, the task still in TASK_INTERRUPTIBLE on that path.
 *
 * wqport fixture: the exit is a WQ005 of its own, which has no fix of
 * its own; the WQ002 conversion of its loop ends with finish_wait(),
 * which sets TASK_RUNNING on every path after the loop.  The recheck of
 * the rewritten function finds no WQ005: the site's words say it is
 * fixed all the same, by that change, not that it was left as it was.
 *
 * wqport-fix-test: res-unreported(61: the loop's finish_wait() sets TASK_RUNNING on that exit)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/interrupt.h>

struct lbx_lcd {
	wait_queue_head_t ready_wait;
	int busy;
};

static struct lbx_lcd lbx_lcd;

static irqreturn_t lbx_lcd_irq(int irq, void *id)
{
	struct lbx_lcd *lcd = id;

	lcd->busy = 0;
	wake_up_interruptible(&lcd->ready_wait);
	return IRQ_HANDLED;
}

static int lbx_wait_ready(struct lbx_lcd *lcd, struct file *file)
{
	DECLARE_WAITQUEUE(wait, current);
	int err = 0;

	add_wait_queue(&lcd->ready_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!lcd->busy)
			break;
		err = -EAGAIN;
		if (file->f_flags & O_NONBLOCK)
			break;
		err = -ERESTARTSYS;
		if (signal_pending(current))
			break;
		err = 0;
		schedule();
	}
	remove_wait_queue(&lcd->ready_wait, &wait);
	return err;	/* expect: WQ005 fix=refused:no-patch */
}

static ssize_t lbx_lcd_write(struct file *file, const char __user *buf,
			     size_t count, loff_t *ppos)
{
	int err = lbx_wait_ready(&lbx_lcd, file);

	return err ? err : count;
}

static const struct file_operations lbx_lcd_fops = {
	.owner = THIS_MODULE,
	.write = lbx_lcd_write,
};

static int __init lbx_lcd_init(void)
{
	init_waitqueue_head(&lbx_lcd.ready_wait);
	return request_irq(11, lbx_lcd_irq, 0, "lbx-lcd", &lbx_lcd);
}

module_init(lbx_lcd_init);
MODULE_LICENSE("GPL");
