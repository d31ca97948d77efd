// SPDX-License-Identifier: GPL-2.0-only
/*
 * bnx_mcu.c -- the status channel of the BNX car head unit's MCU: the
 * UART interrupt fills a ring and wakes the reader; read() waits while
 * the ring is empty, then copies it out through a bounce buffer.  The
 * task state goes back to TASK_RUNNING only at the common exit, after
 * the copy.
 *
 * wqport fixture: the state is set after the loop's test (WQ003), and
 * the re-test form is refused because TASK_RUNNING is not set right
 * after the loop: the kmalloc() and copy_to_user() that follow would run
 * in TASK_INTERRUPTIBLE.  The refusal must not say that "nothing sets
 * TASK_RUNNING after the loop": the exit label does, later.  The loop
 * converted in place keeps its race for the same reason: a re-test
 * there would leave the task in TASK_INTERRUPTIBLE for the copy.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/spinlock.h>

#define BNX_RING	256

struct bnx_dev {
	spinlock_t lock;
	wait_queue_head_t r_wait;
	u8 ring[BNX_RING];
	unsigned int head, tail;
};

static struct bnx_dev bnx;

static int bnx_empty(void)
{
	return bnx.head == bnx.tail;
}

void bnx_rx_byte(u8 c)
{
	spin_lock(&bnx.lock);
	bnx.ring[bnx.head] = c;
	bnx.head = (bnx.head + 1) % BNX_RING;
	spin_unlock(&bnx.lock);
	wake_up_interruptible(&bnx.r_wait);
}
EXPORT_SYMBOL(bnx_rx_byte);

static ssize_t bnx_read(struct file *fp, char __user *buf, size_t count,
			loff_t *ppos)
{
	DECLARE_WAITQUEUE(wait, current);
	ssize_t res;
	u8 *tmp;
	size_t n = 0;

	add_wait_queue(&bnx.r_wait, &wait);	/* expect: WQ002 fix=keeprace */
	while (bnx_empty()) {
		if (fp->f_flags & O_NONBLOCK) {
			res = -EAGAIN;
			goto out;
		}
		__set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=refused:no-patch */
		schedule();
		if (signal_pending(current)) {
			res = -ERESTARTSYS;
			goto out;
		}
	}
	tmp = kmalloc(BNX_RING, GFP_KERNEL);
	if (!tmp) {
		res = -ENOMEM;
		goto out;
	}
	spin_lock(&bnx.lock);
	while (n < count && !bnx_empty()) {
		tmp[n++] = bnx.ring[bnx.tail];
		bnx.tail = (bnx.tail + 1) % BNX_RING;
	}
	spin_unlock(&bnx.lock);
	res = copy_to_user(buf, tmp, n) ? -EFAULT : n;
	kfree(tmp);
out:
	remove_wait_queue(&bnx.r_wait, &wait);
	set_current_state(TASK_RUNNING);
	return res;
}

static const struct file_operations bnx_fops = {
	.owner = THIS_MODULE,
	.read = bnx_read,
};

MODULE_LICENSE("GPL");
