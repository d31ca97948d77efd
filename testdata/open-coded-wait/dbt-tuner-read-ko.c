// SPDX-License-Identifier: GPL-2.0-only
/*
 * dbt_usb.c -- read side of the DBT digital radio tuner stick.  The
 * bulk completion handler appends to a ring under the ring's lock and
 * wakes the reader; read() copies what is there, and only when the
 * ring is empty does it set its task state (under the lock, so the
 * handler's wake-up cannot slip in between) and sleep.
 *
 * wqport fixture: the state write and the sleep sit under the same test
 * (`avail <= 0`), so the entry is never left queued without a state;
 * but the test's variable is assigned between them, and the analysis
 * reads paths without the values tests take.  The refusal must say
 * that (the write at its line is under a test, and a path read without
 * values misses it), not that the state "is set before the add, or not
 * at all".
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/spinlock.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define DBT_RING	4096

struct dbt_dev {
	spinlock_t lock;
	wait_queue_head_t rx_wait;
	unsigned int head, tail;
	u8 ring[DBT_RING];
	int gone;
};

static int dbt_kick_rx(struct dbt_dev *d)
{
	return d->gone ? -ENODEV : 0;
}

static ssize_t dbt_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct dbt_dev *d = file->private_data;
	DECLARE_WAITQUEUE(wait, current);
	unsigned long flags;
	ssize_t done = 0;
	int avail;

	add_wait_queue(&d->rx_wait, &wait);	/* expect: WQ002 fix=refused:state-outside-loop */
	while (count > 0) {
		spin_lock_irqsave(&d->lock, flags);
		avail = d->head - d->tail;
		if (avail <= 0)
			__set_current_state(TASK_INTERRUPTIBLE);
		spin_unlock_irqrestore(&d->lock, flags);

		if (avail > count)
			avail = count;
		if (avail <= 0) {
			if (dbt_kick_rx(d)) {
				if (!done)
					done = -ENODEV;
				break;
			}
			if (file->f_flags & O_NONBLOCK) {
				if (!done)
					done = -EAGAIN;
				break;
			}
			schedule();
			if (signal_pending(current)) {
				if (!done)
					done = -ERESTARTSYS;
				break;
			}
			continue;
		}
		if (copy_to_user(buf, d->ring + d->tail % DBT_RING, avail)) {
			if (!done)
				done = -EFAULT;
			break;
		}
		spin_lock_irqsave(&d->lock, flags);
		d->tail += avail;
		spin_unlock_irqrestore(&d->lock, flags);
		buf += avail;
		count -= avail;
		done += avail;
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&d->rx_wait, &wait);
	return done;
}

void dbt_rx_complete(struct dbt_dev *d, const u8 *data, unsigned int len)
{
	unsigned long flags;
	unsigned int i;

	spin_lock_irqsave(&d->lock, flags);
	for (i = 0; i < len && d->head - d->tail < DBT_RING; i++)
		d->ring[d->head++ % DBT_RING] = data[i];
	spin_unlock_irqrestore(&d->lock, flags);
	wake_up_interruptible(&d->rx_wait);
}

static const struct file_operations dbt_fops = {
	.owner = THIS_MODULE,
	.read = dbt_read,
};

MODULE_LICENSE("GPL");
