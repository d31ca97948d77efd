// SPDX-License-Identifier: GPL-2.0-only
/*
 * kato_tape.c -- KATO-40 streaming tape interface, 2.6-era character driver.
 *
 * wqport fixture: add_wait_queue() waits that are not wait loops the tool
 * can turn into wait_event*() or prepare_to_wait(), each refused with its
 * own reason: an entry queued for one sleep inside a retry loop, an entry
 * added and removed in every pass after other work, a read loop that sets
 * the task state before the loop and again after schedule(), and a wait
 * under the queue's own lock with __add_wait_queue().  No site converts,
 * so there is no .res.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define KATO_REG_STATUS		0x00
#define KATO_REG_DATA		0x04
#define KATO_ST_BUSY		0x01

struct kato_tape {
	void __iomem *regs;
	struct mutex lock;
	wait_queue_head_t idle_wait;
	wait_queue_head_t data_wait;
	int busy;
	int head, tail;
	int ready;
	u8 buf[256];
};

/* claim the drive; the holder wakes idle_wait when it lets go */
static int kato_get_drive(struct kato_tape *kt)
{
	mutex_lock(&kt->lock);
	for (;;) {
		if (kt->busy) {
			DECLARE_WAITQUEUE(wait, current);

			set_current_state(TASK_UNINTERRUPTIBLE);
			add_wait_queue(&kt->idle_wait, &wait);	/* expect: WQ002 fix=converted */
			mutex_unlock(&kt->lock);
			schedule();
			remove_wait_queue(&kt->idle_wait, &wait);
			mutex_lock(&kt->lock);
			continue;
		}
		break;
	}
	kt->busy = 1;
	mutex_unlock(&kt->lock);
	return 0;
}

/* rewind: poll the drive, queue for one wake-up per pass */
static int kato_rewind(struct kato_tape *kt)
{
	DECLARE_WAITQUEUE(wait, current);

	mutex_lock(&kt->lock);
	while (readl(kt->regs + KATO_REG_STATUS) & KATO_ST_BUSY) {
		writel(0, kt->regs + KATO_REG_DATA);
		set_current_state(TASK_UNINTERRUPTIBLE);
		add_wait_queue(&kt->idle_wait, &wait);	/* expect: WQ002 fix=converted */
		mutex_unlock(&kt->lock);
		schedule();
		remove_wait_queue(&kt->idle_wait, &wait);
		mutex_lock(&kt->lock);
	}
	mutex_unlock(&kt->lock);
	return 0;
}

static ssize_t kato_read(struct file *file, char __user *ubuf, size_t count,
			 loff_t *ppos)
{
	struct kato_tape *kt = file->private_data;
	DECLARE_WAITQUEUE(wait, current);
	ssize_t ret = 0;
	u8 c;

	mutex_lock(&kt->lock);
	add_wait_queue(&kt->data_wait, &wait);	/* expect: WQ002 fix=converted */
	set_current_state(TASK_INTERRUPTIBLE);
	while (kt->head == kt->tail) {
		if (file->f_flags & O_NONBLOCK) {
			ret = -EAGAIN;
			break;
		}
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		mutex_unlock(&kt->lock);
		schedule();
		mutex_lock(&kt->lock);
		set_current_state(TASK_INTERRUPTIBLE);
	}
	set_current_state(TASK_RUNNING);
	remove_wait_queue(&kt->data_wait, &wait);
	if (!ret) {
		c = kt->buf[kt->tail++ & 255];
		ret = put_user(c, ubuf) ? -EFAULT : 1;
	}
	mutex_unlock(&kt->lock);
	return ret;
}

/* wait for the status word under the queue's own lock */
static int kato_wait_ready(struct kato_tape *kt)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	spin_lock_irq(&kt->data_wait.lock);
	__add_wait_queue(&kt->data_wait, &wait);	/* expect: WQ002 fix=refused:queue-lock */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kt->ready)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		spin_unlock_irq(&kt->data_wait.lock);
		schedule();
		spin_lock_irq(&kt->data_wait.lock);
	}
	__remove_wait_queue(&kt->data_wait, &wait);
	__set_current_state(TASK_RUNNING);
	spin_unlock_irq(&kt->data_wait.lock);
	return ret;
}

static long kato_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct kato_tape *kt = file->private_data;
	int ret;

	ret = kato_get_drive(kt);
	if (ret)
		return ret;
	ret = cmd ? kato_rewind(kt) : kato_wait_ready(kt);
	mutex_lock(&kt->lock);
	kt->busy = 0;
	mutex_unlock(&kt->lock);
	wake_up(&kt->idle_wait);
	return ret;
}

static const struct file_operations kato_fops = {
	.owner		= THIS_MODULE,
	.read		= kato_read,
	.unlocked_ioctl	= kato_ioctl,
};
