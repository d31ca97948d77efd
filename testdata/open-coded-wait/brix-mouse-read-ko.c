// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: an open-coded wait that is also racy.  The packet
 * list is tested in the while condition and the state is set only
 * afterwards, with no re-test before schedule(): WQ002 at the
 * add_wait_queue() and WQ003 at the set_current_state().
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define BRIX_MOUSE_DATA		0x00

struct brix_packet {
	struct list_head node;
	u8 bytes[3];
};

struct brix_mouse {
	void __iomem *base;
	spinlock_t lock;
	struct list_head packets;
	wait_queue_head_t wait;
};

static struct brix_mouse brix_mouse0;

static irqreturn_t brix_mouse_irq(int irq, void *dev_id)
{
	struct brix_mouse *bm = dev_id;
	struct brix_packet *p;
	u32 raw = readl(bm->base + BRIX_MOUSE_DATA);

	p = kzalloc(sizeof(*p), GFP_ATOMIC);
	if (!p)
		return IRQ_HANDLED;
	p->bytes[0] = raw & 0xff;
	p->bytes[1] = (raw >> 8) & 0xff;
	p->bytes[2] = (raw >> 16) & 0xff;

	spin_lock(&bm->lock);
	list_add_tail(&p->node, &bm->packets);
	spin_unlock(&bm->lock);
	wake_up_interruptible(&bm->wait);
	return IRQ_HANDLED;
}

static ssize_t brix_mouse_read(struct file *file, char __user *buf,
			       size_t count, loff_t *ppos)
{
	struct brix_mouse *bm = &brix_mouse0;
	struct brix_packet *p;
	DECLARE_WAITQUEUE(wait, current);
	int ret;

	if (count < sizeof(p->bytes))
		return -EINVAL;

	add_wait_queue(&bm->wait, &wait);	/* expect: WQ002 fix=converted */
	while (list_empty(&bm->packets)) {
		set_current_state(TASK_INTERRUPTIBLE);	/* expect: WQ003 fix=converted */
		schedule();
		if (signal_pending(current))
			break;
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&bm->wait, &wait);

	spin_lock_irq(&bm->lock);
	if (list_empty(&bm->packets)) {
		spin_unlock_irq(&bm->lock);
		return -ERESTARTSYS;
	}
	p = list_first_entry(&bm->packets, struct brix_packet, node);
	list_del(&p->node);
	spin_unlock_irq(&bm->lock);

	ret = copy_to_user(buf, p->bytes, sizeof(p->bytes)) ? -EFAULT :
							      sizeof(p->bytes);
	kfree(p);
	return ret;
}

static const struct file_operations brix_mouse_fops = {
	.owner	= THIS_MODULE,
	.read	= brix_mouse_read,
};
