// SPDX-License-Identifier: GPL-2.0-only
/*
 * vsx_sync.c -- the read side of an invented synchronous serial line
 * discipline.  Its author once took the port's read lock around the
 * wait, found it slept while atomic, and put the take in a comment.
 * A lock in a comment is held by nobody: the sleep must not be refused
 * as one that sleeps under a spinlock.
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct vsx_port {
	spinlock_t read_lock;
	wait_queue_head_t read_wait;
	int rx_count;
};

void vsx_rx_done(struct vsx_port *port)
{
	port->rx_count++;
	wake_up_interruptible(&port->read_wait);
}

ssize_t vsx_read(struct vsx_port *port, struct file *filp)
{
	/*spin_lock_irqsave(&port->read_lock, flags);*/
	while (!port->rx_count) {
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		interruptible_sleep_on(&port->read_wait);	/* expect: WQ001 fix=converted */
		if (signal_pending(current))
			return -EINTR;
	}
	port->rx_count--;
	return 1;
}
