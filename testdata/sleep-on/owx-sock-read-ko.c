// SPDX-License-Identifier: GPL-2.0-only
/*
 * owx: the read side of an invented 2.0-era socket emulation device.
 * Each end keeps its queue in its structure as a 2.0 `struct wait_queue
 * *`, which no rewrite ports; the read sleeps with interrupts off
 * (save_flags()/cli()).  Interrupts being off must not let the
 * prepare_to_wait() form through: the queue is still a 2.0 one, and a
 * prepare_to_wait() on it would not build.
 *
 * wqport-test: shim-only (struct wait_queue and current->signal are 2.0's)
 */
#include <linux/sched.h>
#include <linux/fs.h>

struct owx_end {
	int state;
	int count;
	struct wait_queue *wait;
};

#define OWX_DISCONN	2

static struct owx_end *owx_ends[8];

void owx_deliver(int minor)
{
	owx_ends[minor]->count++;
	wake_up_interruptible(&owx_ends[minor]->wait);
}

int owx_read(struct inode *inode, struct file *filp, char *buf, int count)
{
	struct owx_end *ep = owx_ends[MINOR(inode->i_rdev)];
	unsigned long flags;

	if (ep->count)
		return ep->count;
	if (ep->state == OWX_DISCONN)
		return 0;
	if (filp->f_flags & O_NONBLOCK)
		return -EAGAIN;

	save_flags(flags);
	cli();
	interruptible_sleep_on(&ep->wait);	/* expect: WQ001 fix=refused:old-wait-api */
	restore_flags(flags);

	if (current->signal & ~current->blocked)
		return -ERESTARTSYS;
	return ep->count;
}
