// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the task state is set once, before the loop.  The
 * first schedule() sleeps; once the keyboard interrupt wakes the reader
 * it is TASK_RUNNING, and if the scancode queue is still empty (the
 * other reader took it) every later schedule() returns at once: the
 * reader spins at full CPU until the next key.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

#define VEXA_KBD_DATA		0x00
#define VEXA_KBD_STAT		0x04
#define VEXA_KBD_STAT_OBF	0x01
#define VEXA_KBD_QLEN		32

struct vexa_kbd {
	void __iomem *base;
	spinlock_t lock;
	struct task_struct *reader;
	unsigned int head, tail;
	u8 codes[VEXA_KBD_QLEN];
};

static struct vexa_kbd vexa_kbd0;

static irqreturn_t vexa_kbd_irq(int irq, void *dev_id)
{
	struct vexa_kbd *kb = dev_id;

	if (!(readl(kb->base + VEXA_KBD_STAT) & VEXA_KBD_STAT_OBF))
		return IRQ_NONE;

	spin_lock(&kb->lock);
	kb->codes[kb->head++ % VEXA_KBD_QLEN] = readl(kb->base + VEXA_KBD_DATA);
	if (kb->reader)
		wake_up_process(kb->reader);
	spin_unlock(&kb->lock);
	return IRQ_HANDLED;
}

static ssize_t vexa_kbd_read(struct file *file, char __user *buf,
			     size_t count, loff_t *ppos)
{
	struct vexa_kbd *kb = &vexa_kbd0;
	ssize_t ret = 0;
	u8 code = 0;

	if (!count)
		return 0;

	spin_lock_irq(&kb->lock);
	kb->reader = current;
	spin_unlock_irq(&kb->lock);

	set_current_state(TASK_INTERRUPTIBLE);
	while (READ_ONCE(kb->head) == READ_ONCE(kb->tail)) {
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();	/* expect: WQ004 fix=refused:no-patch */
	}
	__set_current_state(TASK_RUNNING);

	spin_lock_irq(&kb->lock);
	kb->reader = NULL;
	if (!ret)
		code = kb->codes[kb->tail++ % VEXA_KBD_QLEN];
	spin_unlock_irq(&kb->lock);
	if (ret)
		return ret;

	if (put_user(code, buf))
		return -EFAULT;
	return 1;
}

static const struct file_operations vexa_kbd_fops = {
	.owner	= THIS_MODULE,
	.read	= vexa_kbd_read,
};

static int vexa_kbd_setup(struct vexa_kbd *kb, int irq)
{
	spin_lock_init(&kb->lock);
	return request_irq(irq, vexa_kbd_irq, 0, "vexa_kbd", kb);
}
