// SPDX-License-Identifier: GPL-2.0-only
/*
 * sdx_ctl.c -- control-change events of the SDX sound cards, read by
 * mixer daemons.
 *
 * wqport fixture (issue 30, tidy output): the read loop queues a hand-made
 * entry three tabs deep, where `prepare_to_wait(&ctl->change_sleep, &wait,
 * TASK_INTERRUPTIBLE);` does not fit in 80 columns.  spatch breaks the
 * line it adds itself and indents the rest with spaces and tabs mixed;
 * the fix must break it the kernel's way, the argument under the first
 * one, tabs only (seen on Linux 6.1 sound/core/control.c, whose read
 * function ends with a line indented with six spaces and a tab, as this
 * one does: spatch takes its indentation from it).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

struct sdx_event {
	unsigned int id;
	unsigned int mask;
};

struct sdx_ctl {
	spinlock_t read_lock;
	wait_queue_head_t change_sleep;
	unsigned int pending;
	struct sdx_event last;
	bool shutdown;
};

void sdx_ctl_notify(struct sdx_ctl *ctl, unsigned int id, unsigned int mask)
{
	unsigned long flags;

	spin_lock_irqsave(&ctl->read_lock, flags);
	ctl->last.id = id;
	ctl->last.mask = mask;
	ctl->pending++;
	spin_unlock_irqrestore(&ctl->read_lock, flags);
	wake_up(&ctl->change_sleep);
}

static ssize_t sdx_ctl_read(struct file *file, char __user *buffer,
			    size_t count, loff_t * offset)
{
	struct sdx_ctl *ctl;
	int err = 0;
	ssize_t result = 0;

	ctl = file->private_data;
	if (count < sizeof(struct sdx_event))
		return -EINVAL;
	spin_lock_irq(&ctl->read_lock);
	while (count >= sizeof(struct sdx_event)) {
		struct sdx_event ev;
		while (!ctl->pending) {
			wait_queue_entry_t wait;
			if ((file->f_flags & O_NONBLOCK) != 0 || result > 0) {
				err = -EAGAIN;
				goto __end_lock;
			}
			init_waitqueue_entry(&wait, current);
			add_wait_queue(&ctl->change_sleep, &wait);	/* expect: WQ002 fix=converted */
			set_current_state(TASK_INTERRUPTIBLE);
			spin_unlock_irq(&ctl->read_lock);
			schedule();
			remove_wait_queue(&ctl->change_sleep, &wait);
			if (ctl->shutdown)
				return -ENODEV;
			if (signal_pending(current))
				return -ERESTARTSYS;
			spin_lock_irq(&ctl->read_lock);
		}
		ev = ctl->last;
		ctl->pending--;
		spin_unlock_irq(&ctl->read_lock);
		if (copy_to_user(buffer, &ev, sizeof(struct sdx_event))) {
			err = -EFAULT;
			goto __end;
		}
		spin_lock_irq(&ctl->read_lock);
		buffer += sizeof(struct sdx_event);
		count -= sizeof(struct sdx_event);
		result += sizeof(struct sdx_event);
	}
__end_lock:
	spin_unlock_irq(&ctl->read_lock);
__end:
      	return result > 0 ? result : err;
}

static const struct file_operations sdx_ctl_fops = {
	.owner	= THIS_MODULE,
	.read	= sdx_ctl_read,
};

int sdx_ctl_register(void)
{
	return register_chrdev(0, "sdxctl", &sdx_ctl_fops) < 0 ? -EIO : 0;
}

MODULE_LICENSE("GPL");
