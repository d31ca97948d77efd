// SPDX-License-Identifier: GPL-2.0-only
/*
 * pkx.c -- the PKX alphanumeric pager interface, in the style of the
 * 2.4 character drivers: a read queue filled by the card's interrupt,
 * an open that waits for a close in progress, and four line ports that
 * a polling timer reports ready.  The card's registers and its device
 * struct are in pkx_hw.h, a header of the vendor's board package that
 * is not in the tree: the compiler resolves none of the members below.
 *
 * wqport fixture (issue 39): conditions proven with the queues compared
 * as expressions.
 *  - pkx_read() sleeps in the block of `if (pd->count == 0)` after its
 *    O_NONBLOCK exit; the interrupt handler counts a message, then
 *    wakes the queue: wait_event_interruptible(pd->read_wait,
 *    pd->count != 0).
 *  - pkx_open() sleeps under `if (pd->flags & PKX_CLOSING)`; the close
 *    clears that bit (with another) and wakes `&(pd->close_wait)`:
 *    wait_event_interruptible(pd->close_wait,
 *    !(pd->flags & PKX_CLOSING)).
 *  - pkx_line_wait() sleeps on port_wait[line]; the timer wakes every
 *    port_wait[i] whose line it found ready, after setting
 *    line_ready[i]: wait_event_interruptible(port_wait[line],
 *    line_ready[line]).
 *
 * wqport-fix-test: no-compile (pkx_hw.h is the board package's, missing on purpose)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/interrupt.h>
#include <linux/timer.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include <linux/errno.h>

#include "pkx_hw.h"

#define PKX_LINES	4

static struct pkx_dev *pkx_card;
static wait_queue_head_t port_wait[PKX_LINES];
static int line_ready[PKX_LINES];
static struct timer_list pkx_timer;

static irqreturn_t pkx_interrupt(int irq, void *dev_id)
{
	struct pkx_dev *pd = dev_id;
	int stat = inb(pd->base + PKX_STATUS);

	if (!(stat & PKX_RXRDY))
		return IRQ_NONE;
	pd->msg[pd->head] = inb(pd->base + PKX_DATA);
	pd->head = (pd->head + 1) % PKX_MSGS;
	pd->count++;
	wake_up_interruptible(&pd->read_wait);
	return IRQ_HANDLED;
}

static ssize_t pkx_read(struct file *file, char __user *buf, size_t len,
			loff_t *ppos)
{
	struct pkx_dev *pd = file->private_data;
	unsigned char c;

	if (pd->count == 0) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		interruptible_sleep_on(&pd->read_wait); /* expect: WQ001 fix=caveat */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	if (pd->count == 0)
		return 0;
	c = pd->msg[pd->tail];
	pd->tail = (pd->tail + 1) % PKX_MSGS;
	pd->count--;
	if (put_user(c, buf))
		return -EFAULT;
	return 1;
}

static int pkx_open(struct inode *inode, struct file *file)
{
	struct pkx_dev *pd = pkx_card;

	if (pd->flags & PKX_CLOSING) {
		interruptible_sleep_on(&pd->close_wait); /* expect: WQ001 fix=caveat */
		if (signal_pending(current))
			return -ERESTARTSYS;
		return -EAGAIN;
	}
	pd->flags |= PKX_ACTIVE;
	file->private_data = pd;
	return 0;
}

static int pkx_release(struct inode *inode, struct file *file)
{
	struct pkx_dev *pd = file->private_data;

	pd->flags |= PKX_CLOSING;
	outb(0, pd->base + PKX_CONTROL);
	pd->flags &= ~(PKX_ACTIVE | PKX_CLOSING);
	wake_up_interruptible(&(pd->close_wait));
	return 0;
}

static void pkx_poll(struct timer_list *t)
{
	int i;

	for (i = 0; i < PKX_LINES; i++) {
		if (inb(pkx_card->base + PKX_LINE(i)) & PKX_LINE_UP) {
			line_ready[i] = 1;
			wake_up_interruptible(&port_wait[i]);
		}
	}
	mod_timer(&pkx_timer, jiffies + HZ / 10);
}

int pkx_line_wait(int line)
{
	if (!line_ready[line]) {
		interruptible_sleep_on(&port_wait[line]); /* expect: WQ001 fix=caveat */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	line_ready[line] = 0;
	return 0;
}

static const struct file_operations pkx_fops = {
	.owner		= THIS_MODULE,
	.read		= pkx_read,
	.open		= pkx_open,
	.release	= pkx_release,
};

static int __init pkx_init(void)
{
	int i;

	for (i = 0; i < PKX_LINES; i++)
		init_waitqueue_head(&port_wait[i]);
	timer_setup(&pkx_timer, pkx_poll, 0);
	return register_chrdev(PKX_MAJOR, "pkx", &pkx_fops);
}
module_init(pkx_init);
MODULE_LICENSE("GPL");
