// SPDX-License-Identifier: GPL-2.0-only
/*
 * vpx_pipe.c -- Vespa VP-1 virtual packet pipe, character device read.
 *
 * wqport fixture: a read loop headed `while (count)` on the read's own
 * by-value length, which the loop never changes: it leaves through its
 * breaks.  That head is tested before the state is set, but no waker can
 * change a parameter, so the model's words must not call it an exit
 * whose wake-up may be lost.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/skbuff.h>
#include <linux/uaccess.h>

struct vpx_pipe {
	wait_queue_head_t	read_wait;
	struct sk_buff_head	readq;
};

/* the device side: a packet for the reader */
void vpx_pipe_put(struct vpx_pipe *p, struct sk_buff *skb)
{
	skb_queue_tail(&p->readq, skb);
	wake_up_interruptible(&p->read_wait);
}
EXPORT_SYMBOL_GPL(vpx_pipe_put);

static ssize_t vpx_pipe_read(struct file *file, char __user *buf,
			     size_t count, loff_t *ppos)
{
	DECLARE_WAITQUEUE(wait, current);
	struct vpx_pipe *p = file->private_data;
	struct sk_buff *skb;
	ssize_t ret = 0;

	add_wait_queue(&p->read_wait, &wait);	/* expect: WQ002 fix=converted */
	while (count) {
		set_current_state(TASK_INTERRUPTIBLE);
		skb = skb_dequeue(&p->readq);
		if (!skb) {
			if (file->f_flags & O_NONBLOCK) {
				ret = -EAGAIN;
				break;
			}
			if (signal_pending(current)) {
				ret = -ERESTARTSYS;
				break;
			}
			schedule();
			continue;
		}
		if (skb->len > count)
			ret = -EMSGSIZE;
		else if (copy_to_user(buf, skb->data, skb->len))
			ret = -EFAULT;
		else
			ret = skb->len;
		kfree_skb(skb);
		break;
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&p->read_wait, &wait);
	return ret;
}

static const struct file_operations vpx_pipe_fops = {
	.owner	= THIS_MODULE,
	.read	= vpx_pipe_read,
};

const struct file_operations *vpx_pipe_ops(void)
{
	return &vpx_pipe_fops;
}
EXPORT_SYMBOL_GPL(vpx_pipe_ops);

MODULE_LICENSE("GPL");
