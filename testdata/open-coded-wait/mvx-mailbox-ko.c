// SPDX-License-Identifier: GPL-2.0-only
/*
 * mvx_mbox.c -- host side of the MVX-300 DSP board's mailboxes.
 *
 * 2.6-era driver: every wait is written out by hand the way LDD2 showed
 * it, DECLARE_WAITQUEUE + add_wait_queue, the state set at the top of
 * the loop, then the test, then schedule().
 *
 * wqport fixture: open-coded loops that only wait, one per flavour:
 * interruptible returning -ERESTARTSYS, uninterruptible, exclusive,
 * TASK_KILLABLE, and one that drops the board's spinlock around
 * schedule().  Each collapses to the matching wait_event*() macro.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define MVX_NAME		"mvx_mbox"

#define MVX_HOST2DSP		0x00
#define MVX_DSP2HOST		0x04
#define MVX_STATUS		0x08
#define MVX_ST_IN_FULL		0x01	/* a word from the DSP */
#define MVX_ST_OUT_EMPTY	0x02	/* the DSP took our word */
#define MVX_ST_BOOTED		0x04
#define MVX_ST_HALTED		0x08

#define MVX_IOC_BOOT		0x4d01
#define MVX_IOC_HALT		0x4d02

struct mvx_board {
	void __iomem *regs;
	int irq;
	spinlock_t lock;

	wait_queue_head_t in_wait;	/* readers */
	wait_queue_head_t out_wait;	/* writers, woken one at a time */
	wait_queue_head_t state_wait;	/* boot and halt */

	int in_full;
	int out_empty;
	int booted;
	int halted;
	u32 in_word;
};

static struct mvx_board mvx;
static int mvx_major;

static irqreturn_t mvx_interrupt(int irq, void *dev_id)
{
	struct mvx_board *mb = dev_id;
	u32 st = readl(mb->regs + MVX_STATUS);

	if (!st)
		return IRQ_NONE;

	spin_lock(&mb->lock);
	if (st & MVX_ST_IN_FULL) {
		mb->in_word = readl(mb->regs + MVX_DSP2HOST);
		mb->in_full = 1;
		wake_up_interruptible(&mb->in_wait);
	}
	if (st & MVX_ST_OUT_EMPTY) {
		mb->out_empty = 1;
		wake_up_interruptible(&mb->out_wait);
	}
	if (st & MVX_ST_BOOTED)
		mb->booted = 1;
	if (st & MVX_ST_HALTED)
		mb->halted = 1;
	spin_unlock(&mb->lock);

	if (st & (MVX_ST_BOOTED | MVX_ST_HALTED))
		wake_up(&mb->state_wait);
	writel(st, mb->regs + MVX_STATUS);
	return IRQ_HANDLED;
}

static ssize_t mvx_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct mvx_board *mb = file->private_data;
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;
	u32 word;

	if (count < sizeof(word))
		return -EINVAL;

	add_wait_queue(&mb->in_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (mb->in_full)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&mb->in_wait, &wait);
	if (ret)
		return ret;

	spin_lock_irq(&mb->lock);
	word = mb->in_word;
	mb->in_full = 0;
	spin_unlock_irq(&mb->lock);

	if (copy_to_user(buf, &word, sizeof(word)))
		return -EFAULT;
	return sizeof(word);
}

static ssize_t mvx_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	struct mvx_board *mb = file->private_data;
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;
	u32 word;

	if (count < sizeof(word))
		return -EINVAL;
	if (copy_from_user(&word, buf, sizeof(word)))
		return -EFAULT;

	/* only one writer gets the empty mailbox */
	add_wait_queue_exclusive(&mb->out_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (mb->out_empty)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&mb->out_wait, &wait);
	if (ret)
		return ret;

	spin_lock_irq(&mb->lock);
	mb->out_empty = 0;
	writel(word, mb->regs + MVX_HOST2DSP);
	spin_unlock_irq(&mb->lock);
	return sizeof(word);
}

/* the DSP boots from its own flash; nothing to do but wait */
static void mvx_wait_booted(struct mvx_board *mb)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&mb->state_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (mb->booted)
			break;
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&mb->state_wait, &wait);
}

/*
 * Halting can hang if the DSP is wedged: let kill -9 get the caller out,
 * but nothing else.
 */
static int mvx_halt(struct mvx_board *mb)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	writel(MVX_ST_HALTED, mb->regs + MVX_HOST2DSP);
	add_wait_queue(&mb->state_wait, &wait);	/* expect: WQ002 fix=converted */
	for (;;) {
		set_current_state(TASK_KILLABLE);
		if (mb->halted)
			break;
		if (fatal_signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&mb->state_wait, &wait);
	return ret;
}

/* drain: wait, under the lock, until the DSP has taken the last word */
static void mvx_flush(struct mvx_board *mb)
{
	DECLARE_WAITQUEUE(wait, current);

	spin_lock_irq(&mb->lock);
	add_wait_queue(&mb->out_wait, &wait);	/* expect: WQ002 fix=keeprace */
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (mb->out_empty)
			break;
		spin_unlock_irq(&mb->lock);
		schedule();
		spin_lock_irq(&mb->lock);
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&mb->out_wait, &wait);
	spin_unlock_irq(&mb->lock);
}

static long mvx_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct mvx_board *mb = file->private_data;

	switch (cmd) {
	case MVX_IOC_BOOT:
		mvx_wait_booted(mb);
		return 0;
	case MVX_IOC_HALT:
		mvx_flush(mb);
		return mvx_halt(mb);
	default:
		return -ENOTTY;
	}
}

static int mvx_open(struct inode *inode, struct file *file)
{
	file->private_data = &mvx;
	return 0;
}

static const struct file_operations mvx_fops = {
	.owner		= THIS_MODULE,
	.open		= mvx_open,
	.read		= mvx_read,
	.write		= mvx_write,
	.unlocked_ioctl	= mvx_ioctl,
};

static int __init mvx_init(void)
{
	struct mvx_board *mb = &mvx;
	int ret;

	spin_lock_init(&mb->lock);
	init_waitqueue_head(&mb->in_wait);
	init_waitqueue_head(&mb->out_wait);
	init_waitqueue_head(&mb->state_wait);
	mb->out_empty = 1;

	mb->regs = ioremap(0xfe800000, 0x10);
	if (!mb->regs)
		return -ENOMEM;
	mb->irq = 9;
	ret = request_irq(mb->irq, mvx_interrupt, IRQF_SHARED, MVX_NAME, mb);
	if (ret)
		goto err_unmap;
	mvx_major = register_chrdev(0, MVX_NAME, &mvx_fops);
	if (mvx_major < 0) {
		ret = mvx_major;
		goto err_irq;
	}
	return 0;

err_irq:
	free_irq(mb->irq, mb);
err_unmap:
	iounmap(mb->regs);
	return ret;
}

static void __exit mvx_exit(void)
{
	unregister_chrdev(mvx_major, MVX_NAME);
	free_irq(mvx.irq, &mvx);
	iounmap(mvx.regs);
}

module_init(mvx_init);
module_exit(mvx_exit);
MODULE_LICENSE("GPL");
