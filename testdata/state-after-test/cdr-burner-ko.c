// SPDX-License-Identifier: GPL-2.0-only
/*
 * cdr_burn.c -- write path of the Sonix CDR-4 burner interface card.
 *
 * wqport fixture: a prepare_to_wait() loop ported from sleep_on() in a
 * hurry: the FIFO level is tested by the while condition, the entry is
 * queued only afterwards, and schedule() follows without a second look.
 * A FIFO-low interrupt in between is lost and the writer stalls until
 * the next one (a buffer underrun on a burner).  The fix re-tests the
 * condition after prepare_to_wait(): `if (!c) schedule();`.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define CDR_REG_FIFO		0x00
#define CDR_REG_LEVEL		0x04
#define CDR_REG_IRQ		0x08
#define CDR_IRQ_FIFO_LOW	0x01
#define CDR_FIFO_WORDS		2048
#define CDR_LOW_MARK		512

struct cdr_card {
	void __iomem *regs;
	wait_queue_head_t fifo_wait;
	volatile int fifo_low;
	unsigned long underruns;
};

static struct cdr_card cdr0;

static irqreturn_t cdr_interrupt(int irq, void *dev_id)
{
	struct cdr_card *cd = dev_id;
	u32 st = readl(cd->regs + CDR_REG_IRQ);

	if (!(st & CDR_IRQ_FIFO_LOW))
		return IRQ_NONE;
	writel(st, cd->regs + CDR_REG_IRQ);
	cd->fifo_low = 1;
	wake_up_interruptible(&cd->fifo_wait);
	return IRQ_HANDLED;
}

static ssize_t cdr_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	struct cdr_card *cd = &cdr0;
	DEFINE_WAIT(wait);
	size_t done = 0;
	u32 word;
	int ret = 0;

	while (done + sizeof(word) <= count) {
		while (!cd->fifo_low) {
			prepare_to_wait(&cd->fifo_wait, &wait, TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=converted */
			schedule();
			if (signal_pending(current)) {
				ret = -ERESTARTSYS;
				break;
			}
		}
		finish_wait(&cd->fifo_wait, &wait);
		if (ret)
			return done ? done : ret;

		/* refill up to the top of the FIFO */
		cd->fifo_low = 0;
		while (done + sizeof(word) <= count &&
		       readl(cd->regs + CDR_REG_LEVEL) < CDR_FIFO_WORDS) {
			if (get_user(word, (u32 __user *)(buf + done)))
				return done ? done : -EFAULT;
			writel(word, cd->regs + CDR_REG_FIFO);
			done += sizeof(word);
		}
	}
	return done;
}

static const struct file_operations cdr_fops = {
	.owner	= THIS_MODULE,
	.write	= cdr_write,
};

static int cdr_setup(struct cdr_card *cd, int irq)
{
	init_waitqueue_head(&cd->fifo_wait);
	return request_irq(irq, cdr_interrupt, 0, "cdr4", cd);
}
