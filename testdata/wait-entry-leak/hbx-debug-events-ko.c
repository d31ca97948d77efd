// SPDX-License-Identifier: GPL-2.0-only
/*
 * hbx_debug.c -- debugfs event log of the HBX input hub.
 *
 * wqport fixture, after drivers/hid/hid-debug.c of Linux 6.1
 * (hid_debug_events_read()): the reader waits on the hub's debug queue
 * and gives up with -EIO when the hub is gone (`!list->hub`) or its
 * debug log was unregistered (`!list->hub->debug`).  The first is the
 * queue's owner gone; the second is only a flag of the owner: the hub
 * and its queue live on after hbx_debug_unregister() (hbx_debug_event()
 * and the poll method still use the head), and the reader returns with
 * its on-stack entry still on it.
 * wqport-args: --select=WQ006
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/kfifo.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

struct hbx_hub {
	wait_queue_head_t debug_wait;
	int debug;
};

struct hbx_debug_list {
	struct hbx_hub *hub;
	struct mutex read_mutex;
	char fifo[512];
	unsigned int head, tail;
};

static bool hbx_fifo_empty(struct hbx_debug_list *list)
{
	return list->head == list->tail;
}

extern int hbx_fifo_to_user(struct hbx_debug_list *list, char __user *buf,
			    size_t count, int *copied);

void hbx_debug_unregister(struct hbx_hub *hub)
{
	hub->debug = 0;
	wake_up_interruptible(&hub->debug_wait);
}
EXPORT_SYMBOL(hbx_debug_unregister);

static ssize_t hbx_debug_events_read(struct file *file, char __user *buffer,
				     size_t count, loff_t *ppos)
{
	struct hbx_debug_list *list = file->private_data;
	int ret = 0, copied;
	DECLARE_WAITQUEUE(wait, current);

	mutex_lock(&list->read_mutex);
	if (hbx_fifo_empty(list)) {
		add_wait_queue(&list->hub->debug_wait, &wait);
		set_current_state(TASK_INTERRUPTIBLE);

		while (hbx_fifo_empty(list)) {
			if (signal_pending(current)) {
				ret = -ERESTARTSYS;
				break;
			}
			if (!list->hub || !list->hub->debug) {
				ret = -EIO;
				set_current_state(TASK_RUNNING);
				goto out;
			}
			if (file->f_flags & O_NONBLOCK) {
				ret = -EAGAIN;
				break;
			}
			mutex_unlock(&list->read_mutex);
			schedule();
			mutex_lock(&list->read_mutex);
			set_current_state(TASK_INTERRUPTIBLE);
		}

		__set_current_state(TASK_RUNNING);
		remove_wait_queue(&list->hub->debug_wait, &wait);
		if (ret)
			goto out;
	}
	ret = hbx_fifo_to_user(list, buffer, count, &copied);
	if (ret)
		goto out;
	ret = copied;
out:
	mutex_unlock(&list->read_mutex);
	return ret;	/* expect: WQ006 */
}

static const struct file_operations hbx_debug_events_fops = {
	.owner = THIS_MODULE,
	.read = hbx_debug_events_read,
};

MODULE_LICENSE("GPL");
