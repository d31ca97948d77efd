// SPDX-License-Identifier: GPL-2.0-only
/*
 * nbx_keys.c -- the key FIFO of the NBX set-top front panel, 2.4 style:
 * read() returns the next key code; when the FIFO is empty it sleeps
 * once, unless the file was opened O_NONBLOCK, and the interrupt handler
 * queues a key and wakes it.
 *
 * wqport fixture: the test right above the sleep reads the open file's
 * flags, which no waker changes: it is no condition the sleep waits for,
 * and the finding does not offer `!(file->f_flags & O_NONBLOCK)` as
 * one ("probably ..."): it names the form and says the condition is the
 * one the waker sets.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/uaccess.h>

struct nbx_keys {
	wait_queue_head_t wait;
	unsigned int head, tail;
	u8 code[16];
};

static struct nbx_keys nbx_keys;

void nbx_key_irq(struct nbx_keys *kp, u8 code)
{
	kp->code[kp->head++ % 16] = code;
	wake_up_interruptible(&kp->wait);
}

static ssize_t nbx_keys_read(struct file *file, char __user *buf,
			     size_t count, loff_t *ppos)
{
	struct nbx_keys *kp = &nbx_keys;

	if (kp->head == kp->tail) {
		if (!(file->f_flags & O_NONBLOCK))
			interruptible_sleep_on(&kp->wait); /* expect: WQ001 fix=keeprace */
		else
			return -EAGAIN;
	}
	if (kp->head == kp->tail)
		return -ERESTARTSYS;
	if (put_user(kp->code[kp->tail++ % 16], buf))
		return -EFAULT;
	return 1;
}

static const struct file_operations nbx_keys_fops = {
	.owner = THIS_MODULE,
	.read = nbx_keys_read,
};

MODULE_LICENSE("GPL");
