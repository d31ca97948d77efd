// SPDX-License-Identifier: GPL-2.0-only
/*
 * fbw_event.c -- event reads of the FBW LCD controller's framebuffer:
 * the frame-done interrupt counts frames and wakes the readers.  The
 * reader declares its wait entry, then makes it again at the top of
 * each pass with init_waitqueue_entry() before queueing it, as some
 * board-support code of the 2.6 era did.
 *
 * wqport fixture: the entry is made twice (DECLARE_WAITQUEUE() and
 * init_waitqueue_entry()); the in-place rewrite replaces one making
 * only, so it refuses, and its words name both lines instead of saying
 * the entry "is not made here once" with those very two forms.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct fbw_par {
	wait_queue_head_t frame_wait;
	unsigned int frames;
	unsigned int seen;
};

static struct fbw_par fbw;

void fbw_frame_done(struct fbw_par *par)
{
	par->frames++;
	wake_up_interruptible(&par->frame_wait);
}
EXPORT_SYMBOL(fbw_frame_done);

static ssize_t fbw_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	struct fbw_par *par = &fbw;
	DECLARE_WAITQUEUE(wait, current);
	unsigned int n, i;

	for (i = 0; i + sizeof(n) <= count; i += sizeof(n)) {
		if (par->frames == par->seen) {
			init_waitqueue_entry(&wait, current);
			add_wait_queue(&par->frame_wait, &wait);	/* expect: WQ002 fix=refused:entry-made-otherwise */
			for (;;) {
				set_current_state(TASK_INTERRUPTIBLE);
				if (par->frames != par->seen ||
				    signal_pending(current))
					break;
				schedule();
			}
			__set_current_state(TASK_RUNNING);
			remove_wait_queue(&par->frame_wait, &wait);
			if (signal_pending(current))
				return i ? i : -ERESTARTSYS;
		}
		n = par->frames;
		par->seen = n;
		if (copy_to_user(buf + i, &n, sizeof(n)))
			return -EFAULT;
	}
	return i;
}

static const struct file_operations fbw_fops = {
	.owner = THIS_MODULE,
	.read = fbw_read,
};

MODULE_LICENSE("GPL");
