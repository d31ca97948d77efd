// SPDX-License-Identifier: GPL-2.0-only
/*
 * gvx: the read side of an invented PS/2 aux port emulation that
 * builds on 2.2 and 2.4 kernels.  Its wait loop is a `goto repeat`
 * loop, which the in-place form would take, but the entry is also
 * declared in the 2.2 branch, which this parse does not compile: that
 * is why the loop is left, and the words must say so, not that no
 * semantic patch takes a goto loop.  The add after an #else directive
 * is a statement of its own.
 */
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/version.h>
#include <linux/wait.h>

struct gvx_queue {
	unsigned int head, tail;
	wait_queue_head_t proc_list;
	unsigned char buf[256];
};

ssize_t gvx_read(struct file *file, char __user *buffer, size_t count,
		 loff_t *ppos)
{
	struct gvx_queue *queue = file->private_data;

	if (queue->head == queue->tail) {
#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 3, 2)
		struct wait_queue wait = { current, NULL };
#else
		DECLARE_WAITQUEUE(wait, current);
#endif
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 3, 2)
		add_wait_queue(&queue->proc_list, &wait);	/* expect: WQ002 fix=refused:old-kernel-branch */
#else
		add_wait_queue(&queue->proc_list, &wait);	/* expect: WQ002 fix=refused:old-kernel-branch */
#endif
repeat:
		set_current_state(TASK_INTERRUPTIBLE);
		if (queue->head == queue->tail && !signal_pending(current)) {
			schedule();
			goto repeat;
		}
		set_current_state(TASK_RUNNING);
		remove_wait_queue(&queue->proc_list, &wait);
	}
	if (count > queue->head - queue->tail)
		count = queue->head - queue->tail;
	return count;
}
