// SPDX-License-Identifier: GPL-2.0-only
/*
 * swx_dsp.c -- the command channel of the SWX audio DSP, 2.4 style: the
 * channel is a small state machine (an anonymous enum), and submit()
 * switches on its state: an idle channel takes the command, a busy one
 * makes the caller sleep until the DSP's interrupt reports the command
 * done, and a dead one fails.
 *
 * wqport fixture: in the arm of `case SWX_BUSY:` the state is SWX_BUSY
 * (the arm before it returns, so none falls into it), so the condition
 * the interrupt handler sets before its wake-up, state == SWX_DONE, is
 * false at the sleep: proven, and the sleep becomes
 * wait_event_interruptible() (with a caveat: it now waits for it).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/interrupt.h>
#include <linux/io.h>

enum { SWX_IDLE, SWX_BUSY, SWX_DONE, SWX_DEAD };

struct swx_chan {
	int state;
	wait_queue_head_t done_wait;
	void __iomem *regs;
};

static irqreturn_t swx_dsp_irq(int irq, void *id)
{
	struct swx_chan *ch = id;

	ch->state = SWX_DONE;
	wake_up_interruptible(&ch->done_wait);
	return IRQ_HANDLED;
}

int swx_submit(struct swx_chan *ch, u32 cmd)
{
	for (;;) {
		switch (ch->state) {
		case SWX_IDLE:
		case SWX_DONE:
			ch->state = SWX_BUSY;
			writel(cmd, ch->regs);
			return 0;
		case SWX_BUSY:
			interruptible_sleep_on(&ch->done_wait); /* expect: WQ001 fix=caveat */
			if (signal_pending(current))
				return -ERESTARTSYS;
			break;
		default:
			return -EIO;
		}
	}
}

MODULE_LICENSE("GPL");
