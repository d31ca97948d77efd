// SPDX-License-Identifier: GPL-2.0-only
/*
 * acme_adc_legacy: sample out-of-tree driver for the (fictional) ACME
 * AD-12 data acquisition card, as a vendor would have shipped it for
 * 2.4/2.6 kernels and carried forward unchanged.
 *
 * wqport sample: uses the removed sleep_on() family throughout --
 * interruptible_sleep_on() in read(), interruptible_sleep_on_timeout()
 * with its remaining-jiffies result in an ioctl, and sleep_on_timeout()
 * as a delay on a queue of a struct private to this file (nothing wakes it).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define ACME_DRV_NAME		"acme_adc"
#define ACME_NR_CHANNELS	8
#define ACME_BUF_SAMPLES	512

/* register map, relative to the BAR */
#define ACME_REG_CTRL		0x00
#define ACME_REG_STATUS		0x04
#define ACME_REG_DATA		0x08
#define ACME_REG_CHSEL		0x0c
#define ACME_REG_IRQ_EN		0x10

#define ACME_CTRL_START		0x0001
#define ACME_CTRL_CONT		0x0002
#define ACME_CTRL_RESET		0x8000
#define ACME_STATUS_EOC		0x0001
#define ACME_STATUS_OVR		0x0002
#define ACME_STATUS_TRIG	0x0004

/* ioctls */
#define ACME_IOC_SELECT		0x4101
#define ACME_IOC_WAIT_TRIGGER	0x4102

static unsigned long io_base = 0xfebf0000;
module_param(io_base, ulong, 0444);
MODULE_PARM_DESC(io_base, "physical base address of the card");

static int irq = 11;
module_param(irq, int, 0444);
MODULE_PARM_DESC(irq, "interrupt line");

static int major;

struct acme_card {
	void __iomem *regs;
	spinlock_t lock;
	wait_queue_head_t data_wait;	/* readers: samples available */
	wait_queue_head_t trig_wait;	/* ioctl: external trigger seen */
	wait_queue_head_t delay_wait;	/* never woken, used for delays */
	unsigned int head, tail;
	int triggered;
	int overruns;
	int open_count;
	u16 buf[ACME_BUF_SAMPLES];
};

static struct acme_card acme_card;

static inline u32 acme_rd(struct acme_card *card, unsigned int reg)
{
	return readl(card->regs + reg);
}

static inline void acme_wr(struct acme_card *card, unsigned int reg, u32 val)
{
	writel(val, card->regs + reg);
}

static irqreturn_t acme_interrupt(int irq, void *dev_id)
{
	struct acme_card *card = dev_id;
	u32 status = acme_rd(card, ACME_REG_STATUS);

	if (!(status & (ACME_STATUS_EOC | ACME_STATUS_OVR | ACME_STATUS_TRIG)))
		return IRQ_NONE;

	spin_lock(&card->lock);
	if (status & ACME_STATUS_OVR)
		card->overruns++;
	if (status & ACME_STATUS_TRIG) {
		card->triggered = 1;
		wake_up_interruptible(&card->trig_wait);
	}
	if (status & ACME_STATUS_EOC) {
		card->buf[card->head % ACME_BUF_SAMPLES] =
			acme_rd(card, ACME_REG_DATA) & 0x0fff;
		card->head++;
	}
	spin_unlock(&card->lock);

	acme_wr(card, ACME_REG_STATUS, status);
	wake_up_interruptible(&card->data_wait);
	return IRQ_HANDLED;
}

static void acme_hw_reset(struct acme_card *card)
{
	acme_wr(card, ACME_REG_IRQ_EN, 0);
	acme_wr(card, ACME_REG_CTRL, ACME_CTRL_RESET);
	/* card needs 20ms to come out of reset */
	sleep_on_timeout(&card->delay_wait, HZ / 50);	/* expect: WQ001 fix=converted */
	acme_wr(card, ACME_REG_CTRL, 0);
	card->head = card->tail = 0;
}

static int acme_open(struct inode *inode, struct file *file)
{
	struct acme_card *card = &acme_card;

	spin_lock_irq(&card->lock);
	if (card->open_count++ == 0) {
		acme_wr(card, ACME_REG_IRQ_EN, 1);
		acme_wr(card, ACME_REG_CTRL, ACME_CTRL_START | ACME_CTRL_CONT);
	}
	spin_unlock_irq(&card->lock);
	file->private_data = card;
	return 0;
}

static int acme_release(struct inode *inode, struct file *file)
{
	struct acme_card *card = file->private_data;

	spin_lock_irq(&card->lock);
	if (--card->open_count == 0) {
		acme_wr(card, ACME_REG_CTRL, 0);
		acme_wr(card, ACME_REG_IRQ_EN, 0);
	}
	spin_unlock_irq(&card->lock);
	return 0;
}

static ssize_t acme_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	struct acme_card *card = file->private_data;
	size_t copied = 0;
	u16 sample;

	if (count < sizeof(sample))
		return -EINVAL;

	while (card->head == card->tail) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		interruptible_sleep_on(&card->data_wait);	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}

	while (copied + sizeof(sample) <= count) {
		spin_lock_irq(&card->lock);
		if (card->tail == card->head) {
			spin_unlock_irq(&card->lock);
			break;
		}
		sample = card->buf[card->tail % ACME_BUF_SAMPLES];
		card->tail++;
		spin_unlock_irq(&card->lock);

		if (copy_to_user(buf + copied, &sample, sizeof(sample)))
			return -EFAULT;
		copied += sizeof(sample);
	}
	return copied;
}

static long acme_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct acme_card *card = file->private_data;
	long left;

	switch (cmd) {
	case ACME_IOC_SELECT:
		if (arg >= ACME_NR_CHANNELS)
			return -EINVAL;
		acme_wr(card, ACME_REG_CHSEL, arg);
		return 0;

	case ACME_IOC_WAIT_TRIGGER:
		/* arg is the timeout in jiffies; returns what is left of it */
		card->triggered = 0;
		left = interruptible_sleep_on_timeout(	/* expect: WQ001 fix=caveat */
				&card->trig_wait, arg);
		if (signal_pending(current))
			return -EINTR;
		if (!card->triggered)
			return -ETIMEDOUT;
		return left;

	default:
		return -ENOTTY;
	}
}

static const struct file_operations acme_fops = {
	.owner		= THIS_MODULE,
	.open		= acme_open,
	.release	= acme_release,
	.read		= acme_read,
	.unlocked_ioctl	= acme_ioctl,
};

static int __init acme_init(void)
{
	struct acme_card *card = &acme_card;
	int ret;

	spin_lock_init(&card->lock);
	init_waitqueue_head(&card->data_wait);
	init_waitqueue_head(&card->trig_wait);
	init_waitqueue_head(&card->delay_wait);

	card->regs = ioremap(io_base, 0x100);
	if (!card->regs)
		return -ENOMEM;

	acme_hw_reset(card);

	ret = request_irq(irq, acme_interrupt, IRQF_SHARED, ACME_DRV_NAME,
			  card);
	if (ret)
		goto err_unmap;

	major = register_chrdev(0, ACME_DRV_NAME, &acme_fops);
	if (major < 0) {
		ret = major;
		goto err_irq;
	}

	pr_info(ACME_DRV_NAME ": AD-12 at 0x%lx irq %d major %d\n",
		io_base, irq, major);
	return 0;

err_irq:
	free_irq(irq, card);
err_unmap:
	iounmap(card->regs);
	return ret;
}

static void __exit acme_exit(void)
{
	struct acme_card *card = &acme_card;

	unregister_chrdev(major, ACME_DRV_NAME);
	acme_hw_reset(card);
	free_irq(irq, card);
	iounmap(card->regs);
}

module_init(acme_init);
module_exit(acme_exit);

MODULE_DESCRIPTION("ACME AD-12 data acquisition card (legacy)");
MODULE_AUTHOR("ACME Instruments");
MODULE_LICENSE("GPL");
