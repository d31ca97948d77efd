// SPDX-License-Identifier: GPL-2.0-only
/*
 * qtape.c: QIC-02 style streaming tape on an ISA card, 2.4-era driver
 * written for the wqport CI-report tests (baselines, changed lines,
 * SARIF).  The tests edit copies of it; the findings they rely on are
 * the sleep in qtape_read(), the hand-written wait in qtape_write() and
 * the racy status poll in qtape_ioctl().
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/wait.h>
#include <linux/interrupt.h>
#include <linux/errno.h>
#include <asm/io.h>
#include <asm/uaccess.h>

#define QTAPE_PORT	0x300
#define QTAPE_STAT	(QTAPE_PORT + 1)
#define QT_READY	0x01
#define QT_EXCEPT	0x02

static DECLARE_WAIT_QUEUE_HEAD(qtape_wait);
static volatile int qtape_ready;
static volatile int qtape_error;
static unsigned char qtape_buf[512];

static void qtape_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	unsigned char s = inb(QTAPE_STAT);

	if (s & QT_EXCEPT)
		qtape_error = 1;
	qtape_ready = 1;
	wake_up_interruptible(&qtape_wait);
}

static ssize_t qtape_read(struct file *file, char *buf, size_t count,
			  loff_t *ppos)
{
	if (count > sizeof(qtape_buf))
		count = sizeof(qtape_buf);
	qtape_ready = 0;
	outb(0x40, QTAPE_PORT);		/* start a block read */
	while (!qtape_ready) {
		interruptible_sleep_on(&qtape_wait);
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	if (qtape_error)
		return -EIO;
	if (copy_to_user(buf, qtape_buf, count))
		return -EFAULT;
	return count;
}

static ssize_t qtape_write(struct file *file, const char *buf, size_t count,
			   loff_t *ppos)
{
	DECLARE_WAITQUEUE(wait, current);

	if (count > sizeof(qtape_buf))
		count = sizeof(qtape_buf);
	if (copy_from_user(qtape_buf, buf, count))
		return -EFAULT;
	qtape_ready = 0;
	outb(0x80, QTAPE_PORT);		/* start a block write */
	add_wait_queue(&qtape_wait, &wait);
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (qtape_ready)
			break;
		if (signal_pending(current)) {
			count = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&qtape_wait, &wait);
	return count;
}

static int qtape_ioctl(struct inode *inode, struct file *file,
		       unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case 1:				/* rewind, wait for it */
		qtape_ready = 0;
		outb(0x21, QTAPE_PORT);
		while (!qtape_ready) {
			if (signal_pending(current))
				return -EINTR;
			current->state = TASK_INTERRUPTIBLE;
			schedule_timeout(HZ / 10);
		}
		return 0;
	}
	return -EINVAL;
}

static struct file_operations qtape_fops = {
	owner:		THIS_MODULE,
	read:		qtape_read,
	write:		qtape_write,
	ioctl:		qtape_ioctl,
};

int __init qtape_init(void)
{
	if (request_irq(5, qtape_interrupt, 0, "qtape", NULL))
		return -EBUSY;
	return register_chrdev(54, "qtape", &qtape_fops);
}
