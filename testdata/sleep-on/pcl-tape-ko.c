// SPDX-License-Identifier: GPL-2.0-only
/*
 * pcl_tape.c -- PCL QT-40 QIC streamer on the ISA bus.
 *
 * Written for 2.2, moved to 2.4 and then carried to 2.6 by the vendor
 * with a few #ifs.  Port I/O, one interrupt line for both command
 * completion and DMA block done.
 *
 * wqport fixture: sleep_on() loops whose condition is right in the
 * loop: the classic `while (!c) sleep_on(&q)`, an interruptible loop
 * that returns -EINTR, one that tests the signal first, a for (;;)
 * loop with a break and a comment in it, and a positive test of a
 * counter.  All convert to wait_event*().  The 2.4-only loop in open()
 * is compiled out on any kernel that still builds this file: it is left
 * alone.
 */
#include <linux/module.h>
#include <linux/version.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define PCL_NAME		"pcl_tape"
#define PCL_IOSIZE		8

/* registers, relative to io */
#define PCL_REG_DATA		0
#define PCL_REG_CMD		1
#define PCL_REG_STATUS		2
#define PCL_REG_IRQACK		3

/* status register */
#define PCL_ST_CMDDONE		0x01
#define PCL_ST_DMADONE		0x02
#define PCL_ST_BOT		0x10	/* beginning of tape */
#define PCL_ST_EXC		0x80	/* exception, read the sense bytes */

#define PCL_CMD_REWIND		0x21
#define PCL_CMD_READ		0x80
#define PCL_CMD_WRITE		0x40

/* ioctls, as the old vendor tools use them */
#define PCL_IOC_REWIND		0x7401
#define PCL_IOC_STATUS		0x7402

#define PCL_BLOCK		512
#define PCL_MAX_QUEUED		4

static int io = 0x300;
module_param(io, int, 0444);
static int irq = 5;
module_param(irq, int, 0444);

static int major;

struct pcl_tape {
	spinlock_t lock;
	int in_use;
	int loaded;

	/* command channel */
	wait_queue_head_t cmd_wait;
	volatile int cmd_done;
	volatile unsigned char status;

	/* block transfers */
	wait_queue_head_t dma_wait;
	volatile int block_ready;
	int blocks_queued;
	unsigned char block[PCL_BLOCK];

	/* bounce buffers handed back by the interrupt */
	wait_queue_head_t buf_wait;
	int free_bufs;
};

static struct pcl_tape pcl_tape;

#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 6, 19)
static irqreturn_t pcl_interrupt(int irq, void *dev_id, struct pt_regs *regs)
#else
static irqreturn_t pcl_interrupt(int irq, void *dev_id)
#endif
{
	struct pcl_tape *tp = dev_id;
	unsigned char st = inb(io + PCL_REG_STATUS);

	if (!(st & (PCL_ST_CMDDONE | PCL_ST_DMADONE)))
		return IRQ_NONE;

	spin_lock(&tp->lock);
	tp->status = st;
	if (st & PCL_ST_CMDDONE) {
		tp->cmd_done = 1;
		wake_up(&tp->cmd_wait);
	}
	if (st & PCL_ST_DMADONE) {
		tp->block_ready = 1;
		if (tp->blocks_queued)
			tp->blocks_queued--;
		tp->free_bufs++;
		wake_up_interruptible(&tp->dma_wait);
		wake_up(&tp->buf_wait);
	}
	spin_unlock(&tp->lock);

	outb(st, io + PCL_REG_IRQACK);
	return IRQ_HANDLED;
}

/* issue a command and wait for the controller to acknowledge it */
static int pcl_command(struct pcl_tape *tp, unsigned char cmd)
{
	tp->cmd_done = 0;
	outb(cmd, io + PCL_REG_CMD);
	while (!tp->cmd_done)
		sleep_on(&tp->cmd_wait);	/* expect: WQ001 fix=converted */

	if (tp->status & PCL_ST_EXC)
		return -EIO;
	return 0;
}

static int pcl_open(struct inode *inode, struct file *file)
{
	struct pcl_tape *tp = &pcl_tape;

	if (tp->in_use)
		return -EBUSY;
	tp->in_use = 1;
#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 6, 0)
	MOD_INC_USE_COUNT;
	/* 2.4: wait for the cartridge here, 2.6 does it at probe time */
	while (!tp->loaded)
		interruptible_sleep_on(&tp->cmd_wait);	/* expect: WQ001 fix=refused:old-kernel-branch */
#endif
	file->private_data = tp;
	return 0;
}

static int pcl_release(struct inode *inode, struct file *file)
{
	struct pcl_tape *tp = file->private_data;

	/* every bounce buffer must be back before the next open */
	while (tp->free_bufs == 0)
		sleep_on(&tp->buf_wait);	/* expect: WQ001 fix=converted */
	tp->in_use = 0;
#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 6, 0)
	MOD_DEC_USE_COUNT;
#endif
	return 0;
}

static ssize_t pcl_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct pcl_tape *tp = file->private_data;
	int ret;

	if (count < PCL_BLOCK)
		return -EINVAL;

	tp->block_ready = 0;
	ret = pcl_command(tp, PCL_CMD_READ);
	if (ret)
		return ret;

	while (!tp->block_ready) {
		interruptible_sleep_on(&tp->dma_wait);	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -EINTR;
	}

	if (copy_to_user(buf, tp->block, PCL_BLOCK))
		return -EFAULT;
	return PCL_BLOCK;
}

static ssize_t pcl_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	struct pcl_tape *tp = file->private_data;
	unsigned long flags;

	if (count != PCL_BLOCK)
		return -EINVAL;

	while (tp->blocks_queued >= PCL_MAX_QUEUED) {
		if (signal_pending(current))
			return -ERESTARTSYS;
		interruptible_sleep_on(&tp->dma_wait);	/* expect: WQ001 fix=converted */
	}

	if (copy_from_user(tp->block, buf, PCL_BLOCK))
		return -EFAULT;

	spin_lock_irqsave(&tp->lock, flags);
	tp->blocks_queued++;
	tp->free_bufs--;
	spin_unlock_irqrestore(&tp->lock, flags);
	return pcl_command(tp, PCL_CMD_WRITE) ? -EIO : PCL_BLOCK;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 6, 36)
static int pcl_ioctl(struct inode *inode, struct file *file,
		     unsigned int cmd, unsigned long arg)
#else
static long pcl_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
#endif
{
	struct pcl_tape *tp = file->private_data;

	switch (cmd) {
	case PCL_IOC_REWIND:
		outb(PCL_CMD_REWIND, io + PCL_REG_CMD);
		for (;;) {
			if (tp->status & PCL_ST_BOT)
				break;
			/* a full cartridge takes up to 90 seconds */
			sleep_on(&tp->cmd_wait);	/* expect: WQ001 fix=converted */
		}
		return 0;

	case PCL_IOC_STATUS:
		return put_user(tp->status, (unsigned char __user *)arg);

	default:
		return -ENOTTY;
	}
}

static const struct file_operations pcl_fops = {
	.owner		= THIS_MODULE,
	.open		= pcl_open,
	.release	= pcl_release,
	.read		= pcl_read,
	.write		= pcl_write,
#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 6, 36)
	.ioctl		= pcl_ioctl,
#else
	.unlocked_ioctl	= pcl_ioctl,
#endif
};

static int __init pcl_init(void)
{
	struct pcl_tape *tp = &pcl_tape;
	int ret;

	spin_lock_init(&tp->lock);
	init_waitqueue_head(&tp->cmd_wait);
	init_waitqueue_head(&tp->dma_wait);
	init_waitqueue_head(&tp->buf_wait);
	tp->free_bufs = PCL_MAX_QUEUED;

	if (!request_region(io, PCL_IOSIZE, PCL_NAME))
		return -EBUSY;

	ret = request_irq(irq, pcl_interrupt, 0, PCL_NAME, tp);
	if (ret)
		goto err_region;

	major = register_chrdev(0, PCL_NAME, &pcl_fops);
	if (major < 0) {
		ret = major;
		goto err_irq;
	}
	printk(KERN_INFO PCL_NAME ": QT-40 at 0x%x, irq %d, major %d\n",
	       io, irq, major);
	return 0;

err_irq:
	free_irq(irq, tp);
err_region:
	release_region(io, PCL_IOSIZE);
	return ret;
}

static void __exit pcl_exit(void)
{
	unregister_chrdev(major, PCL_NAME);
	free_irq(irq, &pcl_tape);
	release_region(io, PCL_IOSIZE);
}

module_init(pcl_init);
module_exit(pcl_exit);
MODULE_LICENSE("GPL");
