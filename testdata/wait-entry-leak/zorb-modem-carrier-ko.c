// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture: the porting article's add_wait_queue() pseudocode
 * taken literally.  The entry is added at the top of each iteration
 * and removed after schedule(), but the `if (cond) break;` exit skips
 * the removal, so the success path returns with the entry queued.
 * The loop is also WQ002; the signal return is fine (already removed).
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define ZORB_UART_MSR		0x18
#define ZORB_MSR_DDCD		0x08
#define ZORB_MSR_DCD		0x80

struct zorb_port {
	void __iomem *membase;
	wait_queue_head_t carrier_wait;
	int carrier;
};

static struct zorb_port zorb_port0;

static irqreturn_t zorb_modem_irq(int irq, void *dev_id)
{
	struct zorb_port *zp = dev_id;
	u32 msr = readl(zp->membase + ZORB_UART_MSR);

	if (!(msr & ZORB_MSR_DDCD))
		return IRQ_NONE;
	zp->carrier = !!(msr & ZORB_MSR_DCD);
	if (zp->carrier)
		wake_up_interruptible(&zp->carrier_wait);
	return IRQ_HANDLED;
}

static int zorb_block_til_ready(struct zorb_port *zp)
{
	DECLARE_WAITQUEUE(wait, current);

	for (;;) {
		add_wait_queue(&zp->carrier_wait, &wait);	/* expect: WQ002 fix=converted */
		set_current_state(TASK_INTERRUPTIBLE);
		if (zp->carrier)
			break;
		schedule();
		remove_wait_queue(&zp->carrier_wait, &wait);
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	set_current_state(TASK_RUNNING);
	return 0;	/* expect: WQ006 fix=converted */
}

static int zorb_modem_open(struct inode *inode, struct file *file)
{
	struct zorb_port *zp = &zorb_port0;

	if (file->f_flags & O_NONBLOCK)
		return 0;
	return zorb_block_til_ready(zp);
}

static const struct file_operations zorb_modem_fops = {
	.owner	= THIS_MODULE,
	.open	= zorb_modem_open,
};

static int zorb_modem_setup(struct zorb_port *zp, int irq)
{
	init_waitqueue_head(&zp->carrier_wait);
	return request_irq(irq, zorb_modem_irq, IRQF_SHARED, "zorb_modem", zp);
}
