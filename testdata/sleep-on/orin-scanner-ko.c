// SPDX-License-Identifier: GPL-2.0-only
/*
 * orin_scan.c -- Orin OS-600 flatbed scanner interface card.
 *
 * Vendor driver, 2.4 vintage, kept building on 2.6 by the vendor.
 * The card has a status port it polls while the lamp warms up, a FIFO
 * of scan lines filled by interrupt, and a motor that signals "home".
 *
 * wqport fixture: the sleep_on() family where the queue comes in as a
 * pointer, where a timeout is only a polling interval (nothing wakes
 * the queue here), where the queue is only a delay here (both plain
 * naps: a member of a struct only this file defines, which nothing wakes), where the driver's spinlock is dropped around the sleep, and
 * interruptible_sleep_on_timeout() counting down a `long` timeout.
 */
#include <linux/module.h>
#include <linux/version.h>
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

#define ORIN_NAME		"orin_scan"

#define ORIN_STATUS		0x00
#define ORIN_CTRL		0x01
#define ORIN_DATA		0x02

#define ORIN_ST_LAMP_READY	0x01
#define ORIN_ST_LINE		0x02
#define ORIN_ST_HOME		0x04
#define ORIN_CTRL_LAMP		0x01
#define ORIN_CTRL_RESET		0x80
#define ORIN_CTRL_MOTOR		0x10

#define ORIN_LINE_BYTES		640
#define ORIN_NR_LINES		16

struct orin_line {
	unsigned char pixels[ORIN_LINE_BYTES];
};

struct orin_scanner {
	unsigned long iobase;
	int irq;
	spinlock_t lock;		/* protects head, tail, lines */

	wait_queue_head_t lamp_wait;	/* never woken: polled */
	wait_queue_head_t reset_wait;	/* never woken: a delay */
	wait_queue_head_t line_wait;
	wait_queue_head_t home_wait;

	unsigned int head, tail;
	struct orin_line lines[ORIN_NR_LINES];
	volatile int at_home;
	volatile int stopped;
};

static struct orin_scanner orin;
static int orin_major;

static irqreturn_t orin_interrupt(int irq, void *dev_id)
{
	struct orin_scanner *os = dev_id;
	unsigned char st = inb(os->iobase + ORIN_STATUS);
	int i;

	if (st & ORIN_ST_LINE) {
		spin_lock(&os->lock);
		for (i = 0; i < ORIN_LINE_BYTES; i++)
			os->lines[os->head % ORIN_NR_LINES].pixels[i] =
				inb(os->iobase + ORIN_DATA);
		os->head++;
		spin_unlock(&os->lock);
		wake_up_interruptible(&os->line_wait);
	}
	if (st & ORIN_ST_HOME) {
		os->at_home = 1;
		wake_up(&os->home_wait);
	}
	return IRQ_HANDLED;
}

/*
 * Wait for a flag the interrupt handler sets.  Shared by the motor and
 * the stop paths, so it takes the queue and the flag by address.
 */
static void orin_wait_flag(wait_queue_head_t *wq, volatile int *flag)
{
	while (!*flag)
		sleep_on(wq);	/* expect: WQ001 fix=converted */
}

static int orin_lamp_on(struct orin_scanner *os)
{
	outb(ORIN_CTRL_LAMP, os->iobase + ORIN_CTRL);

	/* the lamp needs a few seconds; poll it ten times a second */
	while (!(inb(os->iobase + ORIN_STATUS) & ORIN_ST_LAMP_READY)) {
		interruptible_sleep_on_timeout(&os->lamp_wait, HZ / 10);	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -EINTR;
	}
	return 0;
}

static void orin_reset(struct orin_scanner *os)
{
	outb(ORIN_CTRL_RESET, os->iobase + ORIN_CTRL);
	sleep_on_timeout(&os->reset_wait, HZ / 20);	/* expect: WQ001 fix=converted */
	outb(0, os->iobase + ORIN_CTRL);
}

static int orin_home(struct orin_scanner *os)
{
	long timeout = 10 * HZ;

	os->at_home = 0;
	outb(ORIN_CTRL_MOTOR, os->iobase + ORIN_CTRL);
	while (!os->at_home && timeout)
		timeout = interruptible_sleep_on_timeout(&os->home_wait, timeout);	/* expect: WQ001 fix=caveat */
	if (!os->at_home)
		return -ETIMEDOUT;
	return 0;
}

/* take one scan line out of the ring, sleeping until there is one */
static ssize_t orin_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	struct orin_scanner *os = file->private_data;
	struct orin_line *line;

	if (count < ORIN_LINE_BYTES)
		return -EINVAL;

	spin_lock_irq(&os->lock);
	while (os->head == os->tail) {
		spin_unlock_irq(&os->lock);
		interruptible_sleep_on(&os->line_wait);	/* expect: WQ001 fix=converted */
		spin_lock_irq(&os->lock);
		if (signal_pending(current)) {
			spin_unlock_irq(&os->lock);
			return -ERESTARTSYS;
		}
	}
	line = &os->lines[os->tail % ORIN_NR_LINES];
	spin_unlock_irq(&os->lock);

	if (copy_to_user(buf, line->pixels, ORIN_LINE_BYTES))
		return -EFAULT;

	spin_lock_irq(&os->lock);
	os->tail++;
	spin_unlock_irq(&os->lock);
	return ORIN_LINE_BYTES;
}

/* stop scanning: let the ring drain first */
static void orin_drain(struct orin_scanner *os)
{
	spin_lock_irq(&os->lock);
	while (os->head != os->tail) {
		spin_unlock_irq(&os->lock);
		sleep_on(&os->line_wait);	/* expect: WQ001 fix=keeprace */
		spin_lock_irq(&os->lock);
	}
	os->stopped = 1;
	spin_unlock_irq(&os->lock);
}

static int orin_open(struct inode *inode, struct file *file)
{
	int ret;

	file->private_data = &orin;
	orin_reset(&orin);
	ret = orin_lamp_on(&orin);
	if (ret)
		return ret;
	return orin_home(&orin);
}

static int orin_release(struct inode *inode, struct file *file)
{
	struct orin_scanner *os = file->private_data;

	outb(ORIN_CTRL_MOTOR, os->iobase + ORIN_CTRL);
	orin_wait_flag(&os->home_wait, &os->at_home);
	orin_drain(os);
	outb(0, os->iobase + ORIN_CTRL);
	return 0;
}

static const struct file_operations orin_fops = {
	.owner		= THIS_MODULE,
	.open		= orin_open,
	.release	= orin_release,
	.read		= orin_read,
};

static int __init orin_init(void)
{
	struct orin_scanner *os = &orin;
	int ret;

	os->iobase = 0x278;
	os->irq = 7;
	spin_lock_init(&os->lock);
	init_waitqueue_head(&os->lamp_wait);
	init_waitqueue_head(&os->reset_wait);
	init_waitqueue_head(&os->line_wait);
	init_waitqueue_head(&os->home_wait);

	ret = request_irq(os->irq, orin_interrupt, 0, ORIN_NAME, os);
	if (ret)
		return ret;
	orin_major = register_chrdev(0, ORIN_NAME, &orin_fops);
	if (orin_major < 0) {
		free_irq(os->irq, os);
		return orin_major;
	}
	return 0;
}

static void __exit orin_exit(void)
{
	unregister_chrdev(orin_major, ORIN_NAME);
	free_irq(orin.irq, &orin);
}

module_init(orin_init);
module_exit(orin_exit);
MODULE_LICENSE("GPL");
