// SPDX-License-Identifier: GPL-2.0-only
/*
 * esx_read.c -- the frame read of an invented synchronous serial card
 * whose driver builds for 2.4 and 2.6 from one source: with ESX_2_6 it
 * waits with prepare_to_wait() and guards the ring with a spinlock,
 * without it it sleeps with interruptible_sleep_on() under cli() and
 * guards the ring with cli() too.  The function takes the lock itself
 * in its ESX_2_6 branches; the graph of the text as it stands runs
 * every branch, and a path through one #if's #else to a later #if's
 * unlock says nothing of what the callers hold.  The words must not
 * say esx_read() is entered holding esx->lock.
 * wqport-fix-test: no-kbuild (save_flags() and cli() are 2.4's)
 * wqport-fix-test: no-compile (save_flags() and cli() are 2.4's)
 * wqport-test: shim-only (save_flags() and cli() are 2.4's)
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define ESX_RX_BUFS	8

struct esx_rxbuf {
	int valid;
	size_t len;
	u8 data[2048];
};

struct esx_dev {
	spinlock_t lock;
	wait_queue_head_t rq;
	atomic_t frames;
	int cur;
	struct esx_rxbuf rx[ESX_RX_BUFS];
};

void esx_rx_done(struct esx_dev *esx, int i, size_t len)
{
	esx->rx[i].len = len;
	esx->rx[i].valid = 1;
	atomic_inc(&esx->frames);
	wake_up_interruptible(&esx->rq);
}

ssize_t esx_read(struct file *filp, char __user *buf, size_t count,
		 loff_t *off)
{
	struct esx_dev *esx = filp->private_data;
	struct esx_rxbuf *rb;
	unsigned long flags;
	ssize_t ret;
	int i;
#ifdef ESX_2_6
	DEFINE_WAIT(wait);
#endif

	while (atomic_read(&esx->frames) == 0) {
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
#ifdef ESX_2_6
		prepare_to_wait(&esx->rq, &wait, TASK_INTERRUPTIBLE);
		if (atomic_read(&esx->frames) == 0)
			schedule();
		finish_wait(&esx->rq, &wait);
#else
		save_flags(flags);
		cli();
		if (atomic_read(&esx->frames) == 0)
			interruptible_sleep_on(&esx->rq);	/* expect: WQ001 fix=keeprace */
		restore_flags(flags);
#endif
		if (signal_pending(current))
			return -ERESTARTSYS;
	}

#ifdef ESX_2_6
	spin_lock_irqsave(&esx->lock, flags);
#else
	save_flags(flags);
	cli();
#endif
	i = esx->cur;
	do {
		i = (i + 1) % ESX_RX_BUFS;
		rb = &esx->rx[i];
		if (rb->valid) {
#ifdef ESX_2_6
			spin_unlock_irqrestore(&esx->lock, flags);
#else
			restore_flags(flags);
#endif
			if (rb->len > count)
				return -EFBIG;
			if (copy_to_user(buf, rb->data, rb->len))
				return -EFAULT;
			ret = rb->len;
			rb->valid = 0;
			atomic_dec(&esx->frames);
			return ret;
		}
	} while (i != esx->cur);
#ifdef ESX_2_6
	spin_unlock_irqrestore(&esx->lock, flags);
#else
	restore_flags(flags);
#endif
	return -EAGAIN;
}
