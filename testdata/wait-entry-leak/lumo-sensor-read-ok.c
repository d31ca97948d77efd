// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: goto error paths that dequeue.  The signal exit jumps
 * to a label that runs finish_wait() before unlocking; the early
 * "device suspended" exit jumps to the same label before anything was
 * queued, which finish_wait() tolerates.  The quiesce helper is a void
 * function whose only exit is past finish_wait().
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define LUMO_SNS_SAMPLE		0x00
#define LUMO_SNS_CTRL		0x04
#define LUMO_SNS_IRQ_ACK	0x08

struct lumo_sensor {
	void __iomem *base;
	struct mutex lock;
	wait_queue_head_t data_wait;
	bool data_ready;
	bool suspended;
	int readers;
	s32 sample;
};

static struct lumo_sensor lumo_sensor0;

static irqreturn_t lumo_sensor_irq(int irq, void *dev_id)
{
	struct lumo_sensor *ls = dev_id;

	ls->sample = readl(ls->base + LUMO_SNS_SAMPLE);
	writel(1, ls->base + LUMO_SNS_IRQ_ACK);
	ls->data_ready = true;
	wake_up_interruptible_all(&ls->data_wait);
	return IRQ_HANDLED;
}

static ssize_t lumo_sensor_read(struct file *file, char __user *buf,
				size_t count, loff_t *ppos)
{
	struct lumo_sensor *ls = &lumo_sensor0;
	DEFINE_WAIT(wait);
	ssize_t ret;
	s32 val;

	if (count < sizeof(val))
		return -EINVAL;

	mutex_lock(&ls->lock);
	if (ls->suspended) {
		ret = -EBUSY;
		goto out_finish;
	}
	ls->readers++;
	for (;;) {
		prepare_to_wait(&ls->data_wait, &wait, TASK_INTERRUPTIBLE);
		if (ls->data_ready)
			break;
		if (ls->suspended) {
			ret = -EBUSY;
			goto out_readers;
		}
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			goto out_readers;
		}
		mutex_unlock(&ls->lock);
		schedule();
		mutex_lock(&ls->lock);
	}
	ls->data_ready = false;
	val = ls->sample;
	ret = sizeof(val);

out_readers:
	if (!--ls->readers && ls->suspended)
		wake_up_all(&ls->data_wait);
out_finish:
	finish_wait(&ls->data_wait, &wait);
	mutex_unlock(&ls->lock);

	if (ret == sizeof(val) && copy_to_user(buf, &val, sizeof(val)))
		ret = -EFAULT;
	return ret;
}

static void lumo_sensor_quiesce(struct lumo_sensor *ls)
{
	DEFINE_WAIT(wait);

	writel(0, ls->base + LUMO_SNS_CTRL);
	mutex_lock(&ls->lock);
	ls->suspended = true;
	wake_up_interruptible_all(&ls->data_wait);
	while (ls->readers) {
		prepare_to_wait(&ls->data_wait, &wait, TASK_UNINTERRUPTIBLE);
		if (!ls->readers)
			break;
		mutex_unlock(&ls->lock);
		schedule();
		mutex_lock(&ls->lock);
	}
	finish_wait(&ls->data_wait, &wait);
	mutex_unlock(&ls->lock);
}

static int lumo_sensor_setup(struct lumo_sensor *ls, int irq)
{
	mutex_init(&ls->lock);
	init_waitqueue_head(&ls->data_wait);
	return request_irq(irq, lumo_sensor_irq, 0, "lumo_sensor", ls);
}
