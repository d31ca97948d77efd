// SPDX-License-Identifier: GPL-2.0-only
/*
 * hlx_link.c -- link-up wait of the HLX fieldbus master.
 *
 * wqport validation input (tools/validate-test.py, issue 30): the wait
 * loop sets its state in one of two
 * ways: by hand when the link is polled, or through the static helper
 * hlx_arm_wait(), which rearms the link interrupt and sets the sleeping
 * state.  Replacing the visible set_current_state() by prepare_to_wait()
 * with the entry turned into DEFINE_WAIT() leaves the helper's write
 * outside it: on that path the task sleeps unqueued.  The planner
 * refuses this loop itself (state-outside-loop); hlx-helper-state.rewrite
 * is the conversion it would write if it did not, and the validation
 * must follow the helper and refuse it.
 *
 * validate: hlx-helper-state.rewrite unproven: 'schedule()' at line 68 sleeps on no queue on the path through 'hlx_arm_wait() (a helper that sets TASK_UNINTERRUPTIBLE)'
 * model: hlx-helper-state.rewrite unproven: the model generated from the file finds a lost wake-up in the rewritten hlx_wait_link()
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#define HLX_REG_LINK		0x20
#define HLX_REG_IRQ_EN		0x24
#define HLX_LINK_UP		0x01

struct hlx_master {
	void __iomem *regs;
	int polled;		/* no link interrupt wired: poll */
	wait_queue_head_t link_wait;
	int link_up;
};

static irqreturn_t hlx_interrupt(int irq, void *dev_id)
{
	struct hlx_master *m = dev_id;

	if (readl(m->regs + HLX_REG_LINK) & HLX_LINK_UP) {
		m->link_up = 1;
		wake_up(&m->link_wait);
	}
	return IRQ_HANDLED;
}

static void hlx_arm_wait(struct hlx_master *m)
{
	writel(HLX_LINK_UP, m->regs + HLX_REG_IRQ_EN);
	set_current_state(TASK_UNINTERRUPTIBLE);
}

int hlx_wait_link(struct hlx_master *m)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue(&m->link_wait, &wait);
	for (;;) {
		writel(0, m->regs + HLX_REG_LINK);
		if (m->polled)
			set_current_state(TASK_UNINTERRUPTIBLE);
		else
			hlx_arm_wait(m);
		if (m->link_up)
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&m->link_wait, &wait);
	return 0;
}

MODULE_LICENSE("GPL");
