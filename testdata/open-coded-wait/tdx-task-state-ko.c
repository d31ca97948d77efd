// SPDX-License-Identifier: GPL-2.0-only
/*
 * tdx_dsp.c -- mailbox of the TDX audio DSP, written for 2.6.
 *
 * wqport fixture (issue 30): the reply loop sets its state with the 2.6
 * API set_task_state(current, ...), which later kernels removed.  A
 * conversion that reads only set_current_state() as a state write moves
 * the entry to DEFINE_WAIT() and leaves this write outside
 * prepare_to_wait(): after the first wake-up the task sleeps unqueued.
 * The translation validation reads set_task_state() on current as the
 * state write it is and refuses the site.
 *
 * wqport-fix-test: no-compile (set_task_state() is gone from 6.1)
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define TDX_REG_MBOX		0x10
#define TDX_REG_MBOX_ST		0x14
#define TDX_MBOX_FULL		0x01

struct tdx_dsp {
	void __iomem *regs;
	wait_queue_head_t mbox_wait;
	int reply_valid;
	u32 reply;
};

static irqreturn_t tdx_interrupt(int irq, void *dev_id)
{
	struct tdx_dsp *d = dev_id;

	if (!(readl(d->regs + TDX_REG_MBOX_ST) & TDX_MBOX_FULL))
		return IRQ_NONE;
	d->reply = readl(d->regs + TDX_REG_MBOX);
	d->reply_valid = 1;
	wake_up(&d->mbox_wait);
	return IRQ_HANDLED;
}

int tdx_dsp_command(struct tdx_dsp *d, u32 cmd, u32 *reply)
{
	DECLARE_WAITQUEUE(wait, current);
	int ret = 0;

	d->reply_valid = 0;
	add_wait_queue(&d->mbox_wait, &wait);	/* expect: WQ002 fix=refused:unproven */
	writel(cmd, d->regs + TDX_REG_MBOX);
	while (!d->reply_valid) {
		set_task_state(current, TASK_INTERRUPTIBLE);
		if (d->reply_valid)
			break;
		if (signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		schedule();
	}
	set_task_state(current, TASK_RUNNING);
	remove_wait_queue(&d->mbox_wait, &wait);
	if (!ret)
		*reply = d->reply;
	return ret;
}
EXPORT_SYMBOL(tdx_dsp_command);

MODULE_LICENSE("GPL");
