// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssx_sync.c -- synchronous serial port of the SSX embedded boards,
 * 2.4 style.
 *
 * wqport fixture (issue 30, honest messages): the read path copies the
 * ring's read and write pointers into locals under the port lock and
 * waits while the copies are equal, refreshing them after each sleep.
 * The sleep_on() is converted in place (prepare_to_wait()/schedule()/
 * finish_wait(), keeping the race), but the state-after-test fix may
 * not make the loop's test again after prepare_to_wait(): the test
 * reads the copies taken before it, so a wake-up between the copy and
 * the state change would still be lost, and the fix must not say the
 * race is closed.  The loop's test is not proven either (it reads
 * locals), so no wait_event*() is proposed.
 *
 * wqport-fix-test: no-compile (a 2.4 board driver)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define SSX_BUF_SIZE	1024

struct ssx_port {
	spinlock_t lock;
	unsigned char in_buffer[SSX_BUF_SIZE];
	unsigned char *readp, *writep;
	int full;
	wait_queue_head_t in_wait_q;
};

static struct ssx_port ssx_ports[2];

static irqreturn_t ssx_rx_interrupt(int irq, void *dev_id)
{
	struct ssx_port *port = dev_id;

	spin_lock(&port->lock);
	*port->writep++ = 0;	/* the byte the hardware latched */
	if (port->writep == port->in_buffer + SSX_BUF_SIZE)
		port->writep = port->in_buffer;
	if (port->writep == port->readp)
		port->full = 1;
	spin_unlock(&port->lock);
	wake_up_interruptible(&port->in_wait_q);
	return IRQ_HANDLED;
}

static ssize_t ssx_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct ssx_port *port = file->private_data;
	unsigned char *start, *end;
	unsigned long flags;
	int avail;

	/* save the pointers: the interrupt moves them */
	spin_lock_irqsave(&port->lock, flags);
	start = port->readp;
	end = port->writep;
	spin_unlock_irqrestore(&port->lock, flags);
	while (start == end && !port->full) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		interruptible_sleep_on(&port->in_wait_q);	/* expect: WQ001 fix=keeprace */
		if (signal_pending(current))
			return -EINTR;
		spin_lock_irqsave(&port->lock, flags);
		start = port->readp;
		end = port->writep;
		spin_unlock_irqrestore(&port->lock, flags);
	}
	if (port->full)
		avail = SSX_BUF_SIZE;
	else if (end > start)
		avail = end - start;
	else
		avail = port->in_buffer + SSX_BUF_SIZE - start;
	if (count > avail)
		count = avail;
	if (copy_to_user(buf, start, count))
		return -EFAULT;
	spin_lock_irqsave(&port->lock, flags);
	port->readp += count;
	if (port->readp >= port->in_buffer + SSX_BUF_SIZE)
		port->readp = port->in_buffer;
	port->full = 0;
	spin_unlock_irqrestore(&port->lock, flags);
	return count;
}

static const struct file_operations ssx_fops = {
	.owner	= THIS_MODULE,
	.read	= ssx_read,
};

static int __init ssx_init(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		spin_lock_init(&ssx_ports[i].lock);
		ssx_ports[i].readp = ssx_ports[i].in_buffer;
		ssx_ports[i].writep = ssx_ports[i].in_buffer;
		init_waitqueue_head(&ssx_ports[i].in_wait_q);
	}
	return register_chrdev(0, "ssx", &ssx_fops) < 0 ? -EIO : 0;
}
module_init(ssx_init);

MODULE_LICENSE("GPL");
