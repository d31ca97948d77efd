// SPDX-License-Identifier: GPL-2.0-only
/*
 * wqport fixture (issue 41): a synchronous serial card's "wait for
 * modem events" ioctl.  The interrupt handler takes the port's lock and
 * calls one helper per status line; each helper counts the change and
 * wakes the event queue, under the lock its caller holds.  The ioctl
 * takes the counts and sets its state under the same lock, so no status
 * wake-up is lost.  sgx_shutdown() (close and hang-up) wakes the queue
 * too, with no lock: that is the waker whose wake-up the original loses
 * (between the state write and the queueing) and the rewrite keeps
 * (after schedule() returns, before the state write: nothing it changes
 * is tested), and the model's words must name it, not a status helper
 * that the caller's lock protects.
 */
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct sgx_counts {
	unsigned int cts, dcd;
};

struct sgx_port {
	spinlock_t lock;
	wait_queue_head_t event_wait;
	struct sgx_counts icount;
	unsigned int status;
	void __iomem *regs;
	int open;
};

static void sgx_cts_change(struct sgx_port *p)
{
	p->icount.cts++;
	wake_up_interruptible(&p->event_wait);
}

static void sgx_dcd_change(struct sgx_port *p)
{
	p->icount.dcd++;
	wake_up_interruptible(&p->event_wait);
}

static irqreturn_t sgx_isr(int irq, void *dev_id)
{
	struct sgx_port *p = dev_id;
	unsigned int st;

	spin_lock(&p->lock);
	st = p->status = readl(p->regs);
	if (st & 1)
		sgx_cts_change(p);
	if (st & 2)
		sgx_dcd_change(p);
	spin_unlock(&p->lock);
	return IRQ_HANDLED;
}

static void sgx_shutdown(struct sgx_port *p)
{
	if (!p->open)
		return;
	wake_up_interruptible(&p->event_wait);
	p->open = 0;
}

static int sgx_wait_events(struct sgx_port *p, unsigned int mask)
{
	struct sgx_counts cprev, cnow;
	unsigned long flags;
	int rc = 0;
	DECLARE_WAITQUEUE(wait, current);

	spin_lock_irqsave(&p->lock, flags);
	/* return at once if a line is already as asked */
	if (p->status & mask) {
		spin_unlock_irqrestore(&p->lock, flags);
		return 0;
	}
	cprev = p->icount;
	set_current_state(TASK_INTERRUPTIBLE);
	add_wait_queue(&p->event_wait, &wait);	/* expect: WQ002 fix=converted */
	spin_unlock_irqrestore(&p->lock, flags);

	for (;;) {
		schedule();
		if (signal_pending(current)) {
			rc = -ERESTARTSYS;
			break;
		}
		spin_lock_irqsave(&p->lock, flags);
		cnow = p->icount;
		set_current_state(TASK_INTERRUPTIBLE);
		spin_unlock_irqrestore(&p->lock, flags);
		if (cnow.cts != cprev.cts || cnow.dcd != cprev.dcd)
			break;
	}
	remove_wait_queue(&p->event_wait, &wait);
	set_current_state(TASK_RUNNING);
	return rc;
}

int sgx_ioctl_wait(struct sgx_port *p, unsigned int mask)
{
	return sgx_wait_events(p, mask);
}
EXPORT_SYMBOL_GPL(sgx_ioctl_wait);

void sgx_close(struct sgx_port *p)
{
	sgx_shutdown(p);
}
EXPORT_SYMBOL_GPL(sgx_close);

int sgx_probe(struct sgx_port *p, int irq)
{
	spin_lock_init(&p->lock);
	init_waitqueue_head(&p->event_wait);
	return request_irq(irq, sgx_isr, 0, "sgx", p);
}
EXPORT_SYMBOL_GPL(sgx_probe);

MODULE_LICENSE("GPL");
