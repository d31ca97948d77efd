// SPDX-License-Identifier: GPL-2.0-only
/*
 * pcl_tape.c -- PCL QT-40 QIC streamer, after the port to 2.6.
 *
 * wqport fixture: the same driver style as sleep-on/pcl-tape-ko.c, with
 * every wait written correctly: wait_event_interruptible() with the
 * driver's own -EINTR kept, a prepare_to_wait() loop that tests after
 * queueing, and a settle delay that sets the task state before
 * schedule_timeout().  Nothing to report and nothing to fix.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define PCL_REG_CMD		1
#define PCL_REG_STATUS		2
#define PCL_ST_CMDDONE		0x01
#define PCL_ST_DMADONE		0x02
#define PCL_ST_BOT		0x10
#define PCL_CMD_RESET		0x01
#define PCL_CMD_READ		0x80
#define PCL_BLOCK		512

struct pcl_tape {
	unsigned long io;
	spinlock_t lock;
	wait_queue_head_t cmd_wait;
	wait_queue_head_t dma_wait;
	int cmd_done;
	int block_ready;
	unsigned char status;
	unsigned char block[PCL_BLOCK];
};

static struct pcl_tape pcl_tape;

static irqreturn_t pcl_interrupt(int irq, void *dev_id)
{
	struct pcl_tape *tp = dev_id;
	unsigned char st = inb(tp->io + PCL_REG_STATUS);

	spin_lock(&tp->lock);
	tp->status = st;
	if (st & PCL_ST_CMDDONE)
		tp->cmd_done = 1;
	if (st & PCL_ST_DMADONE)
		tp->block_ready = 1;
	spin_unlock(&tp->lock);
	wake_up(&tp->cmd_wait);
	wake_up_interruptible(&tp->dma_wait);
	return IRQ_HANDLED;
}

static void pcl_reset(struct pcl_tape *tp)
{
	outb(PCL_CMD_RESET, tp->io + PCL_REG_CMD);
	/* the drive wants 100 ms after a reset */
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(HZ / 10);
	outb(0, tp->io + PCL_REG_CMD);
}

static int pcl_command(struct pcl_tape *tp, unsigned char cmd)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	tp->cmd_done = 0;
	outb(cmd, tp->io + PCL_REG_CMD);
	for (;;) {
		prepare_to_wait(&tp->cmd_wait, &wait, TASK_INTERRUPTIBLE);
		if (tp->cmd_done)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	finish_wait(&tp->cmd_wait, &wait);
	return ret;
}

static ssize_t pcl_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct pcl_tape *tp = &pcl_tape;
	int ret;

	if (count < PCL_BLOCK)
		return -EINVAL;
	tp->block_ready = 0;
	ret = pcl_command(tp, PCL_CMD_READ);
	if (ret)
		return ret;
	if (wait_event_interruptible(tp->dma_wait, tp->block_ready))
		return -EINTR;
	if (copy_to_user(buf, tp->block, PCL_BLOCK))
		return -EFAULT;
	return PCL_BLOCK;
}

static int pcl_open(struct inode *inode, struct file *file)
{
	pcl_reset(&pcl_tape);
	return 0;
}

static const struct file_operations pcl_fops = {
	.owner	= THIS_MODULE,
	.open	= pcl_open,
	.read	= pcl_read,
};

static int pcl_setup(struct pcl_tape *tp, int irq)
{
	spin_lock_init(&tp->lock);
	init_waitqueue_head(&tp->cmd_wait);
	init_waitqueue_head(&tp->dma_wait);
	return request_irq(irq, pcl_interrupt, 0, "pcl_tape", tp);
}
