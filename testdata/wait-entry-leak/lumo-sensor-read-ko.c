// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: a goto error path that skips finish_wait().  The
 * signal exit jumps to the unlock label, which sits after finish_wait(),
 * so the shared `return ret;` is reached with the entry still queued on
 * that path (and correctly dequeued on the others).
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
#define LUMO_SNS_IRQ_ACK	0x08

struct lumo_sensor {
	void __iomem *base;
	struct mutex lock;
	wait_queue_head_t data_wait;
	bool data_ready;
	s32 sample;
};

static struct lumo_sensor lumo_sensor0;

static irqreturn_t lumo_sensor_irq(int irq, void *dev_id)
{
	struct lumo_sensor *ls = dev_id;

	ls->sample = readl(ls->base + LUMO_SNS_SAMPLE);
	writel(1, ls->base + LUMO_SNS_IRQ_ACK);
	ls->data_ready = true;
	wake_up_interruptible(&ls->data_wait);
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
	for (;;) {
		prepare_to_wait(&ls->data_wait, &wait, TASK_INTERRUPTIBLE);
		if (ls->data_ready)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			goto out_unlock;
		}
		mutex_unlock(&ls->lock);
		schedule();
		mutex_lock(&ls->lock);
	}
	finish_wait(&ls->data_wait, &wait);

	ls->data_ready = false;
	val = ls->sample;
	ret = copy_to_user(buf, &val, sizeof(val)) ? -EFAULT : sizeof(val);

out_unlock:
	mutex_unlock(&ls->lock);
	return ret;	/* expect: WQ006 fix=refused:no-patch */
}

static const struct file_operations lumo_sensor_fops = {
	.owner	= THIS_MODULE,
	.read	= lumo_sensor_read,
};

static int lumo_sensor_setup(struct lumo_sensor *ls, int irq)
{
	mutex_init(&ls->lock);
	init_waitqueue_head(&ls->data_wait);
	return request_irq(irq, lumo_sensor_irq, 0, "lumo_sensor", ls);
}
