// SPDX-License-Identifier: GPL-2.0-only
/*
 * tsx_pen.c -- the pen event FIFO of the TSX touch controller: read()
 * takes the samples the interrupt has queued, four bytes each, and
 * sleeps when the FIFO is empty.  Each pass tests the FIFO first and
 * takes a sample with `continue`; only when it is empty does it set its
 * state and sleep, so a sample queued between that test and the state
 * write has its wake-up lost (until the next sample).
 *
 * wqport fixture: the in-place conversion keeps that test where it is;
 * the model's words do not claim "no lost wake-up" for it: the test
 * whose `continue` skips the pass's sleep is named as one made before
 * the state is set, which the model does not cover.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/uaccess.h>

struct tsx_pen {
	wait_queue_head_t wait;
	unsigned int head, tail;
	u32 fifo[64];
};

static struct tsx_pen tsx_pen;

void tsx_pen_sample(struct tsx_pen *ts, u32 v)
{
	ts->fifo[ts->head % 64] = v;
	ts->head++;
	wake_up_interruptible(&ts->wait);
}

static ssize_t tsx_pen_read(struct file *file, char __user *buf,
			    size_t count, loff_t *ppos)
{
	DECLARE_WAITQUEUE(wait, current);
	struct tsx_pen *ts = &tsx_pen;
	ssize_t done = 0;
	int err = 0;

	add_wait_queue(&ts->wait, &wait);	/* expect: WQ002 fix=converted */
	while (count - done >= 4) {
		err = -ERESTARTSYS;
		if (signal_pending(current))
			break;
		if (ts->head != ts->tail) {
			if (put_user(ts->fifo[ts->tail % 64], (u32 __user *)(buf + done))) {
				err = -EFAULT;
				break;
			}
			ts->tail++;
			done += 4;
			continue;
		}
		set_current_state(TASK_INTERRUPTIBLE);
		err = -EAGAIN;
		if (file->f_flags & O_NONBLOCK)
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&ts->wait, &wait);
	return done ? done : err;
}

static const struct file_operations tsx_pen_fops = {
	.owner = THIS_MODULE,
	.read = tsx_pen_read,
};

MODULE_LICENSE("GPL");
