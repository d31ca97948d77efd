// SPDX-License-Identifier: GPL-2.0-only
/*
 * gkx_keys.c -- the keypad of the GKX handheld, 2.4 style: a timer
 * polls the key lines and counts each change; read() waits in a while
 * loop for the count to move, then looks at what changed and, when only
 * a key it does not report moved, goes back to wait again with `goto
 * again` to a label before the loop.
 *
 * wqport fixture: the sleep is in the while loop of its own; the goto
 * after that loop repeats the whole wait.  The refusal of the
 * wait_event*() form says that, not that the wait loop is made with the
 * goto; the sleep is converted in place and keeps its race.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

struct gkx_keys {
	wait_queue_head_t wait;
	unsigned int changes, seen;
	u8 now, last;
};

static struct gkx_keys gkx_keys;

void gkx_keys_poll(struct gkx_keys *k, u8 lines)
{
	if (lines != k->now) {
		k->now = lines;
		k->changes++;
		wake_up_interruptible(&k->wait);
	}
}

static ssize_t gkx_keys_read(struct file *file, char __user *buf,
			     size_t count, loff_t *ppos)
{
	struct gkx_keys *k = &gkx_keys;
	u8 diff;

again:
	while (k->changes == k->seen) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		interruptible_sleep_on(&k->wait); /* expect: WQ001 fix=keeprace */
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	k->seen = k->changes;
	diff = k->now ^ k->last;
	k->last = k->now;
	if (!(diff & 0x0f))
		goto again;
	if (put_user(k->now & 0x0f, buf))
		return -EFAULT;
	return 1;
}

static const struct file_operations gkx_keys_fops = {
	.owner = THIS_MODULE,
	.read = gkx_keys_read,
};

MODULE_LICENSE("GPL");
